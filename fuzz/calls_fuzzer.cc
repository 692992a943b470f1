// Fuzz target: a function-calling answer read and scored
// (engine/python_subset and engine/calls): the Python tokenizer and parser,
// the tree's dump, the standardization, the four metrics, the response paths
// against a small schema, and the result line.
// Input: the reference, then "#---", then the candidate (LLM text, fences
// and all); without the separator, the input is both.
//
// Checks: a program scored against itself matches on all four metrics; a
// parsed program's dump is not empty unless it has no statement; the counts
// of a comparison are within their totals.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/calls/calls_result.h"
#include "engine/calls/score_calls.h"
#include "engine/python_subset/dump.h"
#include "engine/python_subset/parser.h"
#include "fuzz/fuzz_util.h"

namespace {

const char* kSpecs = R"([
  {"name": "GET_me", "parameters": {"properties": {}}},
  {"name": "GET_search", "parameters": {"properties": {"q": {}, "type": {}, "limit": {}}}},
  {"name": "GET_tracks__id_", "parameters": {"properties": {"id": {}}}}
])";

const char* kSchema = R"(
type GET_me_Root { id: String images: [JSON] }
type GET_search_Root { tracks: GET_search_Tracks }
type GET_search_Tracks { items: [GET_search_Track] total: Int }
type GET_search_Track { id: String uri: String artists: [GET_search_Artist] }
type GET_search_Artist { id: String name: String }
type Query { GET_me: GET_me_Root GET_search(q: String, type: String, limit: Int): GET_search_Root }
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  static const calls::FunctionSpecs specs = *calls::parse_function_specs(kSpecs);
  static const std::shared_ptr<const schema::Schema> schema = *schema::Schema::build(kSchema);
  static const calls::FunctionSpecs functions = calls::row_functions(specs, schema.get());

  const std::string_view input = fuzz::as_text(data, size);
  const auto parts = fuzz::split_parts(input, 2);
  const std::string_view reference = parts[0];
  const std::string_view candidate = parts.size() > 1 ? parts[1] : parts[0];

  if (auto module = python_subset::parse(reference); module.ok()) {
    const std::string dump = python_subset::dump(**module);
    GQLEVAL_FUZZ_CHECK((*module)->body.empty() == dump.empty());
    const calls::CallsRow self = calls::score_calls(functions, schema.get(), reference, reference);
    // (A reference with a fenced block in it reads differently as a candidate.)
    if (self.verdict == calls::CallsVerdict::kScored &&
        calls::extract_code(reference) == reference) {
      const calls::CallsComparison& c = self.comparison;
      GQLEVAL_FUZZ_CHECK(c.arg_match_full && c.seq_match_full && c.seq_match_connected &&
                             c.arg_calls_matched == c.arg_calls_total,
                         "a program against itself does not match");
    }
  }
  const calls::CallsRow row = calls::score_calls(functions, schema.get(), reference, candidate);
  GQLEVAL_FUZZ_CHECK(row.comparison.arg_calls_matched <= row.comparison.arg_calls_total);
  std::string line;
  calls::append_calls_result(line, "{\"row\":0,", row);
  fuzz::touch(line);
  return 0;
}
