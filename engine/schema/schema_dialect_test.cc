// The StepZen dialect: each fix the default build makes, with its warning
// (rule, text, locations), and the same document under strict mode, where the
// fix is graphql-js's error instead.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

using testing::must_build;

const BuildOptions kStrict{.strict = true};

void expect_diagnostic(const Diagnostic& d, std::string_view rule, std::string_view message,
                       std::vector<SourcePos> locations, Severity severity) {
  EXPECT_EQ(d.rule, rule);
  EXPECT_EQ(d.message, message);
  EXPECT_EQ(d.locations, locations);
  EXPECT_EQ(d.severity, severity);
}

// ---------------------------------------------------------------- StepZen scalars

constexpr std::string_view kScalars =
    "type Query {\n"
    "  born: Date\n"
    "  seen: [DateTime!]\n"
    "  raw(filter: JSON, key: Secret): JSON\n"
    "  again: Date\n"
    "}";

TEST(SchemaDialectTest, DeclaresStepZenScalarsOnFirstUse) {
  auto s = must_build(kScalars);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 4u);  // one per scalar, not per use
  expect_diagnostic(s->warnings()[0], "KnownTypeNames",
                    "Unknown type \"Date\". Declared it as the StepZen scalar Date.", {{2, 9}},
                    Severity::kWarning);
  expect_diagnostic(s->warnings()[1], "KnownTypeNames",
                    "Unknown type \"DateTime\". Declared it as the StepZen scalar DateTime.",
                    {{3, 10}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[2].message,
            "Unknown type \"JSON\". Declared it as the StepZen scalar JSON.");
  EXPECT_EQ(s->warnings()[2].pos(), (SourcePos{4, 15}));
  EXPECT_EQ(s->warnings()[3].message,
            "Unknown type \"Secret\". Declared it as the StepZen scalar Secret.");
  for (std::string_view name : {"Date", "DateTime", "JSON", "Secret"}) {
    const TypeDef* t = s->type_named(name);
    ASSERT_NE(t, nullptr) << name;
    EXPECT_EQ(t->kind, TypeKind::kScalar);
    EXPECT_TRUE(t->dialect_declared);
    EXPECT_FALSE(t->built_in);
  }
  EXPECT_EQ(s->field_named(s->query_type(), "born")->type.named, s->find_type("Date"));
}

TEST(SchemaDialectTest, StrictModeRejectsUndeclaredStepZenScalars) {
  auto built = Schema::build(kScalars, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 6u);  // graphql-js reports every use
  expect_diagnostic(built.error()[0], "KnownTypeNames", "Unknown type \"Date\".", {{2, 9}},
                    Severity::kError);
  EXPECT_EQ(built.error()[4].message, "Unknown type \"JSON\".");
  EXPECT_EQ(built.error()[4].pos(), (SourcePos{4, 35}));
  EXPECT_EQ(built.error()[5].message, "Unknown type \"Date\".");
  EXPECT_EQ(built.error()[5].pos(), (SourcePos{5, 10}));
}

TEST(SchemaDialectTest, OnlyStepZenScalarsAreDeclared) {
  auto built = Schema::build("type Query { a: Date b: Timestamp }");
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  EXPECT_EQ(built.error()[0].message, "Unknown type \"Timestamp\".");
  // A schema that declares the scalar itself needs no fix.
  auto own = must_build("scalar Date\ntype Query { a: Date }");
  ASSERT_TRUE(own);
  EXPECT_TRUE(own->warnings().empty());
  EXPECT_FALSE(own->type_named("Date")->dialect_declared);
}

// ---------------------------------------------------------------- identical duplicates

constexpr std::string_view kPastedTwice =
    "type Query { a: A }\n"
    "type A { x: Int }\n"
    "extend type A { y: Int }\n"
    "type Query { a: A }\n"
    "type A { x: Int }\n"
    "extend type A { y: Int }";

