// Stage 1 of docs/semantics.md for one query text: find it (optionally, in LLM
// prose), parse it, validate it with every rule, and pick the operation to
// run; then Stage 2, its normal tree. Every reader of queries runs it: the
// scorer on every reference and candidate, the subset comparer, a run's
// artifacts and the execute-and-match baseline (bench/baseline), so all of
// them accept and reject exactly the same queries with the same diagnostics.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/normal_tree.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/options.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/position_map.h"
#include "engine/score/pair_result.h"
#include "engine/validate/validator.h"

namespace gqleval::score {

// Blank in GraphQL's sense: only white space, line terminators, commas and
// the BOM (comments alone are not a query either, but the parser says so).
bool is_blank(std::string_view text);

enum class QueryState : uint8_t {
  kOk,       // parsed, valid, operation chosen
  kNoQuery,  // a candidate with nothing in it (not found, or blank)
  kInvalid,  // found but not valid: a parse, validation or operation error
};

struct FrontEndQuery {
  QueryState state = QueryState::kInvalid;
  const ast::Document* document = nullptr;              // when kOk
  const ast::OperationDefinition* operation = nullptr;  // when kOk
  PositionMap map;         // from the extracted query to the text as given
  std::string_view query;  // the query read (the extracted one), when found
};

// Holds the validation workspace; reuse one per thread. Not thread-safe.
class QueryFrontEnd {
 public:
  // Reads one query text into `arena`. Failures append their diagnostics,
  // positions mapped into `text`, to `errors` as (role, index).
  // `operation_name` picks among several operations; a document with one
  // operation runs it whatever its name.
  FrontEndQuery read(std::string_view text, QueryRole role, uint32_t index, bool extract,
                     const schema::Schema& schema, std::string_view operation_name, Arena& arena,
                     std::vector<QueryDiagnostic>& errors);

  // read() in two steps. find(): the query in the text (kOk and `query` and
  // `map` set when there is one to check, else kNoQuery or kInvalid with its
  // diagnostic), so that a caller can see the query before it is checked.
  // check(): parse, validate and pick the operation of what find() found.
  FrontEndQuery find(std::string_view text, QueryRole role, uint32_t index, bool extract,
                     Arena& arena, std::vector<QueryDiagnostic>& errors);
  void check(FrontEndQuery& q, QueryRole role, uint32_t index, const schema::Schema& schema,
             std::string_view operation_name, Arena& arena, std::vector<QueryDiagnostic>& errors);

  // Stage 2 for a query check() accepted (kOk): its normal tree, with the
  // rewrites (null: none), into `arena`. A query that does not normalize (a
  // size limit, a variable value that does not fit) turns kInvalid, its
  // diagnostic appended to `errors`, and the result is false.
  bool normalize(FrontEndQuery& q, QueryRole role, uint32_t index, const schema::Schema& schema,
                 const normalize::Rewrites* rewrites, const normalize::NormalizeOptions& options,
                 Arena& arena, std::vector<QueryDiagnostic>& errors, normalize::NormalTree& tree);

  // check() then normalize() in one pass over the text, for the commonest
  // query (normalize::Normalizer::run_one_pass): true, with its normal tree
  // in `tree`, when find() found one (kOk) of that shape, valid; q.document
  // and q.operation then stay null, no document having been built. False
  // for any other: check() and normalize() then read it, with what they
  // report.
  bool read_in_one_pass(const FrontEndQuery& q, const schema::Schema& schema,
                        const normalize::Rewrites* rewrites,
                        const normalize::NormalizeOptions& options, Arena& arena,
                        normalize::NormalTree& tree);

  // Stage 2 for one operation of a valid document (an answer's, read by
  // internal/answer_reader.h): its normal tree into `arena`, or why not.
  Result<normalize::NormalTree> normalize_operation(const schema::Schema& schema,
                                                    const ast::Document& document,
                                                    const ast::OperationDefinition& operation,
                                                    const normalize::Rewrites* rewrites,
                                                    const normalize::NormalizeOptions& options,
                                                    Arena& arena);

  // read() then normalize(): a query text to its normal tree (false, with
  // q.state saying why, when it has none).
  bool read_normal(std::string_view text, QueryRole role, uint32_t index, bool extract,
                   const schema::Schema& schema, std::string_view operation_name,
                   const normalize::Rewrites* rewrites, const normalize::NormalizeOptions& options,
                   Arena& arena, std::vector<QueryDiagnostic>& errors, FrontEndQuery& q,
                   normalize::NormalTree& tree);

 private:
  validate::Validator validator_;
  normalize::Normalizer normalizer_;
  validate::ValidateOptions options_;
};

// The normal tree of an answer of several operations, read as score_pair.h
// reads one with all_operations ("Several operations"): its valid
// operations' trees merged, into `arena`. False (and `tree` untouched) when
// no text holds a query or no operation is valid. For printing (a run's
// artifacts); the scorer says why.
bool read_answer_normal(std::string_view text, bool extract, const schema::Schema& schema,
                        const normalize::Rewrites* rewrites,
                        const normalize::NormalizeOptions& options, Arena& arena,
                        normalize::NormalTree& tree);

// Appends `d` with its positions moved by `map`.
void add_mapped_error(std::vector<QueryDiagnostic>& errors, QueryRole role, uint32_t index,
                      Diagnostic d, const PositionMap& map);

}  // namespace gqleval::score
