#include "engine/graphql/internal/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace gqleval::graphql {
namespace {

// "Kind value @line:column" for each token up to and including <EOF>, in the
// format of graphql-js 16.15.0's Lexer, from which the expectations below were
// taken (node: new Lexer(new Source(s)).advance() until <EOF>).
std::vector<std::string> lex(std::string_view source) {
  Arena arena;
  Lexer lexer(source, arena);
  std::vector<std::string> out;
  for (;;) {
    Token t = lexer.next();
    std::string s(token_kind_description(t.kind));
    if (t.kind <= TokenKind::kBraceR && t.kind >= TokenKind::kBang) s = s.substr(1, s.size() - 2);
    if (t.has_value()) s.append(" \"").append(t.value).append("\"");
    s.append(" @" + std::to_string(t.line) + ":" + std::to_string(t.column));
    out.push_back(s);
    if (t.kind == TokenKind::kEOF || t.kind == TokenKind::kError) break;
  }
  return out;
}

using Tokens = std::vector<std::string>;

// Names are read sixteen bytes a step: every name length around that step,
// ended by each kind of byte that is not part of a name (ASCII neighbours of
// the name ranges, a UTF-8 lead byte, the end of the text), lexes as a loop
// over [_0-9A-Za-z] would.
TEST(Lexer, NamesOfEveryLengthEndWhereTheirCharactersEnd) {
  const std::string chars = "aZ_09zA9_m";
  const std::string enders[] = {" ", "{", "@", "[", "`", "/", ":", "\x7F", "\xC3\xA9", "-", ""};
  for (size_t length = 1; length <= 40; ++length) {
    std::string name;
    for (size_t i = 0; i < length; ++i) name.push_back(chars[i % chars.size()]);
    for (const std::string& ender : enders) {
      for (const std::string_view tail : {"", " and more than sixteen bytes after"}) {
        Arena arena;
        std::string source = name;
        source.append(ender).append(tail);
        Lexer lexer(source, arena);
        const Token t = lexer.next();
        EXPECT_EQ(t.kind, TokenKind::kName) << source;
        EXPECT_EQ(t.value, name) << "length " << length << ", then \"" << ender << tail << "\"";
      }
    }
  }
}

TEST(Lexer, Punctuators) {
  EXPECT_EQ(
      lex("! $ & ( ) ... : = @ [ ] { | }"),
      (Tokens{"! @1:1", "$ @1:3", "& @1:5", "( @1:7", ") @1:9", "... @1:11", ": @1:15", "= @1:17",
              "@ @1:19", "[ @1:21", "] @1:23", "{ @1:25", "| @1:27", "} @1:29", "<EOF> @1:30"}));
}

TEST(Lexer, Names) {
  EXPECT_EQ(lex("name _x x1 __typename"),
            (Tokens{"Name \"name\" @1:1", "Name \"_x\" @1:6", "Name \"x1\" @1:9",
                    "Name \"__typename\" @1:12", "<EOF> @1:22"}));
}

TEST(Lexer, Numbers) {
  EXPECT_EQ(lex("0 -0 12 -12 1.5 -1.5e10 2E-3 0.0e+0"),
            (Tokens{"Int \"0\" @1:1", "Int \"-0\" @1:3", "Int \"12\" @1:6", "Int \"-12\" @1:9",
                    "Float \"1.5\" @1:13", "Float \"-1.5e10\" @1:17", "Float \"2E-3\" @1:25",
                    "Float \"0.0e+0\" @1:30", "<EOF> @1:36"}));
}

TEST(Lexer, StringsWithEveryEscape) {
  EXPECT_EQ(lex("\"\" \"abc\" \"a\\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti\" "
                "\"\\u0041\\u00e9\\u{1F600}\\uD83D\\uDE00\""),
            (Tokens{"String \"\" @1:1", "String \"abc\" @1:4",
                    "String \"a\"b\\c/d\be\ff\ng\rh\ti\" @1:10",
                    "String \"A\u00E9\U0001F600\U0001F600\" @1:38", "<EOF> @1:73"}));
}

TEST(Lexer, StringWithoutEscapesIsAViewIntoTheSource) {
  std::string_view source = "\"abc\"";
  Arena arena;
  Lexer lexer(source, arena);
  Token t = lexer.next();
  EXPECT_EQ(t.value, "abc");
  EXPECT_EQ(t.value.data(), source.data() + 1);
  EXPECT_EQ(arena.used_bytes(), 0u);
}

TEST(Lexer, BlockStringsAreDedented) {
  EXPECT_EQ(
      lex("\"\"\"\"\"\" \"\"\"  a\n    b\n  \"\"\" \"\"\"\n\n  x\n\n\"\"\" "
          "\"\"\"a \\\"\"\" b\"\"\" after"),
      (Tokens{"BlockString \"\" @1:1", "BlockString \"  a\nb\" @1:8", "BlockString \"x\" @3:7",
              "BlockString \"a \"\"\" b\" @7:5", "Name \"after\" @7:20", "<EOF> @7:25"}));
}

TEST(Lexer, IgnoredTokensAndLineTerminators) {
  EXPECT_EQ(lex("a,b,,c # comment\n d\r\n e\r f\n\n g"),
            (Tokens{"Name \"a\" @1:1", "Name \"b\" @1:3", "Name \"c\" @1:6", "Name \"d\" @2:2",
                    "Name \"e\" @3:2", "Name \"f\" @4:2", "Name \"g\" @6:2", "<EOF> @6:3"}));
}

TEST(Lexer, ByteOrderMarkIsIgnoredAnywhereAndCountsOneColumn) {
  EXPECT_EQ(lex("\uFEFFa \uFEFF b"), (Tokens{"Name \"a\" @1:2", "Name \"b\" @1:6", "<EOF> @1:7"}));
}

TEST(Lexer, ColumnsCountUtf16CodeUnits) {
  // U+00E9 is one code unit, U+1F600 two.
  EXPECT_EQ(lex("\"\u00E9\U0001F600\" x # \u00E9\n y"),
            (Tokens{"String \"\u00E9\U0001F600\" @1:1", "Name \"x\" @1:7", "Name \"y\" @2:2",
                    "<EOF> @2:3"}));
  EXPECT_EQ(lex("\"\"\"\n  \u00E9\U0001F600\n  z\"\"\" w"),
            (Tokens{"BlockString \"\u00E9\U0001F600\nz\" @1:1", "Name \"w\" @3:8", "<EOF> @3:9"}));
}

TEST(Lexer, MalformedUtf8ReadsAsReplacementCharacter) {
  // As Node's decoder reads the bytes: one U+FFFD per maximal subpart.
  EXPECT_EQ(lex("\"a\xC3\" \"\xED\xA0\x80\" z"),
            (Tokens{"String \"a\uFFFD\" @1:1", "String \"\uFFFD\uFFFD\uFFFD\" @1:6",
                    "Name \"z\" @1:12", "<EOF> @1:13"}));
}

TEST(Lexer, EofRepeatsAndErrorsStick) {
  Arena arena;
  Lexer lexer("a", arena);
  EXPECT_EQ(lexer.next().kind, TokenKind::kName);
  EXPECT_EQ(lexer.next().kind, TokenKind::kEOF);
  EXPECT_EQ(lexer.next().kind, TokenKind::kEOF);
  Lexer bad("? a", arena);
  EXPECT_EQ(bad.next().kind, TokenKind::kError);
  EXPECT_EQ(bad.next().kind, TokenKind::kError);
  EXPECT_EQ(bad.error().rule, "Syntax");
  EXPECT_EQ(bad.error().message, "Syntax Error: Unexpected character: \"?\".");
}

struct ErrorCase {
  std::string_view source;
  std::string_view message;
  uint32_t line;
  uint32_t column;
};

// Every lexical error form, with graphql-js 16.15.0's message and location
// (node: require('graphql').parse(source) -> error.message, error.locations[0]).
// graphql-js's "Invalid character: ..." and "Invalid character within String"
// need a lone UTF-16 surrogate, which UTF-8 input cannot carry; malformed bytes
// read as U+FFFD instead (see MalformedUtf8 tests).
const ErrorCase kLexicalErrors[] = {
    {"{ a ? }", "Syntax Error: Unexpected character: \"?\".", 1, 5},
    {"{ a }\n  ?", "Syntax Error: Unexpected character: \"?\".", 2, 3},
    {"{ a(x: 'x') }",
     "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote "
     "(\")?",
     1, 8},
    {"{ a }\x07"
     "",
     "Syntax Error: Unexpected character: U+0007.", 1, 6},
    {"{ a }\u00E9", "Syntax Error: Unexpected character: U+00E9.", 1, 6},
    {"{ a }\U0001F600", "Syntax Error: Unexpected character: U+1F600.", 1, 6},
    {"{\x0b"
     "}",
     "Syntax Error: Unexpected character: U+000B.", 1, 2},
    {std::string_view("{ a }\0", 6), "Syntax Error: Unexpected character: U+0000.", 1, 6},
    {"{ a.b }", "Syntax Error: Unexpected character: \".\".", 1, 4},
    {"{ ..a }", "Syntax Error: Unexpected character: \".\".", 1, 3},
    {"{ a(x: 00) }", "Syntax Error: Invalid number, unexpected digit after 0: \"0\".", 1, 9},
    {"{ a(x: -01) }", "Syntax Error: Invalid number, unexpected digit after 0: \"1\".", 1, 10},
    {"{ a(x: -) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 9},
    {"{ a(x: -a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 9},
    {"{ a(x: 1.) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 10},
    {"{ a(x: 1.e5) }", "Syntax Error: Invalid number, expected digit but got: \"e\".", 1, 10},
    {"{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 10},
    {"{ a(x: 1e+) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 11},
    {"{ a(x: 1a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 9},
    {"{ a(x: 1.5a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 11},
    {"{ a(x: 1.2.3) }", "Syntax Error: Invalid number, expected digit but got: \".\".", 1, 11},
    {"{ a(x: 1_0) }", "Syntax Error: Invalid number, expected digit but got: \"_\".", 1, 9},
    {"{ a(x: -\"\") }", "Syntax Error: Invalid number, expected digit but got: '\"'.", 1, 9},
    {"{ a(x: 1.", "Syntax Error: Invalid number, expected digit but got: <EOF>.", 1, 10},
    {"{ a(x: \"abc", "Syntax Error: Unterminated string.", 1, 12},
    {"{ a(x: \"abc\n\") }", "Syntax Error: Unterminated string.", 1, 12},
    {"{ a(x: \"abc\r\n\") }", "Syntax Error: Unterminated string.", 1, 12},
    {"{ a(x: \"\"\"abc", "Syntax Error: Unterminated string.", 1, 14},
    {"{ a(x: \"\"\"abc\n\n  \\\"\"\" \"\") }", "Syntax Error: Unterminated string.", 3, 13},
    {"{ a(x: \"\\x\") }", "Syntax Error: Invalid character escape sequence: \"\\x\".", 1, 9},
    {"{ a(x: \"\\\u00E9\") }", "Syntax Error: Invalid character escape sequence: \"\\\u00E9\".", 1,
     9},
    {"{ a(x: \"\\", "Syntax Error: Invalid character escape sequence: \"\\\".", 1, 9},
    {"{ a(x: \"\\u{}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{}\".", 1, 9},
    {"{ a(x: \"\\u{12x}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{12x\".", 1, 9},
    {"{ a(x: \"\\u{110000}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{110000}\".",
     1, 9},
    {"{ a(x: \"\\u{D800}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{D800}\".", 1,
     9},
    {"{ a(x: \"\\u{000000041}\") }",
     "Syntax Error: Invalid Unicode escape sequence: \"\\u{000000041\".", 1, 9},
    {"{ a(x: \"\\u{80000000}\") }",
     "Syntax Error: Invalid Unicode escape sequence: \"\\u{80000000\".", 1, 9},
    {"{ a(x: \"\\u{41\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{41\"\".", 1, 9},
    {"{ a(x: \"\\uD800\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD800\".", 1, 9},
    {"{ a(x: \"\\uDC00\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uDC00\".", 1, 9},
    {"{ a(x: \"\\uD83D\\u0041\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\".",
     1, 9},
    {"{ a(x: \"\\uD83Dx\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\".", 1, 9},
    {"{ a(x: \"\\u00G0\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u00G0\".", 1, 9},
    {"{ a(x: \"\\u12\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u12\")\".", 1, 9},
    {"{ a(x: \"\\u", "Syntax Error: Invalid Unicode escape sequence: \"\\u\".", 1, 9},
    {"{ a(x: \"\u00E9\U0001F600\") ? }", "Syntax Error: Unexpected character: \"?\".", 1, 15},
    {"{ a(x: \"\"\"\n\u00E9\U0001F600\"\"\" ?) }", "Syntax Error: Unexpected character: \"?\".", 2,
     8},
    {"# \u00E9\U0001F600\n  ?", "Syntax Error: Unexpected character: \"?\".", 2, 3},
    {"\uFEFF{ ? }", "Syntax Error: Unexpected character: \"?\".", 1, 4},
    {"{ a }\r?", "Syntax Error: Unexpected character: \"?\".", 2, 1},
    {"{ a }\r\n?", "Syntax Error: Unexpected character: \"?\".", 2, 1},
    {"{\r\n a(x: \"\r\n\") }", "Syntax Error: Unterminated string.", 2, 8},
    // Malformed UTF-8 (checked against graphql-js reading the same bytes with Node).
    {"{ \xFF }", "Syntax Error: Unexpected character: U+FFFD.", 1, 3},
    {"{ a } \xED\xA0\x80", "Syntax Error: Unexpected character: U+FFFD.", 1, 7},
    {"{ a(x: \"\xF0\x9F\x98\") ?", "Syntax Error: Unexpected character: \"?\".", 1, 13},
};

TEST(Lexer, ErrorsMatchGraphqlJs) {
  for (const ErrorCase& c : kLexicalErrors) {
    SCOPED_TRACE(std::string(c.source));
    // Through the parser, which is what users see...
    Arena arena;
    auto result = parse(c.source, arena);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().rule, "Syntax");
    EXPECT_EQ(result.error().message, c.message);
    EXPECT_EQ(result.error().pos(), (SourcePos{c.line, c.column}));
    // ...and from the lexer alone.
    Lexer lexer(c.source, arena);
    Token t;
    do {
      t = lexer.next();
    } while (t.kind != TokenKind::kError && t.kind != TokenKind::kEOF);
    ASSERT_EQ(t.kind, TokenKind::kError);
    EXPECT_EQ(lexer.error().message, c.message);
    EXPECT_EQ(lexer.error().pos(), (SourcePos{c.line, c.column}));
  }
}

TEST(Lexer, NulCharacterInsideStringIsKept) {
  std::string source("\"a\0b\"", 5);
  Arena arena;
  Lexer lexer(source, arena);
  Token t = lexer.next();
  ASSERT_EQ(t.kind, TokenKind::kString);
  EXPECT_EQ(t.value, std::string_view("a\0b", 3));
}

}  // namespace
}  // namespace gqleval::graphql
