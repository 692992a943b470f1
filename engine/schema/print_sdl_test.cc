// print_sdl(): graphql-js printSchema() output, byte for byte. The expected
// texts below were printed by graphql-js 16.15.0 (printSchema(buildSchema(sdl)))
// from the same input (16.13.2 printed them identically); the dialect case was
// checked the other way round (graphql-js builds the printed text and prints it
// back unchanged).
#include <string>

#include <gtest/gtest.h>

#include "engine/schema/internal/default_value.h"
#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

using testing::must_build;

// Descriptions (block and plain strings), a schema definition with non-default
// root names, a repeatable custom directive with a described argument,
// @specifiedBy, @oneOf, interfaces implementing interfaces, unions, enums with
// deprecations, defaults of every kind, and one extension of each kind.
constexpr std::string_view kRichSdl = R"sdl("""The schema"""
schema { query: Root mutation: Mut }

"A directive"
directive @cached(ttl: Int = 60, "scope doc" scope: Scope = PUBLIC) repeatable
  on FIELD_DEFINITION | OBJECT

scalar Url @specifiedBy(url: "https://example.com/url")

"""
Multi-line
  description with indent
"""
type Root implements Node & Named @cached {
  id: ID!
  name(upper: Boolean = false): String @deprecated
  "Search things"
  search(
    "the text"
    text: String!
    limit: Int = 10
    filter: Filter = {tags: ["a"], min: 1.50}
    ids: [ID] = "7"
    mode: Mode = FAST
    ratio: Float = 2
    big: Float = 1e21
    tiny: Float = 0.0000001
    j: JSON = "raw"
  ): [Result!]! @deprecated(reason: "use find")
  node(id: ID!): Node
  media: Media
}

type Mut { doIt(input: DoInput!): Boolean }

input DoInput @oneOf { a: Int b: String }

interface Node { id: ID! }
interface Named implements Node { id: ID! name(upper: Boolean = false): String }

"A union"
union Result = Root | Book

union Media = Book

type Book implements Node { id: ID! title: String tags: [String!] }

enum Mode {
  "fast mode"
  FAST
  SLOW @deprecated(reason: "too slow")
  MEDIUM @deprecated
}

enum Scope { PUBLIC PRIVATE }

input Filter {
  tags: [String!] = []
  min: Float
  max: Float = 100
  "quote \" and \\ backslash"
  q: String = "he said \"hi\"\n"
}

scalar JSON

extend type Book { author: String }
extend enum Scope { INTERNAL }
extend union Media = Root
extend input Filter { extra: Int }
)sdl";

constexpr std::string_view kRichPrinted = R"sdl("""The schema"""
schema {
  query: Root
  mutation: Mut
}

"""A directive"""
directive @cached(
  ttl: Int = 60

  """scope doc"""
  scope: Scope = PUBLIC
) repeatable on FIELD_DEFINITION | OBJECT

scalar Url @specifiedBy(url: "https://example.com/url")

"""
Multi-line
  description with indent
"""
type Root implements Node & Named {
  id: ID!
  name(upper: Boolean = false): String @deprecated

  """Search things"""
  search(
    """the text"""
    text: String!
    limit: Int = 10
    filter: Filter = {tags: ["a"], min: 1.5, max: 100, q: "he said \"hi\"\n"}
    ids: [ID] = [7]
    mode: Mode = FAST
    ratio: Float = 2
    big: Float = 1e+21
    tiny: Float = 1e-7
    j: JSON = "raw"
  ): [Result!]! @deprecated(reason: "use find")
  node(id: ID!): Node
  media: Media
}

type Mut {
  doIt(input: DoInput!): Boolean
}

input DoInput @oneOf {
  a: Int
  b: String
}

interface Node {
  id: ID!
}

interface Named implements Node {
  id: ID!
  name(upper: Boolean = false): String
}

"""A union"""
union Result = Root | Book

union Media = Book | Root

type Book implements Node {
  id: ID!
  title: String
  tags: [String!]
  author: String
}

enum Mode {
  """fast mode"""
  FAST
  SLOW @deprecated(reason: "too slow")
  MEDIUM @deprecated
}

enum Scope {
  PUBLIC
  PRIVATE
  INTERNAL
}

input Filter {
  tags: [String!] = []
  min: Float
  max: Float = 100

  """quote " and \ backslash"""
  q: String = "he said \"hi\"\n"
  extra: Int
}

scalar JSON)sdl";

TEST(PrintSdlTest, PrintsLikeGraphqlJsPrintSchema) {
  auto s = must_build(kRichSdl);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), kRichPrinted);
}

