// The value and argument rules of validate-values, each run alone
// (options.rules): NoUndefinedVariables, NoUnusedVariables, UniqueVariableNames,
// VariablesAreInputTypes, UniqueArgumentNames, UniqueInputFieldNames,
// KnownArgumentNames, ProvidedRequiredArguments, ValuesOfCorrectType and
// VariablesInAllowedPosition.
//
// The expected diagnostics of the table were produced by graphql-js 16.15.0
// itself (validate(schema, parse(query), [<Rule>Rule], {hideSuggestions})) on
// kSchema: every message form of every rule, with line:column, in graphql-js's
// order; also documents that carry type-system definitions (whose directives
// and literals graphql-js checks too) and a directive definition that
// overrides the schema's. Then literal_coercion on its own, and the real NL2GQL rows whose
// ground truth passes the String "22" to an Int argument.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/literal_coercion.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kSchema = R"gql(
directive @dir(req: Int!, opt: String = "x", color: Color) on FIELD | FRAGMENT_SPREAD
scalar JSON
enum Color { RED GREEN BLUE }
input Point { x: Int!, y: Int = 0, label: String, tags: [String!], nested: Point }
input Pick @oneOf { a: Int, b: String, p: Point }
interface Node { id: ID! }
type Query {
  f(i: Int, fl: Float, s: String, b: Boolean, id: ID, c: Color, j: JSON): String
  nn(i: Int!, l: [Int!]!, p: Point!, o: Pick!): String
  opt(o: Pick, p: Point, l: [[Int]], il: [Int]): String
  g(req: Int!, def: Int! = 3, nul: Int! = null): String
  node(id: ID!): Node
  obj: Obj
}
type Obj implements Node { id: ID!, h(x: Int, xs: [Int!]): String, k(first: Int!): Obj }
)gql";

struct Case {
  std::string_view rule;
  bool hide_suggestions;
  std::string_view query;
  std::vector<std::string> expected;  // "line:col[,line:col...] message"
};

