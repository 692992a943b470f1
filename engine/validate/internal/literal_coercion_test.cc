// literal_coercion.h: graphql-js valueFromAST on literals, against the schema
// of the value fixtures (testdata/schemas/values.graphql).
#include "engine/validate/internal/literal_coercion.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/validate/test_util.h"

namespace gqleval::validate {
namespace {

// graphql-js's buildSchema keeps a default only if valueFromAST accepts it.
TEST(LiteralCoercion, FollowsValueFromAST) {
  const schema::Schema* s = testing::testdata_schema("values");
  ASSERT_NE(s, nullptr);
  const schema::TypeDef* query = s->type_named("Query");
  ASSERT_NE(query, nullptr);
  const schema::FieldDef* g = s->field_named(query->id, "g");
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->arguments.size(), 3u);
  EXPECT_TRUE(is_required_input(*s, g->arguments[0]));   // req: Int!
  EXPECT_FALSE(is_required_input(*s, g->arguments[1]));  // def: Int! = 3
  EXPECT_TRUE(is_required_input(*s, g->arguments[2]));   // nul: Int! = null (dropped)

  struct Probe {
    std::string_view value;
    std::string_view type;  // as written in a variable definition
    bool coerces;
  };
  const Probe probes[] = {
      {"1", "Int", true},
      {"2147483648", "Int", false},
      {"-2147483648", "Int!", true},
      {"\"1\"", "Int", false},
      {"1", "Float", true},
      {"1.5", "ID", false},
      {"\"x\"", "ID", true},
      {"null", "Int", true},
      {"null", "Int!", false},
      {"RED", "Color", true},
      {"Red", "Color", false},
      {"\"RED\"", "Color", false},
      {"[1, null]", "[Int]", true},
      {"[1, null]", "[Int!]", false},
      {"1", "[Int!]!", true},
      {"[[1]]", "[Int]", false},
      {"{x: 1}", "Point", true},
      {"{y: 1}", "Point", false},
      {"{x: 1, zz: 2}", "Point", true},
      {"{x: 1, nested: {x: \"a\"}}", "Point", false},
      {"{a: 1}", "Pick", true},
      {"{a: 1, b: \"x\"}", "Pick", false},
      {"{a: null}", "Pick", false},
      {"{}", "Pick", false},
      {"{any: [1]}", "JSON", true},
      {"[1, \"x\"]", "JSON", true},
  };
  for (const Probe& p : probes) {
    std::string doc =
        "query ($v: " + std::string(p.type) + " = " + std::string(p.value) + ") { f }";
    Arena arena;
    auto parsed = graphql::parse(doc, arena);
    ASSERT_TRUE(parsed.ok()) << doc;
    const auto& op = ast::as<ast::OperationDefinition>(*(*parsed)->definitions[0]);
    const ast::VariableDefinition& vd = *op.variables[0];
    EXPECT_EQ(literal_coerces(*s, *vd.default_value, s->resolve(*vd.type)), p.coerces) << doc;
  }
  EXPECT_TRUE(fits_int32("2147483647"));
  EXPECT_TRUE(fits_int32("-0"));
  EXPECT_FALSE(fits_int32("-2147483649"));
  EXPECT_FALSE(fits_int32("10000000000000000000000000"));
}

}  // namespace
}  // namespace gqleval::validate
