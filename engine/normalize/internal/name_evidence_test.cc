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

// names_inverse_pair(A, A.forward, B, B.back).

TEST(NameEvidence, InversePairNamedAfterTheTypes) {
  EXPECT_TRUE(names_inverse_pair("User", "posts", "Post", "user"));
  EXPECT_TRUE(names_inverse_pair("Repository", "issues", "Issue", "repository"));
  EXPECT_TRUE(names_inverse_pair("Users", "posts", "Posts", "users"));  // StepZen
  EXPECT_FALSE(names_inverse_pair("User", "posts", "Post", "author"));
  EXPECT_FALSE(names_inverse_pair("Project", "issues", "Issue", "convertedFromIssue"));
}

// Keystone 6 and Prisma name a relation field as its author writes it; the
// names are evidence only where they are the other model's (`Post.user`,
// `User.posts`). Keystone's `postsCount: Int` is a count, never a way.
TEST(NameEvidence, KeystoneAndPrismaRelationFieldsNamedAfterTheModel) {
  EXPECT_TRUE(names_inverse_pair("User", "posts", "Post", "user"));
  EXPECT_TRUE(names_inverse_pair("User", "Post", "Post", "User"));  // Prisma introspection
  EXPECT_FALSE(names_inverse_pair("User", "posts", "Post", "author"));
  EXPECT_FALSE(names_inverse_pair("User", "postsCount", "Post", "user"));
}

TEST(NameEvidence, HasuraRelationshipsOfPluralTables) {
  EXPECT_TRUE(names_inverse_pair("datasets", "runs", "runs", "dataset"));
  EXPECT_TRUE(names_inverse_pair("user_profiles", "sessions", "sessions", "user_profile"));
  EXPECT_TRUE(names_inverse_pair("UserProfiles", "sessions", "Sessions", "userProfile"));
  EXPECT_TRUE(names_inverse_pair("categories", "products", "products", "category"));
  // A one-to-one object relationship both ways.
  EXPECT_TRUE(names_inverse_pair("users", "profile", "profiles", "user"));
  // The array relationship's aggregate field reaches the same rows.
  EXPECT_TRUE(names_inverse_pair("datasets", "runs_aggregate", "runs", "dataset"));
}

TEST(NameEvidence, HasuraSingularOfAnotherTable) {
  EXPECT_FALSE(names_inverse_pair("dataset_versions", "runs", "runs", "dataset"));
  EXPECT_FALSE(names_inverse_pair("datasets", "runs", "runs", "datasetVersion"));
  EXPECT_FALSE(names_inverse_pair("datasets", "run_logs", "runs", "dataset"));
  EXPECT_FALSE(names_inverse_pair("datasets", "runs_count", "runs", "dataset"));
}

// The console's fallback where the plain name is taken (blog "GraphQL schema on
// Postgres with foreign keys": `addresssByuserId`, `userByuserId`; console
// formRelName: `authorByAuthorId`, `articlesByAuthorId`).
TEST(NameEvidence, HasuraConsoleFallbackByColumn) {
  EXPECT_TRUE(names_inverse_pair("authors", "articlesByAuthorId", "articles", "authorByAuthorId"));
  EXPECT_TRUE(names_inverse_pair("user", "addresssByuserId", "address", "userByuserId"));
  EXPECT_FALSE(names_inverse_pair("authors", "articlesByAuthorId", "articles", "authorByEditorId"));
  EXPECT_FALSE(names_inverse_pair("users", "posts", "posts", "editorByUserId"));
  // Keyed on one side only: the console keyed `postsByAuthorId` because
  // another relation holds `posts`, and `user` is likely that one's.
  EXPECT_FALSE(names_inverse_pair("users", "postsByAuthorId", "posts", "user"));
  EXPECT_FALSE(names_inverse_pair("users", "posts", "posts", "userByAuthorId"));
}

TEST(NameEvidence, PostGraphileForeignKeyColumnOnBothSides) {
  EXPECT_TRUE(names_inverse_pair("User", "postsByAuthorId", "Post", "userByAuthorId"));
  EXPECT_TRUE(
      names_inverse_pair("Category", "productsByCategoryId", "Product", "categoryByCategoryId"));
  // One-to-one backwards relation (singleRelationByKeysBackwards).
  EXPECT_TRUE(names_inverse_pair("User", "profileByUserId", "Profile", "userByUserId"));
  // A head that contains "by" itself.
  EXPECT_TRUE(names_inverse_pair("Lobby", "playersByLobbyId", "Player", "lobbyByLobbyId"));
}

TEST(NameEvidence, PostGraphileMultiColumnKey) {
  EXPECT_TRUE(
      names_inverse_pair("Org", "postsByAuthorIdAndOrgId", "Post", "orgByAuthorIdAndOrgId"));
  EXPECT_FALSE(names_inverse_pair("Org", "postsByAuthorIdAndOrgId", "Post", "orgByOrgId"));
}

TEST(NameEvidence, PostGraphileSimpleCollectionList) {
  EXPECT_TRUE(names_inverse_pair("User", "postsByAuthorIdList", "Post", "userByAuthorId"));
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthorIdList", "Post", "userByEditorId"));
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthorIdCount", "Post", "userByAuthorId"));
}

TEST(NameEvidence, PostGraphileAnotherColumnOrType) {
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthorId", "Post", "userByEditorId"));
  EXPECT_FALSE(names_inverse_pair("User", "commentsByAuthorId", "Post", "userByAuthorId"));
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthorId", "Post", "organizationByAuthorId"));
  EXPECT_FALSE(names_inverse_pair("User", "postsBy", "Post", "userBy"));  // no column
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthorId", "Post", "editor"));
}

