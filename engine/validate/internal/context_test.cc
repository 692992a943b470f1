// The validation framework against graphql-js itself: the TypeInfo trace of
// walk() (testdata/walk_trace.golden, printed by 16.13.2; TypeInfo.js, visitor.js
// and the executable AST keys are unchanged in 16.15.0) and the fragment /
// variable-usage helpers (printed by 16.15.0) come from graphql-js
// (visitWithTypeInfo, ValidationContext) on the same schema and documents, and
// are compared line by line. The schema is testdata/schemas/pets.graphql.
#include "engine/validate/internal/context.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/validate/test_util.h"

namespace gqleval::validate {
namespace {

using testing::build_schema;
using testing::Lines;

// Prints the TypeInfo at every hook in the format of the graphql-js script.
class Tracer : public Visitor {
 public:
  Tracer(const schema::Schema& s, Lines& out) : s_(s), out_(out) {}

  void enter_operation(const ast::OperationDefinition& n, const TypeInfo& ti) override {
    line("OperationDefinition " + std::string(n.name.value), ti);
  }
  void enter_fragment_definition(const ast::FragmentDefinition& n, const TypeInfo& ti) override {
    line("FragmentDefinition " + std::string(n.name.value), ti);
  }
  void enter_variable_definition(const ast::VariableDefinition& n, const TypeInfo& ti) override {
    line("VariableDefinition $" + std::string(n.variable.value), ti);
  }
  void enter_named_type(const ast::Name& n, const TypeInfo& ti) override {
    line("NamedType " + std::string(n.value), ti);
  }
  void enter_selection_set(const ast::SelectionSet&, const TypeInfo& ti) override {
    line("SelectionSet", ti);
  }
  void enter_field(const ast::Field& n, const TypeInfo& ti) override {
    line("Field " + std::string(n.name.value), ti);
  }
  void enter_inline_fragment(const ast::InlineFragment& n, const TypeInfo& ti) override {
    line("InlineFragment " + std::string(n.type_condition.value), ti);
  }
  void enter_fragment_spread(const ast::FragmentSpread& n, const TypeInfo& ti) override {
    line("FragmentSpread " + std::string(n.name.value), ti);
  }
  void enter_directive(const ast::Directive& n, const TypeInfo& ti) override {
    line("Directive " + std::string(n.name.value), ti);
  }
  void enter_argument(const ast::Argument& n, const TypeInfo& ti) override {
    line("Argument " + std::string(n.name.value), ti);
  }
  void enter_object_field(const ast::ObjectField& n, const TypeInfo& ti) override {
    line("ObjectField " + std::string(n.name.value), ti);
  }
  void enter_value(const ast::Value& v, const TypeInfo& ti) override {
    std::string text(v.text);
    switch (v.kind) {
      case ast::ValueKind::kVariable: line("Variable $" + text, ti); break;
      case ast::ValueKind::kInt: line("IntValue " + text, ti); break;
      case ast::ValueKind::kFloat: line("FloatValue " + text, ti); break;
      case ast::ValueKind::kString: line("StringValue " + text, ti); break;
      case ast::ValueKind::kEnum: line("EnumValue " + text, ti); break;
      case ast::ValueKind::kBoolean: line("BooleanValue", ti); break;
      case ast::ValueKind::kNull: line("NullValue", ti); break;
      case ast::ValueKind::kList: line("ListValue", ti); break;
      case ast::ValueKind::kObject: line("ObjectValue", ti); break;
    }
  }

 private:
  std::string type(schema::TypeRef t) const {
    return t.named == schema::kNone ? "-" : s_.type_to_string(t);
  }
  std::string named(schema::TypeId t) const {
    return t == schema::kNone ? "-" : std::string(s_.type(t).name);
  }
  void line(const std::string& label, const TypeInfo& ti) {
    out_.push_back(label + " | parent=" + named(ti.parent_type) + " type=" + type(ti.type) +
                   " field=" + (ti.field ? std::string(ti.field->name) : "-") +
                   " dir=" + (ti.directive ? std::string(ti.directive->name) : "-") +
                   " arg=" + (ti.argument ? std::string(ti.argument->name) : "-") +
                   " input=" + type(ti.input_type) + " parentInput=" + type(ti.parent_input_type) +
                   " default=" + (ti.default_value ? "yes" : "no"));
  }

