// schema_to_introspection_json: the shape of graphql-js's introspectionFromSchema
// on small schemas (the golden test compares whole schemas byte for byte).
#include <simdjson.h>

#include <gtest/gtest.h>

#include <string>

#include "engine/introspection/introspection_test_util.h"

namespace gqleval::introspection {
namespace {

std::string json_of(std::string_view sdl, int indent = 0) {
  auto s = testing::must_build(sdl, "sdl");
  if (!s) return {};
  return schema_to_introspection_json(*s, IntrospectionJsonOptions{indent});
}

// The names in __schema.types, in order, up to the first introspection type.
std::vector<std::string> type_names(const std::string& json) {
  std::vector<std::string> out;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS);
  for (simdjson::dom::element t : doc["data"]["__schema"]["types"].get_array()) {
    std::string_view name = t["name"].get_string().value();
    if (name.starts_with("__")) break;
    out.emplace_back(name);
  }
  return out;
}

TEST(SchemaToIntrospection, MinimalSchema) {
  const std::string json = json_of("type Query { a: Int }");
  EXPECT_TRUE(json.starts_with(
      R"({"data":{"__schema":{"description":null,"queryType":{"name":"Query","kind":"OBJECT"},)"
      R"("mutationType":null,"subscriptionType":null,"types":[{"kind":"OBJECT","name":"Query",)"
      R"("description":null,"specifiedByURL":null,"isOneOf":null,"fields":[{"name":"a",)"
      R"("description":null,"args":[],"type":{"kind":"SCALAR","name":"Int","ofType":null},)"
      R"("isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],)"
      R"("enumValues":null,"possibleTypes":null},)"));
  EXPECT_TRUE(json.ends_with("]}}}"));
  EXPECT_TRUE(is_introspection_json(json));
}

