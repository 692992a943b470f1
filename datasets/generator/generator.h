// The dataset generator (issue #6): scoring rows made from the NL2GQL
// references. Each row pairs a reference with a candidate that is either an
// equivalent rewrite of it or a labelled non-equivalent mutation, with the
// verdict (and the missing / extra node counts) that docs/semantics.md implies,
// known by construction (query_rewriter.h), never by asking the engine.
//
// Source: a CSV with the NL2GQL columns `id, database, schema, gt_query`.
// Every reference is parsed and validated against its schema; the ones that
// do not validate (or hold other than one operation) are skipped and counted.
//
// Row mix: `equivalent_percent` of the rows (default 50) are equivalent; the
// rest are mutations, by fixed weights (kMutationWeights). A candidate is
// made for a (reference, kind, slot) triple, deterministic from the seed and
// the triple alone:
//   equivalent  5% the reference verbatim ("identical"); otherwise, each with
//               its chance, an endpoint swap (50%) and a cycle detour (50%)
//               where the schema's rules allow one (query_rewriter.h,
//               SchemaRewrite), then variables (none / defaults / JSON
//               values: 50/25/25), aliases (40%), fragments (40%), shuffle
//               (60%; forced when nothing else applied);
//   mutation    one mutation of the kind, then in 60% of the slots the same
//               equivalent rewrites on top (they keep the label).
// Rows pick the kind first (by weight), then a reference uniformly among the
// ones the kind applies to, then a slot among `slots` per (reference, kind);
// the pool holds at most about `pool_size` distinct candidates, so large runs
// repeat pairs (each candidate is made once, in parallel, then the rows are
// written in order). Every candidate is validated; one that does not validate
// (a bug) falls back to slot 0 and is counted in GenerateStats.
//
// Output: CSV or JSON Lines with the columns of kColumns; the schemas are
// written once each into `<out stem>.schemas/<database>.graphql` beside the
// output, and each row names its file in `schema_path`, relative to the
// output's folder (as `gqleval score` resolves it). The same (rows, seed,
// source, percent) gives byte-identical output.
//
// Costs: loading and validating the source (1,164 rows) and building the 13
// schemas take a fraction of a second; each candidate costs tens of
// microseconds (parse, rewrite, print, validate); writing is linear.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/generator/query_rewriter.h"
#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/verdict.h"

namespace gqleval::generator {

inline constexpr std::string_view kColumns[] = {
    "id",        "schema_path",      "reference",        "candidate",
    "variables", "expected_verdict", "expected_missing", "expected_extra",
    "transform", "source_row"};

// The share of each mutation kind among the non-equivalent rows, in percent,
// in MutationKind order: drop_leaf, add_leaf, change_argument, drop_argument,
// add_argument, move_leaf, replace_leaf, replace_root, add_subtree,
// drop_subtree.
inline constexpr std::array<uint32_t, rewrite::kMutationKindCount> kMutationWeights = {
    18, 14, 17, 5, 2, 5, 10, 8, 9, 12};

struct SourceSchema {
  std::string name;  // the `database` column, e.g. "farm"
  std::string sdl;
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
};

struct SourceReference {
  std::string source_row;  // the source's `id`
  uint32_t schema = 0;     // index into Source::schemas
  std::string query;
};

struct Source {
  std::vector<SourceSchema> schemas;
  std::vector<SourceReference> references;  // the valid ones, in source order
  size_t rows = 0;                          // data rows read
  size_t skipped = 0;                       // references that do not validate
  std::vector<std::string> skipped_ids;
};

// Reads and validates a source CSV. An unreadable file, a missing column or a
// schema that does not build is an error.
Result<Source, Diagnostic> load_source(const std::string& path);

// The candidate kinds: 0 is equivalent, 1 + MutationKind the mutations.
inline constexpr uint32_t kEquivalentKind = 0;
inline constexpr uint32_t kKindCount = 1 + rewrite::kMutationKindCount;
std::string_view kind_name(uint32_t kind);  // "equivalent", "drop_leaf", ...

struct Candidate {
  std::string query;
  std::string variables;  // a JSON object, or empty
  std::string transform;  // e.g. "alias+fragments", "drop_leaf Users.email+shuffle"
  score::Verdict expected = score::Verdict::kEquivalent;
  uint32_t missing = 0;
  uint32_t extra = 0;
};

// The candidate for (reference, kind, slot) under `seed`; an error when the
// kind does not apply to the reference or the result does not validate.
Result<Candidate> make_candidate(const Source& source, uint32_t reference, uint32_t kind,
                                 uint32_t slot, uint64_t seed);

enum class Format : uint8_t { kCsv, kJsonl };

struct GenerateOptions {
  uint64_t rows = 1000;
  uint64_t seed = 1;
  uint32_t equivalent_percent = 50;
  Format format = Format::kCsv;
  uint32_t pool_size = 100000;  // distinct candidates at most (about)
};

struct GenerateStats {
  std::array<uint64_t, kKindCount> rows_by_kind{};
  std::array<uint32_t, kKindCount> references_by_kind{};  // references each kind applies to
  uint64_t candidates_made = 0;
  uint64_t fallbacks = 0;                            // slots that failed and reused slot 0
  std::map<std::string, uint64_t> fallback_reasons;  // by error message
};

// Writes the rows to `out_path` and the schemas beside it.
Result<GenerateStats, Diagnostic> generate(const Source& source, const GenerateOptions& options,
                                           const std::string& out_path);

// The rows as text (no schema files), for tests: `schema_dir` is the
// schema_path prefix, e.g. "rows.schemas".
Result<std::string, Diagnostic> generate_text(const Source& source, const GenerateOptions& options,
                                              std::string_view schema_dir,
                                              GenerateStats* stats = nullptr);

}  // namespace gqleval::generator