  const schema::Schema& s_;
  Lines& out_;
};

TEST(ValidationContext, WalkShowsGraphqlJsTypeInfo) {
  const schema::Schema* schema = testing::testdata_schema("pets");
  ASSERT_TRUE(schema);
  constexpr std::string_view query =
      R"(query Q($id: ID! = "1", $f: Filter = {name: "a"}) @skip(if: $b) {
  human(id: $id) { name pets { ... on Dog { barks } } }
  pets(filter: {name: "n", tags: ["a", $t], nested: {tags: "x", bogus: 1}}, limit: $l,
       ids: [1]) { ...F }
  dog @include(if: true) @unknown(x: 1) { nickname(arg: 2) }
  nope(a: [1]) { x }
}
fragment F on Pet { name ... { nickname } }
)";
  Arena arena;
  auto doc = graphql::parse(query, arena);
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ValidateOptions options;
  ValidationContext ctx(*schema, **doc, options);
  Lines got;
  Tracer tracer(*schema, got);
  ctx.walk(tracer);

  // graphql-js's own trace (see the golden file's header).
  const std::string path =
      std::string(GQLEVAL_SOURCE_DIR) + "/engine/validate/testdata/walk_trace.golden";
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path;
  Lines want;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') want.push_back(line);
  }
  EXPECT_EQ(got, want);
}

// Skipping the children of a node still runs its leave hook.
class SkipFields : public Visitor {
 public:
  explicit SkipFields(Lines& out) : out_(out) {}
  void enter_field(const ast::Field& f, const TypeInfo&) override {
    out_.push_back("enter " + std::string(f.name.value));
    if (f.name.value == "human") skip_children();
  }
  void leave_field(const ast::Field& f, const TypeInfo&) override {
    out_.push_back("leave " + std::string(f.name.value));
  }
  void enter_argument(const ast::Argument& a, const TypeInfo&) override {
    out_.push_back("argument " + std::string(a.name.value));
  }

 private:
  Lines& out_;
};

TEST(ValidationContext, SkipChildrenStillLeaves) {
  const schema::Schema* schema = testing::testdata_schema("pets");
  ASSERT_TRUE(schema);
  Arena arena;
  auto doc = graphql::parse("{ human(id: 1) { name } dog { name } }", arena);
  ASSERT_TRUE(doc.ok());
  ValidateOptions options;
  ValidationContext ctx(*schema, **doc, options);
  Lines got;
  SkipFields v(got);
  ctx.walk(v);
  EXPECT_EQ(got, (Lines{"enter human", "leave human", "enter dog", "enter name", "leave name",
                        "leave dog"}));
}

std::string usage_line(const schema::Schema& s, const VariableUsage& u) {
  auto type = [&](schema::TypeRef t) {
    return t.named == schema::kNone ? std::string("-") : s.type_to_string(t);
  };
  return "$" + std::string(u.node->text) + " @" + std::to_string(u.node->loc.line) + ":" +
         std::to_string(u.node->loc.column) + " type=" + type(u.type) +
         " default=" + (u.has_default ? "yes" : "no") + " parent=" + type(u.parent_type);
}