TEST(PrintSdlTest, ReprintingIsStable) {
  auto s = must_build(kRichPrinted);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), kRichPrinted);
}

// graphql-js coerces defaults against their type and prints the result: a
// default that does not coerce disappears.
constexpr std::string_view kDefaultsSdl = R"sdl(type Query {
  f(
    a: Int = "bad"
    b: [Int] = 3
    c: ID = "12"
    d: ID = "ab"
    e: Float = 1.0
    g: E = B
    h: In = {b: 1
    z: 2}
    i: In = {a: "x"}
    j: [[Int]] = [[1], 2]
    k: String = null
    l: Int! = null
    m: Float = 123456789012345678901234
    n: Float = 0.000001
    o: Float = -2.5e-7
    p: Boolean = true
    q: E = "B"
    r: Custom = C
    s: Custom = 3.0
    t: Int = 2147483648
  ): Int
}
enum E { A B }
input In { a: String = "dflt" b: Int! c: [In] }
scalar Custom
)sdl";

constexpr std::string_view kDefaultsPrinted =
    "type Query {\n"
    "  f(a: Int, b: [Int] = [3], c: ID = 12, d: ID = \"ab\", e: Float = 1, g: E = B, "
    "h: In = {a: \"dflt\", b: 1}, i: In, j: [[Int]] = [[1], [2]], k: String = null, l: Int!, "
    "m: Float = 1.2345678901234569e+23, n: Float = 0.000001, o: Float = -2.5e-7, "
    "p: Boolean = true, q: E, r: Custom = \"C\", s: Custom = 3, t: Int): Int\n"
    "}\n"
    "\n"
    "enum E {\n"
    "  A\n"
    "  B\n"
    "}\n"
    "\n"
    "input In {\n"
    "  a: String = \"dflt\"\n"
    "  b: Int!\n"
    "  c: [In]\n"
    "}\n"
    "\n"
    "scalar Custom";

TEST(PrintSdlTest, DefaultValuesAsGraphqlJsCoercesThem) {
  auto s = must_build(kDefaultsSdl);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), kDefaultsPrinted);
}

TEST(PrintSdlTest, DialectFixesAreAppliedAndServerDirectivesDropped) {
  auto s = must_build(
      "interface Named { name: String }\n"
      "type City implements Named @dbquery(type: \"x\") { id: Int! created: DateTime }\n"
      "type Query { city(id: Int!): City @rest(endpoint: \"e\") }\n"
      "type Query { cities: [City] }\n"
      "type City implements Named @dbquery(type: \"x\") { id: Int! created: DateTime }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->warnings().size(), 7u);  // StepZen's @sort declared, and not printed
  EXPECT_NE(s->directive_named("sort"), nullptr);
  EXPECT_EQ(s->print_sdl(),
            "scalar DateTime\n"
            "\n"
            "interface Named {\n"
            "  name: String\n"
            "}\n"
            "\n"
            "type City implements Named {\n"
            "  id: Int!\n"
            "  created: DateTime\n"
            "  name: String\n"
            "}\n"
            "\n"
            "type Query {\n"
            "  city(id: Int!): City\n"
            "  cities: [City]\n"
            "}");
}

// graphql-js 16.14+ knows the DIRECTIVE_DEFINITION location; 16.15.0 prints this.
TEST(PrintSdlTest, DirectiveDefinitionLocation) {
  auto s = must_build(
      "directive @d on DIRECTIVE_DEFINITION | FIELD\n"
      "type Query { a: Int @deprecated(reason: \"x\") }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(),
            "directive @d on DIRECTIVE_DEFINITION | FIELD\n\ntype Query {\n  a: Int "
            "@deprecated(reason: \"x\")\n}");
}

TEST(PrintSdlTest, DefaultRootNamesNeedNoSchemaDefinition) {
  auto s = must_build("schema { query: Query }\ntype Query { a: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), "type Query {\n  a: Int\n}");
}

TEST(PrintSdlTest, KeepsTheSchemaDefinitionWhenADefaultNameIsNotARoot) {
  // graphql-js 16 would leave the definition out, and re-reading its output would
  // make the input type Mutation the mutation root. The spec says to keep it.
  auto s = must_build("schema { query: Query }\ntype Query { a: Int }\ninput Mutation { a: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(
      s->print_sdl(),
      "schema {\n  query: Query\n}\n\ntype Query {\n  a: Int\n}\n\ninput Mutation {\n  a: Int\n}");
  auto again = Schema::build(s->print_sdl(), BuildOptions{.strict = true});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)->mutation_type(), kNone);
}

