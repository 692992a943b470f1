// validate(): rule selection, rule tags, lenient mode, the error limit; and
// select_operation() with graphql-js execution's messages.
#include "engine/validate/validator.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/validate/rule.h"
#include "engine/validate/test_util.h"

namespace gqleval::validate {
namespace {

using testing::build_schema;
using testing::Lines;
using testing::run_rules;

constexpr std::string_view kSdl = R"(
type Dog { name: String barks: Boolean }
type Query { dog: Dog a: Int }
)";

TEST(Validate, TagsEachDiagnosticWithItsRule) {
  auto schema = build_schema(kSdl);
  ASSERT_TRUE(schema);
  Arena arena;
  auto doc = graphql::parse("{ dog { nope } }", arena);
  ASSERT_TRUE(doc.ok());
  Diagnostics ds = validate(*schema, **doc);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].rule, "FieldsOnCorrectType");
  EXPECT_EQ(ds[0].message, "Cannot query field \"nope\" on type \"Dog\". Did you mean \"name\"?");
  EXPECT_EQ(ds[0].pos(), (SourcePos{1, 9}));
  EXPECT_EQ(ds[0].severity, Severity::kError);
  EXPECT_TRUE(has_errors(ds));
}

TEST(Validate, RunsOnlyTheRulesAsked) {
  auto schema = build_schema(kSdl);
  ASSERT_TRUE(schema);
  EXPECT_EQ(run_rules(*schema, "{ dog }", {"FieldsOnCorrectType"}), Lines{});
  EXPECT_EQ(run_rules(*schema, "{ dog }", {"ScalarLeafs"}),
            Lines{"Field \"dog\" of type \"Dog\" must have a selection of subfields. "
                  "Did you mean \"dog { ... }\"? @1:3"});
  EXPECT_EQ(run_rules(*schema, "{ a }", {"Bogus"}), Lines{"Unknown validation rule \"Bogus\"."});
}

TEST(Validate, StopsAtTheErrorLimitWithGraphqlJsMessage) {
  auto schema = build_schema("type Query { a: Int }");
  ASSERT_TRUE(schema);
  ValidateOptions options;
  options.max_errors = 2;
  // graphql-js 16.15.0: validate(schema, parse('{ b c d e }'), undefined, {maxErrors: 2}).
  EXPECT_EQ(run_rules(*schema, "{ b c d e }", {}, options),
            (Lines{"Cannot query field \"b\" on type \"Query\". Did you mean \"a\"? @1:3",
                   "Cannot query field \"c\" on type \"Query\". Did you mean \"a\"? @1:5",
                   "Too many validation errors, error limit reached. Validation aborted."}));
}

TEST(Validate, HideSuggestionsDropsDidYouMean) {
  auto schema = build_schema("type Query { a: Int }");
  ASSERT_TRUE(schema);
  ValidateOptions options;
  options.hide_suggestions = true;
  EXPECT_EQ(run_rules(*schema, "{ b }", {}, options),
            Lines{"Cannot query field \"b\" on type \"Query\". @1:3"});
}

TEST(Validate, LenientModeDowngradesOnlyCosmeticRules) {
  auto schema = build_schema(kSdl);
  ASSERT_TRUE(schema);
  constexpr std::string_view query =
      "query Q { dog { name } } query Q { dog { name } } fragment Unused on Dog { name }";
  EXPECT_EQ(run_rules(*schema, query, {}),
            (Lines{"There can be only one operation named \"Q\". @1:7 @1:32",
                   "Fragment \"Unused\" is never used. @1:51"}));
  ValidateOptions lenient;
  lenient.lenient = true;
  EXPECT_EQ(run_rules(*schema, query, {}, lenient),
            (Lines{"warning: There can be only one operation named \"Q\". @1:7 @1:32",
                   "warning: Fragment \"Unused\" is never used. @1:51"}));
  Arena arena;
  auto doc = graphql::parse(query, arena);
  ASSERT_TRUE(doc.ok());
  EXPECT_FALSE(has_errors(validate(*schema, **doc, lenient)));
  // A real error stays an error in lenient mode.
  EXPECT_EQ(run_rules(*schema, "mutation { a }", {}, lenient),
            Lines{"Schema is not configured to execute mutation operation. @1:1"});
}

