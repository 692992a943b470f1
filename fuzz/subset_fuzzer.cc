// Fuzz target: gqleval subset (engine/score/subset.h and relay_subset_text.h):
// both documents through the front end and the normalizer, the subset tree,
// argument subsets on canonical values, Relay's reformatting, code frames and
// path lines.
// Input: byte 0 the options:
//   bit 0 RIGHT extracted from LLM text   bit 1 ignore __typename
//   bit 7 strict schema
// then, cut at "#---" lines: the schema, LEFT, RIGHT and (optional) the
// variables as JSON.
//
// Checks: a compared result's figures agree (passed when nothing is missing,
// missing nodes within LEFT's, score = 1 - missing / LEFT nodes); the run as
// Relay runs it gives the same result with a report and a path line per
// missing subtree; and a valid LEFT is a subset of itself.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/schema/schema.h"
#include "engine/score/relay_subset_text.h"
#include "engine/score/subset.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  if (size < 1) return 0;
  const uint8_t flags = data[0];
  const auto parts = fuzz::split_parts(fuzz::as_text(data + 1, size - 1), 4);
  if (parts.size() < 3) return 0;

  schema::BuildOptions build_options;
  build_options.strict = (flags & 128) != 0;
  auto built = schema::Schema::build(parts[0], build_options);
  if (!built.ok()) return 0;
  const schema::Schema& schema = **built;

  score::SubsetOptions options;
  options.extract_right = (flags & 1) != 0;
  options.normalize.ignore_typename = (flags & 2) != 0;
  if (parts.size() > 3) options.normalize.variables_json = parts[3];

  static score::SubsetComparer comparer;
  const score::RelaySubsetRun run =
      score::run_relay_subset(comparer, schema, parts[1], parts[2], options);
  const score::SubsetResult& r = run.result;
  if (r.state != score::SubsetState::kCompared) {
    GQLEVAL_FUZZ_CHECK(!r.errors.empty(), "an invalid document without a diagnostic");
    return 0;
  }
  GQLEVAL_FUZZ_CHECK(r.passed == r.missing.empty());
  GQLEVAL_FUZZ_CHECK(r.left_nodes >= 1 && r.missing_nodes <= r.left_nodes, "missing %u of %u nodes",
                     r.missing_nodes, r.left_nodes);
  GQLEVAL_FUZZ_CHECK(r.score == 1.0 - static_cast<double>(r.missing_nodes) / r.left_nodes);
  GQLEVAL_FUZZ_CHECK(run.paths.size() == r.missing.size() || run.message.empty());
  fuzz::touch(run.message);
  for (const std::string& p : run.paths) fuzz::touch(p);

  // Reflexivity: LEFT selects everything LEFT selects.
  score::SubsetOptions self = options;
  self.extract_right = false;
  const score::SubsetResult same = comparer.compare(schema, parts[1], parts[1], self);
  GQLEVAL_FUZZ_CHECK(same.state == score::SubsetState::kCompared && same.passed,
                     "a valid LEFT is not a subset of itself (%zu missing)", same.missing.size());
  return 0;
}