TEST(SchemaDialectTest, MergesIdenticalDuplicates) {
  auto s = must_build(kPastedTwice);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 3u);
  expect_diagnostic(s->warnings()[0], "UniqueTypeNames",
                    "There can be only one type named \"Query\". The definitions are identical; "
                    "merged them.",
                    {{1, 6}, {4, 6}}, Severity::kWarning);
  expect_diagnostic(s->warnings()[1], "UniqueTypeNames",
                    "There can be only one type named \"A\". The definitions are identical; "
                    "merged them.",
                    {{2, 6}, {5, 6}}, Severity::kWarning);
  expect_diagnostic(s->warnings()[2], "UniqueFieldDefinitionNames",
                    "Field \"A.y\" can only be defined once. The extension repeats an identical "
                    "one; merged them.",
                    {{3, 1}, {6, 1}}, Severity::kWarning);
  const TypeDef* a = s->type_named("A");
  ASSERT_EQ(a->fields.size(), 2u);
  EXPECT_EQ(s->field(a->fields[1]).name, "y");
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 1u);
}

TEST(SchemaDialectTest, StrictModeRejectsDuplicates) {
  auto built = Schema::build(kPastedTwice, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 5u);
  expect_diagnostic(built.error()[0], "UniqueTypeNames",
                    "There can be only one type named \"Query\".", {{1, 6}, {4, 6}},
                    Severity::kError);
  EXPECT_EQ(built.error()[1].message, "Field \"Query.a\" can only be defined once.");
  EXPECT_EQ(built.error()[2].message, "There can be only one type named \"A\".");
  EXPECT_EQ(built.error()[3].message, "Field \"A.x\" can only be defined once.");
  expect_diagnostic(built.error()[4], "UniqueFieldDefinitionNames",
                    "Field \"A.y\" can only be defined once.", {{3, 17}, {6, 17}},
                    Severity::kError);
}

TEST(SchemaDialectTest, DifferentDuplicatesStayErrors) {
  auto built = Schema::build("type Query { a: Int }\ntype A { x: Int }\ntype A { x: String }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message, "There can be only one type named \"A\".");
  EXPECT_EQ(built.error()[0].locations, (std::vector<SourcePos>{{2, 6}, {3, 6}}));
}

TEST(SchemaDialectTest, MergesIdenticalDirectiveAndSchemaDefinitions) {
  auto s = must_build(
      "directive @a on FIELD\nschema { query: Q }\ntype Q { a: Int }\n"
      "directive @a on FIELD\nschema { query: Q }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "UniqueDirectiveNames",
                    "There can be only one directive named \"@a\". The definitions are "
                    "identical; merged them.",
                    {{1, 12}, {4, 12}}, Severity::kWarning);
  expect_diagnostic(s->warnings()[1], "LoneSchemaDefinition",
                    "Must provide only one schema definition. It is identical to the first one; "
                    "merged them.",
                    {{2, 1}, {5, 1}}, Severity::kWarning);
  EXPECT_EQ(s->query_type(), s->find_type("Q"));
}

// ---------------------------------------------------------------- repeated root types

constexpr std::string_view kRootPerFile =
    "type Query { a: Int }\n"
    "type Query { b(x: Int): String }\n"
    "type Mutation { m: Int }\n"
    "type Mutation { n: Int }";

TEST(SchemaDialectTest, MergesRepeatedRootTypesWhoseFieldsDoNotClash) {
  auto s = must_build(kRootPerFile);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "UniqueTypeNames",
                    "There can be only one type named \"Query\". Merged the definitions, whose "
                    "fields do not clash, as StepZen does.",
                    {{1, 6}, {2, 6}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[1].locations, (std::vector<SourcePos>{{3, 6}, {4, 6}}));
  EXPECT_NE(s->find_field(s->query_type(), "b"), kNone);
  EXPECT_NE(s->find_field(s->mutation_type(), "n"), kNone);
}

TEST(SchemaDialectTest, StrictModeRejectsRepeatedRootTypes) {
  auto built = Schema::build(kRootPerFile, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 2u);
  expect_diagnostic(built.error()[0], "UniqueTypeNames",
                    "There can be only one type named \"Query\".", {{1, 6}, {2, 6}},
                    Severity::kError);
}

