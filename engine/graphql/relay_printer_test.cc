#include "engine/graphql/relay_printer.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace gqleval::graphql {
namespace {

std::string reprint(std::string_view text) {
  Arena arena;
  auto doc = parse(text, arena);
  EXPECT_TRUE(doc.ok()) << text;
  return doc.ok() ? relay_print(**doc) : std::string();
}

// Relay 21.0.1 printed this document (its case c77) as below: the keyword and
// name kept, variables and arguments on one line, commas and comments gone,
// definitions separated by a blank line.
TEST(RelayPrint, TheLayoutRelayReformatsDocumentsTo) {
  EXPECT_EQ(reprint("query   Q ( $a:ID! = \"x\" , $b : [Int!]! , $c: Boolean = true) {\n"
                    "  # a comment\n"
                    "  users(ids:[1,$a],filter:{name:\"a\",minAge:3,}) { id, name }\n"
                    "  n: node(id: 1) { ... @include(if: $c) { id } ...F @skip(if: false) }\n"
                    "}\n"
                    "fragment F on Node { id }\n"),
            "query Q($a: ID! = \"x\", $b: [Int!]!, $c: Boolean = true) {\n"
            "  users(ids: [1, $a], filter: {name: \"a\", minAge: 3}) {\n"
            "    id\n"
            "    name\n"
            "  }\n"
            "  n: node(id: 1) {\n"
            "    ... @include(if: $c) {\n"
            "      id\n"
            "    }\n"
            "    ...F @skip(if: false)\n"
            "  }\n"
            "}\n"
            "\n"
            "fragment F on Node {\n"
            "  id\n"
            "}");
}

TEST(RelayPrint, TheShorthandStartsWithASpace) {
  EXPECT_EQ(reprint("{ viewer { id } }"), " {\n  viewer {\n    id\n  }\n}");
  EXPECT_EQ(reprint("query { viewer { id } }"), "query {\n  viewer {\n    id\n  }\n}");
  EXPECT_EQ(reprint("mutation M @d { a }"), "mutation M @d {\n  a\n}");
}

TEST(RelayPrint, ValuesAsWritten) {
  EXPECT_EQ(
      reprint(
          R"({ f(a: "a\"b\\c\u00e9 \n x", b: 1.50, c: 1e3, d: -0, e: [], f: {}, g: ENUM, h: null) })"),
      " {\n  f(a: \"a\\\"b\\\\c\\u00e9 \\n x\", b: 1.50, c: 1e3, d: 0, e: [], f: {}, g: ENUM, "
      "h: null)\n}");
  // A block string prints its value between triple quotes (Relay 21.0.1, case c78).
  EXPECT_EQ(reprint("{ f(t: \"\"\"\n    abc\n      def\n  \"\"\") }"),
            " {\n  f(t: \"\"\"abc\n  def\"\"\")\n}");
}

TEST(RelayValueText, NumbersAsValuesInPathLines) {
  Arena arena;
  auto doc = parse("{ f(a: 1.50, b: 1e3, c: 2.0, d: 7, e: [1, 2.5], s: \"x\\ty\") }", arena);
  ASSERT_TRUE(doc.ok());
  const auto& op = static_cast<const ast::OperationDefinition&>(*(*doc)->definitions[0]);
  const auto& f = ast::as<ast::Field>(*op.selection_set->selections[0]);
  std::string texts;
  for (const ast::Argument* a : f.arguments) {
    texts += relay_value_text(*a->value, (*doc)->source) + ";";
  }
  EXPECT_EQ(texts, "1.5;1000;2;7;[1, 2.5];\"x\\ty\";");
  EXPECT_EQ(relay_value_text(*f.arguments[3]->value, (*doc)->source, true), "7");
  EXPECT_EQ(relay_value_text(*f.arguments[0]->value, (*doc)->source, true), "1.5");
}

}  // namespace
}  // namespace gqleval::graphql
