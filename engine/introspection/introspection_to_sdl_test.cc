// introspection_to_sdl and is_introspection_json: the SDL for each part of the
// JSON, and an exact message for each kind of bad input.
#include <gtest/gtest.h>

#include <string>

#include "engine/introspection/introspection_test_util.h"

namespace gqleval::introspection {
namespace {

// A valid introspection result with `types` spliced after Query and Int, and
// `directives` as its directive list.
std::string with(std::string_view types, std::string_view directives = "",
                 std::string_view query_field_type = R"({"kind":"SCALAR","name":"Int"})") {
  std::string out = R"({"__schema":{"queryType":{"name":"Query"},"types":[)";
  out += R"({"kind":"OBJECT","name":"Query","fields":[{"name":"a","args":[],"type":)";
  out += query_field_type;
  out += R"(}],"interfaces":[]},{"kind":"SCALAR","name":"Int"})";
  if (!types.empty()) out.append(",").append(types);
  out += R"(],"directives":[)";
  out += directives;
  out += "]}}";
  return out;
}

// The SDL, or "ERROR: message" for the first error.
std::string convert(std::string_view json, std::string_view file = "schema.json") {
  auto sdl = introspection_to_sdl(json, file);
  if (sdl.ok()) return *sdl;
  EXPECT_EQ(sdl.error().size(), 1u);
  EXPECT_EQ(sdl.error().front().rule, "Introspection");
  EXPECT_TRUE(sdl.error().front().locations.empty());
  return "ERROR: " + sdl.error().front().message;
}

constexpr std::string_view kInvalid =
    "Invalid or incomplete introspection result. Ensure that you are passing \"data\" property "
    "of introspection response and no \"errors\" was returned alongside.";
constexpr std::string_view kIncomplete =
    " (Invalid or incomplete schema. Ensure that a full introspection query is used in order to "
    "build a client schema.)";

// ---------------------------------------------------------------- recognition

TEST(IsIntrospectionJson, RecognizesBothShapes) {
  EXPECT_TRUE(is_introspection_json(R"({"__schema":{}})"));
  EXPECT_TRUE(is_introspection_json(" \n\t{\"data\": {\"__schema\": {\"types\": []}}}"));
  EXPECT_TRUE(is_introspection_json("\xEF\xBB\xBF{\"data\":{\"__schema\":null}}"));
  EXPECT_TRUE(is_introspection_json(with("")));
}

TEST(IsIntrospectionJson, RejectsSdlAndOtherJson) {
  EXPECT_FALSE(is_introspection_json("type Query { a: Int }"));
  EXPECT_FALSE(is_introspection_json("\"\"\"{\"__schema\": 1}\"\"\" type Query { a: Int }"));
  EXPECT_FALSE(is_introspection_json("{ a }"));  // a GraphQL query, not JSON
  EXPECT_FALSE(is_introspection_json(R"({"data": {"types": []}, "x": "__schema"})"));
  EXPECT_FALSE(is_introspection_json(R"({"data": {"x": {"__schema": {}}}})"));
  EXPECT_FALSE(is_introspection_json(R"({"__schema": {})"));  // not JSON
  EXPECT_FALSE(is_introspection_json(R"(["__schema"])"));
  EXPECT_FALSE(is_introspection_json(""));
}

// ---------------------------------------------------------------- SDL

TEST(IntrospectionToSdl, MinimalSchemaLeavesOutBuiltIns) {
  EXPECT_EQ(convert(with("")), "type Query {\n  a: Int\n}");
  EXPECT_EQ(convert(R"({"data":)" + with("") + "}"), "type Query {\n  a: Int\n}");
}

TEST(IntrospectionToSdl, EveryKindAndPart) {
  const std::string json = with(
      R"({"kind":"SCALAR","name":"Url","description":"A URL.","specifiedByURL":"https://u.rl"},
         {"kind":"INTERFACE","name":"Node","fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"Int"}}}],"interfaces":null},
         {"kind":"INTERFACE","name":"Named","fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"Int"}}}],"interfaces":[{"name":"Node"}]},
         {"kind":"OBJECT","name":"Thing","fields":[
            {"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"Int"}}},
            {"name":"tags","description":"Tags.","args":[{"name":"first","type":{"kind":"SCALAR","name":"Int"},"defaultValue":"10"},{"name":"order","type":{"kind":"ENUM","name":"Order"},"defaultValue":"ASC","deprecationReason":"gone"}],
             "type":{"kind":"LIST","ofType":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"Url"}}},"isDeprecated":true,"deprecationReason":"No longer supported"}],
          "interfaces":[{"name":"Node"},{"name":"Named"}]},
         {"kind":"UNION","name":"Any","possibleTypes":[{"name":"Thing"}]},
         {"kind":"ENUM","name":"Order","enumValues":[{"name":"ASC","description":"Up."},{"name":"DESC","deprecationReason":"use ASC"}]},
         {"kind":"INPUT_OBJECT","name":"Pick","isOneOf":true,"inputFields":[{"name":"id","type":{"kind":"SCALAR","name":"Int"}},{"name":"where","type":{"kind":"INPUT_OBJECT","name":"Pick"},"defaultValue":"{id : 1}"}]})",
      R"({"name":"skip","locations":["FIELD"],"args":[]},
         {"name":"auth","description":"Auth.","isRepeatable":true,"locations":["OBJECT","FIELD_DEFINITION"],"args":[{"name":"role","type":{"kind":"SCALAR","name":"Url"},"defaultValue":"\"user\""}]})");
  EXPECT_EQ(convert(json), R"("""Auth."""
directive @auth(role: Url = "user") repeatable on OBJECT | FIELD_DEFINITION

type Query {
  a: Int
}

"""A URL."""
scalar Url @specifiedBy(url: "https://u.rl")

interface Node {
  id: Int!
}

interface Named implements Node {
  id: Int!
}

type Thing implements Node & Named {
  id: Int!

  """Tags."""
  tags(first: Int = 10, order: Order = ASC @deprecated(reason: "gone")): [Url!] @deprecated
}

union Any = Thing

enum Order {
  """Up."""
  ASC
  DESC @deprecated(reason: "use ASC")
}

input Pick @oneOf {
  id: Int
  where: Pick = {id: 1}
})");
}

TEST(IntrospectionToSdl, SchemaDefinitionWhenRootsAreNotTheDefaultNames) {
  std::string json = with(
      R"({"kind":"OBJECT","name":"Mut","fields":[{"name":"b","args":[],"type":{"kind":"SCALAR","name":"Int"}}],"interfaces":[]})");
  json.replace(json.find(R"("queryType")"), 0,
               R"("description":"Top.","mutationType":{"name":"Mut"},)");
  EXPECT_TRUE(convert(json).starts_with(
      "\"\"\"Top.\"\"\"\nschema {\n  query: Query\n  mutation: Mut\n}\n\ntype Query {"));

  // A type with a default root name that is not that root keeps the schema
  // definition (as Schema::print_sdl does), so the SDL builds the same roots.
  json = with(
      R"({"kind":"OBJECT","name":"Mutation","fields":[{"name":"b","args":[],"type":{"kind":"SCALAR","name":"Int"}}],"interfaces":[]})");
  EXPECT_TRUE(convert(json).starts_with("schema {\n  query: Query\n}\n\ntype Query {"));
}

TEST(IntrospectionToSdl, DefaultValuesArePrintedAsGraphqlJsPrintsThem) {
  auto arg_default = [](std::string_view type, std::string_view literal) {
    std::string json = with(
        "", "",
        R"({"kind":"SCALAR","name":"Int"}}],"interfaces":[]},{"kind":"OBJECT","name":"Unused","fields":[{"name":"f","args":[{"name":"x","type":)" +
            std::string(type) + R"(,"defaultValue":)" + std::string(literal) +
            R"(}],"type":{"kind":"SCALAR","name":"Int"})");
    std::string sdl = convert(json);
    size_t at = sdl.find("f(");
    return at == std::string::npos ? sdl : sdl.substr(at, sdl.find('\n', at) - at);
  };
  EXPECT_EQ(arg_default(R"({"kind":"LIST","ofType":{"kind":"SCALAR","name":"Int"}})", R"("3")"),
            "f(x: [Int] = 3): Int");  // Schema::build coerces it to [3]
  EXPECT_EQ(arg_default(R"({"kind":"SCALAR","name":"Int"})", R"("[ 1 ,2 ]")"),
            "f(x: Int = [1, 2]): Int");
  EXPECT_EQ(arg_default(R"({"kind":"SCALAR","name":"Int"})", R"("\"\"\"block\"\"\" # c")"),
            "f(x: Int = \"\"\"block\"\"\"): Int");
  EXPECT_EQ(arg_default(R"({"kind":"SCALAR","name":"Int"})", "null"), "f(x: Int): Int");
  // A variable has no value in graphql-js's valueFromAST: no default.
  EXPECT_EQ(arg_default(R"({"kind":"SCALAR","name":"Int"})", R"("[$v]")"), "f(x: Int): Int");
}

TEST(IntrospectionToSdl, OutputBuildsAndPrintsTheSameText) {
  // Without defaults to coerce, the SDL is print_sdl's text already.
  const std::string json = with(
      R"({"kind":"ENUM","name":"E","description":"line one\nline two","enumValues":[{"name":"A"}]})");
  const std::string sdl = convert(json);
  auto s = testing::must_build(sdl, "sdl");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), sdl);
}

TEST(IntrospectionToSdl, EmptyDescriptionsAreKept) {
  // "" is a description and null is none. The expected text is graphql-js
  // 16.15.0 printSchema(buildClientSchema(json)) for this json: `""""""` on
  // the schema, each type, field, enum value and input field that has "", and
  // on @d's argument nowhere (printArgs prints arguments none of which has a
  // non-empty description on one line).
  std::string json = with(
      R"({"kind":"OBJECT","name":"T","description":"","fields":[{"name":"f","description":"","args":[{"name":"x","description":"","type":{"kind":"SCALAR","name":"Int"}},{"name":"y","description":"y","type":{"kind":"SCALAR","name":"Int"}}],"type":{"kind":"SCALAR","name":"Int"}},{"name":"g","description":"","args":[],"type":{"kind":"SCALAR","name":"Int"}}],"interfaces":[]},
         {"kind":"ENUM","name":"E","description":"","enumValues":[{"name":"A","description":null},{"name":"B","description":""}]},
         {"kind":"INPUT_OBJECT","name":"In","description":"","inputFields":[{"name":"a","type":{"kind":"SCALAR","name":"Int"}},{"name":"b","description":"","type":{"kind":"SCALAR","name":"Int"}}]},
         {"kind":"SCALAR","name":"S","description":""},{"kind":"UNION","name":"U","description":"","possibleTypes":[{"name":"T"}]})",
      R"({"name":"d","description":"","locations":["FIELD"],"args":[{"name":"a","description":"","type":{"kind":"SCALAR","name":"Int"}}]})");
  json.replace(json.find(R"("queryType")"), 0, R"("description":"",)");
  EXPECT_EQ(convert(json), R"(""""""
schema {
  query: Query
}

""""""
directive @d(a: Int) on FIELD

type Query {
  a: Int
}

""""""
type T {
  """"""
  f(
    """"""
    x: Int

    """y"""
    y: Int
  ): Int

  """"""
  g: Int
}

""""""
enum E {
  A

  """"""
  B
}

""""""
input In {
  a: Int

  """"""
  b: Int
}

""""""
scalar S

""""""
union U = T)");
}

TEST(IntrospectionToSdl, DirectiveDeprecationIsDropped) {
  EXPECT_EQ(
      convert(with(
          "",
          R"({"name":"d","isDeprecated":true,"deprecationReason":"x","locations":["FIELD"],"args":[]})")),
      "directive @d on FIELD\n\ntype Query {\n  a: Int\n}");
}

// ---------------------------------------------------------------- errors

TEST(IntrospectionToSdlErrors, NotJson) {
  EXPECT_EQ(convert("type Query { a: Int }"),
            "ERROR: schema.json: not JSON: Problem while parsing an atom starting with the letter "
            "'t'");
  EXPECT_EQ(convert(R"({"__schema": {)").substr(0, 31), "ERROR: schema.json: not JSON: T");
  EXPECT_EQ(convert(""), "ERROR: schema.json: not JSON: Empty: no JSON found");
  EXPECT_EQ(convert("{\"__schema\": \"\xff\"}").substr(0, 31), "ERROR: schema.json: not JSON: T");
  // Nesting past simdjson's limit is an error too, not a stack overflow.
  std::string deep = R"({"__schema":)" + std::string(5000, '[') + std::string(5000, ']') + "}";
  EXPECT_EQ(convert(deep).substr(0, 29), "ERROR: schema.json: not JSON:");
}

TEST(IntrospectionToSdlErrors, NoSchema) {
  EXPECT_EQ(convert(R"({"data": {"types": []}})"),
            "ERROR: schema.json: no \"__schema\" object. " + std::string(kInvalid));
  EXPECT_EQ(convert(R"({"data": null, "errors": [{"message": "Not authorized."}]})"),
            "ERROR: schema.json: no \"__schema\" object. " + std::string(kInvalid) +
                " The response's first error: Not authorized.");
  EXPECT_EQ(convert("[1]"), "ERROR: schema.json: no \"__schema\" object. " + std::string(kInvalid));
  EXPECT_EQ(convert(R"({"data": {"__schema": 1}})"),
            "ERROR: schema.json: data.__schema: not an object. " + std::string(kInvalid));
  EXPECT_EQ(convert(R"({"__schema": {}})"), "ERROR: schema.json: __schema: no \"types\" list");
  EXPECT_EQ(convert(R"({"__schema": {"types": {}}})"),
            "ERROR: schema.json: __schema.types: not a list");
  // Without a file name the message starts with the path.
  EXPECT_EQ(convert(R"({"__schema": {}})", ""), "ERROR: __schema: no \"types\" list");
}

TEST(IntrospectionToSdlErrors, BadTypes) {
  EXPECT_EQ(convert(with(R"(1)")), "ERROR: schema.json: __schema.types[2]: not an object");
  EXPECT_EQ(convert(with(R"({"kind":"SCALAR"})")),
            "ERROR: schema.json: __schema.types[2]: a type without \"name\"");
  EXPECT_EQ(convert(with(R"({"kind":"ENUM","name":"A","enumValues":[]},{"name":"B"})")),
            "ERROR: schema.json: __schema.types[3]: a type without \"kind\"");
  EXPECT_EQ(convert(with(R"({"kind":"THING","name":"B"})")),
            "ERROR: schema.json: __schema.types[2].kind: unknown type kind \"THING\" (expected "
            "SCALAR, OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT)");
  EXPECT_EQ(convert(with(R"({"kind":7,"name":"B"})")),
            "ERROR: schema.json: __schema.types[2].kind: unknown type kind 7 (expected SCALAR, "
            "OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT)");
  EXPECT_EQ(convert(with(R"({"kind":"SCALAR","name":"1a"})")),
            "ERROR: schema.json: __schema.types[2].name: Names must start with [_a-zA-Z] but "
            "\"1a\" does not.");
  EXPECT_EQ(convert(with(R"({"kind":"SCALAR","name":"a b"})")),
            "ERROR: schema.json: __schema.types[2].name: Names must only contain [_a-zA-Z0-9] but "
            "\"a b\" does not.");
  EXPECT_EQ(convert(with(R"({"kind":"SCALAR","name":""})")),
            "ERROR: schema.json: __schema.types[2].name: Expected name to be a non-empty string.");
  EXPECT_EQ(
      convert(with(R"({"kind":"SCALAR","name":"Int"})")),
      "ERROR: schema.json: __schema.types[2]: a second type named \"Int\" (the first is [1])");
  EXPECT_EQ(convert(with(R"({"kind":"SCALAR","name":"S","description":5})")),
            "ERROR: schema.json: __schema.types[2].description: not a string");
}

TEST(IntrospectionToSdlErrors, MissingParts) {
  EXPECT_EQ(convert(with(R"({"kind":"OBJECT","name":"O","fields":[]})")),
            "ERROR: schema.json: __schema.types[2]: Introspection result missing interfaces.");
  EXPECT_EQ(convert(with(R"({"kind":"INTERFACE","name":"I","interfaces":[]})")),
            "ERROR: schema.json: __schema.types[2]: Introspection result missing fields.");
  EXPECT_EQ(convert(with(R"({"kind":"OBJECT","name":"O","fields":"a","interfaces":[]})")),
            "ERROR: schema.json: __schema.types[2].fields: not a list");
  EXPECT_EQ(convert(with(R"({"kind":"UNION","name":"U","possibleTypes":null})")),
            "ERROR: schema.json: __schema.types[2]: Introspection result missing possibleTypes.");
  EXPECT_EQ(convert(with(R"({"kind":"ENUM","name":"E"})")),
            "ERROR: schema.json: __schema.types[2]: Introspection result missing enumValues.");
  EXPECT_EQ(convert(with(R"({"kind":"INPUT_OBJECT","name":"In"})")),
            "ERROR: schema.json: __schema.types[2]: Introspection result missing inputFields.");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","type":{"kind":"SCALAR","name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0]: Introspection result missing field args.");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[]}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0]: a field without \"type\"");
  EXPECT_EQ(convert(with(R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"args":[]}]})")),
            "ERROR: schema.json: __schema.types[2].fields[0]: a field without \"name\"");
  EXPECT_EQ(
      convert(with(R"({"kind":"INPUT_OBJECT","name":"In","inputFields":[{"name":"x"}]})")),
      "ERROR: schema.json: __schema.types[2].inputFields[0]: an input field without \"type\"");
  EXPECT_EQ(convert(with("", R"({"name":"d","locations":["FIELD"]})")),
            "ERROR: schema.json: __schema.directives[0]: Introspection result missing directive "
            "args.");
  EXPECT_EQ(convert(with("", R"({"name":"d","args":[]})")),
            "ERROR: schema.json: __schema.directives[0]: Introspection result missing directive "
            "locations.");
  EXPECT_EQ(convert(with("", R"({"name":"d","args":[],"locations":["FIELD","NOWHERE"]})")),
            "ERROR: schema.json: __schema.directives[0].locations[1]: unknown directive location "
            "\"NOWHERE\"");
  EXPECT_EQ(convert(with("", R"({"name":"d","args":[],"locations":[]})")),
            "ERROR: schema.json: __schema.directives[0].locations: a directive without locations");
}

TEST(IntrospectionToSdlErrors, BadTypeReferences) {
  EXPECT_EQ(convert(with("", "", R"({"kind":"OBJECT","name":"Foo"})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: unknown type \"Foo\"" +
                std::string(kIncomplete));
  EXPECT_EQ(convert(with("", "", R"({"kind":"NON_NULL","name":null})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: a NON_NULL without \"ofType\" "
            "(Decorated type deeper than introspection query.)");
  EXPECT_EQ(convert(with("", "", R"({"kind":"NON_NULL","ofType":{"kind":"LIST","ofType":null}})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type.ofType: a LIST without "
            "\"ofType\" (Decorated type deeper than introspection query.)");
  EXPECT_EQ(convert(with("", "", R"({"kind":"SCALAR"})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: a type reference without "
            "\"name\" (Unknown type reference.)");
  EXPECT_EQ(convert(with("", "", R"("Int")")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: not an object");
  EXPECT_EQ(
      convert(with(
          "", "",
          R"({"kind":"LIST","ofType":{"kind":"NON_NULL","ofType":{"kind":"NON_NULL","ofType":{"name":"Int"}}}})")),
      "ERROR: schema.json: __schema.types[0].fields[0].type: Expected Int! to be a GraphQL "
      "nullable type.");
  EXPECT_EQ(convert(with(R"({"kind":"INPUT_OBJECT","name":"In","inputFields":[]})", "",
                         R"({"kind":"LIST","ofType":{"name":"In"}})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: Introspection must provide "
            "output type for fields, but received: [In].");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"INPUT_OBJECT","name":"In","inputFields":[{"name":"q","type":{"kind":"NON_NULL","ofType":{"name":"Query"}}}]})")),
      "ERROR: schema.json: __schema.types[2].inputFields[0].type: Introspection must provide "
      "input type for arguments, but received: Query!.");
  // A built-in scalar must be listed to be referred to, as in graphql-js.
  EXPECT_EQ(convert(with("", "", R"({"kind":"SCALAR","name":"String"})")),
            "ERROR: schema.json: __schema.types[0].fields[0].type: unknown type \"String\"" +
                std::string(kIncomplete));
}

TEST(IntrospectionToSdlErrors, WrongKindsOfTypes) {
  std::string json = with(R"({"kind":"ENUM","name":"E","enumValues":[{"name":"A"}]})");
  json.replace(json.find(R"({"name":"Query"})"), 16, R"({"name":"E"})");
  EXPECT_EQ(convert(json),
            "ERROR: schema.json: __schema.queryType: Expected E to be a GraphQL Object type.");
  EXPECT_EQ(convert(with(R"({"kind":"UNION","name":"U","possibleTypes":[{"name":"Int"}]})")),
            "ERROR: schema.json: __schema.types[2].possibleTypes[0]: Expected Int to be a GraphQL "
            "Object type.");
  EXPECT_EQ(
      convert(with(R"({"kind":"OBJECT","name":"O","fields":[],"interfaces":[{"name":"Query"}]})")),
      "ERROR: schema.json: __schema.types[2].interfaces[0]: Expected Query to be a GraphQL "
      "Interface type.");
  EXPECT_EQ(convert(with(R"({"kind":"UNION","name":"U","possibleTypes":[{"name":"Nope"}]})")),
            "ERROR: schema.json: __schema.types[2].possibleTypes[0]: unknown type \"Nope\"" +
                std::string(kIncomplete));
}

TEST(IntrospectionToSdlErrors, NamesAndValues) {
  EXPECT_EQ(convert(with(R"({"kind":"ENUM","name":"E","enumValues":[{"name":"true"}]})")),
            "ERROR: schema.json: __schema.types[2].enumValues[0].name: Enum values cannot be "
            "named: true");
  EXPECT_EQ(convert(with(R"({"kind":"ENUM","name":"E","enumValues":[{"name":"A"},{"name":"A"}]})")),
            "ERROR: schema.json: __schema.types[2].enumValues[1]: a second enum value named \"A\" "
            "(the first is [0])");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[],"type":{"name":"Int"}},{"name":"g","args":[],"type":{"name":"Int"}},{"name":"f","args":[],"type":{"name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[2]: a second field named \"f\" (the first is "
      "[0])");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[{"name":"x","type":{"name":"Int"}},{"name":"x","type":{"name":"Int"}}],"type":{"name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0].args[1]: a second argument named \"x\" (the "
      "first is [0])");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[{"name":"x","type":{"name":"Int"},"defaultValue":"{"}],"type":{"name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0].args[0].defaultValue: cannot parse \"{\" "
      "as a GraphQL value (Syntax Error: Expected Name, found \")\".)");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[{"name":"x","type":{"name":"Int"},"defaultValue":"1) b(y: 2"}],"type":{"name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0].args[0].defaultValue: cannot parse \"1) "
      "b(y: 2\" as a GraphQL value");
  EXPECT_EQ(
      convert(with(
          R"({"kind":"OBJECT","name":"O","interfaces":[],"fields":[{"name":"f","args":[{"name":"x","type":{"name":"Int"},"defaultValue":3}],"type":{"name":"Int"}}]})")),
      "ERROR: schema.json: __schema.types[2].fields[0].args[0].defaultValue: not a string");
  EXPECT_EQ(
      convert(with(R"({"kind":"INPUT_OBJECT","name":"In","isOneOf":"yes","inputFields":[]})")),
      "ERROR: schema.json: __schema.types[2].isOneOf: not a boolean");
  EXPECT_EQ(
      convert(with(
          "",
          R"({"name":"d","args":[],"locations":["FIELD"]},{"name":"d","args":[],"locations":["FIELD"]})")),
      "ERROR: schema.json: __schema.directives[1]: a second directive named \"d\" (the first "
      "is [0])");
}

// Every prefix and many single-byte edits of a real introspection result give
// an SDL or an error, never a crash.
TEST(IntrospectionToSdlErrors, DamagedInputNeverCrashes) {
  auto s = testing::must_build(testing::read_text(testing::kRichSchemaPath), "rich");
  ASSERT_TRUE(s);
  const std::string json = schema_to_introspection_json(*s);
  size_t errors = 0, total = 0;
  for (size_t cut = 0; cut < json.size(); cut += 97) {
    errors += introspection_to_sdl(std::string_view(json).substr(0, cut), "x").ok() ? 0 : 1;
    ++total;
  }
  for (size_t at = 0; at < json.size(); at += 89) {
    for (char c : {'"', '}', '0'}) {
      std::string damaged = json;
      damaged[at] = c;
      auto r = introspection_to_sdl(damaged, "x");
      if (r.ok()) (void)schema::Schema::build(*r);  // and the SDL builds or fails cleanly
      ++total;
    }
  }
  EXPECT_EQ(errors, (json.size() + 96) / 97);  // a truncated JSON is never accepted
  EXPECT_GT(total, 1500u);
}

}  // namespace
}  // namespace gqleval::introspection
