// Genuine schema errors, as graphql-js 16.15.0 reports them (rechecked with
// tests/js/schema_check.mjs; 16.13.2, which produced them first, agrees). Each
// case is a small SDL document and the exact errors (message, line:column of
// each location, in order) that graphql-js's buildSchema + validateSchema give
// for it; the expectations were produced by running graphql-js on these documents.
// Strict mode must reproduce them exactly. Cases the dialect does not touch must
// fail the same way in the default dialect too.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/schema/schema.h"

namespace gqleval::schema {
namespace {

struct ExpectedError {
  std::string message;
  std::vector<SourcePos> locations;
};

struct ErrorCase {
  const char* name;
  bool dialect_fixes_it;  // the default dialect accepts (part of) this document
  const char* sdl;
  std::vector<ExpectedError> errors;
};

const std::vector<ErrorCase>& cases() {
  static const std::vector<ErrorCase> kCases = {
      {"arg_not_input",
       false,
       "type Query { a(x: Query): Int }",
       {
           {"The type of Query.a(x:) must be Input Type but got: Query.", {{1, 19}}},
       }},
      {"circular_interfaces",
       false,
       "interface A implements B & A { a: Int }\n"
       "interface B implements A & B { a: Int }\n"
       "type Query { a: A }",
       {
           {"Type A cannot implement itself because it would create a circular reference.",
            {{1, 28}}},
           {"Type B cannot implement itself because it would create a circular reference.",
            {{2, 28}}},
       }},
      {"directive_unique_location",
       false,
       "type Query { a: Int @deprecated @deprecated }",
       {
           {"The directive \"@deprecated\" can only be used once at this location.",
            {{1, 21}, {1, 33}}},
       }},
      {"directive_wrong_location",
       false,
       "type Query @deprecated { a: Int }",
       {
           {"Directive \"@deprecated\" may not be used on OBJECT.", {{1, 12}}},
       }},
      {"dup_arg_def",
       false,
       "type Query { a(x: Int, x: String): Int }",
       {
           {"Argument \"Query.a(x:)\" can only be defined once.", {{1, 16}, {1, 24}}},
       }},
      {"dup_directive_arg",
       false,
       "type Query { a: Int @deprecated(reason: \"x\", reason: \"y\") }",
       {
           {"There can be only one argument named \"reason\".", {{1, 33}, {1, 46}}},
       }},
      {"dup_directive_def",
       false,
       "directive @a on FIELD\n"
       "directive @a on QUERY\n"
       "type Query { a: Int }",
       {
           {"There can be only one directive named \"@a\".", {{1, 12}, {2, 12}}},
       }},
      {"dup_directive_identical",
       true,
       "directive @a on FIELD\n"
       "directive @a on FIELD\n"
       "type Query { a: Int }",
       {
           {"There can be only one directive named \"@a\".", {{1, 12}, {2, 12}}},
       }},
      {"dup_enum_value",
       false,
       "type Query { a: E }\n"
       "enum E { A B A }",
       {
           {"Enum value \"E.A\" can only be defined once.", {{2, 10}, {2, 14}}},
       }},
      {"dup_extension_identical",
       true,
       "type Query { a: Int }\n"
       "extend type Query { b: Int }\n"
       "extend type Query { b: Int }",
       {
           {"Field \"Query.b\" can only be defined once.", {{2, 21}, {3, 21}}},
       }},
      {"dup_field",
       false,
       "type Query { a: Int a: String }",
       {
           {"Field \"Query.a\" can only be defined once.", {{1, 14}, {1, 21}}},
       }},
      {"dup_input_field_value",
       false,
       "directive @d(x: In) on FIELD_DEFINITION\n"
       "input In { a: Int }\n"
       "type Query { a: Int @d(x: {a: 1, a: 2}) }",
       {
           {"There can be only one input field named \"a\".", {{3, 28}, {3, 34}}},
       }},
      {"dup_operation_type",
       false,
       "schema { query: Query query: Query }\n"
       "type Query { a: Int }",
       {
           {"There can be only one query type in schema.", {{1, 10}, {1, 23}}},
       }},
      {"dup_schema_identical",
       true,
       "schema { query: Query }\n"
       "type Query { a: Int }\n"
       "schema { query: Query }",
       {
           {"Must provide only one schema definition.", {{3, 1}}},
           {"There can be only one query type in schema.", {{1, 10}, {3, 10}}},
       }},
      {"dup_type_different",
       false,
       "type Query { a: Int }\n"
       "type User { id: ID }\n"
       "type User { id: String }",
       {
           {"There can be only one type named \"User\".", {{2, 6}, {3, 6}}},
           {"Field \"User.id\" can only be defined once.", {{2, 13}, {3, 13}}},
       }},
      {"empty_types",
       false,
       "type Query\n"
       "interface I\n"
       "union U\n"
       "enum E\n"
       "input In",
       {
           {"Type Query must define one or more fields.", {{1, 1}}},
           {"Type I must define one or more fields.", {{2, 1}}},
           {"Union type U must define one or more member types.", {{3, 1}}},
           {"Enum type E must define one or more values.", {{4, 1}}},
           {"Input Object type In must define one or more fields.", {{5, 1}}},
       }},
      {"enum_ext_dup",
       true,
       "type Query { a: E }\n"
       "enum E { A }\n"
       "extend enum E { A }",
       {
           {"Enum value \"E.A\" can only be defined once.", {{2, 10}, {3, 17}}},
       }},
      {"extend_undefined",
       true,
       "type Query { a: Int }\n"
       "extend type Usr { b: Int }\n"
       "type User { id: ID }",
       {
           {"Cannot extend type \"Usr\" because it is not defined. Did you mean \"User\"?",
            {{2, 13}}},
       }},
      {"extend_wrong_kind",
       false,
       "type Query { a: Int }\n"
       "enum E { A }\n"
       "extend type E { b: Int }",
       {
           {"Cannot extend non-object type \"E\".", {{2, 1}, {3, 1}}},
       }},
      {"extension_ok",
       true,
       "type Query { a: Int }\n"
       "extend type Query { b: Int }\n"
       "extend schema @foo",
       {
           {"Unknown directive \"@foo\".", {{3, 15}}},
       }},
      {"extra_required_arg",
       false,
       "interface I { f: Int }\n"
       "type Query implements I { f(y: Int!): Int }",
       {
           {"Object field Query.f includes required argument y that is missing from the Interface "
            "field I.f.",
            {{2, 29}, {1, 15}}},
       }},
      {"field_dup_via_extension",
       true,
       "type Query { a: Int }\n"
       "extend type Query { a: Int }",
       {
           {"Field \"Query.a\" can only be defined once.", {{1, 14}, {2, 21}}},
       }},
      {"field_not_output",
       false,
       "type Query { a: In }\n"
       "input In { x: Int }",
       {
           {"The type of Query.a must be Output Type but got: In.", {{1, 17}}},
       }},
      {"implements_non_interface",
       false,
       "type Query implements A { a: Int }\n"
       "type A { a: Int }",
       {
           {"Type Query must only implement Interface types, it cannot implement A.", {{1, 23}}},
       }},
      {"implements_twice",
       false,
       "interface I { a: Int }\n"
       "type Query implements I & I { a: Int }",
       {
           {"Type Query can only implement I once.", {{2, 23}, {2, 27}}},
       }},
      {"inherit_transitive",
       true,
       "interface A { a: Int }\n"
       "interface B implements A { b: Int }\n"
       "type Query implements B & A { c: Int }",
       {
           {"Interface field A.a expected but B does not provide it.", {{1, 15}, {2, 1}}},
           {"Interface field B.b expected but Query does not provide it.", {{2, 28}, {3, 1}}},
           {"Interface field A.a expected but Query does not provide it.", {{1, 15}, {3, 1}}},
       }},
      {"input_cycle",
       false,
       "type Query { a(x: A): Int }\n"
       "input A { b: B! }\n"
       "input B { a: A! }",
       {
           {"Cannot reference Input Object \"A\" within itself through a series of non-null "
            "fields: \"b.a\".",
            {{2, 11}, {3, 11}}},
       }},
      {"input_field_not_input",
       false,
       "type Query { a(x: In): Int }\n"
       "input In { q: Query }",
       {
           {"The type of In.q must be Input Type but got: Query.", {{2, 15}}},
       }},
      {"interface_arg_missing",
       false,
       "interface I { f(x: Int): Int }\n"
       "type Query implements I { f: Int }",
       {
           {"Interface field argument I.f(x:) expected but Query.f does not provide it.",
            {{1, 17}, {2, 27}}},
       }},
      {"interface_arg_type",
       false,
       "interface I { f(x: Int): Int }\n"
       "type Query implements I { f(x: String): Int }",
       {
           {"Interface field argument I.f(x:) expects type Int but Query.f(x:) is type String.",
            {{1, 20}, {2, 32}}},
       }},
      {"interface_field_type",
       false,
       "interface Node { id: ID! }\n"
       "type Query implements Node { id: String }",
       {
           {"Interface field Node.id expects type ID! but Query.id is type String.",
            {{1, 22}, {2, 34}}},
       }},
      {"missing_interface_field",
       true,
       "interface Node { id: ID! }\n"
       "type Query implements Node { name: String }",
       {
           {"Interface field Node.id expected but Query does not provide it.", {{1, 18}, {2, 1}}},
       }},
      {"multiple_errors_order",
       true,
       "type Query { a: X @bad b(x: Int, x: Int): Y }\n"
       "type Query { c: Int }\n"
       "extend type Nope { d: Int }",
       {
           {"Argument \"Query.b(x:)\" can only be defined once.", {{1, 26}, {1, 34}}},
           {"Unknown type \"X\".", {{1, 17}}},
           {"Unknown directive \"@bad\".", {{1, 19}}},
           {"Unknown type \"Y\".", {{1, 43}}},
           {"There can be only one type named \"Query\".", {{1, 6}, {2, 6}}},
           {"Cannot extend type \"Nope\" because it is not defined.", {{3, 13}}},
       }},
      {"mutation_not_object",
       false,
       "type Query { a: Int }\n"
       "input Mutation { a: Int }",
       {
           {"Mutation root type must be Object type if provided, it cannot be Mutation.", {{2, 1}}},
       }},
      {"no_query",
       false,
       "type Foo { a: Int }",
       {
           {"Query root type must be provided.", {}},
       }},
      {"oneof_rules",
       false,
       "type Query { a(x: In): Int }\n"
       "input In @oneOf { a: Int! b: Int = 3 }",
       {
           {"OneOf input field In.a must be nullable.", {{2, 22}}},
           {"OneOf input field In.b cannot have a default value.", {{2, 27}}},
       }},
      {"query_not_object",
       false,
       "schema { query: Q }\n"
       "interface Q { a: Int }",
       {
           {"Query root type must be Object type, it cannot be Q.", {{1, 17}}},
       }},
      {"required_deprecated",
       false,
       "type Query { a(x: Int! @deprecated): Int }\n"
       "input In { f: Int! @deprecated(reason: \"no\") }\n"
       "directive @d(x: Int! @deprecated) on FIELD",
       {
           {"Required argument @d(x:) cannot be deprecated.", {{3, 22}, {3, 17}}},
           {"Required argument Query.a(x:) cannot be deprecated.", {{1, 24}, {1, 19}}},
           {"Required input field In.f cannot be deprecated.", {{2, 20}, {2, 15}}},
       }},
      {"required_directive_arg",
       false,
       "scalar Url @specifiedBy\n"
       "type Query { a: Url }",
       {
           {"Directive \"@specifiedBy\" argument \"url\" of type \"String!\" is required, but it "
            "was not provided.",
            {{1, 12}}},
       }},
      {"reserved_names",
       false,
       "type Query { __a: Int a(__x: Int): Int }\n"
       "type __Foo { a: Int }\n"
       "enum E { __V }\n"
       "directive @__d on FIELD",
       {
           {"Name \"__d\" must not begin with \"__\", which is reserved by GraphQL introspection.",
            {{4, 1}}},
           {"Name \"__a\" must not begin with \"__\", which is reserved by GraphQL introspection.",
            {{1, 14}}},
           {"Name \"__x\" must not begin with \"__\", which is reserved by GraphQL introspection.",
            {{1, 25}}},
           {"Name \"__Foo\" must not begin with \"__\", which is reserved by GraphQL "
            "introspection.",
            {{2, 1}}},
           {"Name \"__V\" must not begin with \"__\", which is reserved by GraphQL introspection.",
            {{3, 10}}},
       }},
      {"root_merge",
       true,
       "type Query { a: Int }\n"
       "type Query { b: Int }\n"
       "type Query { c(x: Int): Int @rest(endpoint: \"x\") }",
       {
           {"There can be only one type named \"Query\".", {{1, 6}, {2, 6}}},
           {"There can be only one type named \"Query\".", {{1, 6}, {3, 6}}},
           {"Unknown directive \"@rest\".", {{3, 29}}},
       }},
      {"root_merge_clash",
       false,
       "type Query { a: Int }\n"
       "type Query { a: String }",
       {
           {"There can be only one type named \"Query\".", {{1, 6}, {2, 6}}},
           {"Field \"Query.a\" can only be defined once.", {{1, 14}, {2, 14}}},
       }},
      {"schema_ext_repeat",
       true,
       "type Query { a: Int }\n"
       "type M { a: Int }\n"
       "extend schema { mutation: M }\n"
       "extend schema { mutation: M }",
       {
           {"There can be only one mutation type in schema.", {{3, 17}, {4, 17}}},
       }},
      {"self_implement",
       false,
       "interface I implements I { a: Int }\n"
       "type Query { a: I }",
       {
           {"Type I cannot implement itself because it would create a circular reference.",
            {{1, 24}}},
       }},
      {"specified_by_wrong",
       false,
       "type Query @specifiedBy(url: \"x\") { a: Int }",
       {
           {"Directive \"@specifiedBy\" may not be used on OBJECT.", {{1, 12}}},
       }},
      {"stepzen_scalars",
       true,
       "type Query { a: Date b: DateTime c: JSON d(s: Secret): Int e: [Date!] }",
       {
           {"Unknown type \"Date\".", {{1, 17}}},
           {"Unknown type \"DateTime\".", {{1, 25}}},
           {"Unknown type \"JSON\".", {{1, 37}}},
           {"Unknown type \"Secret\".", {{1, 47}}},
           {"Unknown type \"Date\".", {{1, 64}}},
       }},
      {"transitive_missing",
       false,
       "interface A { a: Int }\n"
       "interface B implements A { a: Int }\n"
       "type Query implements B { a: Int }",
       {
           {"Type Query must implement A because it is implemented by B.", {{2, 24}, {3, 23}}},
       }},
      {"two_schema_defs",
       true,
       "schema { query: Query }\n"
       "schema { query: Query }\n"
       "type Query { a: Int }",
       {
           {"Must provide only one schema definition.", {{2, 1}}},
           {"There can be only one query type in schema.", {{1, 10}, {2, 10}}},
       }},
      {"union_dup_member",
       false,
       "type Query { a: U }\n"
       "type A { a: Int }\n"
       "union U = A | A",
       {
           {"Union type U can only include type A once.", {{3, 11}, {3, 15}}},
       }},
      {"union_non_object",
       false,
       "type Query { a: U }\n"
       "union U = Query | I\n"
       "interface I { a: Int }",
       {
           {"Union type U can only include Object types, it cannot include I.", {{2, 19}}},
       }},
      {"unknown_directive",
       true,
       "type Query { a: Int @dbquery(type: \"mysql\") }",
       {
           {"Unknown directive \"@dbquery\".", {{1, 21}}},
       }},
      {"unknown_directive_arg",
       false,
       "type Query { a: Int @deprecated(reasn: \"x\") }",
       {
           {"Unknown argument \"reasn\" on directive \"@deprecated\". Did you mean \"reason\"?",
            {{1, 33}}},
       }},
      {"unknown_type",
       false,
       "type Query { a: Foo b: Strin c: [Qury] }",
       {
           {"Unknown type \"Foo\".", {{1, 17}}},
           {"Unknown type \"Strin\". Did you mean \"String\"?", {{1, 24}}},
           {"Unknown type \"Qury\". Did you mean \"Query\"?", {{1, 34}}},
       }},
      {"unknown_type_suggest",
       false,
       "type Query { a: Usr }\n"
       "type User { id: ID }\n"
       "type Users { id: ID }",
       {
           {"Unknown type \"Usr\". Did you mean \"User\" or \"Users\"?", {{1, 17}}},
       }},
      {"unknown_types_in_ops",
       false,
       "type Query { a: Int }\n"
       "query Q($x: Int) { a @skip(if: $x) @foo }",
       {
           {"Unknown type \"Int\".", {{2, 13}}},
           {"Unknown directive \"@foo\".", {{2, 36}}},
       }},
  };
  return kCases;
}

std::string describe(const Diagnostics& ds) {
  std::string out;
  for (const Diagnostic& d : ds) {
    out.append("  ").append(d.message).append(" @");
    for (const SourcePos& p : d.locations) {
      out.append(" ").append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
    }
    out.append("\n");
  }
  return out;
}

void expect_errors(const ErrorCase& c, const BuildOptions& options) {
  auto built = Schema::build(c.sdl, options);
  ASSERT_FALSE(built.ok()) << c.name << " built, expected errors";
  const Diagnostics& got = built.error();
  ASSERT_EQ(got.size(), c.errors.size()) << c.name << ":\n" << describe(got);
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].message, c.errors[i].message) << c.name << " error " << i;
    EXPECT_EQ(got[i].locations, c.errors[i].locations) << c.name << " error " << i;
    EXPECT_EQ(got[i].severity, Severity::kError);
  }
}

