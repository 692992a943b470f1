// Inverse pairs on every schema style (docs/semantics.md, Stage 3, "Ways between
// types"): Relay connections are ways like lists, a back-reference is to-one,
// takes no arguments and is the only way back, and `cycles` folds through a
// connection's `nodes` and `edges { node }`. Each schema is modelled on a real
// API's shape: an e-commerce platform's "latest of many" (User.checkout beside
// User.checkouts), a code host's repositories and issues.
#include <gtest/gtest.h>

#include "engine/normalize/normalize_test_util.h"
#include "engine/normalize/rewrites.h"

namespace gqleval::normalize {
namespace {

using testing::Harness;

// `User.checkout` is "the last open checkout of this user", a second way from
// User to Checkout beside the connection.
constexpr const char* kCheckoutSchema =
    "type User { id: ID! email: String checkout: Checkout\n"
    "  checkouts(first: Int, after: String): CheckoutCountableConnection }\n"
    "type Checkout { id: ID! created: String user: User }\n"
    "type CheckoutCountableEdge { cursor: String! node: Checkout! }\n"
    "type PageInfo { hasNextPage: Boolean! endCursor: String }\n"
    "type CheckoutCountableConnection { edges: [CheckoutCountableEdge!]! pageInfo: PageInfo!\n"
    "  totalCount: Int }\n"
    "type Query { checkout(id: ID!): Checkout user(id: ID!): User }\n";

TEST(InversePairsTest, TheLatestOfManyIsNoBackReference) {
  Harness h(kCheckoutSchema);
  // Checkout.user is Checkout's only way to User: both ways from User to
  // Checkout pair with it. User.checkout is one of two ways back to Checkout,
  // so Checkout.user never folds under it.
  EXPECT_EQ(h.rewrites().describe(),
            "inverse User.checkout <-> Checkout.user (derived)\n"
            "inverse User.checkouts <-> Checkout.user (derived)\n");
  // The customer's latest checkout is not checkout X.
  EXPECT_NE(h.normal("{ checkout(id: \"X\") { user { email checkout { id created } } } }"),
            h.normal("{ checkout(id: \"X\") { id created user { email } } }"));
  EXPECT_EQ(h.firings("{ checkout(id: \"X\") { user { email checkout { id created } } } }"), "");
  // The user's latest checkout's user is the user.
  EXPECT_EQ(h.normal("{ user(id: \"U\") { checkout { id user { email } } } }"),
            h.normal("{ user(id: \"U\") { email checkout { id } } }"));
}

// A code host: Repository.issues is a connection with both Relay forms;
// Repository.issue(number:) is a second way to Issue; Issue.repository the
// only way back.
constexpr const char* kRepositorySchema =
    "type Repository { name: String owner: String issue(number: Int!): Issue\n"
    "  issues(first: Int, after: String): IssueConnection! }\n"
    "type Issue { number: Int title: String repository: Repository! }\n"
    "type IssueEdge { cursor: String! node: Issue }\n"
    "type PageInfo { hasNextPage: Boolean! endCursor: String }\n"
    "type IssueConnection { edges: [IssueEdge] nodes: [Issue] pageInfo: PageInfo!\n"
    "  totalCount: Int! }\n"
    "type Query { repository(owner: String!, name: String!): Repository }\n";

TEST(InversePairsTest, ConnectionsAreWaysAndBackReferencesTakeNoArguments) {
  Harness h(kRepositorySchema);
  // Both ways from Repository to Issue pair with Issue.repository; no pair
  // has Repository.issue(number:) as its back-reference (it could never fold).
  EXPECT_EQ(h.rewrites().describe(),
            "inverse Repository.issue <-> Issue.repository (derived)\n"
            "inverse Repository.issues <-> Issue.repository (derived)\n");
}

TEST(InversePairsTest, CyclesFoldThroughNodesAndEdges) {
  Harness h(kRepositorySchema);
  const std::string once = h.normal(
      "{ repository(owner: \"o\", name: \"r\") { name issues(first: 5) { nodes { title } } } }");
  EXPECT_EQ(h.normal("{ repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
                     "  nodes { title repository { name } } } } }"),
            once);
  EXPECT_EQ(h.firings("{ repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
                      "  nodes { title repository { name } } } } }"),
            "cycles 2:17 query -> repository(name: \"r\", owner: \"o\") -> issues(first: 5) -> "
            "nodes -> repository: Issue.repository is the inverse of Repository.issues; its "
            "selections moved to repository(name: \"r\", owner: \"o\")\n");
  EXPECT_EQ(h.normal("{ repository(owner: \"o\", name: \"r\") { name issues(first: 5) {\n"
                     "  edges { cursor node { title } } } } }"),
            h.normal("{ repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
                     "  edges { cursor node { title repository { name } } } } } }"));
  // The connection's own fields stay where they are.
  EXPECT_EQ(h.normal("{ repository(owner: \"o\", name: \"r\") { name owner issues(first: 5) {\n"
                     "  totalCount pageInfo { endCursor } nodes { title } } } }"),
            h.normal("{ repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
                     "  totalCount pageInfo { endCursor } nodes { title repository { name }\n"
                     "  repository { owner } } } } }"));
  // Through the to-one way too.
  EXPECT_EQ(
      h.normal("{ repository(owner: \"o\", name: \"r\") { issue(number: 1) {\n"
               "  title repository { name } } } }"),
      h.normal("{ repository(owner: \"o\", name: \"r\") { name issue(number: 1) { title } } }"));
}

TEST(InversePairsTest, AConditionOnTheWayThroughTheConnectionBlocksTheFold) {
  Harness h(kRepositorySchema);
  const char* q =
      "query($x: Boolean!) { repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
      "  nodes @include(if: $x) { repository { name } } } } }";
  EXPECT_EQ(h.firings(q), "");
  const char* edges =
      "query($x: Boolean!) { repository(owner: \"o\", name: \"r\") { issues(first: 5) {\n"
      "  edges { node @include(if: $x) { repository { name } } } } } }";
  EXPECT_EQ(h.firings(edges), "");
}

TEST(InversePairsTest, ASecondWayBackThroughAConnectionBlocksTheDerivation) {
  // Issue.linkedRepositories is a second way from Issue to Repository.
  Harness h(
      "type Repository { name: String issues: IssueConnection }\n"
      "type Issue { title: String repository: Repository\n"
      "  linkedRepositories: RepositoryConnection }\n"
      "type IssueConnection { nodes: [Issue] }\n"
      "type RepositoryConnection { edges: [RepositoryEdge] }\n"
      "type RepositoryEdge { node: Repository }\n"
      "type Query { repository(name: String!): Repository }\n");
  EXPECT_EQ(h.rewrites().describe(), "");
}

TEST(InversePairsTest, ATypeWithEdgesOfNoNodeIsNoConnection) {
  // `edges` whose items have no `node` of an object type (a graph's edges):
  // no way to Issue, no pair.
  Harness h(
      "type Repository { name: String issues: IssueGraph }\n"
      "type Issue { title: String repository: Repository }\n"
      "type IssueGraph { edges: [Link] }\n"
      "type Link { from: Issue to: Issue weight: Int }\n"
      "type Query { repository(name: String!): Repository }\n");
  EXPECT_EQ(h.rewrites().describe(), "");
}

TEST(InversePairsTest, TheRulesFileAcceptsPairsThroughConnections) {
  auto parsed = RulesFile::parse(
      R"({"derive": {"inverse_pairs": false},
          "inverse_pairs": [{"field": "Repository.issues", "inverse": "Issue.repository"}]})");
  ASSERT_TRUE(parsed.ok());
  Harness h(kRepositorySchema, &*parsed);
  EXPECT_TRUE(h.rewrites().warnings().empty());
  EXPECT_EQ(h.rewrites().describe(),
            "inverse Repository.issues <-> Issue.repository (rules file)\n");
  EXPECT_EQ(h.normal("{ repository(owner: \"o\", name: \"r\") { issues { nodes { repository {\n"
                     "  name } } } } }"),
            "query {\n  repository(name: \"r\", owner: \"o\") {\n    issues {\n      nodes\n"
            "    }\n    name\n  }\n}\n");
}

TEST(InversePairsTest, ARulesFilePairThroughNoConnectionIsAWarning) {
  auto parsed = RulesFile::parse(
      R"({"inverse_pairs": [{"field": "User.checkouts", "inverse": "Issue.repository"},
                            {"field": "Repository.owner", "inverse": "Issue.repository"},
                            {"field": "Repository.issues", "inverse": "Repository.issue"}]})");
  ASSERT_TRUE(parsed.ok());
  Harness h(kRepositorySchema, &*parsed);
  ASSERT_EQ(h.rewrites().warnings().size(), 3U);
  EXPECT_EQ(h.rewrites().warnings()[0].message,
            "\"inverse_pairs\"[0]: inverse pair User.checkouts <-> Issue.repository skipped: the "
            "schema has no type \"User\"");
  EXPECT_EQ(h.rewrites().warnings()[1].message,
            "\"inverse_pairs\"[1]: inverse pair Repository.owner <-> Issue.repository skipped: "
            "Repository.owner must return Issue, [Issue] or a connection to Issue (edges { node: "
            "Issue } or nodes: [Issue]), and Issue.repository must return one Repository (two "
            "different types)");
  EXPECT_EQ(h.rewrites().warnings()[2].message,
            "\"inverse_pairs\"[2]: inverse pair Repository.issues <-> Repository.issue skipped: "
            "Repository.issues must return Repository, [Repository] or a connection to Repository "
            "(edges { node: Repository } or nodes: [Repository]), and Repository.issue must return "
            "one Repository (two different types)");
  // The derived pairs still hold.
  EXPECT_NE(h.rewrites().describe().find("Repository.issues <-> Issue.repository (derived)"),
            std::string::npos);
}