TEST(ValidationContext, RecursiveFragmentsAndVariableUsagesInGraphqlJsOrder) {
  const schema::Schema* schema = testing::testdata_schema("pets");
  ASSERT_TRUE(schema);
  constexpr std::string_view query = R"(query A($x: Int = 1) { ...FA human(id: $x) { ...FB } }
fragment FA on Query { pets(limit: $y, filter: {nested: {tags: [$z]}}) { ...FC } }
fragment FB on Human { pets { ...FD } }
fragment FC on Pet { name @include(if: $c) }
fragment FD on Pet { ... on Dog { owner { id @skip(if: $d) } } ...FA ...Missing }
query B { ...FD }
)";
  Arena arena;
  auto doc = graphql::parse(query, arena);
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ValidateOptions options;
  ValidationContext ctx(*schema, **doc, options);
  ASSERT_EQ(ctx.operations.size(), 2u);
  ASSERT_EQ(ctx.fragments.size(), 4u);

  auto names = [&](const ast::OperationDefinition& op) {
    std::string out;
    for (const ast::FragmentDefinition* f : ctx.recursively_referenced_fragments(op)) {
      out += std::string(f->name.value) + " ";
    }
    return out;
  };
  auto usages = [&](const ast::OperationDefinition& op) {
    Lines out;
    for (const VariableUsage& u : ctx.recursive_variable_usages(op)) {
      out.push_back(usage_line(*schema, u));
    }
    return out;
  };
  // graphql-js 16.15.0 getRecursivelyReferencedFragments / getRecursiveVariableUsages
  // (breadth first; 16.13.2 gave "FA FB FD FC" and $d before $c).
  EXPECT_EQ(names(*ctx.operations[0]), "FA FB FC FD ");
  EXPECT_EQ(usages(*ctx.operations[0]), (Lines{
                                            "$x @1:40 type=ID! default=no parent=-",
                                            "$y @2:36 type=Int default=yes parent=-",
                                            "$z @2:65 type=String! default=no parent=[String!]",
                                            "$c @4:40 type=Boolean! default=no parent=-",
                                            "$d @5:56 type=Boolean! default=no parent=-",
                                        }));
  EXPECT_EQ(names(*ctx.operations[1]), "FD FA FC ");
  EXPECT_EQ(usages(*ctx.operations[1]), (Lines{
                                            "$d @5:56 type=Boolean! default=no parent=-",
                                            "$y @2:36 type=Int default=yes parent=-",
                                            "$z @2:65 type=String! default=no parent=[String!]",
                                            "$c @4:40 type=Boolean! default=no parent=-",
                                        }));
}

TEST(ValidationContext, FragmentLookupTakesTheLastDefinition) {
  const schema::Schema* schema = testing::testdata_schema("pets");
  ASSERT_TRUE(schema);
  Arena arena;
  auto doc = graphql::parse(
      "{ ...F } fragment F on Query { dog { name } } fragment F on Query { color }", arena);
  ASSERT_TRUE(doc.ok());
  ValidateOptions options;
  ValidationContext ctx(*schema, **doc, options);
  ASSERT_NE(ctx.fragment("F"), nullptr);
  EXPECT_EQ(ctx.fragment("F"), ctx.fragments[1]);
  EXPECT_EQ(ctx.fragment("G"), nullptr);
}

TEST(ValidationContext, UnreferencedBuiltInScalarsAreUnknownAsInGraphqlJs) {
  // graphql-js's type map holds Int, Float and ID only when the schema uses them.
  auto schema = build_schema("type Query { a(n: Int): String b: Boolean }");
  ASSERT_TRUE(schema);
  Arena arena;
  auto doc = graphql::parse("{ a }", arena);
  ASSERT_TRUE(doc.ok());
  ValidateOptions options;
  ValidationContext ctx(*schema, **doc, options);
  EXPECT_NE(ctx.find_type("Int"), schema::kNone);
  EXPECT_NE(ctx.find_type("String"), schema::kNone);
  EXPECT_NE(ctx.find_type("Boolean"), schema::kNone);
  EXPECT_NE(ctx.find_type("__Schema"), schema::kNone);
  EXPECT_EQ(ctx.find_type("Float"), schema::kNone);
  EXPECT_EQ(ctx.find_type("ID"), schema::kNone);
  EXPECT_EQ(ctx.find_type("Nope"), schema::kNone);
}

}  // namespace
}  // namespace gqleval::validate
