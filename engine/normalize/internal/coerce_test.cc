// Argument canonicalization (docs/semantics.md, Stage 2, "Arguments"): input
// coercion against the declared type, then canonical printing. Each test pins
// one rule, through the printed normal form of a whole query.
#include "engine/normalize/internal/coerce.h"

#include <gtest/gtest.h>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;

class ArgumentsTest : public ::testing::Test {
 protected:
  // The key of the single root field of `query`.
  std::string root_key(std::string_view query, const NormalizeOptions& options = {}) {
    auto t = h.tree(query, options);
    if (!t.ok()) return "error: " + t.error().message;
    if (t->root().child_count != 1) return "not one root field";
    return std::string(t->nodes[1].key);
  }
  Harness h{golden_schema("media")};
};

TEST_F(ArgumentsTest, IntAndStringLiteralsAreTheSameId) {
  EXPECT_EQ(root_key("{ book(id: 1) { isbn } }"), "book(id: \"1\")");
  EXPECT_EQ(root_key("{ book(id: \"1\") { isbn } }"), "book(id: \"1\")");
  EXPECT_NE(root_key("{ book(id: \"01\") { isbn } }"), root_key("{ book(id: 1) { isbn } }"));
}

// graphql-js reads a Float literal with parseFloat: beyond the range of a
// double it is Infinity, not 0 (from_chars alone would leave 0).
TEST_F(ArgumentsTest, FloatLiteralsBeyondTheRangeOfADoubleAreInfinite) {
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1e400) { __typename } }"),
            "search(score: Infinity, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: -1e400) { __typename } }"),
            "search(score: -Infinity, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1e400) { __typename } }"),
            root_key("{ search(text: \"x\", score: 2e500) { __typename } }"));
  EXPECT_NE(root_key("{ search(text: \"x\", score: 1e400) { __typename } }"),
            root_key("{ search(text: \"x\", score: 0) { __typename } }"));
  // An Int literal of 401 digits at a Float position, too.
  EXPECT_EQ(
      root_key("{ search(text: \"x\", score: 1" + std::string(400, '0') + ") { __typename } }"),
      "search(score: Infinity, text: \"x\")");
  // Below the range: zero, as parseFloat makes it.
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1e-400) { __typename } }"),
            "search(score: 0.0, text: \"x\")");
}

// graphql-js's ID takes an IntValue's text: -0 is the ID "-0", not "0".
TEST_F(ArgumentsTest, IdFromIntKeepsTheLiteralText) {
  EXPECT_EQ(root_key("{ book(id: -0) { isbn } }"), "book(id: \"-0\")");
}

TEST_F(ArgumentsTest, IntAndFloatLiteralsAreTheSameFloat) {
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1) { __typename } }"),
            "search(score: 1.0, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1.0) { __typename } }"),
            "search(score: 1.0, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 1e3) { __typename } }"),
            "search(score: 1000.0, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: 0.50) { __typename } }"),
            "search(score: 0.5, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", score: -0.0) { __typename } }"),
            "search(score: 0.0, text: \"x\")");
}

TEST_F(ArgumentsTest, SingleValueEqualsOneElementList) {
  EXPECT_EQ(root_key("{ search(text: \"x\", tags: \"a\") { __typename } }"),
            "search(tags: [\"a\"], text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", tags: [\"a\"]) { __typename } }"),
            "search(tags: [\"a\"], text: \"x\")");
  // List coercion and ID coercion together.
  EXPECT_EQ(root_key("{ search(text: \"x\", ids: 7) { __typename } }"),
            "search(ids: [\"7\"], text: \"x\")");
}

TEST_F(ArgumentsTest, InputObjectFieldsAreSortedByName) {
  EXPECT_EQ(
      root_key("{ search(text: \"x\", filter: {sort: DESC, kinds: \"a\"}) { __typename } }"),
      root_key("{ search(text: \"x\", filter: {kinds: [\"a\"], sort: DESC}) { __typename } }"));
  EXPECT_EQ(root_key("{ search(text: \"x\", filter: {sort: DESC, kinds: \"a\"}) { __typename } }"),
            "search(filter: {kinds: [\"a\"], sort: DESC}, text: \"x\")");
}

TEST_F(ArgumentsTest, InputObjectFieldEqualToItsDefaultIsLeftOut) {
  EXPECT_EQ(root_key("{ search(text: \"x\", filter: {sort: ASC, range: {from: 0, to: 5}}) "
                     "{ __typename } }"),
            "search(filter: {range: {to: 5}}, text: \"x\")");
}

TEST_F(ArgumentsTest, ArgumentEqualToItsDefaultIsTheSameAsLeftOut) {
  EXPECT_EQ(root_key("{ search(text: \"x\", first: 10, sort: ASC) { __typename } }"),
            "search(text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", first: 11) { __typename } }"),
            "search(first: 11, text: \"x\")");
  EXPECT_EQ(h.normal("{ media(id: 1) { related(first: 5) { id } } }"),
            h.normal("{ media(id: 1) { related { id } } }"));
}

TEST_F(ArgumentsTest, ExplicitNullIsDistinctFromLeftOut) {
  EXPECT_EQ(root_key("{ search(text: \"x\", score: null) { __typename } }"),
            "search(score: null, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", first: null) { __typename } }"),
            "search(first: null, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\") { __typename } }"), "search(text: \"x\")");
}

TEST_F(ArgumentsTest, EnumsByNameAndArgumentsSortedByName) {
  EXPECT_EQ(root_key("{ search(sort: DESC, text: \"x\") { __typename } }"),
            "search(sort: DESC, text: \"x\")");
  EXPECT_EQ(root_key("{ search(text: \"x\", sort: DESC) { __typename } }"),
            "search(sort: DESC, text: \"x\")");
}