TEST(InversePairsTest, ARulesFileBackReferenceWithArgumentsIsAWarning) {
  auto parsed = RulesFile::parse(
      R"({"inverse_pairs": [{"field": "Issue.repository", "inverse": "Repository.issue"}]})");
  ASSERT_TRUE(parsed.ok());
  Harness h(kRepositorySchema, &*parsed);
  ASSERT_EQ(h.rewrites().warnings().size(), 1U);
  EXPECT_EQ(h.rewrites().warnings()[0].message,
            "\"inverse_pairs\"[0]: inverse pair Issue.repository <-> Repository.issue skipped: "
            "Repository.issue takes arguments, and the cycles rule never folds a back-reference "
            "with arguments");
}

TEST(InversePairsTest, ATypeWhoseNodesAreItsOwnIsNoConnection) {
  // Category.nodes lists other categories: walking shop -> category -> nodes
  // -> shop is not walking back from the shop's category.
  Harness h(
      "type Shop { name: String category: Category }\n"
      "type Category { name: String nodes: [Category] shop: Shop }\n"
      "type Query { shop(id: ID!): Shop }\n");
  EXPECT_EQ(h.rewrites().describe(),
            "inverse Shop.category <-> Category.shop (derived)\n"
            "inverse Category.shop <-> Shop.category (derived)\n");
  EXPECT_EQ(h.firings("{ shop(id: 1) { category { nodes { shop { name } } } } }"), "");
}

