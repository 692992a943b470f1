#include "engine/graphql/ast_equal.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace gqleval::graphql {
namespace {

class AstEqualTest : public ::testing::Test {
 protected:
  const ast::Document& doc(std::string_view source) {
    auto result = parse(source, arena_);
    EXPECT_TRUE(result.ok()) << source;
    if (!result.ok()) std::abort();
    return **result;
  }
  // The difference between two documents, or "" when they are equal.
  std::string diff(std::string_view a, std::string_view b) {
    const ast::Document& x = doc(a);
    const ast::Document& y = doc(b);
    std::optional<std::string> d = first_difference(x, y);
    EXPECT_EQ(ast_equal(x, y), !d.has_value());
    return d.value_or("");
  }
  Arena arena_;
};

TEST_F(AstEqualTest, IgnoresLayoutLocationsAndTheQueryShorthand) {
  EXPECT_EQ(diff("{a(x:1){b}}", "query {\n  a(x: 1) {\n    b\n  }\n}"), "");
  EXPECT_EQ(diff("type T{a:Int}", "# comment\ntype  T {\n  a: Int\n}"), "");
}

TEST_F(AstEqualTest, ReportsThePathOfTheFirstDifference) {
  EXPECT_EQ(diff("{ a }", "{ b }"),
            "definitions[0].selection_set.selections[0].name (\"a\" vs \"b\")");
  EXPECT_EQ(diff("{ a { b c } }", "{ a { b } }"),
            "definitions[0].selection_set.selections[0].selection_set.selections (2 vs 1 items)");
  EXPECT_EQ(diff("{ x: a }", "{ a }"),
            "definitions[0].selection_set.selections[0].alias (\"x\" vs \"\")");
  EXPECT_EQ(diff("{ a(x: 1, y: 2) }", "{ a(y: 2, x: 1) }"),
            "definitions[0].selection_set.selections[0].arguments[0].name (\"x\" vs \"y\")");
  EXPECT_EQ(diff("{ a(x: 1) }", "{ a(x: 1.0) }"),
            "definitions[0].selection_set.selections[0].arguments[0].value (kind)");
  EXPECT_EQ(diff("{ a(x: \"s\") }", "{ a(x: \"\"\"s\"\"\") }"),
            "definitions[0].selection_set.selections[0].arguments[0].value "
            "(block string vs string)");
  EXPECT_EQ(diff("{ a(x: [1, {b: true}]) }", "{ a(x: [1, {b: false}]) }"),
            "definitions[0].selection_set.selections[0].arguments[0].value.list[1].fields[0]"
            ".value (true vs false)");
  EXPECT_EQ(diff("{ a @skip(if: true) }", "{ a @include(if: true) }"),
            "definitions[0].selection_set.selections[0].directives[0].name "
            "(\"skip\" vs \"include\")");
  EXPECT_EQ(diff("{ ... on A { a } }", "{ ... on B { a } }"),
            "definitions[0].selection_set.selections[0].type_condition (\"A\" vs \"B\")");
  EXPECT_EQ(diff("{ ...F }", "{ ... on F { a } }"),
            "definitions[0].selection_set.selections[0] (selection kind)");
  EXPECT_EQ(diff("query Q($v: Int) { a }", "query Q($v: Int!) { a }"),
            "definitions[0].variables[0].type (type kind)");
  EXPECT_EQ(diff("query { a }", "mutation { a }"), "definitions[0] (operation type)");
  EXPECT_EQ(diff("{ a }", "{ a } { b }"), "definitions (1 vs 2 items)");
}

TEST_F(AstEqualTest, ExecutableDescriptions) {
  EXPECT_EQ(diff("\"d\" query { a }", "query { a }"),
            "definitions[0].description (present vs absent)");
  EXPECT_EQ(diff("\"d\" query { a }", "\"\"\"d\"\"\" query { a }"),
            "definitions[0].description (block string vs string)");
  EXPECT_EQ(diff("fragment F on T { a }", "\"f\" fragment F on T { a }"),
            "definitions[0].description (absent vs present)");
  EXPECT_EQ(diff("query ($v: Int) { a }", "query (\"v\" $v: Int) { a }"),
            "definitions[0].variables[0].description (absent vs present)");
  EXPECT_EQ(diff("query (\"v\" $v: Int) { a }", "query (\n\"v\"\n$v: Int\n) {\n  a\n}"), "");
}

TEST_F(AstEqualTest, TypeSystemDifferences) {
  EXPECT_EQ(diff("\"d\" type T { a: Int }", "type T { a: Int }"),
            "definitions[0].description (present vs absent)");
  EXPECT_EQ(diff("type T { a(x: Int = 1): Int }", "type T { a(x: Int = 2): Int }"),
            "definitions[0].fields[0].arguments[0].default_value (\"1\" vs \"2\")");
  EXPECT_EQ(diff("type T implements A { a: Int }", "type T implements B { a: Int }"),
            "definitions[0].interfaces[0] (\"A\" vs \"B\")");
  EXPECT_EQ(diff("type T { a: Int }", "extend type T { a: Int }"),
            "definitions[0] (extension vs definition)");
  EXPECT_EQ(diff("type T { a: Int }", "interface T { a: Int }"),
            "definitions[0] (definition kind)");
  EXPECT_EQ(diff("union U = A | B", "union U = A | C"),
            "definitions[0].members[1] (\"B\" vs \"C\")");
  EXPECT_EQ(diff("enum E { A B }", "enum E { A \"d\" B }"),
            "definitions[0].values[1].description (absent vs present)");
  EXPECT_EQ(diff("input I { a: Int }", "input I { a: Float }"),
            "definitions[0].input_fields[0].type.name (\"Int\" vs \"Float\")");
  EXPECT_EQ(diff("directive @d on FIELD", "directive @d repeatable on FIELD"),
            "definitions[0] (repeatable)");
  EXPECT_EQ(diff("directive @d on FIELD", "directive @d on QUERY"),
            "definitions[0].locations[0] (\"FIELD\" vs \"QUERY\")");
  EXPECT_EQ(diff("schema { query: Q }", "schema { mutation: Q }"),
            "definitions[0].operation_types[0] (operation type)");
}

TEST_F(AstEqualTest, NodeOverloads) {
  const auto& a = ast::as<ast::OperationDefinition>(*doc("{ f(x: [1]) { g } }").definitions[0]);
  const auto& b = ast::as<ast::OperationDefinition>(*doc("{ f(x: [1]) { h } }").definitions[0]);
  const auto& fa = ast::as<ast::Field>(*a.selection_set->selections[0]);
  const auto& fb = ast::as<ast::Field>(*b.selection_set->selections[0]);
  EXPECT_TRUE(ast_equal(*fa.arguments[0]->value, *fb.arguments[0]->value));
  EXPECT_FALSE(ast_equal(*fa.selection_set, *fb.selection_set));
  EXPECT_TRUE(ast_equal(*fa.selection_set, *fa.selection_set));
  const auto& v = ast::as<ast::OperationDefinition>(*doc("query ($a: [Int]) { a }").definitions[0]);
  const auto& w =
      ast::as<ast::OperationDefinition>(*doc("query ($a: [Int!]) { a }").definitions[0]);
  EXPECT_FALSE(ast_equal(*v.variables[0]->type, *w.variables[0]->type));
  EXPECT_TRUE(ast_equal(*v.variables[0]->type, *v.variables[0]->type));
}

}  // namespace
}  // namespace gqleval::graphql
