// Name evidence (name_evidence.h): which names state a relation, and the
// look-alikes of real API schemas that must not.
#include "engine/normalize/internal/name_evidence.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace gqleval::normalize {
namespace {

TEST(NameEvidence, FoldIgnoresCaseAndUnderscores) {
  EXPECT_EQ(fold_name("Competition_record"), "competitionrecord");
  EXPECT_EQ(fold_name("user_by_Email"), "userbyemail");
  EXPECT_EQ(fold_name("__Type"), "type");
}

TEST(NameEvidence, AFieldNamesItsTypeOrItsPlural) {
  EXPECT_TRUE(field_names_type("posts", "Post"));
  EXPECT_TRUE(field_names_type("post", "Post"));
  EXPECT_TRUE(field_names_type("users", "Users"));  // StepZen's plural type names
  EXPECT_TRUE(field_names_type("categories", "Category"));
  EXPECT_TRUE(field_names_type("addresses", "Address"));
  EXPECT_TRUE(field_names_type("boxes", "Box"));
  EXPECT_TRUE(field_names_type("branches", "Branch"));
  EXPECT_TRUE(field_names_type("shelves", "Shelf"));
  EXPECT_TRUE(field_names_type("knives", "Knife"));
  EXPECT_TRUE(field_names_type("salesPeople", "SalesPerson"));
  EXPECT_TRUE(field_names_type("children", "Child"));
  EXPECT_TRUE(field_names_type("competition_records", "Competition_record"));
  EXPECT_TRUE(field_names_type("line_items", "LineItem"));
  EXPECT_TRUE(field_names_type("days", "Day"));  // a vowel before y: -s
}

TEST(NameEvidence, OtherNamesDoNot) {
  EXPECT_FALSE(field_names_type("author", "User"));
  EXPECT_FALSE(field_names_type("convertedFromIssue", "Issue"));
  EXPECT_FALSE(field_names_type("latestOpenedMostSevereAlert", "Alert"));
  EXPECT_FALSE(field_names_type("postsCount", "Post"));
  EXPECT_FALSE(field_names_type("dayies", "Day"));
  EXPECT_FALSE(field_names_type("", "Post"));
  EXPECT_FALSE(field_names_type("user", "Users"));  // only the type's plural, not its singular
}

TEST(NameEvidence, KeyedLookups) {
  const std::vector<std::string_view> id = {"id"};
  const std::vector<std::string_view> email = {"email"};
  const std::vector<std::string_view> two = {"id", "name"};
  EXPECT_TRUE(is_keyed_lookup("usersById", "users", id));
  EXPECT_TRUE(is_keyed_lookup("user_by_email", "user", email));
  EXPECT_TRUE(is_keyed_lookup("userByIdAndName", "user", two));
  EXPECT_TRUE(is_keyed_lookup("userByIdName", "user", two));
  EXPECT_FALSE(is_keyed_lookup("userByNameAndId", "user", two));  // not in order
  EXPECT_FALSE(is_keyed_lookup("userById", "user", two));         // not every argument
  EXPECT_FALSE(is_keyed_lookup("userByEmail", "user", id));
  EXPECT_FALSE(is_keyed_lookup("users", "usersById", id));
  EXPECT_FALSE(is_keyed_lookup("attachmentIssue", "issue", id));
  EXPECT_FALSE(is_keyed_lookup("userById", "user", {}));
}

TEST(NameEvidence, ForeignKeyLookups) {
  EXPECT_TRUE(are_foreign_key_lookups("farm", "farmUsingCompetition_record_farm_id_fkey"));
  EXPECT_TRUE(are_foreign_key_lookups("farmUsingCompetition_record_farm_id_fkey", "farm"));
  EXPECT_TRUE(are_foreign_key_lookups("architectUsingBridge_architect_id_fkey",
                                      "architectUsingMill_architect_id_fkey"));
  // A stem that itself contains "using" (housing) still splits at `Using`.
  EXPECT_TRUE(are_foreign_key_lookups("housingUsingA_x_fkey", "housingUsingB_y_fkey"));
  EXPECT_FALSE(are_foreign_key_lookups("housingUsingA_x_fkey", "housingListUsingB_y_fkey"));
  EXPECT_TRUE(are_foreign_key_lookups("housing", "housingUsingA_x_fkey"));
  EXPECT_FALSE(are_foreign_key_lookups("farmUsingX_fkey", "millUsingX_fkey"));
  EXPECT_FALSE(are_foreign_key_lookups("farm", "farmUsingCompetition"));  // no _fkey
  EXPECT_FALSE(are_foreign_key_lookups("farm", "farmsUsingX_fkey"));
  EXPECT_FALSE(are_foreign_key_lookups("farmUsingX_fkey", "farmUsingX_fkey"));
  EXPECT_FALSE(are_foreign_key_lookups("groupSecrets", "groupSecretsNeedingRotation"));
  EXPECT_FALSE(are_foreign_key_lookups("ordersCount", "productsCount"));
}

}  // namespace
}  // namespace gqleval::normalize
