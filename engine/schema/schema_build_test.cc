// Building: each type kind and extension kind, interfaces implementing
// interfaces, possible types, root types, directives, and the built-in prelude.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

using testing::kLibrarySdl;
using testing::must_build;

std::vector<std::string> field_names(const Schema& s, std::string_view type) {
  std::vector<std::string> out;
  for (FieldId f : s.type_named(type)->fields) out.emplace_back(s.field(f).name);
  return out;
}

std::vector<std::string> type_names(const Schema& s, std::span<const TypeId> ids) {
  std::vector<std::string> out;
  for (TypeId t : ids) out.emplace_back(s.type(t).name);
  return out;
}

TEST(SchemaBuildTest, BuiltInScalarsHaveFixedIds) {
  auto s = must_build("type Query { a: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->type(kStringType).name, "String");
  EXPECT_EQ(s->type(kIntType).name, "Int");
  EXPECT_EQ(s->type(kFloatType).name, "Float");
  EXPECT_EQ(s->type(kBooleanType).name, "Boolean");
  EXPECT_EQ(s->type(kIdType).name, "ID");
  for (TypeId t = 0; t <= kIdType; ++t) {
    EXPECT_TRUE(s->type(t).built_in);
    EXPECT_EQ(s->type(t).kind, TypeKind::kScalar);
    EXPECT_EQ(s->type(t).id, t);
  }
}

TEST(SchemaBuildTest, IntrospectionTypesAreBuiltInAsGraphqlJsDefinesThem) {
  auto s = must_build("type Query { a: Int }");
  ASSERT_TRUE(s);
  for (std::string_view name : {"__Schema", "__Type", "__Field", "__InputValue", "__EnumValue",
                                "__Directive", "__TypeKind", "__DirectiveLocation"}) {
    const TypeDef* t = s->type_named(name);
    ASSERT_NE(t, nullptr) << name;
    EXPECT_TRUE(t->built_in) << name;
  }
  EXPECT_EQ(field_names(*s, "__Schema"),
            (std::vector<std::string>{"description", "types", "queryType", "mutationType",
                                      "subscriptionType", "directives"}));
  EXPECT_EQ(field_names(*s, "__Type"),
            (std::vector<std::string>{"kind", "name", "description", "specifiedByURL", "fields",
                                      "interfaces", "possibleTypes", "enumValues", "inputFields",
                                      "ofType", "isOneOf"}));
  const FieldDef* fields = s->field_named(s->find_type("__Type"), "fields");
  ASSERT_NE(fields, nullptr);
  EXPECT_EQ(s->type_to_string(fields->type), "[__Field!]");
  ASSERT_EQ(fields->arguments.size(), 1u);
  EXPECT_EQ(fields->arguments[0].name, "includeDeprecated");
  ASSERT_NE(fields->arguments[0].default_value, nullptr);
  EXPECT_EQ(fields->arguments[0].default_value->kind, ast::ValueKind::kBoolean);
  const TypeDef* kinds = s->type_named("__TypeKind");
  ASSERT_EQ(kinds->enum_values.size(), 8u);
  EXPECT_EQ(kinds->enum_values[7].name, "NON_NULL");
  // graphql-js 16.14+: directive deprecation in introspection.
  const TypeDef* locations = s->type_named("__DirectiveLocation");
  ASSERT_EQ(locations->enum_values.size(), 20u);
  EXPECT_EQ(locations->enum_values[19].name, "DIRECTIVE_DEFINITION");
  EXPECT_EQ(field_names(*s, "__Directive"),
            (std::vector<std::string>{"name", "description", "isRepeatable", "locations", "args",
                                      "isDeprecated", "deprecationReason"}));
  const FieldDef* directives = s->field_named(s->find_type("__Schema"), "directives");
  ASSERT_NE(directives, nullptr);
  ASSERT_EQ(directives->arguments.size(), 1u);
  EXPECT_EQ(directives->arguments[0].name, "includeDeprecated");
  EXPECT_EQ(s->type_to_string(directives->arguments[0].type), "Boolean!");
  EXPECT_FALSE(directives->arguments[0].required());  // it has a default
  ASSERT_TRUE(s->type_named("__Schema")->description);
  EXPECT_EQ(s->type_named("__Schema")->description->substr(0, 26), "A GraphQL Schema defines t");
}

TEST(SchemaBuildTest, BuiltInDirectivesComeFirst) {
  auto s = must_build("type Query { a: Int }");
  ASSERT_TRUE(s);
  std::vector<std::string> names;
  for (const DirectiveDef& d : s->directives()) {
    names.emplace_back(d.name);
    EXPECT_TRUE(d.built_in && d.declared);
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"include", "skip", "deprecated", "specifiedBy", "oneOf"}));
  const DirectiveDef* skip = s->directive_named("skip");
  ASSERT_NE(skip, nullptr);
  EXPECT_TRUE(skip->allows(DirectiveLocation::kField));
  EXPECT_TRUE(skip->allows(DirectiveLocation::kFragmentSpread));
  EXPECT_TRUE(skip->allows(DirectiveLocation::kInlineFragment));
  EXPECT_FALSE(skip->allows(DirectiveLocation::kQuery));
  EXPECT_FALSE(skip->repeatable);
  ASSERT_EQ(skip->arguments.size(), 1u);
  EXPECT_EQ(skip->arguments[0].name, "if");
  EXPECT_EQ(s->type_to_string(skip->arguments[0].type), "Boolean!");
  EXPECT_TRUE(skip->arguments[0].required());
  const DirectiveDef* deprecated = s->directive_named("deprecated");
  ASSERT_EQ(deprecated->arguments.size(), 1u);
  ASSERT_NE(deprecated->arguments[0].default_value, nullptr);
  EXPECT_EQ(deprecated->arguments[0].default_value->text, "No longer supported");
  EXPECT_FALSE(deprecated->arguments[0].required());
  EXPECT_TRUE(deprecated->allows(DirectiveLocation::kEnumValue));
  EXPECT_TRUE(deprecated->allows(DirectiveLocation::kDirectiveDefinition));  // 16.14+
  EXPECT_FALSE(skip->allows(DirectiveLocation::kDirectiveDefinition));
  EXPECT_EQ(s->directive_named("nope"), nullptr);
}

