// Fuzz target: query extraction from LLM text (io/query_extract.h). Input: the
// answer text.
//
// Checks: a query found in one region is that region of the text, at its
// offset; a joined query has the text's line structure from its offset on;
// position_in_text maps the query's first and last positions into the text.
#include <cstdint>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "fuzz/fuzz_util.h"
#include "io/query_extract.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  const std::string_view text = fuzz::as_text(data, size);
  Arena arena(1024);
  const io::Extraction e = io::extract_query(text, arena);
  (void)io::extraction_source_name(e.source);
  if (!e.found) {
    GQLEVAL_FUZZ_CHECK(e.source == io::ExtractionSource::kNone);
    return 0;
  }
  GQLEVAL_FUZZ_CHECK(e.source != io::ExtractionSource::kNone);
  GQLEVAL_FUZZ_CHECK(e.offset <= text.size());
  if (!e.joined) {
    GQLEVAL_FUZZ_CHECK(e.query.size() <= text.size() - e.offset);
    GQLEVAL_FUZZ_CHECK(e.query == text.substr(e.offset, e.query.size()),
                       "an unjoined query is a view of the text at its offset");
  } else {
    fuzz::touch(e.query);
  }
  // The last position of the query: count its lines as GraphQL does.
  uint32_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < e.query.size(); ++i) {
    const char c = e.query[i];
    if (c == '\n' || (c == '\r' && (i + 1 == e.query.size() || e.query[i + 1] != '\n'))) {
      ++line;
      line_start = i + 1;
    }
  }
  for (const SourcePos pos :
       {SourcePos{1, 1}, SourcePos{line, 1},
        SourcePos{line, static_cast<uint32_t>(e.query.size() - line_start + 1)}}) {
    const SourcePos in_text = io::position_in_text(text, e, pos);
    GQLEVAL_FUZZ_CHECK(in_text.line >= pos.line, "a position in the text is not before the query");
  }
  return 0;
}
