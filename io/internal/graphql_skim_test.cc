#include "io/internal/graphql_skim.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/concat.h"

namespace gqleval::io {
namespace {

// What follows the end that f returns for text, or "<null>".
template <class F>
std::string rest_after(std::string_view text, F f) {
  const char* end = text.data() + text.size();
  const char* r = f(text.data(), end);
  if (r == nullptr) return "<null>";
  return std::string(r, static_cast<size_t>(end - r));
}

TEST(GraphqlSkim, SkipIgnored) {
  EXPECT_EQ(rest_after(" ,\t\r\n# comment }\n\xEF\xBB\xBF x", skim::skip_ignored), "x");
  EXPECT_EQ(rest_after("# only a comment", skim::skip_ignored), "");
}

TEST(GraphqlSkim, Strings) {
  EXPECT_EQ(rest_after(R"("a\"b}" x)", skim::skip_string), " x");
  EXPECT_EQ(rest_after("\"open\n}", skim::skip_string), "\n}");  // ends at the line end
  EXPECT_EQ(rest_after("\"\"\"a\n\\\"\"\"}\"\"\" x", skim::skip_string), " x");
  EXPECT_EQ(rest_after("\"\"\" never closed }", skim::skip_string), "");
  EXPECT_EQ(rest_after("\"\" x", skim::skip_string), " x");  // empty string, not a block
}

TEST(GraphqlSkim, MatchBraces) {
  EXPECT_EQ(rest_after("{ a { b } } c", skim::match_braces), " c");
  EXPECT_EQ(rest_after("{ a(s: \"}\") # }\n } c", skim::match_braces), " c");
  EXPECT_EQ(rest_after("{ a { b }", skim::match_braces), "<null>");
}

// The bytes between braces are skipped 16 at a time: a brace, a string or a
// comment at every offset of a long text (before, across and after 16-byte
// blocks) is still seen where it is.
TEST(GraphqlSkim, MatchBracesSeesEveryOffset) {
  for (size_t at = 0; at < 40; ++at) {
    const std::string pad(at, ' ');
    const std::string name(at, 'n');
    EXPECT_EQ(rest_after(concat({"{", pad, "}", pad, "}x"}), skim::match_braces),
              concat({pad, "}x"}))
        << at;
    EXPECT_EQ(
        rest_after(concat({"{", name, "{", pad, "}", name, "}", pad, "}"}), skim::match_braces),
        concat({pad, "}"}))
        << at;
    EXPECT_EQ(rest_after(concat({"{", pad, "\"}\"", pad, "} x"}), skim::match_braces), " x") << at;
    EXPECT_EQ(rest_after(concat({"{", name, "# } {\n", pad, "} x"}), skim::match_braces), " x")
        << at;
    EXPECT_EQ(rest_after(concat({"{", pad, "{", name}), skim::match_braces), "<null>") << at;
  }
}

TEST(GraphqlSkim, DefinitionEnd) {
  EXPECT_EQ(rest_after("query Q($a: I = {x: 1}) @d(v: {y: \"{\"}) { f } z", skim::definition_end),
            " z");
  EXPECT_EQ(rest_after("fragment F on T { a }\nmore", skim::definition_end), "\nmore");
  EXPECT_EQ(rest_after("query Q($a: Int", skim::definition_end), "<null>");
}

}  // namespace
}  // namespace gqleval::io
