// The rules of rule_*.cc owned by the validator's core, beyond the graphql-js
// conformance set (tests/conformance_test.cc): each expectation was printed by
// graphql-js 16.15.0 (first by 16.13.2, which agrees except where a test says
// otherwise) on the same schema and query with the same single rule,
// except OperationTypeExistence, whose message graphql-js's execute() gives.
#include <gtest/gtest.h>

#include <memory>

#include "engine/validate/test_util.h"

namespace gqleval::validate {
namespace {

using testing::build_schema;
using testing::Lines;
using testing::run_rules;

constexpr std::string_view kPetsSdl = R"(
interface Being { name: String }
interface Pet implements Being { name: String nickname: String }
type Dog implements Pet & Being { name: String nickname: String barks: Boolean owner: Human }
type Cat implements Pet & Being { name: String nickname: String meows: Boolean }
type Human implements Being { name: String pets: [Pet!]! id: ID }
union CatOrDog = Cat | Dog
enum Color { RED GREEN }
input Filter { name: String = "x", tags: [String!], nested: Filter }
type Query {
  dog: Dog
  human(id: ID!): Human
  pets(filter: Filter, limit: Int = 10, ids: [ID!]): [Pet]
  catOrDog: CatOrDog
  being: Being
  color: Color
}
type Subscription { newDog: Dog newCat: Cat }
)";

class CoreRules : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { schema_ = build_schema(kPetsSdl); }
  static void TearDownTestSuite() { schema_.reset(); }
  Lines run(std::string_view rule, std::string_view query) {
    if (!schema_) return {"no schema"};
    return run_rules(*schema_, query, {std::string(rule)});
  }
  static std::shared_ptr<const schema::Schema> schema_;
};
std::shared_ptr<const schema::Schema> CoreRules::schema_;

TEST_F(CoreRules, OperationTypeExistence) {
  auto schema = build_schema("type Query { a: Int }");
  ASSERT_TRUE(schema);
  EXPECT_EQ(run_rules(*schema, "query { a } mutation M { a }\n  subscription { a }",
                      {"OperationTypeExistence"}),
            (Lines{"Schema is not configured to execute mutation operation. @1:13",
                   "Schema is not configured to execute subscription operation. @2:3"}));
  EXPECT_EQ(run("OperationTypeExistence", "subscription { newDog { name } } { dog { name } }"),
            Lines{});
  EXPECT_EQ(run("OperationTypeExistence", "mutation { dog { name } }"),
            Lines{"Schema is not configured to execute mutation operation. @1:1"});
}

TEST_F(CoreRules, FieldsOnCorrectTypeSuggestsTypesThenFields) {
  EXPECT_EQ(
      run("FieldsOnCorrectType", "{ being { nickname barks meows nam } catOrDog { name } }"),
      (Lines{"Cannot query field \"nickname\" on type \"Being\". Did you mean to use an inline "
             "fragment on \"Pet\", \"Cat\", or \"Dog\"? @1:11",
             "Cannot query field \"barks\" on type \"Being\". Did you mean to use an inline "
             "fragment on \"Dog\"? @1:20",
             "Cannot query field \"meows\" on type \"Being\". Did you mean to use an inline "
             "fragment on \"Cat\"? @1:26",
             "Cannot query field \"nam\" on type \"Being\". Did you mean \"name\"? @1:32",
             "Cannot query field \"name\" on type \"CatOrDog\". Did you mean to use an inline "
             "fragment on \"Being\", \"Pet\", \"Cat\", or \"Dog\"? @1:49"}));
}

