// Variables (docs/semantics.md, Stage 2, "Variables"): bound values replace the
// variable, unbound variables stay symbols numbered $1, $2, ... by first use
// in the canonical traversal, so that renaming variables changes nothing;
// with variables_by_name they keep their names instead.
#include "engine/normalize/variables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;

class VariablesTest : public ::testing::Test {
 protected:
  Harness h{golden_schema("media")};
};

TEST_F(VariablesTest, UnboundVariableStaysASymbol) {
  EXPECT_EQ(h.normal("query($t: String!) { search(text: $t) { __typename } }"),
            "query {\n"
            "  search(text: $1) {\n"
            "    __typename on Book\n"
            "    __typename on Movie\n"
            "    __typename on Person\n"
            "  }\n"
            "}\n");
  auto t = h.tree("query($t: String!) { search(text: $t) { __typename } }");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->symbol_count, 1u);
}

TEST_F(VariablesTest, BoundVariableIsReplacedByItsValue) {
  NormalizeOptions options;
  options.variables_json = R"({"t": "x"})";
  EXPECT_EQ(h.normal("query($t: String!) { search(text: $t) { __typename } }", options),
            h.normal("{ search(text: \"x\") { __typename } }"));
}

TEST_F(VariablesTest, DefaultValueBindsWhenNoValueIsGiven) {
  EXPECT_EQ(h.normal("query($id: ID = 3) { book(id: $id) { isbn } }"),
            h.normal("{ book(id: \"3\") { isbn } }"));
  // A default equal to the argument's default is the same as leaving it out.
  EXPECT_EQ(h.normal("query($n: Int = 10) { search(text: \"x\", first: $n) { __typename } }"),
            h.normal("{ search(text: \"x\") { __typename } }"));
  // A given value wins over the default; an explicit null too.
  NormalizeOptions options;
  options.variables_json = R"({"n": null})";
  EXPECT_EQ(
      h.normal("query($n: Int = 10) { search(text: \"x\", first: $n) { __typename } }", options),
      h.normal("{ search(text: \"x\", first: null) { __typename } }"));
}

TEST_F(VariablesTest, RenamingVariablesChangesNothing) {
  EXPECT_EQ(
      h.normal("query($a: String!, $b: Int) { search(text: $a, first: $b) { __typename } }"),
      h.normal("query Q($y: Int, $x: String!) { search(first: $y, text: $x) { __typename } }"));
  EXPECT_EQ(h.normal("query($a: String!, $b: Int) { search(text: $a, first: $b) { __typename } }"),
            "query {\n"
            "  search(first: $1, text: $2) {\n"
            "    __typename on Book\n"
            "    __typename on Movie\n"
            "    __typename on Person\n"
            "  }\n"
            "}\n");
}

TEST_F(VariablesTest, NumberingDoesNotDependOnSourceOrderOrDefinitionOrder) {
  const std::string a = h.normal(
      "query($p: ID!, $q: ID!) { one: book(id: $p) { title } two: book(id: $q) { isbn } }");
  const std::string b = h.normal(
      "query($q: ID!, $p: ID!) { two: book(id: $q) { isbn } one: book(id: $p) { title } }");
  const std::string c =
      h.normal("query($u: ID!, $v: ID!) { x: book(id: $v) { isbn } y: book(id: $u) { title } }");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
}