TEST(SchemaBuildTest, EveryTypeKindAndExtensionKind) {
  auto s = must_build(kLibrarySdl);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->warnings().empty());
  EXPECT_EQ(s->type_named("Node")->kind, TypeKind::kInterface);
  EXPECT_EQ(s->type_named("Book")->kind, TypeKind::kObject);
  EXPECT_EQ(s->type_named("SearchResult")->kind, TypeKind::kUnion);
  EXPECT_EQ(s->type_named("Unit")->kind, TypeKind::kEnum);
  EXPECT_EQ(s->type_named("BookFilter")->kind, TypeKind::kInputObject);
  EXPECT_EQ(s->type_named("Url")->kind, TypeKind::kScalar);
  EXPECT_FALSE(s->type_named("Book")->built_in);

  // Object extension: the extension's fields follow the definition's.
  EXPECT_EQ(field_names(*s, "Book"), (std::vector<std::string>{"id", "title", "pages", "author"}));
  // Union extension adds a member.
  const TypeDef* search = s->type_named("SearchResult");
  EXPECT_EQ(type_names(*s, search->union_members),
            (std::vector<std::string>{"Book", "Author", "Movie"}));
  // Enum extension adds a value; deprecation with the default reason.
  const TypeDef* unit = s->type_named("Unit");
  ASSERT_EQ(unit->enum_values.size(), 3u);
  EXPECT_EQ(unit->enum_values[2].name, "HOUR");
  EXPECT_TRUE(unit->enum_values[1].deprecated);
  EXPECT_EQ(unit->enum_values[1].deprecation_reason, "No longer supported");
  EXPECT_FALSE(unit->enum_values[0].deprecated);
  // Input extension adds a field.
  const TypeDef* filter = s->type_named("BookFilter");
  ASSERT_EQ(filter->input_fields.size(), 4u);
  EXPECT_EQ(filter->input_fields[3].name, "author");
  EXPECT_EQ(s->type_to_string(filter->input_fields[2].type), "[BookFilter!]");
  ASSERT_NE(filter->input_fields[1].default_value, nullptr);
  EXPECT_EQ(filter->input_fields[1].default_value->text, "0");
  // @specifiedBy on a scalar extension changes nothing: graphql-js 16.15's
  // buildSchema reads it (and @oneOf) from the definition only (checked with
  // node: specifiedByURL undefined, isOneOf false for `extend input P @oneOf`).
  EXPECT_EQ(s->type_named("Url")->specified_by_url, "");
  // @oneOf input.
  EXPECT_TRUE(s->type_named("Pick")->one_of);
  EXPECT_FALSE(filter->one_of);
  // Schema extension adds the subscription root.
  EXPECT_EQ(s->subscription_type(), s->find_type("Sub"));
  // Description of a type.
  EXPECT_EQ(s->type_named("Node")->description, "Anything with an id");
}