// Names that say a way may reach Bs that are not A's own: a tree's
// collections (Saleor's `Category.products` holds the subcategories'
// products, GitLab's `Group.epics` the descendant groups' epics) and a way
// with an argument naming another A's key (`repositoryId`).
TEST(InversePairsTest, ATreesCollectionsAreNoWayToItsOwn) {
  const char* tree =
      "type Category { name: String parent: Category children(first: Int): CategoryConnection\n"
      "  products(first: Int): ProductConnection product(id: ID!): Product image: Image }\n"
      "type CategoryConnection { edges: [CategoryEdge!]! }\n"
      "type CategoryEdge { node: Category! }\n"
      "type Product { name: String category: Category }\n"
      "type ProductConnection { edges: [ProductEdge!]! }\n"
      "type ProductEdge { node: Product! }\n"
      "type Image { url: String category: Category }\n"
      "type Query { category(id: ID!): Category }\n";
  Harness h(tree);
  // The category's image is its own; its products, and a product found by
  // id, may be a subcategory's.
  EXPECT_EQ(h.rewrites().describe(),
            "inverse Category.image <-> Image.category (derived)\n"
            "inverse Image.category <-> Category.image (derived)\n");
  EXPECT_EQ(h.firings("{ category(id: 1) { products { edges { node { category { name } } } } } }"),
            "");
  // The same type without children is no tree.
  std::string flat(tree);
  flat.replace(flat.find("children"), 8, "siblings");
  Harness g(flat);
  EXPECT_EQ(g.rewrites().describe(),
            "inverse Category.products <-> Product.category (derived)\n"
            "inverse Category.product <-> Product.category (derived)\n"
            "inverse Category.image <-> Image.category (derived)\n"
            "inverse Image.category <-> Category.image (derived)\n");
  // Subgroups and descendants name a tree too; a commit's parents do not.
  Harness groups(
      "type Group { name: String subgroups: [Group!]! projects: [Project!]! }\n"
      "type Project { name: String group: Group }\n"
      "type Commit { oid: String parents: [Commit!]! checkSuites: [CheckSuite!]! }\n"
      "type CheckSuite { id: ID commit: Commit }\n"
      "type Query { group(id: ID!): Group commit(oid: String!): Commit }\n");
  EXPECT_EQ(groups.rewrites().describe(),
            "inverse Commit.checkSuites <-> CheckSuite.commit (derived)\n");
}

