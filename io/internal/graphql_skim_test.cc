#include "io/internal/graphql_skim.h"

#include <gtest/gtest.h>

#include <re2/re2.h>

#include <random>
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

// fragment_header against the regex it stands in for (query extraction's
// GQ_FRAGMENT), on 20,000 texts made of the header's parts and their near
// misses (a few hundred of them headers): where it decides, it decides as the regex does, at the
// same end; it may decline only at a comment.
TEST(GraphqlSkim, FragmentHeaderAgreesWithTheRegex) {
  const RE2 re(
      "(\\bfragment(?:[\\s,]|#[^\\n\\r]*)+[_A-Za-z][_0-9A-Za-z]*(?:[\\s,]|#[^\\n\\r]*)+on"
      "(?:[\\s,]|#[^\\n\\r]*)+[_A-Za-z][_0-9A-Za-z]*(?:[\\s,]|#[^\\n\\r]*)*[@{])");
  ASSERT_TRUE(re.ok());
  const std::vector<std::vector<std::string>> parts = {
      {"", "x", " ", "_", "\xC3\xA9", "}\n"},
      {"fragment", "fragments", "fragmen", "Fragment"},
      {" ", "", ",", "\n\t", " # c\n", "\f", "\v"},
      {"F", "F1_x", "", "1F", "on"},
      {" ", "", "  ,", "#c\n ", "\r\n"},
      {"on", "onx", "o", "ON", "on{"},
      {" ", "", "\t", "#\n", ", "},
      {"T", "Type_2", "", "9", "on"},
      {"", " ", " , ", "#c\n", "\n\n"},
      {"{", "@", "}", "", " {", "{x"}};
  std::mt19937 random(7);
  int matched = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    size_t start = 0;
    for (size_t k = 0; k < parts.size(); ++k) {
      // The first of each part's texts is a header's, taken half the time.
      text += parts[k][random() % 2 == 0 ? 0 : random() % parts[k].size()];
      if (k == 0) start = text.size();
    }
    re2::StringPiece group[2];
    const bool regex = re.Match(text, start, text.size(), RE2::ANCHOR_START, group, 2);
    const char* header_end = nullptr;
    const skim::Header h = skim::fragment_header(text.data(), text.data() + start,
                                                 text.data() + text.size(), &header_end);
    if (h == skim::Header::kUnsure) {
      EXPECT_NE(text.find('#', start), std::string::npos) << text;
      continue;
    }
    EXPECT_EQ(h == skim::Header::kMatch, regex) << text;
    if (h == skim::Header::kMatch && regex) {
      ++matched;
      EXPECT_EQ(header_end, group[1].data() + group[1].size()) << text;
    }
  }
  EXPECT_GT(matched, 100) << "the texts must hold headers too";
}

}  // namespace
}  // namespace gqleval::io
