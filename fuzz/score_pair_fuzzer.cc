// Fuzz target: scoring one pair end to end (engine/score/score_pair.h): the
// schema built with its rewrite rules, extraction, parsing, validation,
// normalization, comparison, verdict, and the text and JSON renderings.
// Input: byte 0 the options:
//   bit 0 candidate taken as is (no extraction)   bit 4 cycles rule off
//   bit 1 references extracted from LLM text      bit 5 endpoints rule off
//   bit 2 ignore __typename                       bit 6 delta 2
//   bit 3 rgeval rule on                          bit 7 strict schema
// then, cut at "#---" lines: the schema, the reference, the candidate and
// (optional) the variables as JSON.
//
// Checks: a stage 1 verdict has no comparison; a compared pair's counts are
// consistent; a reference that is valid, scored against itself as the
// candidate, is equivalent (or a mismatch of two empty trees, verdict.h); and
// the candidate graded as an answer of several operations (all_operations)
// counts them consistently and, where it was one operation compared alone
// (not a JSON array), is graded as it was alone.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/score/render.h"
#include "engine/score/result_json.h"
#include "engine/score/score_pair.h"
#include "engine/score/verdict.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  if (size < 1) return 0;
  const uint8_t flags = data[0];
  const auto parts = fuzz::split_parts(fuzz::as_text(data + 1, size - 1), 4);
  if (parts.size() < 3) return 0;

  score::ScoringSchemaOptions schema_options;
  schema_options.strict = (flags & 128) != 0;
  auto built = score::ScoringSchema::build(parts[0], schema_options);
  if (!built.ok()) {
    const score::PairResult r = score::schema_failure(built.error());
    GQLEVAL_FUZZ_CHECK(r.verdict == score::Verdict::kInvalidSchema);
    return 0;
  }
  const score::ScoringSchema& schema = **built;
  for (const Diagnostic& w : schema.warnings()) fuzz::touch(w.message);

  score::ScoreOptions options;
  options.extract_candidate = (flags & 1) == 0;
  options.extract_references = (flags & 2) != 0;
  options.normalize.ignore_typename = (flags & 4) != 0;
  options.normalize.rules.rgeval = (flags & 8) != 0;
  options.normalize.rules.cycles = (flags & 16) == 0;
  options.normalize.rules.endpoints = (flags & 32) == 0;
  options.delta = (flags & 64) ? 2 : 0;
  if (parts.size() > 3) options.normalize.variables_json = parts[3];

  static score::Scorer scorer;
  const std::string_view references[] = {parts[1]};
  const score::PairResult r = scorer.score(schema, references, parts[2], options);
  if (score::is_stage1(r.verdict)) {
    GQLEVAL_FUZZ_CHECK(r.matched_reference == score::kNoReference);
  } else {
    GQLEVAL_FUZZ_CHECK(r.matched_reference == 0);
    GQLEVAL_FUZZ_CHECK(r.shared + r.missing == r.reference_nodes || r.operation_differs,
                       "shared %u + missing %u != reference nodes %u", r.shared, r.missing,
                       r.reference_nodes);
    GQLEVAL_FUZZ_CHECK(r.shared + r.extra == r.candidate_nodes || r.operation_differs,
                       "shared %u + extra %u != candidate nodes %u", r.shared, r.extra,
                       r.candidate_nodes);
  }
  std::string json;
  score::append_result_object(json, r, "cycles,endpoints");
  fuzz::touch(json);
  fuzz::touch(score::render_text(r));

  score::ScoreOptions every = options;
  every.all_operations = true;
  const score::PairResult all = scorer.score(schema, references, parts[2], every);
  GQLEVAL_FUZZ_CHECK(all.invalid_operations <= all.operations, "%u invalid of %u operations",
                     all.invalid_operations, all.operations);
  GQLEVAL_FUZZ_CHECK(score::is_stage1(all.verdict) || all.invalid_operations < all.operations,
                     "compared with no valid operation");
  const size_t start = parts[2].find_first_not_of(" \t\r\n");
  const bool array = start != std::string_view::npos && parts[2][start] == '[';
  if (!score::is_stage1(r.verdict) && !array) {
    GQLEVAL_FUZZ_CHECK(all.verdict == r.verdict && all.missing == r.missing &&
                           all.extra == r.extra && all.operations == 1,
                       "one operation graded as an answer is %s (%u missing, %u extra), alone %s",
                       std::string(score::verdict_name(all.verdict)).c_str(), all.missing,
                       all.extra, std::string(score::verdict_name(r.verdict)).c_str());
  }
  json.clear();
  score::append_result_object(json, all, "cycles,endpoints");
  fuzz::touch(json);

  if (r.verdict != score::Verdict::kInvalidReference) {
    options.extract_candidate = options.extract_references;
    const score::PairResult self = scorer.score(schema, references, parts[1], options);
    GQLEVAL_FUZZ_CHECK(self.verdict == score::Verdict::kEquivalent ||
                           (self.verdict == score::Verdict::kMismatch && self.reference_nodes == 0),
                       "a valid reference scored against itself is %s",
                       std::string(score::verdict_name(self.verdict)).c_str());
  }
  return 0;
}