TEST(SchemaDialectTest, OnlyRootTypesWithoutClashesMerge) {
  // A clash between the two definitions is a genuine error.
  auto clash = Schema::build("type Query { a: Int }\ntype Query { a: String }");
  ASSERT_FALSE(clash.ok());
  ASSERT_EQ(clash.error().size(), 2u);
  EXPECT_EQ(clash.error()[1].message, "Field \"Query.a\" can only be defined once.");
  // Other types do not merge.
  auto other = Schema::build("type Query { a: T }\ntype T { a: Int }\ntype T { b: Int }");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error()[0].message, "There can be only one type named \"T\".");
  // With a schema definition, the root is whatever it names.
  auto named = must_build("schema { query: Q }\ntype Q { a: Int }\ntype Q { b: Int }");
  ASSERT_TRUE(named);
  EXPECT_EQ(named->type(named->query_type()).fields.size(), 2u);
}

// ---------------------------------------------------------------- inherited interface fields

constexpr std::string_view kInherits =
    "interface census_details {\n"
    "  census_ranking: String\n"
    "  population(year: Int = 2020): Float\n"
    "}\n"
    "type City implements census_details {\n"
    "  city_id: Int!\n"
    "}\n"
    "extend type City { name: String }\n"
    "type Query { city: City }";

TEST(SchemaDialectTest, InheritsInterfaceFieldsAnObjectDoesNotRepeat) {
  auto s = must_build(kInherits);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "SchemaValidation",
                    "Interface field census_details.census_ranking expected but City does not "
                    "provide it. City inherits it, as in StepZen.",
                    {{2, 3}, {5, 1}, {8, 1}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[1].locations, (std::vector<SourcePos>{{3, 3}, {5, 1}, {8, 1}}));
  TypeId city = s->find_type("City");
  const FieldDef* population = s->field_named(city, "population");
  ASSERT_NE(population, nullptr);
  EXPECT_EQ(population->owner, city);
  EXPECT_EQ(s->type_to_string(population->type), "Float");
  ASSERT_EQ(population->arguments.size(), 1u);
  EXPECT_EQ(population->arguments[0].default_value->text, "2020");
  // Own fields first, then the extension's, then the inherited ones.
  std::vector<std::string> names;
  for (FieldId f : s->type(city).fields) names.emplace_back(s->field(f).name);
  EXPECT_EQ(names, (std::vector<std::string>{"city_id", "name", "census_ranking", "population"}));
}

TEST(SchemaDialectTest, StrictModeRejectsMissingInterfaceFields) {
  auto built = Schema::build(kInherits, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 2u);
  expect_diagnostic(built.error()[0], "SchemaValidation",
                    "Interface field census_details.census_ranking expected but City does not "
                    "provide it.",
                    {{2, 3}, {5, 1}, {8, 1}}, Severity::kError);
}

TEST(SchemaDialectTest, InheritanceFollowsInterfacesOfInterfaces) {
  auto s = must_build(
      "interface A { a: Int }\ninterface B implements A { b: Int }\n"
      "type T implements B & A { t: Int }\ntype Query { t: T }");
  ASSERT_TRUE(s);
  // B inherits a; T inherits b and a (through B, which now has it).
  ASSERT_EQ(s->warnings().size(), 3u);
  EXPECT_EQ(
      s->warnings()[0].message,
      "Interface field A.a expected but B does not provide it. B inherits it, as in StepZen.");
  EXPECT_NE(s->find_field(s->find_type("T"), "a"), kNone);
  EXPECT_NE(s->find_field(s->find_type("T"), "b"), kNone);
  EXPECT_NE(s->find_field(s->find_type("B"), "a"), kNone);
}

TEST(SchemaDialectTest, AFieldOfTheWrongTypeIsStillAnError) {
  auto built = Schema::build("interface I { id: ID! }\ntype Query implements I { id: String }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message,
            "Interface field I.id expects type ID! but Query.id is type String.");
  EXPECT_EQ(built.error()[0].locations, (std::vector<SourcePos>{{1, 19}, {2, 31}}));
}