TEST(InversePairsTest, AWayWithAnotherOwnersKeyIsNoWayToItsOwn) {
  Harness h(
      "scalar IssueID\n"
      "type Repository { name: String packages(repositoryId: ID, first: Int): [Package!]!\n"
      "  releases(first: Int): [Release!]! }\n"
      "type Package { name: String repository: Repository }\n"
      "type Release { name: String repository: Repository }\n"
      "type Issue { title: String links(incidentId: IssueID!): [Link!]! }\n"
      "type Link { url: String issue: Issue }\n"
      "type Query { repository(name: String!): Repository }\n");
  // packages(repositoryId:) may be another repository's; links(incidentId:
  // IssueID!) another issue's.
  EXPECT_EQ(h.rewrites().describe(),
            "inverse Repository.releases <-> Release.repository (derived)\n");
}

// The generators' names (name_evidence.h), derived on schemas in their
// styles; each with a near miss beside it that must not pair.
TEST(InversePairsGeneratorsTest, HasuraTablesAndTheirRelationships) {
  Harness h(
      "type datasets { id: Int! name: String! runs(limit: Int): [runs!]!\n"
      "  runs_aggregate: runs_aggregate! }\n"
      "type runs { id: Int! dataset: datasets run_logs: [run_logs!]! }\n"
      "type run_logs { id: Int! line: String! dataset_version: datasets }\n"
      "type runs_aggregate { nodes: [runs!]! }\n"
      "type Query { datasets_by_pk(id: Int!): datasets runs_by_pk(id: Int!): runs }\n");
  // run_logs.dataset_version names no table of datasets: no pair for it.
  EXPECT_EQ(h.rewrites().describe(),
            "inverse datasets.runs <-> runs.dataset (derived)\n"
            "inverse datasets.runs_aggregate <-> runs.dataset (derived)\n");
  EXPECT_EQ(h.normal("{ datasets_by_pk(id: 1) { runs { id dataset { name } } } }"),
            h.normal("{ datasets_by_pk(id: 1) { name runs { id } } }"));
}

TEST(InversePairsGeneratorsTest, PostGraphileColumnsOnBothSides) {
  Harness h(
      "type User { id: Int! postsByAuthorId(first: Int): PostsConnection!\n"
      "  postsByAuthorIdList: [Post!]! commentsByAuthorId: CommentsConnection! }\n"
      "type Post { id: Int! userByAuthorId: User }\n"
      "type Comment { id: Int! userByEditorId: User }\n"
      "type PostsConnection { nodes: [Post]! }\n"
      "type CommentsConnection { nodes: [Comment]! }\n"
      "type Query { userById(id: Int!): User }\n");
  // Comment's only way back is keyed by another column than the forward way.
  EXPECT_EQ(h.rewrites().describe(),
            "inverse User.postsByAuthorId <-> Post.userByAuthorId (derived)\n"
            "inverse User.postsByAuthorIdList <-> Post.userByAuthorId (derived)\n");
}

TEST(InversePairsGeneratorsTest, KeystoneAndPrismaRelationFieldsNamedAfterTheModel) {
  Harness h(
      "type User { id: ID! posts(where: PostWhereInput): [Post!] postsCount: Int\n"
      "  comments: [Comment!] }\n"
      "type Post { id: ID! user: User }\n"
      "type Comment { id: ID! author: User }\n"
      "input PostWhereInput { id: ID }\n"
      "type Query { user(where: UserWhereUniqueInput!): User }\n"
      "input UserWhereUniqueInput { id: ID }\n");
  // Comment.author names no User: a relation the user must declare.
  EXPECT_EQ(h.rewrites().describe(), "inverse User.posts <-> Post.user (derived)\n");
}

}  // namespace
}  // namespace gqleval::normalize