// @graphile/simplify-inflection (pg-simplify-inflector): the to-one side is
// named after its key column (`Beverage.distributor` for distributor_id), the
// collection keeps the verbose name or takes the documented opposite.
TEST(NameEvidence, PostGraphileSimplifyInflector) {
  EXPECT_TRUE(names_inverse_pair("Company", "beveragesByDistributorId", "Beverage", "distributor"));
  EXPECT_TRUE(
      names_inverse_pair("Company", "beveragesByDistributorIdList", "Beverage", "distributor"));
  EXPECT_TRUE(names_inverse_pair("Company", "beveragesByDistributorIdConnection", "Beverage",
                                 "distributor"));
  EXPECT_TRUE(names_inverse_pair("User", "authoredPosts", "Post", "author"));
  EXPECT_TRUE(names_inverse_pair("User", "authoredPostsList", "Post", "author"));
  EXPECT_TRUE(names_inverse_pair("User", "reviewedPostsConnection", "Post", "reviewer"));
  EXPECT_TRUE(names_inverse_pair("Company", "beverages", "Beverage", "company"));
  EXPECT_TRUE(names_inverse_pair("Company", "beveragesList", "Beverage", "company"));
  // Multi-column keys: the base names joined (organizationTeamGoal).
  EXPECT_TRUE(names_inverse_pair("Goal", "milestonesByOrganizationIdAndTeamIdAndGoalUuid",
                                 "Milestone", "organizationTeamGoal"));
  EXPECT_TRUE(names_inverse_pair("Brand", "carsByBrandId", "Car", "brand"));
}

TEST(NameEvidence, PostGraphileSimplifyNearMisses) {
  EXPECT_FALSE(names_inverse_pair("Company", "beveragesByDistributorId", "Beverage", "company"));
  EXPECT_FALSE(names_inverse_pair("User", "postsByEditorId", "Post", "author"));
  EXPECT_FALSE(names_inverse_pair("User", "authoredPosts", "Post", "editor"));
  EXPECT_FALSE(names_inverse_pair("User", "authoredComments", "Post", "author"));
  // `written` is no documented opposite of `writer`.
  EXPECT_FALSE(names_inverse_pair("User", "writtenPosts", "Post", "writer"));
  EXPECT_FALSE(names_inverse_pair("Goal", "milestonesByOrganizationIdAndTeamIdAndGoalUuid",
                                  "Milestone", "organizationGoal"));
  EXPECT_FALSE(names_inverse_pair("User", "postsByAuthor", "Post", "author"));  // no key suffix
}

TEST(NameEvidence, HasuraPrimaryKeyLookups) {
  const std::vector<std::string_view> id = {"id"};
  const std::vector<std::string_view> two = {"order_id", "product_id"};
  EXPECT_TRUE(is_keyed_lookup("runs_by_pk", "runs", id));
  EXPECT_TRUE(is_keyed_lookup("runs_by_pk", "run", id));
  EXPECT_TRUE(is_keyed_lookup("runsByPk", "run", id));  // graphql-default naming
  EXPECT_TRUE(is_keyed_lookup("user_profiles_by_pk", "user_profile", id));
  EXPECT_TRUE(is_keyed_lookup("order_details_by_pk", "order_details", two));
  EXPECT_FALSE(is_keyed_lookup("runs_by_pk", "dataset", id));
  EXPECT_FALSE(is_keyed_lookup("runs_by_pk", "run_by_pk", id));  // two tables
  EXPECT_FALSE(is_keyed_lookup("run_by_pk", "runs_by_pk", id));
  EXPECT_FALSE(is_keyed_lookup("run_by_pk", "runs", id));  // only the table's singular
  EXPECT_FALSE(is_keyed_lookup("user_profiles_by_pk", "user", id));
  EXPECT_FALSE(is_keyed_lookup("_by_pk", "", id));
  EXPECT_FALSE(is_keyed_lookup("runs_by_pk", "runs", {}));
}

// Negative evidence: names that say a way may reach objects that are not
// its owner's own.
TEST(NameEvidence, HierarchiesAreNamedByWhatIsUnderANode) {
  EXPECT_TRUE(names_hierarchy("children", "Category"));
  EXPECT_TRUE(names_hierarchy("descendantGroups", "Group"));
  EXPECT_TRUE(names_hierarchy("childTeams", "Team"));
  EXPECT_TRUE(names_hierarchy("subgroups", "Group"));
  EXPECT_TRUE(names_hierarchy("subInitiatives", "Initiative"));
  EXPECT_TRUE(names_hierarchy("sub_categories", "Category"));
  EXPECT_FALSE(names_hierarchy("parents", "Commit"));  // above a node, not under it
  EXPECT_FALSE(names_hierarchy("forks", "Repository"));
  EXPECT_FALSE(names_hierarchy("subscribers", "User"));
  EXPECT_FALSE(names_hierarchy("followers", "User"));
}

TEST(NameEvidence, AnotherOwnersKeyIsItsNameAndId) {
  EXPECT_TRUE(names_key_of("repositoryId", "Repository"));
  EXPECT_TRUE(names_key_of("repository_ids", "Repository"));
  EXPECT_TRUE(names_key_of("IssueID", "Issue"));  // GitLab's global id scalar
  EXPECT_FALSE(names_key_of("id", "Repository"));
  EXPECT_FALSE(names_key_of("ownerId", "Repository"));
  EXPECT_FALSE(names_key_of("repository", "Repository"));
}

}  // namespace
}  // namespace gqleval::normalize