// ---------------------------------------------------------------- unknown directives

constexpr std::string_view kServerDirectives =
    "type Customer @materializer(query: \"x\") { id: ID }\n"
    "type Query {\n"
    "  customer(id: ID!): Customer @dbquery(type: \"mysql\", table: \"customer\")\n"
    "  customers: [Customer] @dbquery(type: \"mysql\") @rest(endpoint: \"https://x\")\n"
    "}";

TEST(SchemaDialectTest, KeepsUnknownServerDirectives) {
  auto s = must_build(kServerDirectives);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 4u);  // one per directive, and StepZen's @sort
  expect_diagnostic(s->warnings()[0], "KnownDirectives",
                    "Unknown directive \"@materializer\". Kept it as a server directive.",
                    {{1, 15}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[3].message,
            "Unknown directive \"@materializer\". The schema is written for StepZen; declared "
            "StepZen's executable directives @sort.");
  expect_diagnostic(s->warnings()[1], "KnownDirectives",
                    "Unknown directive \"@dbquery\". Kept it as a server directive.", {{3, 31}},
                    Severity::kWarning);
  EXPECT_EQ(s->warnings()[2].message,
            "Unknown directive \"@rest\". Kept it as a server directive.");
  const DirectiveDef* dbquery = s->directive_named("dbquery");
  ASSERT_NE(dbquery, nullptr);
  EXPECT_FALSE(dbquery->declared);
  EXPECT_FALSE(dbquery->built_in);
  EXPECT_TRUE(dbquery->allows(DirectiveLocation::kFieldDefinition));
  EXPECT_FALSE(dbquery->allows(DirectiveLocation::kField));
  EXPECT_TRUE(s->directive_named("materializer")->allows(DirectiveLocation::kObject));
}

TEST(SchemaDialectTest, StrictModeRejectsUnknownDirectives) {
  auto built = Schema::build(kServerDirectives, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 4u);
  expect_diagnostic(built.error()[0], "KnownDirectives", "Unknown directive \"@materializer\".",
                    {{1, 15}}, Severity::kError);
  expect_diagnostic(built.error()[1], "KnownDirectives", "Unknown directive \"@dbquery\".",
                    {{3, 31}}, Severity::kError);
  EXPECT_EQ(built.error()[2].message, "Unknown directive \"@dbquery\".");
  EXPECT_EQ(built.error()[3].message, "Unknown directive \"@rest\".");
}

TEST(SchemaDialectTest, UnknownDirectivesInExecutableDefinitionsStayErrors) {
  auto built = Schema::build("type Query { a: Int }\nquery { a @dbquery }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message, "Unknown directive \"@dbquery\".");
}

TEST(SchemaDialectTest, KnownDirectivesInTheWrongPlaceStayErrors) {
  auto built = Schema::build("type Query @deprecated { a: Int }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message, "Directive \"@deprecated\" may not be used on OBJECT.");
}

// ---------------------------------------------------------------- roots by name

constexpr std::string_view kMutationPerFile =
    "schema { query: Query }\n"
    "type Query { a: Int }\n"
    "type Mutation { m: Int }\n"
    "type Mutation { n: Int }";

TEST(SchemaDialectTest, TakesRootTypesTheSchemaDefinitionLeavesOutByName) {
  auto s = must_build(kMutationPerFile);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "UniqueTypeNames",
                    "There can be only one type named \"Mutation\". Merged the definitions, "
                    "whose fields do not clash, as StepZen does.",
                    {{3, 6}, {4, 6}}, Severity::kWarning);
  expect_diagnostic(s->warnings()[1], "OperationTypeExistence",
                    "Schema is not configured to execute mutation operation. The schema "
                    "definition names no mutation root type; took the type Mutation by its name, "
                    "as StepZen does.",
                    {{3, 6}, {1, 1}}, Severity::kWarning);
  EXPECT_EQ(s->mutation_type(), s->find_type("Mutation"));
  EXPECT_NE(s->find_field(s->mutation_type(), "n"), kNone);
  EXPECT_EQ(s->subscription_type(), kNone);
}

