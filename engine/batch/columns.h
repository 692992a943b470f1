// Columns of a batch input: which column holds the schema, the references, the
// candidate, the row id, the variables and the user's tag columns.
//
// Each role is found by its common names (the first one the input has, names
// compared ignoring ASCII case and surrounding blanks), or named by a flag
// (ColumnSpec); a column named for one role is never also taken for another,
// so `--candidate-col gt_query_2` on NL2GQL scores gt_query_2 against gt_query
// alone. Further references are the columns named like the primary reference
// plus a number of 2 or more (`gt_query_2`, `GT_GQL_2`, `reference 3`), in
// number order; naming --reference-col turns this off (the references are then
// exactly the named ones, in order).
//
// A required role that cannot be found (the schema unless a schema file is
// given, the reference, the candidate), or a column named by a flag that the
// input does not have, is an error that lists the columns the input has, so
// that the user can pick one. Everything here runs once per run, before any
// row is read.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::batch {

// The names each role is looked up by, in order of preference.
inline constexpr std::string_view kSchemaNames[] = {"schema", "Refined_Schema", "Schema Content"};
inline constexpr std::string_view kSchemaPathNames[] = {"schema_path", "schema_file"};
inline constexpr std::string_view kReferenceNames[] = {"reference", "query1", "GT_GQL", "gt_query",
                                                       "Query1 Content"};
inline constexpr std::string_view kCandidateNames[] = {
    "candidate", "query2", "generated", "prediction", "Generated_GraphQL", "Query2 Content"};
inline constexpr std::string_view kIdNames[] = {"id", "Sno"};
inline constexpr std::string_view kVariablesNames[] = {"variables"};

// Column names the user gave by flag; empty: find by common names.
struct ColumnSpec {
  std::string schema;
  std::string schema_path;
  std::vector<std::string> references;  // --reference-col, repeatable
  std::string candidate;
  std::string id;
  std::string variables;
  std::vector<std::string> group_by;  // tag columns for the summary
};

inline constexpr size_t kNoColumn = static_cast<size_t>(-1);

struct Column {
  std::string name;          // as the input spells it
  size_t index = kNoColumn;  // position among the input's column names
  bool present() const { return index != kNoColumn; }
};

struct ColumnMap {
  Column schema;                   // SDL text per row
  Column schema_path;              // a schema file per row (used when there is no schema column)
  std::vector<Column> references;  // the primary first
  Column candidate;
  Column id;
  Column variables;
  std::vector<Column> group_by;  // in the order given
};

// Resolves the roles against the input's column names. schema_given: one
// schema file serves every row, so no schema column is needed (nor used).
Result<ColumnMap, Diagnostic> resolve_columns(std::span<const std::string> names,
                                              const ColumnSpec& spec, bool schema_given);

// "id, database, nl, schema" for messages.
std::string list_columns(std::span<const std::string> names);

// One line per role, e.g. "reference: gt_query, gt_query_2", for --verbose
// output and the summary.
std::string describe_columns(const ColumnMap& map);

}  // namespace gqleval::batch
