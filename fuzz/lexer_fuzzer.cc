// Fuzz target: the GraphQL lexer (engine/graphql/internal/lexer.h; a fuzz
// target is test code, like the lexer's own test). Input: source text.
//
// Checks: tokens come in source order inside the source, lines never go
// back, a kError token comes with a diagnostic and is sticky, and kEOF is
// final.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/internal/lexer.h"
#include "engine/graphql/internal/token.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  using graphql::TokenKind;
  const std::string_view source = fuzz::as_text(data, size);
  Arena arena(1024);
  std::string scratch;
  graphql::Lexer lexer(source, arena, &scratch);
  uint32_t last_end = 0;
  uint32_t last_line = 1;
  for (;;) {
    const graphql::Token t = lexer.next();
    if (t.kind == TokenKind::kError) {
      GQLEVAL_FUZZ_CHECK(!lexer.error().message.empty());
      GQLEVAL_FUZZ_CHECK(lexer.next().kind == TokenKind::kError, "an error is sticky");
      break;
    }
    GQLEVAL_FUZZ_CHECK(t.start <= t.end && t.end <= source.size());
    GQLEVAL_FUZZ_CHECK(t.start >= last_end, "tokens overlap or go back");
    GQLEVAL_FUZZ_CHECK(t.line >= last_line && t.column >= 1);
    if (t.has_value()) fuzz::touch(t.value);
    last_end = t.end;
    last_line = t.line;
    if (t.kind == TokenKind::kEOF) {
      GQLEVAL_FUZZ_CHECK(lexer.next().kind == TokenKind::kEOF, "EOF is final");
      break;
    }
  }
  return 0;
}