TEST_F(CoreRules, SingleFieldSubscriptionsCollectsFieldsLikeExecution) {
  // Excluded by literal @skip / @include: one field remains.
  EXPECT_EQ(run("SingleFieldSubscriptions",
                "subscription S { newDog { name } newCat @skip(if: true) { name } "
                "... on Subscription @include(if: false) { x: newCat { name } } }"),
            Lines{});
  // Fields from a fragment come where the spread stands.
  EXPECT_EQ(run("SingleFieldSubscriptions",
                "subscription S { newDog { name } ...F __typename } "
                "fragment F on Subscription { newCat { name } }"),
            (Lines{"Subscription \"S\" must select only one top level field. @1:81 @1:39",
                   "Subscription \"S\" must not select an introspection top level field. @1:39"}));
}

TEST_F(CoreRules, KnownTypeNamesKnowsOnlyReferencedBuiltIns) {
  // The pets schema uses Int, ID, String and Boolean but never Float.
  EXPECT_EQ(run("KnownTypeNames",
                "query Q($f: Float, $i: Int, $id: ID, $b: Boolean, $s: Strin) { dog { name } }"),
            (Lines{"Unknown type \"Float\". Did you mean \"Cat\"? @1:13",
                   "Unknown type \"Strin\". Did you mean \"String\"? @1:55"}));
}

TEST_F(CoreRules, KnownTypeNamesAlsoReadsSdlInTheDocument) {
  EXPECT_EQ(run("KnownTypeNames",
                "query Q($a: Floot) { dog { name } } type Cow implements Bein & Pet { name(x: "
                "Float, y: Strin): Sting f: Cow } union U = Cat | Dgo schema { query: Qery } "
                "input I { a: Colour } directive @d(a: Humn) on FIELD"),
            (Lines{"Unknown type \"Floot\". Did you mean \"Color\"? @1:13",
                   "Unknown type \"Bein\". Did you mean \"Being\"? @1:57",
                   "Unknown type \"Strin\". Did you mean \"String\"? @1:88",
                   "Unknown type \"Sting\". Did you mean \"String\", \"Being\", or \"Int\"? @1:96",
                   "Unknown type \"Dgo\". Did you mean \"Dog\"? @1:127",
                   "Unknown type \"Qery\". Did you mean \"Query\"? @1:147",
                   "Unknown type \"Colour\". Did you mean \"Color\"? @1:167",
                   "Unknown type \"Humn\". Did you mean \"Human\"? @1:192"}));
  EXPECT_EQ(run("ExecutableDefinitions", "{ dog { name } }\n\"described\" type X { a: Int }"),
            Lines{"The \"X\" definition is not executable. @2:1"});
}

TEST_F(CoreRules, KnownDirectivesChecksLocations) {
  EXPECT_EQ(run("KnownDirectives",
                "query Q @skip(if: true) { dog @include(if: true) @deprecated { name } "
                "... @unknown { __typename } }"),
            (Lines{"Directive \"@skip\" may not be used on QUERY. @1:9",
                   "Directive \"@deprecated\" may not be used on FIELD. @1:50",
                   "Unknown directive \"@unknown\". @1:75"}));
}

TEST_F(CoreRules, DirectiveRulesAlsoReadSdlInTheDocument) {
  EXPECT_EQ(run("KnownDirectives",
                "{ dog { name @foo } } directive @foo on FIELD_DEFINITION "
                "type X @bar { a: Int @deprecated @skip(if: true) }"),
            (Lines{"Directive \"@foo\" may not be used on FIELD. @1:14",
                   "Unknown directive \"@bar\". @1:65",
                   "Directive \"@skip\" may not be used on FIELD_DEFINITION. @1:91"}));
  EXPECT_EQ(
      run("UniqueDirectivesPerLocation",
          "type X @deprecated @deprecated { a: Int } extend type X @deprecated { b: Int } "
          "{ dog @skip(if: true) @skip(if: false) { name } }"),
      (Lines{"The directive \"@deprecated\" can only be used once at this location. @1:8 @1:20",
             "The directive \"@deprecated\" can only be used once at this location. @1:8 @1:57",
             "The directive \"@skip\" can only be used once at this location. @1:86 @1:102"}));
  EXPECT_EQ(run("ExecutableDefinitions",
                "{ dog { name } } directive @foo on FIELD schema { query: Query } scalar X"),
            (Lines{"The \"foo\" definition is not executable. @1:18",
                   "The schema definition is not executable. @1:42",
                   "The \"X\" definition is not executable. @1:66"}));
}

