// parse(print(doc)) is structurally equal to doc, and printing is a fixed
// point: print(parse(print(doc))) == print(doc).
#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/ast_equal.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::graphql {
namespace {

const char* const kDocuments[] = {
    "{ a }",
    "query { a }",
    "query Q($a: Int = 1 @d, $b: [String!]! = [\"x\"], $c: In = {x: 1, y: [ONE, TWO]}) @dir(x: "
    "$a) { a }",
    "{ alias: field(a: 1, b: 1.5e3, c: \"s\\n\\u0001\\\"\", d: true, e: false, f: null, g: ENUM, "
    "h: [1, [2]], i: {j: {k: $v}}, l: [], m: {}) @skip(if: $x) @other { leaf } plain }",
    "{ ...F @d ... on T @e { a } ... @include(if: $x) { b } ... { c } } fragment F on T @f { d }",
    "{ a { b(x: \"\"\"line1\n  line2\n\n  line3\"\"\", y: \"\"\" lead\"\"\") { c } } }",
    "{ a(x: \"\"\"say \"hi\"\n\"\"\", z: \"\"\"slash\\\\\n\"\"\", w: \"\"\"has \\\"\"\" "
    "inside\"\"\") }",
    "{ a(x: \"\\u00E9\\uD83D\\uDE00 \\u0085 \\u007F\") }",
    "mutation M { a } subscription S { b }",
    "\"\"\"The schema\"\"\" schema @d { query: Q mutation: M subscription: S } extend schema @e",
    "\"s\" scalar Date @specifiedBy(url: \"u\") extend scalar Date @d",
    "\"\"\"\nA type\n\n  indented\n\"\"\"\ntype T implements & A & B @key(fields: \"id\") {\n"
    "  \"the id\" id: ID!\n  f(a: Int = 1 @d, b: [In!]): [T] @deprecated(reason: \"no\")\n"
    "  g(\"arg\" a: Int, \"\"\"other\nline\"\"\" b: Int): Int\n}\ntype Empty\n"
    "extend type T implements C @d { h: Int }",
    "interface Node implements Entity & Other @d { id: ID! } extend interface Node { x: Int }",
    "union U @d = | A | B union V = C union W extend union U = D",
    "enum E { \"red\" RED @d GREEN \"\"\"blue\nish\"\"\" BLUE } enum F extend enum E { X }",
    "input I { a: Int = 1 @d, \"b\" b: [I!] = [{a: 2}] } extend input I @d",
    "\"d\" directive @cache(ttl: Int = 60, \"x\" y: [S]) repeatable on | FIELD | QUERY "
    "directive @plain on FIELD_DEFINITION",
    "type T { f(a: String = \"\"\"x\ny\"\"\"): Int }",
    "\"\"\"op\n  doc\"\"\" query Q(\"v\" $v: Int = 1 @d, \"\"\"w\nx\"\"\" $w: String = "
    "\"\"\"a\nb\"\"\") { ...F } \"\" fragment F on T { a } \"m\" mutation { b }",
    "directive @d on FIELD | DIRECTIVE_DEFINITION",
};

TEST(RoundTrip, ParsePrintParseIsStructurallyEqual) {
  for (const char* source : kDocuments) {
    SCOPED_TRACE(source);
    Arena arena;
    auto first = parse(source, arena);
    ASSERT_TRUE(first.ok()) << first.error().message;
    const std::string printed = print(**first);
    auto second = parse(printed, arena);
    ASSERT_TRUE(second.ok()) << second.error().message << "\n" << printed;
    EXPECT_EQ(first_difference(**first, **second), std::nullopt) << printed;
    EXPECT_EQ(print(**second), printed);
  }
}

}  // namespace
}  // namespace gqleval::graphql