TEST(SchemaBuildTest, FieldsKnowTheirOwnerArgumentsAndDeprecation) {
  auto s = must_build(kLibrarySdl);
  ASSERT_TRUE(s);
  TypeId author = s->find_type("Author");
  const FieldDef* books = s->field_named(author, "books");
  ASSERT_NE(books, nullptr);
  EXPECT_EQ(books->owner, author);
  EXPECT_EQ(s->type_to_string(books->type), "[Book!]!");
  ASSERT_EQ(books->arguments.size(), 2u);
  EXPECT_EQ(books->arguments[0].name, "first");
  EXPECT_EQ(books->arguments[0].default_value->text, "10");
  EXPECT_EQ(books->arguments[1].default_value, nullptr);
  EXPECT_EQ(find_input_value(books->arguments, "after"), &books->arguments[1]);
  EXPECT_EQ(find_input_value(books->arguments, "before"), nullptr);
  EXPECT_EQ(books->loc.line, 10u);
  EXPECT_EQ(books->loc.column, 3u);
  const FieldDef* name = s->field_named(author, "name");
  EXPECT_TRUE(name->deprecated);
  EXPECT_EQ(name->deprecation_reason, "use fullName");
  const FieldDef* minutes = s->field_named(s->find_type("Movie"), "minutes");
  ASSERT_EQ(minutes->arguments.size(), 1u);
  EXPECT_EQ(minutes->arguments[0].default_value->kind, ast::ValueKind::kEnum);
  EXPECT_EQ(minutes->arguments[0].type.named, s->find_type("Unit"));
}

TEST(SchemaBuildTest, InterfacesImplementingInterfacesAndPossibleTypes) {
  auto s = must_build(kLibrarySdl);
  ASSERT_TRUE(s);
  TypeId node = s->find_type("Node"), media = s->find_type("Media");
  TypeId book = s->find_type("Book"), movie = s->find_type("Movie"),
         author = s->find_type("Author");
  EXPECT_EQ(type_names(*s, s->type(media).interfaces), (std::vector<std::string>{"Node"}));
  EXPECT_EQ(type_names(*s, s->type(book).interfaces), (std::vector<std::string>{"Media", "Node"}));
  // Possible types are the concrete objects, sorted by id, transitively.
  EXPECT_EQ(type_names(*s, s->possible_types(node)),
            (std::vector<std::string>{"Book", "Movie", "Author"}));
  EXPECT_EQ(type_names(*s, s->possible_types(media)), (std::vector<std::string>{"Book", "Movie"}));
  auto search = s->possible_types(s->find_type("SearchResult"));
  EXPECT_TRUE(std::is_sorted(search.begin(), search.end()));
  EXPECT_EQ(type_names(*s, search), (std::vector<std::string>{"Book", "Movie", "Author"}));
  EXPECT_EQ(type_names(*s, s->possible_types(book)), (std::vector<std::string>{"Book"}));
  EXPECT_TRUE(s->possible_types(s->find_type("Unit")).empty());
  EXPECT_TRUE(s->is_possible_type(node, author));
  EXPECT_FALSE(s->is_possible_type(media, author));
  EXPECT_TRUE(s->is_possible_type(media, movie));
  EXPECT_FALSE(s->is_possible_type(node, media));  // an interface is not a possible type
}

