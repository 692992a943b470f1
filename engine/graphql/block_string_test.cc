#include "engine/graphql/block_string.h"

#include <gtest/gtest.h>

#include <string>

namespace gqleval::graphql {
namespace {

std::string value_of(std::string_view raw) {
  std::string out;
  append_block_string_value(raw, out);
  return out;
}

std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(s);
  return out;
}

// Expectations from graphql-js 16.15.0 dedentBlockStringLines() on the raw
// lines (split at \r\n, \n, \r), joined with "\n", \""" unescaped.
TEST(BlockString, ValueDedentsAndTrims) {
  EXPECT_EQ(value_of(""), "");
  EXPECT_EQ(value_of("   "), "");
  EXPECT_EQ(value_of("\n\n"), "");
  EXPECT_EQ(value_of("abc"), "abc");
  EXPECT_EQ(value_of("  abc"), "  abc");  // the first line keeps its indentation
  EXPECT_EQ(value_of("\n  a\n    b\n  c\n"), "a\n  b\nc");
  EXPECT_EQ(value_of("x\n  a\n   b"), "x\na\n b");
  EXPECT_EQ(value_of("x\n\ty\n\tz"), "x\ny\nz");
  EXPECT_EQ(value_of("\n \n  a\n \n"), "a");
  EXPECT_EQ(value_of("a\r\nb\rc\nd"), "a\nb\nc\nd");
  EXPECT_EQ(value_of("first\n   \n  second"), "first\n \nsecond");  // blank lines keep excess
  EXPECT_EQ(value_of("  lead\n  x"), "  lead\nx");
  EXPECT_EQ(value_of("a \\\"\"\" b"), "a \"\"\" b");
  EXPECT_EQ(value_of("a \\\\\"\"\" b"), "a \\\"\"\" b");  // \\""" keeps one backslash
  EXPECT_EQ(value_of("bad \xFF byte"), "bad \uFFFD byte");
}

// Expectations from graphql-js 16.15.0 printBlockString().
TEST(BlockString, PrintMatchesGraphqlJs) {
  EXPECT_EQ(print_block_string(""), "\"\"\"\"\"\"");
  EXPECT_EQ(print_block_string("abc"), "\"\"\"abc\"\"\"");
  EXPECT_EQ(print_block_string(" leading"), "\"\"\" leading\"\"\"");
  EXPECT_EQ(print_block_string("\tleading tab"), "\"\"\"\tleading tab\"\"\"");
  EXPECT_EQ(print_block_string("a\nb"), "\"\"\"\na\nb\n\"\"\"");
  EXPECT_EQ(print_block_string("a\n b"), "\"\"\"\na\n b\n\"\"\"");
  EXPECT_EQ(print_block_string("\n a"), "\"\"\"\n\n a\n\"\"\"");
  EXPECT_EQ(print_block_string("ends \""), "\"\"\"\nends \"\n\"\"\"");
  EXPECT_EQ(print_block_string("ends \\"), "\"\"\"\nends \\\n\"\"\"");
  EXPECT_EQ(print_block_string("has \"\"\" inside"), "\"\"\"has \\\"\"\" inside\"\"\"");
  EXPECT_EQ(print_block_string("ends \"\"\""), "\"\"\"\nends \\\"\"\"\n\"\"\"");
  EXPECT_EQ(print_block_string(repeat("x", 70)), "\"\"\"" + repeat("x", 70) + "\"\"\"");
  EXPECT_EQ(print_block_string(repeat("x", 71)), "\"\"\"\n" + repeat("x", 71) + "\n\"\"\"");
  // The 70 limit counts UTF-16 code units, not bytes.
  EXPECT_EQ(print_block_string(repeat("\u00E9", 70)), "\"\"\"" + repeat("\u00E9", 70) + "\"\"\"");
  EXPECT_EQ(print_block_string(repeat("\u00E9", 71)),
            "\"\"\"\n" + repeat("\u00E9", 71) + "\n\"\"\"");
  EXPECT_EQ(print_block_string("a\r\nb"), "\"\"\"\na\r\nb\n\"\"\"");
  EXPECT_EQ(print_block_string("  a\n  b"), "\"\"\"\n  a\n  b\n\"\"\"");
}

// Every value a block string can hold reads back unchanged. (A value with a
// leading blank line, or whose later lines are all indented, cannot come out
// of the dedent algorithm, and graphql-js does not round-trip it either.)
TEST(BlockString, PrintedValueReadsBackToTheSameValue) {
  const char* values[] = {"",        "abc",     " leading",          "a\nb",
                          "ends \"", "ends \\", "has \"\"\" inside", "x\n\n  y",
                          "  a\nb",  "a\n\n b"};
  for (const char* v : values) {
    std::string printed = print_block_string(v);
    std::string raw = printed.substr(3, printed.size() - 6);
    EXPECT_EQ(value_of(raw), v) << printed;
  }
}

}  // namespace
}  // namespace gqleval::graphql
