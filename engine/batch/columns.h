// Columns of a batch input: which column holds each role of a row.
//
// Three row kinds read columns. A score row has the schema, the references, the
// candidate, the row id, the variables and the caller's tag columns; a validate
// row has the schema, the query and the row id; a calls row (`gqleval calls`)
// has one reference, the candidate, the function specs, the schema, the row id
// and tag columns, where only the reference is required (the candidate may come
// from another file; the functions from the specs or the schema). Each may keep
// any columns (copied into each result). Each role is found by its common names
// (the first one the input has, names compared ignoring ASCII case and
// surrounding blanks), or named by the caller (ColumnSpec); a column named for
// one role is never also taken for another, so naming gt_query_2 as the
// candidate on NL2GQL scores gt_query_2 against gt_query alone. Further
// references are the columns named like the primary reference plus a number of
// 2 or more (`gt_query_2`, `GT_GQL_2`, `reference 3`), in number order; naming
// the references turns this off (they are then exactly the named ones, in
// order).
//
// A required role that cannot be found (the schema unless one schema serves
// every row, the reference, the candidate, the query), or a column named for a
// role that the input does not have, is an error that lists the columns the
// input has, so that the user can pick one.
//
// Paths (JSON Lines): a named column that the input does not have, whose name
// parses as a path (io/json_path.h: `doc.schema`, `filtered_resps[0]`) and
// whose first member is a column, is the value at that path in each record.
// A column whose name literally holds the dots wins over the path reading.
// A path column takes no column from other roles (`doc.schema` and
// `doc.query` both read `doc`); common names are never paths. Messages speak of roles ("the
// candidate column"); a caller whose users name columns some other way (a
// command-line flag, a keyword argument) passes its OptionNames
// (option_names.h), and messages then name that. Everything here runs once per
// run, before any row is read.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/option_names.h"
#include "io/json_path.h"

namespace gqleval::batch {

// The names each role is looked up by, in order of preference.
inline constexpr std::string_view kSchemaNames[] = {"schema", "Refined_Schema", "Schema Content"};
inline constexpr std::string_view kSchemaPathNames[] = {"schema_path", "schema_file"};
inline constexpr std::string_view kReferenceNames[] = {"reference", "query1", "GT_GQL", "gt_query",
                                                       "Query1 Content"};
inline constexpr std::string_view kCandidateNames[] = {
    "candidate", "query2", "generated", "prediction", "Generated_GraphQL", "Query2 Content"};
inline constexpr std::string_view kIdNames[] = {"id", "Sno", "doc_id"};
inline constexpr std::string_view kVariablesNames[] = {"variables"};
inline constexpr std::string_view kQueryNames[] = {"query"};
// A calls row (GraphQLRestBench, `gqleval calls`): its reference is the
// dataset's `output`, its schema `GraphQL_schema`.
inline constexpr std::string_view kCallsReferenceNames[] = {"output", "reference", "ground_truth"};
inline constexpr std::string_view kCallsCandidateNames[] = {
    "candidate", "prediction", "generated", "completion", "response", "model_output"};
inline constexpr std::string_view kCallsSchemaNames[] = {"GraphQL_schema", "schema"};
inline constexpr std::string_view kFunctionSpecsNames[] = {"function_specs", "functions", "tools"};

enum class RowKind : uint8_t { kScore, kValidate, kCalls };

// What a column holds. kSchemaFile is no column: the one schema that serves
// every row, named here because messages suggest it as the alternative to a
// schema column.
enum class ColumnRole : uint8_t {
  kSchema,
  kSchemaPath,
  kReference,
  kCandidate,
  kId,
  kVariables,
  kGroupBy,
  kKeep,
  kQuery,
  kSchemaFile,
  kFunctionSpecs,
  kRequired,  // a coverage row's required schema coordinates
  kExcluded,  // and those that count as over-selection
};

// "schema", "schema path", "reference", "candidate", "id", "variables",
// "group-by", "kept", "query", "schema file", "function specs", "required",
// "excluded".
std::string_view column_role_name(ColumnRole role);

// Column names the caller gave; empty: find by common names.
struct ColumnSpec {
  std::string schema;
  std::string schema_path;
  std::vector<std::string> references;  // in order; the primary first
  std::string candidate;
  std::string id;
  std::string variables;
  std::string query;                  // validate rows
  std::string function_specs;         // calls rows
  std::string required;               // coverage rows: required coordinates
  std::string excluded;               // coverage rows: over-selection coordinates
  std::vector<std::string> group_by;  // tag columns for the summary
  std::vector<std::string> keep;      // columns copied into each result
  // The candidates come from a file of their own (RunOptions::predictions):
  // the input has no candidate column to find.
  bool answers_elsewhere = false;
};

inline constexpr size_t kNoColumn = static_cast<size_t>(-1);

struct Column {
  std::string name;  // as the input spells it (a path: as the caller wrote it)
  size_t index =
      kNoColumn;      // position among the input's column names (a path: of its first member)
  io::JsonPath path;  // empty unless the column is a path into each record
  bool present() const { return index != kNoColumn; }
  bool is_path() const { return !path.empty(); }
};

struct ColumnMap {
  Column schema;                   // SDL text per row
  Column schema_path;              // a schema file per row (used when there is no schema column)
  std::vector<Column> references;  // the primary first
  Column candidate;
  Column id;
  Column variables;
  std::vector<Column> group_by;  // in the order given
  std::vector<Column> keep;      // in the order given
  Column query;                  // validate rows
  Column function_specs;         // calls rows
  Column required;               // coverage rows; absent: derived from the primary reference
  Column excluded;               // coverage rows
};

// Resolves the roles of `kind` against the input's column names.
// schema_given: one schema serves every row, so no schema column is needed
// (nor used). json_paths: named columns may be paths (JSON Lines inputs).
// option_names: how messages name the options that pick a column.
Result<ColumnMap, Diagnostic> resolve_columns(std::span<const std::string> names,
                                              const ColumnSpec& spec, bool schema_given,
                                              RowKind kind = RowKind::kScore,
                                              bool json_paths = false,
                                              const OptionNames& option_names = {});

// "id, database, nl, schema" for messages.
std::string list_columns(std::span<const std::string> names);
// "candidate, query2, generated": the names a role is looked up by, for
// messages.
std::string join_names(std::span<const std::string_view> names);

}  // namespace gqleval::batch