TEST_F(ArgumentsTest, BlockStringsAndEscapesCompareByValue) {
  EXPECT_EQ(root_key("{ search(text: \"\"\"a \"quoted\" word\"\"\") { __typename } }"),
            "search(text: \"a \\\"quoted\\\" word\")");
  EXPECT_EQ(root_key("{ search(text: \"\\u0041\\n\") { __typename } }"), "search(text: \"A\\n\")");
}

TEST_F(ArgumentsTest, CustomScalarsKeepTheLiteralWithSortedObjectKeys) {
  EXPECT_EQ(root_key("{ search(text: \"x\", extra: {b: 1, a: [\"y\", 2.50]}) { __typename } }"),
            "search(extra: {a: [\"y\", 2.50], b: 1}, text: \"x\")");
}

TEST_F(ArgumentsTest, DifferentValuesAreDifferentNodes) {
  EXPECT_NE(h.normal("{ book(id: 1) { isbn } }"), h.normal("{ book(id: 2) { isbn } }"));
  EXPECT_NE(root_key("{ search(text: \"x\", score: 1.5) { __typename } }"),
            root_key("{ search(text: \"x\", score: 1) { __typename } }"));
}

// ------------------------------------------------------------------ JSON values

TEST_F(ArgumentsTest, JsonValuesAreCoercedLikeLiterals) {
  NormalizeOptions options;
  options.variables_json =
      R"({"id": 7, "tags": "a", "score": 2, "f": {"sort": "DESC", "range": {"to": 3, "from": 0}}})";
  EXPECT_EQ(root_key("query($id: ID!) { book(id: $id) { isbn } }", options), "book(id: \"7\")");
  EXPECT_EQ(root_key("query($tags: [String!], $score: Float, $f: SearchFilter) "
                     "{ search(text: \"x\", tags: $tags, score: $score, filter: $f) "
                     "{ __typename } }",
                     options),
            "search(filter: {range: {to: 3}, sort: DESC}, score: 2.0, tags: [\"a\"], text: \"x\")");
}

TEST_F(ArgumentsTest, JsonValuesThatDoNotFitAreErrors) {
  NormalizeOptions options;
  options.variables_json = R"({"n": 1.5})";
  EXPECT_EQ(root_key("query($n: Int) { search(text: \"x\", first: $n) { __typename } }", options),
            "error: Variable \"$n\" got invalid value 1.5; Int cannot represent non-integer "
            "value: 1.5");
  options.variables_json = R"({"n": 4294967296})";
  EXPECT_EQ(root_key("query($n: Int) { search(text: \"x\", first: $n) { __typename } }", options),
            "error: Variable \"$n\" got invalid value 4294967296; Int cannot represent non "
            "32-bit signed integer value: 4294967296");
  options.variables_json = R"({"s": "UP"})";
  EXPECT_EQ(root_key("query($s: Sort) { search(text: \"x\", sort: $s) { __typename } }", options),
            "error: Variable \"$s\" got invalid value \"UP\"; Value \"UP\" does not exist in "
            "\"Sort\" enum.");
  options.variables_json = R"({"f": {"color": 1}})";
  EXPECT_EQ(root_key("query($f: SearchFilter) { search(text: \"x\", filter: $f) { __typename } }",
                     options),
            "error: Variable \"$f\" got invalid value {\"color\":1}; Field \"color\" is not "
            "defined by type \"SearchFilter\".");
  options.variables_json = R"({"t": null})";
  EXPECT_EQ(root_key("query($t: String!) { search(text: $t) { __typename } }", options),
            "error: Variable \"$t\" of non-null type \"String!\" must not be null.");
}

// The spec's CoerceVariableValues: a value is checked against the type the
// variable is declared with, not only against the positions it is used at.
TEST_F(ArgumentsTest, JsonValuesMustFitTheDeclaredType) {
  auto with_variables = [](std::string_view json) {
    NormalizeOptions o;
    o.variables_json = json;  // a literal: it outlives the options
    return o;
  };
  // The argument `sort` is nullable: the declaration alone rejects null.
  EXPECT_EQ(root_key("query($s: Sort!) { search(text: \"x\", sort: $s) { __typename } }",
                     with_variables(R"({"s": null})")),
            "error: Variable \"$s\" of non-null type \"Sort!\" must not be null.");
  // A default does not make null acceptable for a non-null variable.
  EXPECT_EQ(root_key("query($s: Sort! = DESC) { search(text: \"x\", sort: $s) { __typename } }",
                     with_variables(R"({"s": null})")),
            "error: Variable \"$s\" of non-null type \"Sort!\" must not be null.");
  // The same for list items (`ids` is [ID]).
  EXPECT_EQ(root_key("query($i: [ID!]) { search(text: \"x\", ids: $i) { __typename } }",
                     with_variables(R"({"i": ["1", null]})")),
            "error: Variable \"$i\" got invalid value null; Expected non-nullable type "
            "\"ID!\" not to be null.");
  // A value that fits is coerced as at the position: the same key as the literal.
  EXPECT_EQ(root_key("query($i: [ID!]) { search(text: \"x\", ids: $i) { __typename } }",
                     with_variables(R"({"i": 7})")),
            "search(ids: [\"7\"], text: \"x\")");
}

TEST_F(ArgumentsTest, VariablesTextMustBeAJsonObject) {
  NormalizeOptions options;
  options.variables_json = "[1]";
  EXPECT_EQ(root_key("{ book(id: 1) { isbn } }", options),
            "error: The variables must be a JSON object.");
  options.variables_json = "{\"a\": ";
  auto t = h.tree("{ book(id: 1) { isbn } }", options);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().rule, "VariableValues");
}

}  // namespace
}  // namespace gqleval::normalize
