// The audit of derived rules (derived_rules.h): the golden text of a schema's
// rules file, and the round trip: reading the printed file back gives the same
// rules (now from the file) and the same normal forms.
#include "engine/normalize/derived_rules.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "engine/normalize/normalize_test_util.h"
#include "engine/normalize/rules_file.h"

namespace gqleval::normalize {
namespace {

using testing::Harness;

constexpr const char* kSchema =
    "type User { id: ID! name: String posts: [Post] }\n"
    "type Post { id: ID! title: String user: User }\n"
    "type Order { id: ID! refunds: [Refund!]! }\n"
    "type Refund { id: ID! order: Order! }\n"
    "type Issue { id: ID! project: Project }\n"
    "type Project { id: ID! convertedFromIssue: Issue }\n"
    "type Query {\n"
    "  user(id: ID!): User\n"
    "  userById(id: ID!): User\n"
    "  userUsingPost_user_id_fkey(id: ID!): User\n"
    "  issue(id: ID!): Issue\n"
    "  attachmentIssue(id: ID!): Issue\n"
    "}\n";

TEST(DerivedRules, PrintsTheDerivedRulesAsARulesFile) {
  Harness h(kSchema);
  EXPECT_EQ(derived_rules_json(h.rewrites()),
            "{\n"
            "  \"version\": 1,\n"
            "  \"description\": \"The rules gqleval derives from this schema's names (inverse "
            "pairs named after their types, keyed and foreign-key lookups). Derivation is off in "
            "this file, so reading it back with --rules gives exactly these rules; delete what you "
            "do not believe, add what the names do not say.\",\n"
            "  \"derive\": {\"inverse_pairs\": false, \"endpoints\": false},\n"
            "  \"inverse_pairs\": [\n"
            "    {\"field\": \"Order.refunds\", \"inverse\": \"Refund.order\"},\n"
            "    {\"field\": \"User.posts\", \"inverse\": \"Post.user\"}\n"
            "  ],\n"
            "  \"endpoints\": [\n"
            "    {\"canonical\": \"user\", \"same_as\": [\"userById\", "
            "\"userUsingPost_user_id_fkey\"]}\n"
            "  ]\n"
            "}\n");
}

TEST(DerivedRules, ASchemaWithoutEvidencePrintsEmptyLists) {
  Harness h("type A { id: ID b: B } type B { id: ID owner: A } type Query { a(id: ID): A }");
  const std::string json = derived_rules_json(h.rewrites());
  EXPECT_NE(json.find("\"inverse_pairs\": [],\n  \"endpoints\": []\n}"), std::string::npos) << json;
}

TEST(DerivedRules, ReadBackGivesTheSameRulesAndNormalForms) {
  Harness derived(kSchema);
  auto file = RulesFile::parse(derived_rules_json(derived.rewrites()));
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_FALSE(file->derive_inverse_pairs);
  EXPECT_FALSE(file->derive_endpoints);
  Harness declared(kSchema, &*file);
  EXPECT_TRUE(declared.rewrites().warnings().empty());
  const std::string as_declared = std::regex_replace(derived.rewrites().describe(),
                                                     std::regex(R"(\(derived\))"), "(rules file)");
  EXPECT_EQ(declared.rewrites().describe(), as_declared);
  for (const char* q : {"{ userById(id: 1) { posts { user { name } } } }",
                        "{ userUsingPost_user_id_fkey(id: 1) { name } }",
                        "{ issue(id: 1) { project { convertedFromIssue { id } } } }"}) {
    EXPECT_EQ(declared.normal(q), derived.normal(q)) << q;
  }
  // And the printed file of the declared rules is empty: nothing is derived.
  const std::string again = derived_rules_json(declared.rewrites());
  EXPECT_NE(again.find("\"inverse_pairs\": [],\n  \"endpoints\": []\n}"), std::string::npos);
}

}  // namespace
}  // namespace gqleval::normalize
