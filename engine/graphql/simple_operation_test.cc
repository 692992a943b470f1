// parse_simple_operation: the sink is told the fields parse() puts in the
// document, in document order, with their aliases, arguments and positions;
// any other shape, and any text parse() refuses, is a false with nothing to
// keep.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::graphql {
namespace {

// One line per event: the operation, each field as alias:name(arguments)
// @line:column and whether a selection set follows, each set's end.
std::string field_line(const ast::Field& f, bool has_set) {
  std::string out = std::string(f.alias.value) + ":" + std::string(f.name.value) + "(";
  for (const ast::Argument* a : f.arguments) {
    out += std::string(a->name.value) + ": " + print(*a->value) + ",";
  }
  out += ") @" + std::to_string(f.loc.line) + ":" + std::to_string(f.loc.column);
  return out + (has_set ? " {\n" : "\n");
}

class Recorder final : public SelectionSink {
 public:
  bool operation(ast::OperationType type, ast::Loc loc) override {
    events += std::string(ast::operation_type_name(type)) + " @" + std::to_string(loc.line) + ":" +
              std::to_string(loc.column) + "\n";
    return true;
  }
  bool field(const ast::Field& f, bool has_selection_set) override {
    events += field_line(f, has_selection_set);
    return stop_at.empty() || f.name.value != stop_at;
  }
  void end_selection_set() override { events += "}\n"; }

  std::string events;
  std::string_view stop_at;
};

// The same events from parse()'s document.
void walk(const ast::SelectionSet& set, std::string& out) {
  for (const ast::Selection* s : set.selections) {
    const auto& f = ast::as<ast::Field>(*s);
    out += field_line(f, f.selection_set != nullptr);
    if (f.selection_set != nullptr) walk(*f.selection_set, out);
  }
  out += "}\n";
}

std::string from_document(std::string_view text, Arena& arena) {
  auto doc = parse(text, arena);
  if (!doc.ok()) return "error";
  const auto& op = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
  std::string out = std::string(ast::operation_type_name(op.operation)) + " @" +
                    std::to_string(op.loc.line) + ":" + std::to_string(op.loc.column) + "\n";
  walk(*op.selection_set, out);
  return out;
}

TEST(SimpleOperation, TellsTheSinkTheFieldsParseGives) {
  for (std::string_view text : {
           "{ a }",
           "query { a b: c(x: 1, y: [\"s\", {z: ENUM}]) { d } }",
           "  query Named {\n  a(x: 1.5) {\n    b\n  }\n  c\n}\n",
           "mutation M { a(x: null) { b { c } } }",
           "subscription { a }",
           "\xEF\xBB\xBF{ a, b # comment\n c }",
       }) {
    Arena arena;
    Recorder r;
    EXPECT_TRUE(parse_simple_operation(text, arena, r)) << text;
    EXPECT_EQ(r.events, from_document(text, arena)) << text;
  }
}

TEST(SimpleOperation, LeavesEveryOtherShapeToParse) {
  for (std::string_view text : {
           "",
           "{ a ...F } fragment F on T { b }",
           "{ ... on T { a } }",
           "query ($x: Int) { a(x: $x) }",
           "query @d { a }",
           "{ a @include(if: true) }",
           "\"description\" query { a }",
           "{ a } { b }",
           "{ a } query { b }",
           "{ a }}",
           "{ }",
           "{ a(x: ) }",
           "{ a } \"unterminated",
           "type T { a: Int }",
           "fragment F on T { a }",
       }) {
    Arena arena;
    Recorder r;
    EXPECT_FALSE(parse_simple_operation(text, arena, r)) << text;
  }
  // A sink's false stops the read there.
  Arena arena;
  Recorder r;
  r.stop_at = "b";
  EXPECT_FALSE(parse_simple_operation("{ a b c }", arena, r));
  EXPECT_EQ(r.events, "query @1:1\n:a() @1:3\n:b() @1:5\n");
}

}  // namespace
}  // namespace gqleval::graphql
