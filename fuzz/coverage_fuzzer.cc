// Fuzz target: score --mode coverage (engine/score/coverage.h and
// coordinates.h): coordinate lists read and resolved, answers split into
// operations (a JSON array of query texts, a document of several), each
// validated on its own, their traversal and the grade.
// Input: byte 0 the options:
//   bit 0 every operation (--answer all)   bit 1 find the query in LLM text
//   bit 2 the required list derived from the reference   bit 7 strict schema
// then, cut at "#---" lines: the schema, the required list (or the
// reference), the answer and (optional) the excluded list.
//
// Checks: a graded row's figures agree (covered exactly when nothing is
// missing, covered_count + missing = required, recall their ratio, the
// missing coordinates sorted, invalid operations among those read); a row
// that is not graded says why; and an answer that is the reference covers
// the coordinates derived from it.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/schema/schema.h"
#include "engine/score/coordinates.h"
#include "engine/score/coverage.h"
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

  score::CoverageOptions options;
  options.all_operations = (flags & 1) != 0;
  options.extract = (flags & 2) != 0;
  const bool derived = (flags & 4) != 0;
  std::vector<std::string> required;
  std::vector<std::string> excluded;
  if (!derived) {
    auto list = score::read_coordinate_list(parts[1]);
    if (!list) return 0;
    required = std::move(*list);
  }
  if (parts.size() > 3) {
    auto list = score::read_coordinate_list(parts[3]);
    if (list) excluded = std::move(*list);
  }
  score::CoverageTask task;
  task.listed = !derived;
  task.required = required;
  task.excluded = excluded;
  task.reference = parts[1];

  static score::CoverageGrader grader;
  const score::CoverageRow row = grader.grade(schema, task, parts[2], options);
  GQLEVAL_FUZZ_CHECK(row.invalid_operations <= row.operations);
  if (!row.compared()) {
    GQLEVAL_FUZZ_CHECK(!row.errors.empty(), "a row not graded without an error");
    return 0;
  }
  GQLEVAL_FUZZ_CHECK(row.operations > row.invalid_operations, "graded with no valid operation");
  GQLEVAL_FUZZ_CHECK((row.verdict == score::CoverageVerdict::kCovered) == row.missing.empty());
  GQLEVAL_FUZZ_CHECK(row.covered + row.missing.size() == row.required, "%u + %zu != %u",
                     row.covered, row.missing.size(), row.required);
  GQLEVAL_FUZZ_CHECK(row.required == 0
                         ? row.recall == 1.0
                         : row.recall == static_cast<double>(row.covered) / row.required);
  GQLEVAL_FUZZ_CHECK(
      std::is_sorted(row.missing.begin(), row.missing.end(),
                     [](const auto& a, const auto& b) { return a.coordinate < b.coordinate; }));
  for (const auto& m : row.missing) fuzz::touch(m.nearest);

  // The reference covers what it traverses.
  score::CoverageTask self;
  self.reference = parts[1];
  score::CoverageOptions one = options;
  one.all_operations = false;
  one.extract = false;
  const score::CoverageRow own = grader.grade(schema, self, parts[1], one);
  if (own.compared()) {
    GQLEVAL_FUZZ_CHECK(own.verdict == score::CoverageVerdict::kCovered,
                       "a reference does not cover its own coordinates");
  }
  return 0;
}