TEST(SchemaErrorsTest, StrictModeReportsExactlyWhatGraphqlJsReports) {
  for (const ErrorCase& c : cases()) expect_errors(c, BuildOptions{.strict = true});
}

TEST(SchemaErrorsTest, DefaultDialectReportsGenuineErrorsTheSameWay) {
  int checked = 0;
  for (const ErrorCase& c : cases()) {
    if (c.dialect_fixes_it) continue;
    expect_errors(c, BuildOptions{});
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

TEST(SchemaErrorsTest, RulesAreNamedAfterGraphqlJs) {
  auto unknown = Schema::build("type Query { a: Foo }");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error()[0].rule, "KnownTypeNames");
  auto twice = Schema::build("type Query { a: Int }\ntype A { a: Int }\ntype A { b: Int }");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error()[0].rule, "UniqueTypeNames");
  auto output = Schema::build("type Query { a: In }\ninput In { x: Int }");
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error()[0].rule, "SchemaValidation");
}

TEST(SchemaErrorsTest, SyntaxErrorsComeFromTheParser) {
  auto built = Schema::build("type Query { a: Int");
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  EXPECT_EQ(built.error()[0].rule, "Syntax");
  EXPECT_EQ(built.error()[0].message, "Syntax Error: Expected Name, found <EOF>.");
  EXPECT_EQ(built.error()[0].pos(), (SourcePos{1, 20}));
}

TEST(SchemaErrorsTest, SchemaChecksDoNotRunWhenTheSdlRulesFail) {
  // The missing query root is not reported: graphql-js stops at the SDL errors.
  auto built = Schema::build("type A { a: Foo }");
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  EXPECT_EQ(built.error()[0].message, "Unknown type \"Foo\".");
}

}  // namespace
}  // namespace gqleval::schema