TEST_F(CoreRules, ServerDirectivesKeptByTheDialectAreUnknownInQueries) {
  // The default (StepZen) dialect keeps @rest undeclared; graphql-js would not
  // know it, so a query may not use it.
  auto schema = build_schema("type Query { a: Int @rest(endpoint: \"https://x\") }");
  ASSERT_TRUE(schema);
  EXPECT_EQ(run_rules(*schema, "{ a @rest }", {"KnownDirectives"}),
            Lines{"Unknown directive \"@rest\". @1:5"});
  EXPECT_EQ(run_rules(*schema, "{ a @rest @rest }", {"UniqueDirectivesPerLocation"}), Lines{});
}

TEST_F(CoreRules, MaxIntrospectionDepthFollowsFragments) {
  EXPECT_EQ(
      run("MaxIntrospectionDepth",
          "{ __schema { types { ...F } } } fragment F on __Type { fields { type { "
          "interfaces { possibleTypes { name } } } } } query Q { __type(name: \"Dog\") { ...F } }"),
      (Lines{"Maximum introspection depth exceeded @1:3",
             "Maximum introspection depth exceeded @1:126"}));
}

// graphql-js 16.15.0 follows a fragment cycle while it nests deeper (16.13.2
// reported none of these); a cycle that adds no list field stays quiet.
TEST_F(CoreRules, MaxIntrospectionDepthFollowsCyclesThatNestDeeper) {
  auto schema = build_schema("type Query { a: Int }");
  ASSERT_TRUE(schema);
  auto run_depth = [&](std::string_view query) {
    return run_rules(*schema, query, {"MaxIntrospectionDepth"});
  };
  EXPECT_EQ(
      run_depth(
          "{ __schema { types { ...F } } } fragment F on __Type { fields { type { ...F } } }"),
      Lines{"Maximum introspection depth exceeded @1:3"});
  EXPECT_EQ(run_depth("{ __type(name: \"Query\") { ...F } } fragment F on __Type { fields { type "
                      "{ ...G } } } fragment G on __Type { interfaces { ...F } }"),
            Lines{"Maximum introspection depth exceeded @1:3"});
  EXPECT_EQ(run_depth("{ __type(name: \"Query\") { ...F } } fragment F on __Type { name ofType { "
                      "...F } }"),
            Lines{});
  EXPECT_EQ(run_depth("{ a: __type(name: \"Query\") { ...F } b: __type(name: \"Query\") { fields "
                      "{ type { interfaces { ...F } } } } } fragment F on __Type { name }"),
            Lines{});
  EXPECT_EQ(run_depth("{ a: __type(name: \"Query\") { fields { type { ...F } } } b: __type(name: "
                      "\"Query\") { ...F } } fragment F on __Type { interfaces { possibleTypes { "
                      "name } } }"),
            Lines{"Maximum introspection depth exceeded @1:3"});
}