// Symmetric variables: every variable of a 4-cycle has the same usage
// signature, so no hash tells the four fields apart; the numbering is then
// searched (symmetric_symbols.cc). Every order of the selections, and any
// naming, gives one tree; a different sharing pattern does not.
TEST_F(VariablesTest, SymmetricVariablesNumberAlikeInEveryOrder) {
  const std::vector<std::string> cycle = {
      "p: people(names: [$x, $y]) { name }", "q: people(names: [$y, $z]) { name }",
      "r: people(names: [$z, $w]) { name }", "s: people(names: [$w, $x]) { name }"};
  const std::string head = "query($x: String, $y: String, $z: String, $w: String) { ";
  std::vector<size_t> order = {0, 1, 2, 3};
  const std::string first = h.normal(head + cycle[0] + cycle[1] + cycle[2] + cycle[3] + " }");
  size_t orders = 0;
  do {
    std::string q = head;
    for (size_t i : order) q += cycle[i] + " ";
    EXPECT_EQ(h.normal(q + "}"), first) << q;
    ++orders;
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(orders, 24U);
  // Renamed the other way round the cycle: the same tree.
  EXPECT_EQ(
      h.normal(head + "a: people(names: [$w, $z]) { name } b: people(names: [$x, $w]) { name } "
                      "c: people(names: [$y, $x]) { name } d: people(names: [$z, $y]) { name } }"),
      first);
  // Two 2-cycles use every variable in the same places, but share differently.
  EXPECT_NE(
      h.normal(head + "a: people(names: [$x, $y]) { name } b: people(names: [$y, $x]) { name } "
                      "c: people(names: [$z, $w]) { name } d: people(names: [$w, $z]) { name } }"),
      first);
  // Conditions: a 4-cycle of @include variables, one order against another.
  const std::string conds = "query($a: Boolean!, $b: Boolean!, $c: Boolean!, $d: Boolean!) { ";
  const std::string arm[] = {"... @include(if: $a) { title @include(if: $b) } ",
                             "... @include(if: $b) { title @include(if: $c) } ",
                             "... @include(if: $c) { title @include(if: $d) } ",
                             "... @include(if: $d) { title @include(if: $a) } "};
  EXPECT_EQ(h.normal(conds + "book(id: 1) { " + arm[0] + arm[1] + arm[2] + arm[3] + "} }"),
            h.normal(conds + "book(id: 1) { " + arm[3] + arm[0] + arm[2] + arm[1] + "} }"));
}

TEST_F(VariablesTest, SharedVariablesAreTracked) {
  // Same variable twice vs two different variables: not equivalent.
  EXPECT_NE(
      h.normal("query($p: ID!) { a: book(id: $p) { title } b: media(id: $p) { id } }"),
      h.normal("query($p: ID!, $q: ID!) { a: book(id: $p) { title } b: media(id: $q) { id } }"));
  // Which of two fields shares a variable with a third one is kept.
  const std::string x = h.normal(
      "query($p: ID!, $q: ID!) { book(id: $p) { isbn } media(id: $p) { id } "
      "b2: book(id: $q) { title } }");
  const std::string y = h.normal(
      "query($p: ID!, $q: ID!) { book(id: $q) { isbn } media(id: $p) { id } "
      "b2: book(id: $p) { title } }");
  EXPECT_NE(x, y);
  // ... and renaming or reordering that keeps the sharing keeps the tree.
  const std::string z = h.normal(
      "query($r: ID!, $s: ID!) { b2: book(id: $s) { title } media(id: $r) { id } "
      "book(id: $r) { isbn } }");
  EXPECT_EQ(x, z);
}

TEST_F(VariablesTest, SymbolsInsideListsAndObjects) {
  EXPECT_EQ(h.normal("query($k: String!, $t: Int) { search(text: \"x\", "
                     "filter: {range: {to: $t}, kinds: [$k]}) { __typename } }"),
            h.normal("query($kind: String!, $to: Int) { search(text: \"x\", "
                     "filter: {kinds: [$kind], range: {to: $to}}) { __typename } }"));
}

// By name (NormalizeOptions::variables_by_name), an unbound variable keeps its
// name in the identity: a harness binds the dataset's values by name, so a
// swapped or renamed variable asks for other data.
TEST_F(VariablesTest, ByNameUnboundVariablesKeepTheirNames) {
  NormalizeOptions by_name;
  by_name.variables_by_name = true;
  const char* query =
      "query($orderId: ID!, $userId: ID!) { a: book(id: $userId) { isbn } "
      "b: book(id: $orderId) { title } }";
  EXPECT_EQ(h.normal(query, by_name),
            "query {\n"
            "  book(id: $orderId) {\n"
            "    title\n"
            "  }\n"
            "  book(id: $userId) {\n"
            "    isbn\n"
            "  }\n"
            "}\n");
  auto t = h.tree(query, by_name);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->symbol_count, 0u);  // nothing for the scorer to rename
  // The order of selections and of definitions still does not matter.
  EXPECT_EQ(h.normal("query($userId: ID!, $orderId: ID!) { b: book(id: $orderId) { title } "
                     "a: book(id: $userId) { isbn } }",
                     by_name),
            h.normal(query, by_name));
  // Bound variables are values, by name as by position.
  by_name.variables_json = R"({"orderId": "7"})";
  EXPECT_EQ(h.normal("query($orderId: ID!) { book(id: $orderId) { isbn } }", by_name),
            h.normal("{ book(id: 7) { isbn } }"));
}

TEST_F(VariablesTest, ByNameSwappedOrRenamedVariablesDiffer) {
  NormalizeOptions by_name;
  by_name.variables_by_name = true;
  const char* reference = "query($p: ID!, $q: ID!) { book(id: $p) { title } media(id: $q) { id } }";
  const char* swapped = "query($p: ID!, $q: ID!) { book(id: $q) { title } media(id: $p) { id } }";
  const char* renamed = "query($p: ID!, $r: ID!) { book(id: $p) { title } media(id: $r) { id } }";
  EXPECT_EQ(h.normal(reference), h.normal(swapped));  // positional: a renaming
  EXPECT_EQ(h.normal(reference), h.normal(renamed));
  EXPECT_NE(h.normal(reference, by_name), h.normal(swapped, by_name));
  EXPECT_NE(h.normal(reference, by_name), h.normal(renamed, by_name));
  EXPECT_EQ(h.normal(reference, by_name), h.normal(reference, by_name));
}

TEST_F(VariablesTest, ByNameConditionsKeepTheirNames) {
  NormalizeOptions by_name;
  by_name.variables_by_name = true;
  const std::string normal = h.normal(
      "query($withTitle: Boolean!, $a: Boolean!) { book(id: 1) { "
      "title @include(if: $withTitle) @skip(if: $a) isbn } }",
      by_name);
  EXPECT_NE(normal.find("title @include(if: $withTitle) @skip(if: $a)"), std::string::npos)
      << normal;
  EXPECT_EQ(normal.find("$1"), std::string::npos) << normal;
  EXPECT_NE(normal, h.normal("query($other: Boolean!, $a: Boolean!) { book(id: 1) { "
                             "title @include(if: $other) @skip(if: $a) isbn } }",
                             by_name));
}

TEST_F(VariablesTest, BindingsReportNamesAndValues) {
  Arena arena;
  auto doc = graphql::parse("query($a: Int, $b: Int = 1) { book(id: 1) { isbn } }", arena);
  ASSERT_TRUE(doc.ok());
  const auto& op = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
  VariableBindings bindings;
  EXPECT_FALSE(bindings.bind(h.schema(), op, "").has_value());
  ASSERT_EQ(bindings.count(), 2u);
  EXPECT_EQ(bindings.name(0), "a");
  EXPECT_FALSE(bindings.has_value(0));
  EXPECT_TRUE(bindings.has_value(1));
  EXPECT_FALSE(bindings.bind(h.schema(), op, R"({"a": 5, "unused": 1})").has_value());
  EXPECT_TRUE(bindings.has_value(0));
}

}  // namespace
}  // namespace gqleval::normalize