TEST(SchemaDialectTest, StrictModeTakesOnlyTheRootsTheSchemaDefinitionNames) {
  auto built = Schema::build(kMutationPerFile, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "UniqueTypeNames",
                    "There can be only one type named \"Mutation\".", {{3, 6}, {4, 6}},
                    Severity::kError);
  // One definition builds, as in graphql-js, but is no root.
  auto once = must_build("schema { query: Query }\ntype Query { a: Int }\ntype Mutation { m: Int }",
                         kStrict);
  ASSERT_TRUE(once);
  EXPECT_EQ(once->mutation_type(), kNone);
}

TEST(SchemaDialectTest, ARootTheSchemaDefinitionNamesIsKept) {
  auto s = must_build(
      "schema { query: Q mutation: M }\ntype Q { a: Int }\ntype M { m: Int }\n"
      "type Mutation { x: Int }");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->warnings().empty());
  EXPECT_EQ(s->mutation_type(), s->find_type("M"));
}

// ---------------------------------------------------------------- extensions with no definition

TEST(SchemaDialectTest, AnExtensionWithNoDefinitionDefinesTheType) {
  auto s =
      must_build("extend type Query { a: A }\nextend enum A { X }\nextend type Query { b: Int }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "PossibleTypeExtensions",
                    "Cannot extend type \"Query\" because it is not defined. Took the extension as "
                    "its definition, as StepZen does.",
                    {{1, 13}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[1].locations, (std::vector<SourcePos>{{2, 13}}));
  ASSERT_NE(s->query_type(), kNone);
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 2u);
  EXPECT_EQ(s->type_named("A")->kind, TypeKind::kEnum);
}

TEST(SchemaDialectTest, StrictModeRejectsExtensionsWithNoDefinition) {
  auto built = Schema::build("extend type Query { a: Int }", kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "PossibleTypeExtensions",
                    "Cannot extend type \"Query\" because it is not defined.", {{1, 13}},
                    Severity::kError);
}

TEST(SchemaDialectTest, ALaterExtensionOfAnotherKindIsStillAnError) {
  auto built = Schema::build("extend type Query { a: Int }\nextend input Query { x: Int }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message, "Cannot extend non-input object type \"Query\".");
}

// ---------------------------------------------------------------- repeated fields

TEST(SchemaDialectTest, MergesAnIdenticalFieldRepeatedInAnExtension) {
  auto s = must_build(
      "type Query { a(x: Int): Int i(v: I): Int }\n"
      "extend type Query { a(x: Int): Int b: Int }\n"
      "input I { x: Int }\n"
      "extend input I { x: Int y: Int }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "UniqueFieldDefinitionNames",
                    "Field \"Query.a\" can only be defined once. The definitions are identical; "
                    "merged them.",
                    {{1, 14}, {2, 21}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[1].message,
            "Field \"I.x\" can only be defined once. The definitions are identical; merged them.");
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 3u);
  EXPECT_EQ(s->type_named("I")->input_fields.size(), 2u);
}

TEST(SchemaDialectTest, MergesRootTypesThatRepeatAnIdenticalField) {
  auto s = must_build("type Query { a: Int }\ntype Query { a: Int b: Int }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  EXPECT_EQ(s->warnings()[1].locations, (std::vector<SourcePos>{{1, 14}, {2, 14}}));
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 2u);
}

TEST(SchemaDialectTest, AConflictingRepeatedFieldStaysAnError) {
  auto built = Schema::build("type Query { a: Int }\nextend type Query { a: String }");
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "UniqueFieldDefinitionNames",
                    "Field \"Query.a\" can only be defined once.", {{1, 14}, {2, 21}},
                    Severity::kError);
  // Within one definition, a repetition stays an error too.
  EXPECT_FALSE(Schema::build("type Query { a: Int a: Int }").ok());
}