// Descriptions on executable definitions (graphql-js 16.15.0): a described
// operation, fragment or variable definition starts at its description.
TEST_F(CoreRules, DescribedDefinitionsAreLocatedAtTheirDescription) {
  EXPECT_EQ(run("LoneAnonymousOperation", "\"d\" query { dog { name } } query Q { color }"),
            Lines{"This anonymous operation must be the only defined operation. @1:1"});
  EXPECT_EQ(run("NoUnusedVariables", "\"op\" query Q(\"v\" $v: Int, $w: Int) { dog { name } }"),
            (Lines{"Variable \"$v\" is never used in operation \"Q\". @1:14",
                   "Variable \"$w\" is never used in operation \"Q\". @1:27"}));
  EXPECT_EQ(run("NoUnusedFragments", "\"f\" fragment F on Dog { name } { dog { name } }"),
            Lines{"Fragment \"F\" is never used. @1:1"});
  EXPECT_EQ(
      run("ExecutableDefinitions", "\"d\" query { dog { name } } \"f\" fragment F on Dog { name }"),
      Lines{});
  EXPECT_EQ(run("NoUndefinedVariables", "\"d\" query Q { dog { name } human(id: $x) { name } }"),
            Lines{"Variable \"$x\" is not defined by operation \"Q\". @1:38 @1:1"});
  EXPECT_EQ(
      run("VariablesInAllowedPosition", "\"d\" query Q(\n\"v\" $x: ID) { human(id: $x) { name } }"),
      Lines{"Variable \"$x\" of type \"ID\" used in position expecting type \"ID!\". "
            "@2:1 @2:25"});
}

// Fragments referenced by an operation come breadth first in graphql-js 16.15.0
// (16.13.2 reported $d before $c here).
TEST_F(CoreRules, VariableUsagesFollowFragmentsBreadthFirst) {
  EXPECT_EQ(run("NoUndefinedVariables",
                "query A { ...FA ...FB } fragment FA on Query { ...FC } fragment FB on Query { "
                "...FD } fragment FC on Query { dog @include(if: $c) { name } } fragment FD on "
                "Query { dog @skip(if: $d) { name } }"),
            (Lines{"Variable \"$c\" is not defined by operation \"A\". @1:127 @1:1",
                   "Variable \"$d\" is not defined by operation \"A\". @1:179 @1:1"}));
}

// graphql-js 16.15.0's introspection schema has directive deprecation (16.13.2
// reported the argument and both fields as unknown). All rules.
TEST_F(CoreRules, IntrospectionKnowsDirectiveDeprecation) {
  EXPECT_EQ(run_rules(*schema_,
                      "{ __schema { directives(includeDeprecated: true) { name isDeprecated "
                      "deprecationReason locations } } }",
                      {}),
            Lines{});
  EXPECT_EQ(run_rules(*schema_, "{ __schema { directives(includeDeprecated: 1) { name } } }", {}),
            Lines{"Boolean cannot represent a non boolean value: 1 @1:44"});
}

TEST_F(CoreRules, NoFragmentCyclesReportsEachCycleOnce) {
  EXPECT_EQ(
      run("NoFragmentCycles",
          "{ dog { ...A } } fragment A on Dog { ...B } fragment B on Dog { ...A ...C } "
          "fragment C on Dog { ...C ...A }"),
      (Lines{"Cannot spread fragment \"A\" within itself via \"B\". @1:38 @1:65",
             "Cannot spread fragment \"C\" within itself. @1:97",
             "Cannot spread fragment \"A\" within itself via \"B\", \"C\". @1:38 @1:70 @1:102"}));
}

TEST_F(CoreRules, PossibleFragmentSpreads) {
  EXPECT_EQ(
      run("PossibleFragmentSpreads",
          "{ dog { ... on Cat { meows } ...H } being { ... on CatOrDog { __typename } } } "
          "fragment H on Human { name }"),
      (Lines{"Fragment cannot be spread here as objects of type \"Dog\" can never be of type "
             "\"Cat\". @1:9",
             "Fragment \"H\" cannot be spread here as objects of type \"Dog\" can never be of "
             "type \"Human\". @1:30"}));
}

TEST_F(CoreRules, LoneAnonymousOperation) {
  EXPECT_EQ(run("LoneAnonymousOperation", "{ dog { name } } query Q { dog { name } } { color }"),
            (Lines{"This anonymous operation must be the only defined operation. @1:1",
                   "This anonymous operation must be the only defined operation. @1:43"}));
}

}  // namespace
}  // namespace gqleval::validate
