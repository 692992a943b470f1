#include "engine/graphql/printer.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace gqleval::graphql {
namespace {

struct PrintCase {
  std::string_view source;
  std::string_view printed;
};

// Golden outputs of graphql-js 16.15.0 (node: print(parse(source))), one case
// per construct: the shorthand rule, every value kind and string escape,
// argument wrapping at 80 UTF-16 code units (just under and just over, with
// ASCII and with astral characters), block strings nested in indented code,
// descriptions (executable definitions' too), and every type-system definition
// and extension.
const PrintCase kCases[] = {
    {"{ a }",
     "{\n"
     "  a\n"
     "}"},
    {"query { a }",
     "{\n"
     "  a\n"
     "}"},
    {"query Q { a }",
     "query Q {\n"
     "  a\n"
     "}"},
    {"query ($a: Int) { a }",
     "query ($a: Int) {\n"
     "  a\n"
     "}"},
    {"query @d { a }",
     "query @d {\n"
     "  a\n"
     "}"},
    {"mutation { a }",
     "mutation {\n"
     "  a\n"
     "}"},
    {"subscription S { a }",
     "subscription S {\n"
     "  a\n"
     "}"},
    {"query Q($a: Int = 1 @d, $b: [String!]! = [\"x\"], $c: In = {x: 1, y: [ONE, TWO]}) @dir(x: "
     "$a) { a }",
     "query Q($a: Int = 1 @d, $b: [String!]! = [\"x\"], $c: In = {x: 1, y: [ONE, TWO]}) @dir(x: "
     "$a) {\n"
     "  a\n"
     "}"},
    {"{ alias: field(a: 1, b: 1.5e3, c: \"s\", d: true, e: false, f: null, g: ENUM, h: [1, [2]], "
     "i: {j: {k: $v}}, l: [], m: {}) @skip(if: $x) @other { leaf } plain }",
     "{\n"
     "  alias: field(\n"
     "    a: 1\n"
     "    b: 1.5e3\n"
     "    c: \"s\"\n"
     "    d: true\n"
     "    e: false\n"
     "    f: null\n"
     "    g: ENUM\n"
     "    h: [1, [2]]\n"
     "    i: {j: {k: $v}}\n"
     "    l: []\n"
     "    m: {}\n"
     "  ) @skip(if: $x) @other {\n"
     "    leaf\n"
     "  }\n"
     "  plain\n"
     "}"},
    {"{ ...F @d ... on T @e { a } ... @include(if: $x) { b } ... { c } }\n"
     "fragment F on T @f { d }\n"
     "fragment G on T { e }",
     "{\n"
     "  ...F @d\n"
     "  ... on T @e {\n"
     "    a\n"
     "  }\n"
     "  ... @include(if: $x) {\n"
     "    b\n"
     "  }\n"
     "  ... {\n"
     "    c\n"
     "  }\n"
     "}\n"
     "\n"
     "fragment F on T @f {\n"
     "  d\n"
     "}\n"
     "\n"
     "fragment G on T {\n"
     "  e\n"
     "}"},
    {"{ f(a: 1, b: \"a very long string value that will push this line way over eighty columns\") "
     "@d { x } }",
     "{\n"
     "  f(\n"
     "    a: 1\n"
     "    b: \"a very long string value that will push this line way over eighty columns\"\n"
     "  ) @d {\n"
     "    x\n"
     "  }\n"
     "}"},
    {"{ a { b { c(arg: \"x\", other: \"y\", third: \"a long string value that is pretty long\") { "
     "d } } } }",
     "{\n"
     "  a {\n"
     "    b {\n"
     "      c(arg: \"x\", other: \"y\", third: \"a long string value that is pretty long\") {\n"
     "        d\n"
     "      }\n"
     "    }\n"
     "  }\n"
     "}"},
    {"{ f(first: \"123456789012345678901234567890123456\", second: \"12345678901234567890\") }",
     "{\n"
     "  f(first: \"123456789012345678901234567890123456\", second: \"12345678901234567890\")\n"
     "}"},
    {"{ f(first: \"123456789012345678901234567890123456\", second: \"123456789012345678901\") }",
     "{\n"
     "  f(\n"
     "    first: \"123456789012345678901234567890123456\"\n"
     "    second: \"123456789012345678901\"\n"
     "  )\n"
     "}"},
    {"{ f(first: "
     "\"\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600"
     "\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\","
     " second: \"12345678901234567890\") }",
     "{\n"
     "  f(first: "
     "\"\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600"
     "\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\","
     " second: \"12345678901234567890\")\n"
     "}"},
    {"{ f(first: "
     "\"\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600"
     "\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\","
     " second: \"123456789012345678901\") }",
     "{\n"
     "  f(\n"
     "    first: "
     "\"\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600"
     "\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\""
     "\n"
     "    second: \"123456789012345678901\"\n"
     "  )\n"
     "}"},
    {"{ a(x: \"\"\"line1\n"
     "line2\"\"\") }",
     "{\n"
     "  a(x: \"\"\"\n"
     "  line1\n"
     "  line2\n"
     "  \"\"\")\n"
     "}"},
    {"{ a { b(x: \"\"\"line1\n"
     "  line2\n"
     "\n"
     "  line3\"\"\") } }",
     "{\n"
     "  a {\n"
     "    b(x: \"\"\"\n"
     "    line1\n"
     "    line2\n"
     "    \n"
     "    line3\n"
     "    \"\"\")\n"
     "  }\n"
     "}"},
    {"{ a(x: \"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0001 \\u001F \\u007F \\u0080 \\u009F \\u00A0 "
     "\u00E9 \\uD83D\\uDE00\") }",
     "{\n"
     "  a(x: \"\\\" \\\\ / \\b \\f \\n \\r \\t \\u0001 \\u001F \\u007F \\u0080 \\u009F \u00A0 "
     "\u00E9 \U0001F600\")\n"
     "}"},
    {"{ a(x: \"\"\" leading space\"\"\", y: \"\"\"say \"hi\"\n"
     "\"\"\", z: \"\"\"slash\\\\\n"
     "\"\"\", w: \"\"\"has \\\"\"\" inside\"\"\") }",
     "{\n"
     "  a(\n"
     "    x: \"\"\" leading space\"\"\"\n"
     "    y: \"\"\"\n"
     "    say \"hi\"\n"
     "    \"\"\"\n"
     "    z: \"\"\"\n"
     "    slash\\\\\n"
     "    \"\"\"\n"
     "    w: \"\"\"has \\\"\"\" inside\"\"\"\n"
     "  )\n"
     "}"},
    {"{ a(x: \"\"\"\"\"\", y: \"\"\"\n"
     "    indented first\n"
     "  second\"\"\") }",
     "{\n"
     "  a(x: \"\"\"\"\"\", y: \"\"\"\n"
     "    indented first\n"
     "  second\n"
     "  \"\"\")\n"
     "}"},
    {"\"\"\"The schema\"\"\"\n"
     "schema @d { query: Q mutation: M subscription: S }\n"
     "extend schema @e\n"
     "extend schema { query: Q2 }",
     "\"\"\"The schema\"\"\"\n"
     "schema @d {\n"
     "  query: Q\n"
     "  mutation: M\n"
     "  subscription: S\n"
     "}\n"
     "\n"
     "extend schema @e\n"
     "\n"
     "extend schema {\n"
     "  query: Q2\n"
     "}"},
    {"\"s\" scalar Date @specifiedBy(url: \"u\")\n"
     "extend scalar Date @d",
     "\"s\"\n"
     "scalar Date @specifiedBy(url: \"u\")\n"
     "\n"
     "extend scalar Date @d"},
    {"\"\"\"\n"
     "A type\n"
     "with lines\n"
     "\"\"\"\n"
     "type T implements & A & B @key(fields: \"id\") {\n"
     "  \"the id\" id: ID!\n"
     "  f(a: Int = 1 @d, b: [In!]): [T] @deprecated(reason: \"no\")\n"
     "  g(\"arg\" a: Int, \"\"\"other\n"
     "line\"\"\" b: Int): Int\n"
     "}\n"
     "type Empty\n"
     "extend type T implements C @d { h: Int }",
     "\"\"\"\n"
     "A type\n"
     "with lines\n"
     "\"\"\"\n"
     "type T implements A & B @key(fields: \"id\") {\n"
     "  \"the id\"\n"
     "  id: ID!\n"
     "  f(a: Int = 1 @d, b: [In!]): [T] @deprecated(reason: \"no\")\n"
     "  g(\n"
     "    \"arg\"\n"
     "    a: Int\n"
     "    \"\"\"\n"
     "    other\n"
     "    line\n"
     "    \"\"\"\n"
     "    b: Int\n"
     "  ): Int\n"
     "}\n"
     "\n"
     "type Empty\n"
     "\n"
     "extend type T implements C @d {\n"
     "  h: Int\n"
     "}"},
    {"interface Node implements Entity & Other @d { id: ID! }\n"
     "extend interface Node { x: Int }",
     "interface Node implements Entity & Other @d {\n"
     "  id: ID!\n"
     "}\n"
     "\n"
     "extend interface Node {\n"
     "  x: Int\n"
     "}"},
    {"union U @d = | A | B\n"
     "union V = C\n"
     "union W\n"
     "extend union U = D",
     "union U @d = A | B\n"
     "\n"
     "union V = C\n"
     "\n"
     "union W\n"
     "\n"
     "extend union U = D"},
    {"enum E { \"red\" RED @d GREEN \"\"\"blue\n"
     "ish\"\"\" BLUE }\n"
     "enum F\n"
     "extend enum E { X }",
     "enum E {\n"
     "  \"red\"\n"
     "  RED @d\n"
     "  GREEN\n"
     "  \"\"\"\n"
     "  blue\n"
     "  ish\n"
     "  \"\"\"\n"
     "  BLUE\n"
     "}\n"
     "\n"
     "enum F\n"
     "\n"
     "extend enum E {\n"
     "  X\n"
     "}"},
    {"input I { a: Int = 1 @d, \"b\" b: [I!] = [{a: 2}] }\n"
     "extend input I @d",
     "input I {\n"
     "  a: Int = 1 @d\n"
     "  \"b\"\n"
     "  b: [I!] = [{a: 2}]\n"
     "}\n"
     "\n"
     "extend input I @d"},
    {"\"d\" directive @cache(ttl: Int = 60, \"x\" y: [S]) repeatable on | FIELD | QUERY\n"
     "directive @plain on FIELD_DEFINITION\n"
     "directive @args(a: Int) on FIELD",
     "\"d\"\n"
     "directive @cache(\n"
     "  ttl: Int = 60\n"
     "  \"x\"\n"
     "  y: [S]\n"
     ") repeatable on FIELD | QUERY\n"
     "\n"
     "directive @plain on FIELD_DEFINITION\n"
     "\n"
     "directive @args(a: Int) on FIELD"},
    // graphql-js 16.15: descriptions on operations, fragments and variable
    // definitions; variable definitions one per line, not indented, once one
    // of them spans lines; the DIRECTIVE_DEFINITION location.
    {"\"d\" query { a }",
     "\"d\"\n"
     "query {\n"
     "  a\n"
     "}"},
    {"\"\"\"Lists the\n"
     "  orders.\"\"\" query Orders($first: Int = 10) @live { a }",
     "\"\"\"\n"
     "Lists the\n"
     "orders.\n"
     "\"\"\"\n"
     "query Orders($first: Int = 10) @live {\n"
     "  a\n"
     "}"},
    {"\"\" mutation M { a }",
     "\"\"\n"
     "mutation M {\n"
     "  a\n"
     "}"},
    {"\"d\" fragment F on T @d { a }",
     "\"d\"\n"
     "fragment F on T @d {\n"
     "  a\n"
     "}"},
    {"query Q(\"first\" $a: Int, $b: [String!]! = [\"x\"] @d) { a }",
     "query Q(\n"
     "\"first\"\n"
     "$a: Int\n"
     "$b: [String!]! = [\"x\"] @d\n"
     ") {\n"
     "  a\n"
     "}"},
    {"query (\"\"\"block\"\"\" $a: Int) { a }",
     "query (\n"
     "\"\"\"block\"\"\"\n"
     "$a: Int\n"
     ") {\n"
     "  a\n"
     "}"},
    {"query Q($a: String = \"\"\"two\n"
     "lines\"\"\") { a }",
     "query Q(\n"
     "$a: String = \"\"\"\n"
     "two\n"
     "lines\n"
     "\"\"\"\n"
     ") {\n"
     "  a\n"
     "}"},
    {"query Q($a: String = \"\"\"one line\"\"\", $b: Int) { a }",
     "query Q($a: String = \"\"\"one line\"\"\", $b: Int) {\n"
     "  a\n"
     "}"},
    {"{ a }\n"
     "\"d\" subscription S { a }",
     "{\n"
     "  a\n"
     "}\n"
     "\n"
     "\"d\"\n"
     "subscription S {\n"
     "  a\n"
     "}"},
    {"directive @d on FIELD | DIRECTIVE_DEFINITION",
     "directive @d on FIELD | DIRECTIVE_DEFINITION"},
};

TEST(Printer, MatchesGraphqlJs) {
  for (const PrintCase& c : kCases) {
    SCOPED_TRACE(std::string(c.source));
    Arena arena;
    auto doc = parse(c.source, arena);
    ASSERT_TRUE(doc.ok()) << doc.error().message;
    EXPECT_EQ(print(**doc), c.printed);
  }
}

TEST(Printer, ValuesTypesAndSelectionSets) {
  Arena arena;
  auto doc = parse("query ($v: [Int!]! = [1]) { a(x: {b: [1, \"s\", $v, ENUM]}) { c } }", arena);
  ASSERT_TRUE(doc.ok());
  const auto& op = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
  EXPECT_EQ(print(*op.variables[0]->type), "[Int!]!");
  EXPECT_EQ(print(*op.variables[0]->default_value), "[1]");
  const auto& field = ast::as<ast::Field>(*op.selection_set->selections[0]);
  EXPECT_EQ(print(*field.arguments[0]->value), "{b: [1, \"s\", $v, ENUM]}");
  EXPECT_EQ(print(*field.selection_set), "{\n  c\n}");
  EXPECT_EQ(print(*op.selection_set), "{\n  a(x: {b: [1, \"s\", $v, ENUM]}) {\n    c\n  }\n}");
}

TEST(Printer, PrintString) {
  EXPECT_EQ(print_string(""), "\"\"");
  EXPECT_EQ(print_string("a\"b\\c\n\x01\x7F"), "\"a\\\"b\\\\c\\n\\u0001\\u007F\"");
  EXPECT_EQ(print_string("\xC2\x85 \u00E9"), "\"\\u0085 \u00E9\"");
}

}  // namespace
}  // namespace gqleval::graphql