TEST(SchemaDialectTest, StrictModeRejectsRepeatedFields) {
  auto built = Schema::build("type Query { a: Int }\nextend type Query { a: Int }", kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "UniqueFieldDefinitionNames",
                    "Field \"Query.a\" can only be defined once.", {{1, 14}, {2, 21}},
                    Severity::kError);
}

// StepZen serves a field that an extension repeats with other directives (its
// @materializer arguments here) as one field; graphql-js refuses it.
constexpr std::string_view kRepeatedWithOtherDirectives =
    "type Query { article: Article }\n"
    "type Article {\n"
    "  id: ID\n"
    "  summary: TextCompletion @materializer(query: \"x\", arguments: [{name: \"a\", field: "
    "\"b\"}])\n"
    "  title: String\n"
    "}\n"
    "type TextCompletion { text: String }\n"
    "extend type Article {\n"
    "  summary: TextCompletion @materializer(query: \"x\", arguments: [{name: \"c\", field: "
    "\"d\"}])\n"
    "}";

TEST(SchemaDialectTest, MergesAFieldRepeatedWithOtherDirectives) {
  auto s = must_build(kRepeatedWithOtherDirectives);
  ASSERT_TRUE(s);
  // @materializer kept, @sort declared, the field merged.
  ASSERT_EQ(s->warnings().size(), 3u);
  EXPECT_EQ(s->warnings()[0].message,
            "Unknown directive \"@materializer\". Kept it as a server directive.");
  expect_diagnostic(s->warnings()[1], "UniqueFieldDefinitionNames",
                    "Field \"Article.summary\" can only be defined once. The definitions differ "
                    "only in their directives; merged them and kept the later one's directives, "
                    "as StepZen does.",
                    {{4, 3}, {9, 3}}, Severity::kWarning);
  // One field, at the place of its first definition.
  const TypeDef* article = s->type_named("Article");
  ASSERT_EQ(article->fields.size(), 3u);
  EXPECT_EQ(s->field(article->fields[1]).name, "summary");
  EXPECT_EQ(s->field(article->fields[1]).type.named, s->find_type("TextCompletion"));
  EXPECT_EQ(s->field(article->fields[2]).name, "title");
}

TEST(SchemaDialectTest, ARepeatedFieldTakesTheLaterDirectives) {
  // @deprecated is the directive the schema keeps: the later definition's counts.
  auto s = must_build(
      "type Query { a: Int @deprecated(reason: \"old\") b: Int }\n"
      "extend type Query { a: Int b: Int @deprecated(reason: \"new\") }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  const FieldDef* a = s->field_named(s->query_type(), "a");
  const FieldDef* b = s->field_named(s->query_type(), "b");
  EXPECT_FALSE(a->deprecated);
  EXPECT_TRUE(b->deprecated);
  EXPECT_EQ(b->deprecation_reason, "new");
  EXPECT_EQ(s->print_sdl(), "type Query {\n  a: Int\n  b: Int @deprecated(reason: \"new\")\n}");
  // More repetitions: the same as the one that counts is merged as identical;
  // the first one's directives again override.
  s = must_build(
      "type Query { a: Int @deprecated(reason: \"1\") }\n"
      "extend type Query { a: Int @deprecated(reason: \"2\") }\n"
      "extend type Query { a: Int @deprecated(reason: \"2\") b: Int }\n"
      "extend type Query { a: Int @deprecated(reason: \"1\") }");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 3u);
  EXPECT_EQ(s->warnings()[1].message,
            "Field \"Query.a\" can only be defined once. The definitions are identical; merged "
            "them.");
  EXPECT_EQ(s->field_named(s->query_type(), "a")->deprecation_reason, "1");
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 2u);
}

TEST(SchemaDialectTest, RepeatedRootTypesMergeAFieldWithOtherDirectives) {
  auto s = must_build(
      "type Query { a: Int @rest(endpoint: \"x\") }\n"
      "type Query { a: Int @rest(endpoint: \"y\") b: Int }");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->type(s->query_type()).fields.size(), 2u);
  std::vector<std::string> messages;
  for (const Diagnostic& d : s->warnings()) messages.push_back(d.message);
  EXPECT_NE(std::find(messages.begin(), messages.end(),
                      "Field \"Query.a\" can only be defined once. The definitions differ only in "
                      "their directives; merged them and kept the later one's directives, as "
                      "StepZen does."),
            messages.end());
}