TEST(Validate, WarningsDoNotCountTowardsTheErrorLimit) {
  auto schema = build_schema(kSdl);
  ASSERT_TRUE(schema);
  ValidateOptions options;
  options.lenient = true;
  options.max_errors = 1;
  EXPECT_EQ(run_rules(*schema, "{ nope } fragment U on Dog { name }", {}, options),
            (Lines{"Cannot query field \"nope\" on type \"Query\". @1:3",
                   "warning: Fragment \"U\" is never used. @1:10"}));
}

TEST(Validate, OptionalCustomRulesRunOnlyWhenNamed) {
  auto schema = build_schema(R"(type Query { old: Int @deprecated(reason: "Use new.") new: Int })");
  ASSERT_TRUE(schema);
  EXPECT_EQ(run_rules(*schema, "{ old }", {}), Lines{});
  EXPECT_EQ(run_rules(*schema, "{ old }", {"NoDeprecatedCustom"}),
            Lines{"The field Query.old is deprecated. Use new. @1:3"});
  EXPECT_EQ(
      run_rules(*schema, "{ __schema { queryType { name } } }", {"NoSchemaIntrospectionCustom"}),
      (Lines{"GraphQL introspection has been disabled, but the requested query contained "
             "the field \"__schema\". @1:3",
             "GraphQL introspection has been disabled, but the requested query contained "
             "the field \"queryType\". @1:14"}));
}

TEST(RuleRegistry, FollowsSpecifiedRulesOrder) {
  std::vector<std::string_view> names;
  for (const RuleEntry& r : all_rules()) names.push_back(r.name);
  ASSERT_GE(names.size(), 6u);
  EXPECT_EQ(names[0], "ExecutableDefinitions");
  EXPECT_EQ(names[1], "UniqueOperationNames");
  EXPECT_EQ(names[2], "LoneAnonymousOperation");
  EXPECT_EQ(names[3], "SingleFieldSubscriptions");
  EXPECT_EQ(names[4], "KnownTypeNames");
  EXPECT_EQ(names[names.size() - 3], "OperationTypeExistence");
  EXPECT_EQ(names.back(), "NoSchemaIntrospectionCustom");
  EXPECT_TRUE(find_rule("NoDeprecatedCustom")->optional);
  EXPECT_FALSE(find_rule("OperationTypeExistence")->optional);
  ASSERT_NE(find_rule("NoUnusedFragments"), nullptr);
  EXPECT_TRUE(find_rule("NoUnusedFragments")->cosmetic);
  EXPECT_TRUE(find_rule("UniqueOperationNames")->cosmetic);
  EXPECT_FALSE(find_rule("FieldsOnCorrectType")->cosmetic);
  EXPECT_EQ(find_rule("FieldsOnCorrectTypeRule"), nullptr);
}

class SelectOperation : public ::testing::Test {
 protected:
  std::string pick(std::string_view query, std::string_view name) {
    auto doc = graphql::parse(query, arena_);
    if (!doc.ok()) return "parse error";
    auto r = select_operation(**doc, name);
    if (!r.ok()) {
      EXPECT_EQ(r.error().rule, "OperationSelection");
      EXPECT_TRUE(r.error().locations.empty());
      return "error: " + r.error().message;
    }
    return std::to_string(r.value()->loc.line) + ":" + std::to_string(r.value()->loc.column);
  }
  Arena arena_;
};

TEST_F(SelectOperation, FollowsGraphqlJsExecution) {
  EXPECT_EQ(pick("{ a }", ""), "1:1");
  EXPECT_EQ(pick("fragment F on Query { a }", ""), "error: Must provide an operation.");
  EXPECT_EQ(pick("query A { a } query B { a }", ""),
            "error: Must provide operation name if query contains multiple operations.");
  EXPECT_EQ(pick("query A { a } query B { a }", "B"), "1:15");
  EXPECT_EQ(pick("query A { a } query B { a }", "C"), "error: Unknown operation named \"C\".");
  // With a name, the last operation of that name wins, as in graphql-js.
  EXPECT_EQ(pick("query A { a } query A { a }", "A"), "1:15");
  EXPECT_EQ(pick("{ a }", "A"), "error: Unknown operation named \"A\".");
}

}  // namespace
}  // namespace gqleval::validate