// Generated with graphql-js 16.15.0 (see the header comment).
const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      {"NoUndefinedVariables", false,
       "query Q($a: Int) {\n"
       "  f(i: $a, s: $b)\n"
       "}",
       {"2:15,1:1 Variable \"$b\" is not defined by operation \"Q\"."}},
      {"NoUndefinedVariables", false,
       "{\n"
       "  f(i: $a)\n"
       "}",
       {"2:8,1:1 Variable \"$a\" is not defined."}},
      {"NoUndefinedVariables", false,
       "query A($a: Int) {\n"
       "  ...F\n"
       "}\n"
       "query B($b: String) {\n"
       "  ...F\n"
       "}\n"
       "fragment F on Query {\n"
       "  f(i: $a, s: $b)\n"
       "}",
       {"8:15,1:1 Variable \"$b\" is not defined by operation \"A\".",
        "8:8,4:1 Variable \"$a\" is not defined by operation \"B\"."}},
      {"NoUndefinedVariables", false,
       "query Q($a: Int) {\n"
       "  f(i: $a) @skip(if: $cond)\n"
       "  opt(p: {x: $x, nested: {x: $x}}, l: [[$y]])\n"
       "}",
       {"2:22,1:1 Variable \"$cond\" is not defined by operation \"Q\".",
        "3:14,1:1 Variable \"$x\" is not defined by operation \"Q\".",
        "3:30,1:1 Variable \"$x\" is not defined by operation \"Q\".",
        "3:41,1:1 Variable \"$y\" is not defined by operation \"Q\"."}},
      {"NoUnusedVariables", false,
       "query Q($a: Int, $b: String) {\n"
       "  f(i: $a)\n"
       "}",
       {"1:18 Variable \"$b\" is never used in operation \"Q\"."}},
      {"NoUnusedVariables", false,
       "query ($a: Int, $b: Int = 1) {\n"
       "  f(i: $b)\n"
       "}",
       {"1:8 Variable \"$a\" is never used."}},
      {"NoUnusedVariables", false,
       "query Q($a: Int, $b: Int) {\n"
       "  ...F\n"
       "}\n"
       "fragment F on Query {\n"
       "  ...G\n"
       "}\n"
       "fragment G on Query {\n"
       "  f(i: $b)\n"
       "}",
       {"1:9 Variable \"$a\" is never used in operation \"Q\"."}},
      {"UniqueVariableNames", false,
       "query Q($x: Int, $y: Int, $x: String, $y: Int, $x: ID) {\n"
       "  f\n"
       "}",
       {"1:10,1:28,1:49 There can be only one variable named \"$x\".",
        "1:19,1:40 There can be only one variable named \"$y\"."}},
      {"VariablesAreInputTypes", false,
       "query Q($a: Obj, $b: [Node!]!, $c: Unknown, $d: [Point], $e: JSON!) {\n"
       "  f\n"
       "}",
       {"1:13 Variable \"$a\" cannot be non-input type \"Obj\".",
        "1:22 Variable \"$b\" cannot be non-input type \"[Node!]!\"."}},
      {"UniqueArgumentNames", false,
       "{\n"
       "  obj {\n"
       "    h(x: 1, xs: [], x: 2) @skip(if: true, if: false)\n"
       "  }\n"
       "}",
       {"3:7,3:21 There can be only one argument named \"x\".",
        "3:33,3:43 There can be only one argument named \"if\"."}},
      {"UniqueInputFieldNames", false,
       "{\n"
       "  opt(p: {x: 1, nested: {x: 1, y: 2, x: 3}, x: 2, x: 3})\n"
       "}",
       {"2:26,2:38 There can be only one input field named \"x\".",
        "2:11,2:45 There can be only one input field named \"x\".",
        "2:11,2:51 There can be only one input field named \"x\"."}},
      {"UniqueInputFieldNames", false,
       "query Q($p: Point = {x: 1, x: 2}) {\n"
       "  opt(p: $p)\n"
       "}",
       {"1:22,1:28 There can be only one input field named \"x\"."}},
      {"KnownArgumentNames", false,
       "{\n"
       "  obj {\n"
       "    h(y: 1, xss: [1])\n"
       "    k(frist: 1, zzzzzz: 2) {\n"
       "      id\n"
       "    }\n"
       "  }\n"
       "}",
       {"3:7 Unknown argument \"y\" on field \"Obj.h\". Did you mean \"x\"?",
        "3:13 Unknown argument \"xss\" on field \"Obj.h\". Did you mean \"xs\" or \"x\"?",
        "4:7 Unknown argument \"frist\" on field \"Obj.k\". Did you mean \"first\"?",
        "4:17 Unknown argument \"zzzzzz\" on field \"Obj.k\"."}},
      {"KnownArgumentNames", false,
       "{\n"
       "  obj @dir(req: 1, rec: 2, unknown: 3) {\n"
       "    id @include(iff: true) @unknown(a: 1)\n"
       "  }\n"
       "  unknownField(a: 1)\n"
       "}",
       {"2:20 Unknown argument \"rec\" on directive \"@dir\". Did you mean \"req\"?",
        "2:28 Unknown argument \"unknown\" on directive \"@dir\".",
        "3:17 Unknown argument \"iff\" on directive \"@include\". Did you mean \"if\"?"}},
      {"KnownArgumentNames", false,
       "{\n"
       "  __type(nam: \"Query\") {\n"
       "    name\n"
       "  }\n"
       "  node(id: 1) {\n"
       "    ... on Obj {\n"
       "      h(z: 1)\n"
       "    }\n"
       "  }\n"
       "}",
       {"2:10 Unknown argument \"nam\" on field \"Query.__type\". Did you mean \"name\"?",
        "7:9 Unknown argument \"z\" on field \"Obj.h\". Did you mean \"x\"?"}},
      {"ProvidedRequiredArguments", false,
       "{\n"
       "  g\n"
       "  nn(l: [1]) @dir(opt: \"y\")\n"
       "}",
       {"2:3 Field \"g\" argument \"req\" of type \"Int!\" is required, but it was not provided.",
        "2:3 Field \"g\" argument \"nul\" of type \"Int!\" is required, but it was not provided.",
        "3:14 Directive \"@dir\" argument \"req\" of type \"Int!\" is required, but it was not provided.",
        "3:3 Field \"nn\" argument \"i\" of type \"Int!\" is required, but it was not provided.",
        "3:3 Field \"nn\" argument \"p\" of type \"Point!\" is required, but it was not provided.",
        "3:3 Field \"nn\" argument \"o\" of type \"Pick!\" is required, but it was not provided."}},
      {"ProvidedRequiredArguments", false,
       "{\n"
       "  alias: obj {\n"
       "    k {\n"
       "      k @include {\n"
       "        id\n"
       "      }\n"
       "    }\n"
       "  }\n"
       "}",
       {"4:9 Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
        "4:7 Field \"k\" argument \"first\" of type \"Int!\" is required, but it was not provided.",
        "3:5 Field \"k\" argument \"first\" of type \"Int!\" is required, but it was not provided."}},
      {"ProvidedRequiredArguments", false,
       "query Q @skip {\n"
       "  g(req: 1)\n"
       "  __type {\n"
       "    name\n"
       "  }\n"
       "  unknown\n"
       "  ...F @dir\n"
       "}\n"
       "fragment F on Query {\n"
       "  f\n"
       "}",
       {"1:9 Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
        "2:3 Field \"g\" argument \"nul\" of type \"Int!\" is required, but it was not provided.",
        "3:3 Field \"__type\" argument \"name\" of type \"String!\" is required, but it was not provided.",
        "7:8 Directive \"@dir\" argument \"req\" of type \"Int!\" is required, but it was not provided."}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  f(i: \"22\", fl: \"1.5\", s: 1, b: 0, id: 1.5, c: \"RED\", j: {any: [1, \"x\", RED, null]})\n"
       "}",
       {"2:8 Int cannot represent non-integer value: \"22\"",
        "2:18 Float cannot represent non numeric value: \"1.5\"",
        "2:28 String cannot represent a non string value: 1",
        "2:34 Boolean cannot represent a non boolean value: 0",
        "2:41 ID cannot represent a non-string and non-integer value: 1.5",
        "2:49 Enum \"Color\" cannot represent non-enum value: \"RED\". Did you mean the enum value \"RED\" or \"GREEN\"?"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  f(i: 2147483647, fl: 1, s: \"x\", b: true, id: 7, c: RED, j: 1.5)\n"
       "  g1: f(i: -2147483648)\n"
       "  g2: f(i: 2147483648)\n"
       "  g3: f(i: -2147483649)\n"
       "  g4: f(i: 99999999999999999999999)\n"
       "  g5: f(i: 1.0)\n"
       "  g6: f(i: 1e3)\n"
       "}",
       {"4:12 Int cannot represent non 32-bit signed integer value: 2147483648",
        "5:12 Int cannot represent non 32-bit signed integer value: -2147483649",
        "6:12 Int cannot represent non 32-bit signed integer value: 99999999999999999999999",
        "7:12 Int cannot represent non-integer value: 1.0",
        "8:12 Int cannot represent non-integer value: 1e3"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  f(c: red)\n"
       "  a: f(c: Colr)\n"
       "  b: f(c: PURPLE)\n"
       "  d: f(c: true)\n"
       "  e: f(c: 1)\n"
       "  h: f(c: [RED])\n"
       "}",
       {"2:8 Value \"red\" does not exist in \"Color\" enum. Did you mean the enum value \"RED\"?",
        "3:11 Value \"Colr\" does not exist in \"Color\" enum.",
        "4:11 Value \"PURPLE\" does not exist in \"Color\" enum.",
        "5:11 Enum \"Color\" cannot represent non-enum value: true. Did you mean the enum value \"BLUE\"?",
        "6:11 Enum \"Color\" cannot represent non-enum value: 1.",
        "7:11 Enum \"Color\" cannot represent non-enum value: [RED]. Did you mean the enum value \"RED\" or \"GREEN\"?"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  f(s: \"\"\"block\n"
       "string\"\"\", i: \"tab\\there \\\"q\\\" \\\\ \\u0001\")\n"
       "  x: f(b: \"\"\"yes\"\"\", id: {a: [1, {b: null}]}, fl: [1.5, $v])\n"
       "}",
       {"3:15 Int cannot represent non-integer value: \"tab\\there \\\"q\\\" \\\\ \\u0001\"",
        "4:11 Boolean cannot represent a non boolean value: \"\"\"yes\"\"\"",
        "4:26 ID cannot represent a non-string and non-integer value: {a: [1, {b: null}]}",
        "4:51 Float cannot represent non numeric value: [1.5, $v]"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  nn(i: null, l: [1, null, \"2\"], p: {y: 1}, o: {a: 1})\n"
       "  g(req: [1], def: [[2]])\n"
       "}",
       {"2:9 Expected value of type \"Int!\", found null.",
        "2:22 Expected value of type \"Int!\", found null.",
        "2:28 Int cannot represent non-integer value: \"2\"",
        "2:37 Field \"Point.x\" of required type \"Int!\" was not provided.",
        "3:10 Int cannot represent non-integer value: [1]",
        "3:20 Int cannot represent non-integer value: [[2]]"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  opt(p: {x: 1, label: 2, nested: {x: \"1\", lable: \"a\", tgs: [\"a\"]}, tags: \"t\"})\n"
       "  b: opt(p: [{x: 1}, {}], l: [[1, \"a\"], 2, [[3]]], il: 4)\n"
       "  c: opt(p: 1, o: \"x\", il: {a: 1})\n"
       "}",
       {"2:24 String cannot represent a non string value: 2",
        "2:39 Int cannot represent non-integer value: \"1\"",
        "2:44 Field \"lable\" is not defined by type \"Point\". Did you mean \"label\"?",
        "2:56 Field \"tgs\" is not defined by type \"Point\". Did you mean \"tags\"?",
        "3:13 Expected value of type \"Point\", found [{x: 1}, {}].",
        "3:35 Int cannot represent non-integer value: \"a\"",
        "3:45 Int cannot represent non-integer value: [3]",
        "4:13 Expected value of type \"Point\", found 1.",
        "4:19 Expected value of type \"Pick\", found \"x\".",
        "4:28 Int cannot represent non-integer value: {a: 1}"}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  a: opt(o: {a: 1, b: \"x\"})\n"
       "  b: opt(o: {})\n"
       "  c: opt(o: {a: null})\n"
       "  d: opt(o: {zz: 1})\n"
       "  e: opt(o: {p: {y: 1}})\n"
       "  f: opt(o: {a: 1, a: 2})\n"
       "  g: opt(o: {a: $v})\n"
       "}",
       {"2:13 OneOf Input Object \"Pick\" must specify exactly one key.",
        "3:13 OneOf Input Object \"Pick\" must specify exactly one key.",
        "4:13 Field \"Pick.a\" must be non-null.",
        "5:14 Field \"zz\" is not defined by type \"Pick\".",
        "6:17 Field \"Point.x\" of required type \"Int!\" was not provided."}},
      {"ValuesOfCorrectType", false,
       "query Q($a: Int = \"1\", $b: Point = {y: 1}, $c: [Color!] = [RED, BLUE, null], $d: Int! = null, $e: Unknown = 1, $f: Obj = {}) {\n"
       "  f\n"
       "}",
       {"1:19 Int cannot represent non-integer value: \"1\"",
        "1:36 Field \"Point.x\" of required type \"Int!\" was not provided.",
        "1:71 Expected value of type \"Color!\", found null.",
        "1:89 Expected value of type \"Int!\", found null."}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  obj {\n"
       "    h(x: 1) @dir(req: \"1\", color: Red) @unknown(x: \"a\", xs: [\"b\"]) @skip(if: \"no\")\n"
       "  }\n"
       "  unknown(x: \"a\") {\n"
       "    h(x: \"b\")\n"
       "  }\n"
       "  g(req: 1, nope: \"x\")\n"
       "}",
       {"3:23 Int cannot represent non-integer value: \"1\"",
        "3:35 Value \"Red\" does not exist in \"Color\" enum. Did you mean the enum value \"RED\"?",
        "3:52 Int cannot represent non-integer value: \"a\"",
        "3:62 Int cannot represent non-integer value: \"b\"",
        "3:78 Boolean cannot represent a non boolean value: \"no\""}},
      {"VariablesInAllowedPosition", false,
       "query Q($a: Int, $b: Int = 1, $c: Int = null, $d: [Int], $e: [Int!]!, $f: String, $g: Int!) {\n"
       "  g(req: $a, def: $a, nul: $c)\n"
       "  x: g(req: $b)\n"
       "  y: g(req: $c)\n"
       "  nn(i: $g, l: $d, p: {x: $a, y: $g}, o: {a: $g})\n"
       "  opt(il: $e, l: $e)\n"
       "  z: f(i: $f, s: $g)\n"
       "}",
       {"1:9,2:10 Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\".",
        "1:31,2:28 Variable \"$c\" of type \"Int\" used in position expecting type \"Int!\".",
        "1:31,4:13 Variable \"$c\" of type \"Int\" used in position expecting type \"Int!\".",
        "1:47,5:16 Variable \"$d\" of type \"[Int]\" used in position expecting type \"[Int!]!\".",
        "1:9,5:27 Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\".",
        "1:58,6:18 Variable \"$e\" of type \"[Int!]!\" used in position expecting type \"[[Int]]\".",
        "1:71,7:11 Variable \"$f\" of type \"String\" used in position expecting type \"Int\".",
        "1:83,7:18 Variable \"$g\" of type \"Int!\" used in position expecting type \"String\"."}},
      {"VariablesInAllowedPosition", false,
       "query Q($a: Int, $s: String!, $p: Point) {\n"
       "  opt(o: {a: $a, b: $s})\n"
       "  x: opt(o: {p: $p})\n"
       "  nn(i: 1, l: [1], p: {x: 1}, o: {a: $a})\n"
       "}",
       {"1:9,2:14 Variable \"$a\" is of type \"Int\" but must be non-nullable to be used for OneOf Input Object \"Pick\".",
        "1:31,3:17 Variable \"$p\" is of type \"Point\" but must be non-nullable to be used for OneOf Input Object \"Pick\"."}},
      {"VariablesInAllowedPosition", false,
       "query A($x: Int) {\n"
       "  ...F\n"
       "}\n"
       "query B($x: Int!) {\n"
       "  ...F\n"
       "}\n"
       "fragment F on Query {\n"
       "  g(req: $x)\n"
       "  obj @dir(req: $x) {\n"
       "    id\n"
       "  }\n"
       "}",
       {"1:9,8:10 Variable \"$x\" of type \"Int\" used in position expecting type \"Int!\".",
        "1:9,9:17 Variable \"$x\" of type \"Int\" used in position expecting type \"Int!\"."}},
      {"VariablesInAllowedPosition", false,
       "query Q($a: Obj, $b: Unknown, $c: Int, $c: Int!) {\n"
       "  f(i: $a, s: $b)\n"
       "  g(req: $c)\n"
       "  f(zz: $c)\n"
       "}",
       {"1:9,2:8 Variable \"$a\" of type \"Obj\" used in position expecting type \"Int\"."}},
      {"ValuesOfCorrectType", false,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {"4:18 Int cannot represent non-integer value: \"1\"",
        "4:30 Enum \"Color\" cannot represent non-enum value: {a: 1, a: 2}.",
        "5:39 Boolean cannot represent a non boolean value: 1",
        "7:29 String cannot represent a non string value: 1"}},
      {"UniqueInputFieldNames", false,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {"4:31,4:37 There can be only one input field named \"a\".",
        "5:17,5:23 There can be only one input field named \"x\".",
        "8:15,8:21 There can be only one input field named \"y\"."}},
      {"KnownArgumentNames", false,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {"5:42 Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?"}},
      {"ProvidedRequiredArguments", false,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {"5:56 Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided."}},
      {"UniqueArgumentNames", false,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {}},
      {"KnownArgumentNames", false,
       "directive @dir(other: Int!, n: Int) on FIELD\n"
       "{\n"
       "  f @dir(req: 1, n: \"x\")\n"
       "  g(req: 1) @dir(other: 1)\n"
       "}",
       {"3:10 Unknown argument \"req\" on directive \"@dir\"."}},
      {"ProvidedRequiredArguments", false,
       "directive @dir(other: Int!, n: Int) on FIELD\n"
       "{\n"
       "  f @dir(req: 1, n: \"x\")\n"
       "  g(req: 1) @dir(other: 1)\n"
       "}",
       {"3:5 Directive \"@dir\" argument \"other\" of type \"Int!\" is required, but it was not provided.",
        "4:3 Field \"g\" argument \"nul\" of type \"Int!\" is required, but it was not provided."}},
      {"ValuesOfCorrectType", false,
       "directive @dir(other: Int!, n: Int) on FIELD\n"
       "{\n"
       "  f @dir(req: 1, n: \"x\")\n"
       "  g(req: 1) @dir(other: 1)\n"
       "}",
       {}},
      {"KnownArgumentNames", true,
       "{\n"
       "  obj {\n"
       "    h(y: 1, xss: [1])\n"
       "    k(frist: 1, zzzzzz: 2) {\n"
       "      id\n"
       "    }\n"
       "  }\n"
       "}",
       {"3:7 Unknown argument \"y\" on field \"Obj.h\".",
        "3:13 Unknown argument \"xss\" on field \"Obj.h\".",
        "4:7 Unknown argument \"frist\" on field \"Obj.k\".",
        "4:17 Unknown argument \"zzzzzz\" on field \"Obj.k\"."}},
      {"KnownArgumentNames", true,
       "{\n"
       "  obj @dir(req: 1, rec: 2, unknown: 3) {\n"
       "    id @include(iff: true) @unknown(a: 1)\n"
       "  }\n"
       "  unknownField(a: 1)\n"
       "}",
       {"2:20 Unknown argument \"rec\" on directive \"@dir\".",
        "2:28 Unknown argument \"unknown\" on directive \"@dir\".",
        "3:17 Unknown argument \"iff\" on directive \"@include\"."}},
      {"KnownArgumentNames", true,
       "{\n"
       "  __type(nam: \"Query\") {\n"
       "    name\n"
       "  }\n"
       "  node(id: 1) {\n"
       "    ... on Obj {\n"
       "      h(z: 1)\n"
       "    }\n"
       "  }\n"
       "}",
       {"2:10 Unknown argument \"nam\" on field \"Query.__type\".",
        "7:9 Unknown argument \"z\" on field \"Obj.h\"."}},
      {"ValuesOfCorrectType", true,
       "{\n"
       "  f(i: \"22\", fl: \"1.5\", s: 1, b: 0, id: 1.5, c: \"RED\", j: {any: [1, \"x\", RED, null]})\n"
       "}",
       {"2:8 Int cannot represent non-integer value: \"22\"",
        "2:18 Float cannot represent non numeric value: \"1.5\"",
        "2:28 String cannot represent a non string value: 1",
        "2:34 Boolean cannot represent a non boolean value: 0",
        "2:41 ID cannot represent a non-string and non-integer value: 1.5",
        "2:49 Enum \"Color\" cannot represent non-enum value: \"RED\"."}},
      {"ValuesOfCorrectType", true,
       "{\n"
       "  f(c: red)\n"
       "  a: f(c: Colr)\n"
       "  b: f(c: PURPLE)\n"
       "  d: f(c: true)\n"
       "  e: f(c: 1)\n"
       "  h: f(c: [RED])\n"
       "}",
       {"2:8 Value \"red\" does not exist in \"Color\" enum.",
        "3:11 Value \"Colr\" does not exist in \"Color\" enum.",
        "4:11 Value \"PURPLE\" does not exist in \"Color\" enum.",
        "5:11 Enum \"Color\" cannot represent non-enum value: true.",
        "6:11 Enum \"Color\" cannot represent non-enum value: 1.",
        "7:11 Enum \"Color\" cannot represent non-enum value: [RED]."}},
      {"ValuesOfCorrectType", true,
       "{\n"
       "  opt(p: {x: 1, label: 2, nested: {x: \"1\", lable: \"a\", tgs: [\"a\"]}, tags: \"t\"})\n"
       "  b: opt(p: [{x: 1}, {}], l: [[1, \"a\"], 2, [[3]]], il: 4)\n"
       "  c: opt(p: 1, o: \"x\", il: {a: 1})\n"
       "}",
       {"2:24 String cannot represent a non string value: 2",
        "2:39 Int cannot represent non-integer value: \"1\"",
        "2:44 Field \"lable\" is not defined by type \"Point\".",
        "2:56 Field \"tgs\" is not defined by type \"Point\".",
        "3:13 Expected value of type \"Point\", found [{x: 1}, {}].",
        "3:35 Int cannot represent non-integer value: \"a\"",
        "3:45 Int cannot represent non-integer value: [3]",
        "4:13 Expected value of type \"Point\", found 1.",
        "4:19 Expected value of type \"Pick\", found \"x\".",
        "4:28 Int cannot represent non-integer value: {a: 1}"}},
      {"ValuesOfCorrectType", true,
       "{\n"
       "  obj {\n"
       "    h(x: 1) @dir(req: \"1\", color: Red) @unknown(x: \"a\", xs: [\"b\"]) @skip(if: \"no\")\n"
       "  }\n"
       "  unknown(x: \"a\") {\n"
       "    h(x: \"b\")\n"
       "  }\n"
       "  g(req: 1, nope: \"x\")\n"
       "}",
       {"3:23 Int cannot represent non-integer value: \"1\"",
        "3:35 Value \"Red\" does not exist in \"Color\" enum.",
        "3:52 Int cannot represent non-integer value: \"a\"",
        "3:62 Int cannot represent non-integer value: \"b\"",
        "3:78 Boolean cannot represent a non boolean value: \"no\""}},
      {"KnownArgumentNames", true,
       "{\n"
       "  f\n"
       "}\n"
       "type T @dir(req: \"1\", color: {a: 1, a: 2}) {\n"
       "  x(a: Point = {x: 1, x: 2} @skip(if: 1, iff: 2)): Int @include\n"
       "}\n"
       "input I @deprecated(reason: 1) {\n"
       "  p: Point = {y: 1, y: 2}\n"
       "}",
       {"5:42 Unknown argument \"iff\" on directive \"@skip\"."}},
  };
  return kCases;
}

std::shared_ptr<const schema::Schema> build_schema(std::string_view sdl) {
  auto built = schema::Schema::build(sdl);
  if (!built.ok()) {
    for (const Diagnostic& d : built.error()) ADD_FAILURE() << format_diagnostic(d);
    return nullptr;
  }
  return std::move(built.value());
}

std::string render(const Diagnostic& d) {
  std::string out;
  for (size_t i = 0; i < d.locations.size(); ++i) {
    if (i > 0) out += ",";
    out += std::to_string(d.locations[i].line) + ":" + std::to_string(d.locations[i].column);
  }
  return out + " " + d.message;
}

std::vector<std::string> run(const schema::Schema& s, std::string_view query, std::string_view rule,
                             bool hide_suggestions = false) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return {"parse error: " + format_diagnostic(doc.error())};
  ValidateOptions options;
  options.rules = {std::string(rule)};
  options.hide_suggestions = hide_suggestions;
  std::vector<std::string> out;
  for (const Diagnostic& d : validate(s, **doc, options)) {
    EXPECT_EQ(d.rule, rule) << d.message;
    out.push_back(render(d));
  }
  return out;
}

TEST(ValuesRules, MatchGraphqlJsGoldens) {
  auto s = build_schema(kSchema);
  ASSERT_TRUE(s);
  int checked = 0;
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.rule) + (c.hide_suggestions ? " (hideSuggestions)" : "") + "\n" +
                 std::string(c.query));
    EXPECT_EQ(run(*s, c.query, c.rule, c.hide_suggestions), c.expected);
    ++checked;
  }
  EXPECT_EQ(checked, 47);
}

// The same documents pass every other rule of this set that has nothing to say:
// a valid document yields no diagnostic from any of the ten rules.
TEST(ValuesRules, ValidDocumentHasNoDiagnostics) {
  auto s = build_schema(kSchema);
  ASSERT_TRUE(s);
  constexpr std::string_view kQuery = R"gql(
query Q($i: Int, $n: Int!, $p: Point = {x: 1}, $c: Color = RED, $o: String!) {
  x: f(c: $c)
  f(i: $i, fl: 2, s: "s", b: false, id: 7, c: GREEN, j: {any: [1, "x"]})
  g(req: $n, def: $i, nul: 1)
  nn(i: 1, l: 2, p: {x: $n, tags: "one", nested: {x: 2}}, o: {b: $o})
  opt(p: $p, l: [[1], null], il: [1, 2], o: {p: {x: 1}})
  obj @dir(req: 1, color: BLUE) {
    h(x: $i, xs: [$n]) @include(if: true)
    ...F
  }
}
fragment F on Obj {
  k(first: $n) {
    id
  }
}
)gql";
  for (std::string_view rule :
       {"NoUndefinedVariables", "NoUnusedVariables", "UniqueVariableNames", "VariablesAreInputTypes",
        "UniqueArgumentNames", "UniqueInputFieldNames", "KnownArgumentNames",
        "ProvidedRequiredArguments", "ValuesOfCorrectType", "VariablesInAllowedPosition"}) {
    EXPECT_EQ(run(*s, kQuery, rule), std::vector<std::string>{}) << rule;
  }
}

// Values whose position has no known type are skipped (other rules report the
// unknown field, argument or type), and nothing crashes on them.
TEST(ValuesRules, UnknownPositionsAreSkipped) {
  auto s = build_schema(kSchema);
  ASSERT_TRUE(s);
  constexpr std::string_view kQuery = R"gql(
query Q($v: Nope = {a: [1, {b: "c"}]}, $w: [Obj] = [{}]) {
  nope(a: {b: [1, "2", null]}, c: $v) {
    deeper(x: RED) @nope(y: 1)
  }
  f(unknown: {x: 1}, zz: $w)
  ...on Nope {
    f(i: "x")
  }
}
)gql";
  for (std::string_view rule : {"ValuesOfCorrectType", "ProvidedRequiredArguments",
                                "VariablesInAllowedPosition", "UniqueInputFieldNames"}) {
    EXPECT_EQ(run(*s, kQuery, rule), std::vector<std::string>{}) << rule;
  }
  EXPECT_EQ(run(*s, kQuery, "KnownArgumentNames"),
            (std::vector<std::string>{"6:5 Unknown argument \"unknown\" on field \"Query.f\".",
                                      "6:22 Unknown argument \"zz\" on field \"Query.f\"."}));
}

// graphql-js's buildSchema keeps a default only if valueFromAST accepts it.
TEST(LiteralCoercion, FollowsValueFromAST) {
  auto s = build_schema(kSchema);
  ASSERT_TRUE(s);
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
      {"1", "Int", true},           {"2147483648", "Int", false}, {"-2147483648", "Int!", true},
      {"\"1\"", "Int", false},      {"1", "Float", true},         {"1.5", "ID", false},
      {"\"x\"", "ID", true},        {"null", "Int", true},        {"null", "Int!", false},
      {"RED", "Color", true},       {"Red", "Color", false},      {"\"RED\"", "Color", false},
      {"[1, null]", "[Int]", true}, {"[1, null]", "[Int!]", false}, {"1", "[Int!]!", true},
      {"[[1]]", "[Int]", false},    {"{x: 1}", "Point", true},    {"{y: 1}", "Point", false},
      {"{x: 1, zz: 2}", "Point", true}, {"{x: 1, nested: {x: \"a\"}}", "Point", false},
      {"{a: 1}", "Pick", true},     {"{a: 1, b: \"x\"}", "Pick", false}, {"{a: null}", "Pick", false},
      {"{}", "Pick", false},        {"{any: [1]}", "JSON", true}, {"[1, \"x\"]", "JSON", true},
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

// ---------------------------------------------------------------- real data

// The fields of one RFC 4180 record starting at `pos`; advances `pos` past it.
std::vector<std::string> csv_record(const std::string& text, size_t& pos) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  while (pos < text.size()) {
    char c = text[pos++];
    if (quoted) {
      if (c == '"' && pos < text.size() && text[pos] == '"') {
        fields.back() += '"';
        ++pos;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c == '\n') {
      break;
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

// NL2GQL rows 893-896 (id column): the ground truth passes the String "22" to
// `customerUsingOrders_fk1(o_custkey: Int!)`. graphql-js 16.15.0 on the row's
// schema (with the StepZen scalar Date declared): exactly one error,
// `Int cannot represent non-integer value: "22"` at 2:38.
TEST(ValuesRules, Nl2gqlStringForIntMatchesGraphqlJs) {
  std::ifstream in(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv",
                   std::ios::binary);
  if (!in) GTEST_SKIP() << "NL2GQL data not found under GQLEVAL_SHARED_DIR (datasets/nl2gql)";
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  size_t pos = 0;
  std::vector<std::string> header = csv_record(text, pos);
  int id_col = -1, schema_col = -1, query_col = -1;
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == "id") id_col = static_cast<int>(i);
    if (header[i] == "schema") schema_col = static_cast<int>(i);
    if (header[i] == "gt_query") query_col = static_cast<int>(i);
  }
  ASSERT_GE(id_col, 0);
  ASSERT_GE(schema_col, 0);
  ASSERT_GE(query_col, 0);
  int seen = 0;
  while (pos < text.size()) {
    std::vector<std::string> row = csv_record(text, pos);
    if (static_cast<int>(row.size()) <= std::max({id_col, schema_col, query_col})) continue;
    const std::string& id = row[id_col];
    if (id != "893" && id != "894" && id != "895" && id != "896") continue;
    ++seen;
    SCOPED_TRACE("NL2GQL id " + id);
    auto s = build_schema(row[schema_col]);
    ASSERT_TRUE(s);
    EXPECT_EQ(run(*s, row[query_col], "ValuesOfCorrectType"),
              std::vector<std::string>{"2:38 Int cannot represent non-integer value: \"22\""});
    Arena arena;
    auto doc = graphql::parse(row[query_col], arena);
    ASSERT_TRUE(doc.ok());
    Diagnostics all = validate(*s, **doc);
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].rule, "ValuesOfCorrectType");
  }
  EXPECT_EQ(seen, 4);
}

}  // namespace
}  // namespace gqleval::validate