TEST(SchemaDialectTest, ARepeatedFieldWithAnotherTypeOrArgumentsStaysAnError) {
  for (std::string_view extension : {
           "extend type Query { a(x: Int): String @rest(endpoint: \"y\") }",   // type
           "extend type Query { a(y: Int): Int @rest(endpoint: \"y\") }",      // argument name
           "extend type Query { a(x: ID): Int @rest(endpoint: \"y\") }",       // argument type
           "extend type Query { a(x: Int = 1): Int @rest(endpoint: \"y\") }",  // default
           "extend type Query { a(x: Int, z: Int): Int @rest(endpoint: \"y\") }",
           "extend type Query { \"doc\" a(x: Int): Int @rest(endpoint: \"y\") }",  // description
       }) {
    SCOPED_TRACE(extension);
    auto built = Schema::build("type Query { a(x: Int): Int @rest(endpoint: \"x\") }\n" +
                               std::string(extension));
    ASSERT_FALSE(built.ok());
    ASSERT_EQ(built.error().size(), 1u);
    EXPECT_EQ(built.error()[0].message, "Field \"Query.a\" can only be defined once.");
  }
}

TEST(SchemaDialectTest, StrictModeRejectsAFieldRepeatedWithOtherDirectives) {
  auto built = Schema::build(kRepeatedWithOtherDirectives, kStrict);
  ASSERT_FALSE(built.ok());
  bool found = false;
  for (const Diagnostic& d : built.error()) {
    if (d.rule != "UniqueFieldDefinitionNames") continue;
    found = true;
    expect_diagnostic(d, "UniqueFieldDefinitionNames",
                      "Field \"Article.summary\" can only be defined once.", {{4, 3}, {9, 3}},
                      Severity::kError);
  }
  EXPECT_TRUE(found);
}

// ---------------------------------------------------------------- `{}` on an extension

constexpr std::string_view kEmptyBody =
    "type Query { a: Address }\n"
    "type Address { id: ID }\n"
    "extend type Address @cacheControl(maxAge: 30) {}";

// (Not @key: a schema that uses @key without declaring it is a Federation 1
// subgraph, which gets @key declared: see tests/schema_forms_test.cc.)
TEST(SchemaDialectTest, IgnoresAnEmptyFieldListOnAnExtensionThatAddsDirectives) {
  auto s = must_build(kEmptyBody);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 2u);
  expect_diagnostic(s->warnings()[0], "Syntax",
                    "Syntax Error: Expected Name, found \"}\". The extension only adds "
                    "directives; ignored its empty field list, as StepZen does.",
                    {{3, 48}}, Severity::kWarning);
  EXPECT_EQ(s->warnings()[1].message,
            "Unknown directive \"@cacheControl\". Kept it as a server directive.");
  EXPECT_EQ(s->type_named("Address")->fields.size(), 1u);
}

TEST(SchemaDialectTest, StrictModeRejectsAnEmptyFieldList) {
  auto built = Schema::build(kEmptyBody, kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "Syntax", "Syntax Error: Expected Name, found \"}\".",
                    {{3, 48}}, Severity::kError);
}

TEST(SchemaDialectTest, AnEmptyFieldListThatIsAllTheExtensionAddsStaysAnError) {
  auto built = Schema::build("type Query { a: Int }\nextend type Query {}");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()[0].message, "Syntax Error: Expected Name, found \"}\".");
  EXPECT_EQ(built.error()[0].pos(), (SourcePos{2, 20}));
  // And on a definition.
  EXPECT_FALSE(Schema::build("type Query { a: Int }\ntype A @key {}").ok());
}

// ---------------------------------------------------------------- StepZen's types and directives