TEST(SchemaToIntrospection, TypesInGraphqlJsTypeMapOrder) {
  // Each built-in scalar right after the first type that refers to it; those
  // only the directives use (Boolean, String) after the schema's types; Float
  // and ID nowhere, since nothing refers to them.
  EXPECT_EQ(type_names(json_of(R"(
    type Query { b: B, a(x: Int): A }
    type B { s: String }
    type A { n: Int }
  )")),
            (std::vector<std::string>{"Query", "Int", "B", "String", "A", "Boolean"}));
  EXPECT_EQ(type_names(json_of("type Query { a: ID } directive @d(f: Float) on FIELD")),
            (std::vector<std::string>{"Query", "ID", "Float", "Boolean", "String"}));
}

TEST(SchemaToIntrospection, TypeReferencesNestNineOfTypesDeep) {
  // [[[[Int!]!]!]!]! is ten objects: the tenth (Int) has no ofType member.
  std::string json = json_of("type Query { a: [[[[Int!]!]!]!]! }");
  EXPECT_NE(json.find(R"({"name":"Int","kind":"SCALAR"}}}}}}}}}})"), std::string::npos);
  // One wrapper more: the tenth object is the innermost NON_NULL, without ofType.
  json = json_of("type Query { a: [[[[[Int!]!]!]!]!] }");
  EXPECT_NE(json.find(R"({"name":null,"kind":"NON_NULL"}}}}}}}}}})"), std::string::npos);
  EXPECT_EQ(json.find(R"("name":"Int","kind")"), std::string::npos);
}

TEST(SchemaToIntrospection, DirectivesAndDeprecation) {
  const std::string json = json_of(R"(
    type Query { a(x: Int = 1 @deprecated): Int @deprecated(reason: "no") }
    directive @d(r: [Int] = 3) repeatable on OBJECT | FIELD
  )");
  EXPECT_NE(json.find(R"("directives":[{"name":"d","description":null,"isRepeatable":true,)"
                      R"("isDeprecated":false,"deprecationReason":null,"locations":["OBJECT",)"
                      R"("FIELD"],"args":[{"name":"r","description":null,"type":{"kind":"LIST",)"
                      R"("name":null,"ofType":{"name":"Int","kind":"SCALAR","ofType":null}},)"
                      R"("defaultValue":"[3]","isDeprecated":false,"deprecationReason":null}]},)"
                      R"({"name":"include",)"),
            std::string::npos);
  EXPECT_NE(json.find(R"("defaultValue":"1","isDeprecated":true,)"
                      R"("deprecationReason":"No longer supported"}],)"),
            std::string::npos);
  EXPECT_NE(json.find(R"("isDeprecated":true,"deprecationReason":"no"})"), std::string::npos);
}

TEST(SchemaToIntrospection, DialectFixesAreVisibleAndServerDirectivesLeftOut) {
  // The StepZen dialect declares Date (before the schema's own types, where
  // print_sdl prints it) and keeps @rest: Date is a type, @rest is not a
  // directive of the introspection (print_sdl leaves it out too).
  const std::string json = json_of(R"(type Query { a: Date @rest(endpoint: "x") })");
  EXPECT_EQ(type_names(json), (std::vector<std::string>{"Date", "Query", "Boolean", "String"}));
  EXPECT_EQ(json.find(R"("name":"rest")"), std::string::npos);
}

TEST(SchemaToIntrospection, IndentedAsJsonStringifyWithSpaces) {
  const std::string sdl = testing::read_text(testing::kRichSchemaPath);
  const std::string compact = json_of(sdl);
  const std::string pretty = json_of(sdl, 2);
  EXPECT_TRUE(pretty.starts_with("{\n  \"data\": {\n    \"__schema\": {\n      \"description\": "));
  EXPECT_NE(pretty.find("\"args\": [],\n"), std::string::npos);
  EXPECT_TRUE(pretty.ends_with("\n      ]\n    }\n  }\n}"));
  // The same JSON: minified, the indented text is the compact one.
  std::string minified(pretty.size(), '\0');
  size_t length = 0;
  ASSERT_EQ(simdjson::minify(pretty.data(), pretty.size(), minified.data(), length),
            simdjson::SUCCESS);
  minified.resize(length);
  EXPECT_EQ(minified, compact);
}

TEST(SchemaToIntrospection, EmptyDescriptionsAreEmptyStringsNotNull) {
  // An empty block string `""""""` is a description: "" in graphql-js 16.15.0's
  // JSON.stringify(introspectionFromSchema(buildSchema(sdl))), whose pieces
  // are quoted below; an element without one still has null.
  constexpr std::string_view kSdl = R"sdl(""""""
schema { query: Query }
""""""
directive @d(""""""
a: Int, b: Int) on FIELD_DEFINITION
""""""
type Query {
  """"""
  id: ID!
  f(""""""
  x: Int, "y" y: Int): E
  g(x: In): S
}
""""""
scalar S
""""""
enum E { A """""" B }
""""""
input In { a: S """""" b: Int }
)sdl";
  const std::string json = json_of(kSdl);
  EXPECT_TRUE(json.starts_with(R"({"data":{"__schema":{"description":"","queryType":)"));
  EXPECT_NE(json.find(R"({"kind":"OBJECT","name":"Query","description":"","specifiedByURL":null,)"
                      R"("isOneOf":null,"fields":[{"name":"id","description":"","args":[],)"),
            std::string::npos);
  EXPECT_NE(json.find(R"({"name":"f","description":null,"args":[{"name":"x","description":"",)"
                      R"("type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":null,)"
                      R"("isDeprecated":false,"deprecationReason":null},{"name":"y",)"
                      R"("description":"y",)"),
            std::string::npos);
  EXPECT_NE(json.find(R"({"kind":"SCALAR","name":"S","description":"","specifiedByURL":null,)"),
            std::string::npos);
  EXPECT_NE(json.find(R"("enumValues":[{"name":"A","description":null,"isDeprecated":false,)"
                      R"("deprecationReason":null},{"name":"B","description":"",)"),
            std::string::npos);
  EXPECT_NE(json.find(R"("inputFields":[{"name":"a","description":null,"type":{"kind":"SCALAR",)"
                      R"("name":"S","ofType":null},"defaultValue":null,"isDeprecated":false,)"
                      R"("deprecationReason":null},{"name":"b","description":"",)"),
            std::string::npos);
  EXPECT_NE(json.find(R"({"name":"d","description":"","isRepeatable":false,"isDeprecated":false,)"
                      R"("deprecationReason":null,"locations":["FIELD_DEFINITION"],"args":[)"
                      R"({"name":"a","description":"",)"),
            std::string::npos);
  // Back to SDL: printSchema(buildClientSchema(...)) is printSchema of the
  // schema itself, in graphql-js as here.
  auto s = testing::must_build(kSdl, "sdl");
  ASSERT_TRUE(s);
  EXPECT_EQ(testing::round_trip(*s, "sdl"), s->print_sdl());
}

TEST(SchemaToIntrospection, RichSchemaRoundTrips) {
  auto s = testing::must_build(testing::read_text(testing::kRichSchemaPath), "rich");
  ASSERT_TRUE(s);
  EXPECT_EQ(testing::round_trip(*s, "rich"), s->print_sdl());
}

}  // namespace
}  // namespace gqleval::introspection