TEST(PrintSdlTest, DescriptionsThatCannotBeBlockStrings) {
  auto s = must_build(
      "type Query {\n"
      "  \"  leading spaces\" a: Int\n"
      "  \"tab\\there\" b: Int\n"
      "  \"ends with quote\\\"\" c: Int\n"
      "  \"\\nstarts with newline\" d: Int\n"
      "}");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(),
            "type Query {\n"
            "  \"\"\"  leading spaces\"\"\"\n"
            "  a: Int\n"
            "\n"
            "  \"\"\"tab\there\"\"\"\n"
            "  b: Int\n"
            "\n"
            "  \"\"\"\n"
            "  ends with quote\"\n"
            "  \"\"\"\n"
            "  c: Int\n"
            "\n"
            "  \"\\nstarts with newline\"\n"
            "  d: Int\n"
            "}");
}

// An empty block string `""""""` is a description (GitLab's public schema has
// them): graphql-js 16.15.0 printSchema(buildSchema(kEmptyDescriptionsSdl))
// prints kEmptyDescriptionsPrinted, `""""""` wherever one was written, except
// for the arguments of @d: none has a non-empty description, so printArgs puts
// them on one line without descriptions.
constexpr std::string_view kEmptyDescriptionsSdl = R"sdl(""""""
schema { query: Query }

""""""
directive @d(""""""
a: Int, b: Int) on FIELD_DEFINITION

""""""
type Query implements Node {
  """"""
  id: ID!
  f(""""""
  x: Int, "y" y: Int): E
  g(x: In): U
}

""""""
interface Node {
  """"""
  id: ID!
}

""""""
union U = Query

""""""
scalar S

""""""
enum E {
  A
  """"""
  B
}

""""""
input In {
  a: S
  """"""
  b: Int
}
)sdl";

constexpr std::string_view kEmptyDescriptionsPrinted = R"sdl(""""""
schema {
  query: Query
}

""""""
directive @d(a: Int, b: Int) on FIELD_DEFINITION

""""""
type Query implements Node {
  """"""
  id: ID!
  f(
    """"""
    x: Int

    """y"""
    y: Int
  ): E
  g(x: In): U
}

""""""
interface Node {
  """"""
  id: ID!
}

""""""
union U = Query

""""""
scalar S

""""""
enum E {
  A

  """"""
  B
}

""""""
input In {
  a: S

  """"""
  b: Int
})sdl";

TEST(PrintSdlTest, EmptyDescriptionsPrintAsGraphqlJsPrintsThem) {
  auto s = must_build(kEmptyDescriptionsSdl);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->print_sdl(), kEmptyDescriptionsPrinted);
  // The model keeps "none" and "empty" apart.
  EXPECT_EQ(s->description(), std::string_view());
  EXPECT_EQ(s->type_named("Query")->description, std::string_view());
  EXPECT_EQ(s->type_named("In")->input_fields[0].description, std::nullopt);
  EXPECT_EQ(s->type_named("In")->input_fields[1].description, std::string_view());
  // An empty schema description keeps `schema {}` even with the default root
  // names (graphql-js tests `description == null`), and printing is stable.
  auto reprinted = must_build(kEmptyDescriptionsPrinted);
  ASSERT_TRUE(reprinted);
  EXPECT_EQ(reprinted->print_sdl(), kEmptyDescriptionsPrinted);
}

TEST(PrintSdlTest, JavaScriptNumberFormatting) {
  EXPECT_EQ(js_number_string(0), "0");
  EXPECT_EQ(js_number_string(-0.0), "0");
  EXPECT_EQ(js_number_string(1), "1");
  EXPECT_EQ(js_number_string(1.5), "1.5");
  EXPECT_EQ(js_number_string(-2.25), "-2.25");
  EXPECT_EQ(js_number_string(100), "100");
  EXPECT_EQ(js_number_string(0.1), "0.1");
  EXPECT_EQ(js_number_string(0.000001), "0.000001");
  EXPECT_EQ(js_number_string(0.0000001), "1e-7");
  EXPECT_EQ(js_number_string(1.5e-10), "1.5e-10");
  EXPECT_EQ(js_number_string(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(js_number_string(1e21), "1e+21");
  EXPECT_EQ(js_number_string(1.2345678901234569e+23), "1.2345678901234569e+23");
  EXPECT_EQ(js_number_string(2147483647), "2147483647");
}

}  // namespace
}  // namespace gqleval::schema