constexpr std::string_view kPaged =
    "type Query { customers: CustomerConnection @rest(endpoint: \"x\") }\n"
    "type CustomerConnection { pageInfo: PageInfo! }";

TEST(SchemaDialectTest, DeclaresStepZenTypesOnFirstUse) {
  auto s = must_build(kPaged);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->warnings().size(), 3u);
  expect_diagnostic(s->warnings()[1], "KnownTypeNames",
                    "Unknown type \"PageInfo\". Declared it as the StepZen type PageInfo.",
                    {{2, 37}}, Severity::kWarning);
  const TypeDef* page_info = s->type_named("PageInfo");
  ASSERT_NE(page_info, nullptr);
  EXPECT_TRUE(page_info->dialect_declared);
  EXPECT_EQ(page_info->kind, TypeKind::kObject);
  std::vector<std::string> fields;
  for (FieldId f : page_info->fields) {
    fields.push_back(std::string(s->field(f).name) + ": " + s->type_to_string(s->field(f).type));
  }
  EXPECT_EQ(fields, (std::vector<std::string>{"hasPreviousPage: Boolean!", "hasNextPage: Boolean!",
                                              "startCursor: String", "endCursor: String"}));
}

TEST(SchemaDialectTest, DeclaresStepZenExecutableDirectivesForAStepZenSchema) {
  auto s = must_build(kPaged);
  ASSERT_TRUE(s);
  expect_diagnostic(s->warnings()[2], "KnownDirectives",
                    "Unknown directive \"@rest\". The schema is written for StepZen; declared "
                    "StepZen's executable directives @sort.",
                    {{1, 44}}, Severity::kWarning);
  const DirectiveDef* sort = s->directive_named("sort");
  ASSERT_NE(sort, nullptr);
  EXPECT_TRUE(sort->dialect_declared);
  EXPECT_TRUE(sort->declared);
  EXPECT_TRUE(sort->allows(DirectiveLocation::kField));
  EXPECT_TRUE(sort->arguments.empty());
  // A schema that applies no StepZen directive gets none.
  auto plain = must_build("type Query { a: [Int] @cached }");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->directive_named("sort"), nullptr);
}

TEST(SchemaDialectTest, StrictModeDeclaresNoStepZenTypes) {
  auto built = Schema::build("type Query { p: PageInfo }", kStrict);
  ASSERT_FALSE(built.ok());
  ASSERT_EQ(built.error().size(), 1u);
  expect_diagnostic(built.error()[0], "KnownTypeNames", "Unknown type \"PageInfo\".", {{1, 17}},
                    Severity::kError);
  // A schema's own PageInfo is its own.
  auto own = must_build("type Query { p: PageInfo }\ntype PageInfo { more: Boolean }");
  ASSERT_TRUE(own);
  EXPECT_TRUE(own->warnings().empty());
}

TEST(SchemaDialectTest, ACleanSchemaHasNoWarnings) {
  auto s = must_build("type Query { a: Int }");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->warnings().empty());
  auto strict = must_build("type Query { a: Int }", kStrict);
  EXPECT_TRUE(strict);
}

}  // namespace
}  // namespace gqleval::schema

namespace gqleval::schema {
namespace {

// A name defined as an object and as an input object, with a member of the
// same name in both (found by fuzz/score_pair): the members are never compared
// across kinds (an input field is not a field), and the repeated name is
// graphql-js's error.
TEST(SchemaDialectTest, AMemberIsComparedOnlyWithMembersOfItsOwnKind) {
  for (std::string_view sdl : {
           "type Query { x: X }\ntype X { a: Int }\ninput X { a: Int }\n",
           "type Query { x: X }\ninput X { a: Int }\ntype X { a: Int }\n",
           "type Query { x: X }\nenum X { a }\ninput X { a: Int }\n",
       }) {
    auto built = Schema::build(sdl);
    ASSERT_FALSE(built.ok()) << sdl;
    EXPECT_EQ(built.error()[0].message, "There can be only one type named \"X\".") << sdl;
  }
}

}  // namespace
}  // namespace gqleval::schema