TEST(SchemaBuildTest, RootTypesFromTheSchemaDefinition) {
  auto s = must_build(kLibrarySdl);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->query_type(), s->find_type("Root"));
  EXPECT_EQ(s->mutation_type(), s->find_type("Mut"));
  EXPECT_EQ(s->root_type(ast::OperationType::kQuery), s->find_type("Root"));
  EXPECT_EQ(s->root_type(ast::OperationType::kSubscription), s->find_type("Sub"));
}

TEST(SchemaBuildTest, RootTypesByDefaultNames) {
  auto s = must_build("type Query { a: Int }\ntype Mutation { b: Int }\ntype Other { c: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->query_type(), s->find_type("Query"));
  EXPECT_EQ(s->mutation_type(), s->find_type("Mutation"));
  EXPECT_EQ(s->subscription_type(), kNone);
  // With a schema definition, the names no longer count.
  auto named = must_build("schema { query: Other }\ntype Query { a: Int }\ntype Other { c: Int }");
  ASSERT_TRUE(named);
  EXPECT_EQ(named->query_type(), named->find_type("Other"));
}

TEST(SchemaBuildTest, CustomDirectiveDefinitions) {
  auto s = must_build(kLibrarySdl);
  ASSERT_TRUE(s);
  const DirectiveDef* auth = s->directive_named("auth");
  ASSERT_NE(auth, nullptr);
  EXPECT_FALSE(auth->built_in);
  EXPECT_TRUE(auth->declared);
  EXPECT_TRUE(auth->repeatable);
  EXPECT_TRUE(auth->allows(DirectiveLocation::kFieldDefinition));
  EXPECT_TRUE(auth->allows(DirectiveLocation::kObject));
  EXPECT_FALSE(auth->allows(DirectiveLocation::kField));
  ASSERT_EQ(auth->arguments.size(), 2u);
  EXPECT_FALSE(auth->arguments[0].required());  // non-null with a default
  EXPECT_TRUE(auth->arguments[1].required());
  EXPECT_EQ(&s->directive(auth->id), auth);
  EXPECT_EQ(s->directives().back().name, "auth");
}

TEST(SchemaBuildTest, ADocumentsOwnDefinitionOfAStandardNameIsIgnored) {
  // graphql-js keeps its own String even when the SDL declares one.
  auto s = must_build("scalar String\ntype Query { a: String }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->find_type("String"), kStringType);
  EXPECT_TRUE(s->type(kStringType).built_in);
}

TEST(SchemaBuildTest, TheSchemaOwnsItsSource) {
  std::shared_ptr<const Schema> s;
  {
    std::string sdl = "type Query { temporary: Int }";
    s = must_build(sdl);
    sdl.assign(sdl.size(), 'x');  // overwrite the caller's buffer
  }
  ASSERT_TRUE(s);
  EXPECT_EQ(s->type(s->query_type()).name, "Query");
  EXPECT_NE(s->find_field(s->query_type(), "temporary"), kNone);
}

TEST(SchemaBuildTest, ExtensionsMergeIntoTheirTypeAtAnyPosition) {
  // An extension may come before the definition it extends.
  auto s = must_build("extend type Query { b: Int }\ntype Query { a: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(field_names(*s, "Query"), (std::vector<std::string>{"a", "b"}));
}

// As graphql-js 16.15's buildSchema: directives on a type extension do not
// make an input @oneOf or give a scalar a @specifiedBy URL.
TEST(SchemaBuildTest, OneOfAndSpecifiedByCountOnTheDefinitionOnly) {
  auto s = Schema::build(
      "scalar Url\nextend scalar Url @specifiedBy(url: \"https://x\")\n"
      "input P { a: Int b: Int }\nextend input P @oneOf\n"
      "input Q @oneOf { a: Int }\n"
      "type Query { x(p: P, q: Q): Int u: Url }\n");
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE((*s)->type_named("P")->one_of);
  EXPECT_TRUE((*s)->type_named("Q")->one_of);
  EXPECT_EQ((*s)->type_named("Url")->specified_by_url, "");
}

}  // namespace
}  // namespace gqleval::schema
