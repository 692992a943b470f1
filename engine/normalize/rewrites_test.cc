// Stage 3 of docs/semantics.md, one rule per test: cycles, endpoints (derived and
// declared, argument maps, never mutations), the rgeval profile, switches,
// firing records, and the per-schema cache.
#include "engine/normalize/rewrites.h"

#include <gtest/gtest.h>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;
using testing::source_path;

RulesFile blog_rules() {
  auto r = RulesFile::load(source_path("tests/golden/normalize/blog.rules.json"));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : RulesFile{};
}

class CyclesTest : public ::testing::Test {
 protected:
  Harness h{golden_schema("blog")};
};

TEST_F(CyclesTest, BackReferenceIsFoldedIntoTheAncestor) {
  // The example of docs/semantics.md, exactly.
  const char* q = "{ users(id: 1) { posts { users { username } } } }";
  EXPECT_EQ(h.normal(q),
            "query {\n"
            "  users(id: 1) {\n"
            "    posts\n"
            "    username\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.firings(q),
            "cycles 1:26 query -> users(id: 1) -> posts -> users: Post.users is the inverse of "
            "User.posts; its selections moved to users(id: 1)\n");
  auto t = h.tree(q);
  ASSERT_TRUE(t.ok());
  ASSERT_EQ(t->firings.size(), 1u);
  EXPECT_EQ(t->firings[0].rule, "cycles");
  EXPECT_EQ(t->firings[0].pos, (SourcePos{1, 26}));
}

TEST_F(CyclesTest, FoldedSelectionsMergeWithTheAncestorsOwn) {
  EXPECT_EQ(h.normal("{ users(id: 1) { username posts { title users { username email } } } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    email\n"
            "    posts {\n"
            "      title\n"
            "    }\n"
            "    username\n"
            "  }\n"
            "}\n");
}

TEST_F(CyclesTest, ChainsOfBackReferencesFoldCompletely) {
  EXPECT_EQ(h.normal("{ users(id: 1) { posts { users { posts { users { email } } } } } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    email\n"
            "    posts\n"
            "  }\n"
            "}\n");
}

TEST_F(CyclesTest, ToManyWalksBackAreNotCycles) {
  // Post.users -> User.posts: the user's posts are not just this post.
  EXPECT_EQ(h.normal("{ posts(id: 1) { users { posts { title } } } }"),
            "query {\n"
            "  posts(id: 1) {\n"
            "    users {\n"
            "      posts {\n"
            "        title\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
  // Post.comments -> Comment.posts is a to-one walk back: folded.
  EXPECT_EQ(h.normal("{ posts(id: 1) { comments { posts { title } } } }"),
            "query {\n"
            "  posts(id: 1) {\n"
            "    comments\n"
            "    title\n"
            "  }\n"
            "}\n");
}

TEST_F(CyclesTest, ConditionsOnTheBackReferenceOrItsParentBlockTheRule) {
  EXPECT_EQ(h.normal("query($c: Boolean!) { users(id: 1) { posts { users @include(if: $c) "
                     "{ username } } } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    posts {\n"
            "      users @include(if: $1) {\n"
            "        username\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.normal("query($c: Boolean!) { users(id: 1) { posts @include(if: $c) "
                     "{ users { username } } } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    posts @include(if: $1) {\n"
            "      users {\n"
            "        username\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST_F(CyclesTest, SwitchedOff) {
  NormalizeOptions options;
  options.rules.cycles = false;
  EXPECT_EQ(h.normal("{ users(id: 1) { posts { users { username } } } }", options),
            "query {\n"
            "  users(id: 1) {\n"
            "    posts {\n"
            "      users {\n"
            "        username\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
  // No Rewrites at all: no Stage 3 rule.
  EXPECT_EQ(h.normal("{ users(id: 1) { posts { users { username } } } }", {}, false),
            h.normal("{ users(id: 1) { posts { users { username } } } }", options));
}

// A field with arguments is never a back-reference (docs/semantics.md, Stage
// 3): `author(version: 2)` may be another author, and a pair whose
// back-reference takes arguments is not derived, so none is printed that
// could never fold, and `author` without arguments does not fold either.
TEST(CyclesArgumentsTest, BackReferenceWithArgumentsIsNoBackReference) {
  Harness h(
      "type Author { id: Int name: String books: [Book] }\n"
      "type Book { id: Int author(version: Int): Author }\n"
      "type Query { author(id: Int): Author }\n");
  EXPECT_EQ(h.rewrites().describe(), "");
  EXPECT_EQ(h.normal("{ author(id: 1) { books { author(version: 2) { name } } } }"),
            "query {\n"
            "  author(id: 1) {\n"
            "    books {\n"
            "      author(version: 2) {\n"
            "        name\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.firings("{ author(id: 1) { books { author { name } } } }"), "");
}

// A fold can bring a back-reference to a node the pass has already left:
// folding `cs { b }` into `b` puts `a { x }` under `b`, which walks back to the
// `a` above. Passes repeat until nothing folds, so the normal form of a query
// is also the normal form of its own rewrite.
TEST(CyclesFixpointTest, FoldsThatCreateBackReferencesFoldAgain) {
  Harness h(
      "type A { id: ID! x: String b: B }\n"
      "type B { id: ID! a: A cs: [C] }\n"
      "type C { id: ID! b: B }\n"
      "type Query { a(id: ID!): A }\n");
  const std::string expected = h.normal("{ a(id: 1) { x b { cs { id } } } }");
  EXPECT_EQ(h.normal("{ a(id: 1) { b { cs { id b { a { x } } } } } }"), expected);
  EXPECT_EQ(h.normal("{ a(id: 1) { b { a { x } cs { id } } } }"), expected);
  EXPECT_EQ(h.firings("{ a(id: 1) { b { cs { id b { a { x } } } } } }"),
            "cycles 1:26 query -> a(id: \"1\") -> b -> cs -> b: C.b is the inverse of B.cs; its "
            "selections moved to b\n"
            "cycles 1:30 query -> a(id: \"1\") -> b -> a: B.a is the inverse of A.b; its "
            "selections moved to a(id: \"1\")\n");
}

TEST(CyclesDerivationTest, AmbiguousPairsAreNotDerived) {
  // Two to-one fields of type Person on Film: which one inverts Person.films?
  Harness h(
      "type Person { name: String films: [Film] }\n"
      "type Film { title: String director: Person writer: Person }\n"
      "type Query { person(id: Int): Person }\n");
  EXPECT_EQ(h.rewrites().describe(), "");
  EXPECT_EQ(h.normal("{ person(id: 1) { films { director { name } } } }"),
            "query {\n"
            "  person(id: 1) {\n"
            "    films {\n"
            "      director {\n"
            "        name\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST(CyclesDerivationTest, AnotherFieldBackToTheParentTypeBlocksDerivation) {
  // Post.author is Post's only to-one field of type User, but Post.likedBy is
  // another way back: User.posts may be the posts a user liked.
  Harness h(
      "type User { name: String posts: [Post] }\n"
      "type Post { title: String author: User likedBy: [User] }\n"
      "type Query { user(id: Int): User }\n");
  EXPECT_EQ(h.rewrites().describe(), "");
  EXPECT_EQ(h.normal("{ user(id: 1) { posts { author { name } } } }"),
            "query {\n  user(id: 1) {\n    posts {\n      author {\n        name\n      }\n"
            "    }\n  }\n}\n");
}

// A Show is a Series or a Film; only Series.episodes has an inverse
// (Episode.series), derived from the schema.
constexpr const char* kShowsSchema =
    "interface Show { id: Int title: String episodes(season: Int): [Episode] }\n"
    "type Series implements Show { id: Int title: String episodes(season: Int): [Episode] }\n"
    "type Film implements Show { id: Int title: String episodes(season: Int): [Episode] }\n"
    "type Episode { id: Int number: Int series: Series }\n"
    "union Hit = Series | Film\n"
    "type Query { show(id: Int): Show hits: [Hit] }\n";

TEST(CyclesUnderAbstractParentTest, BackReferenceFoldsAsFieldsOfTheConcreteType) {
  Harness h(kShowsSchema);
  EXPECT_EQ(h.rewrites().describe(), "inverse Series.episodes <-> Episode.series (derived)\n");
  // The forward edge's arguments do not block the rule; the folded `title`
  // merges with the one selected directly on Series.
  const char* q =
      "{ show(id: 1) { ... on Series { title episodes(season: 1) { number series { title id } } "
      "} } }";
  EXPECT_EQ(h.normal(q),
            "query {\n"
            "  show(id: 1) {\n"
            "    episodes(season: 1) on Series {\n"
            "      number\n"
            "    }\n"
            "    id on Series\n"
            "    title on Series\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.firings(q),
            "cycles 1:68 query -> show(id: 1) -> episodes(season: 1) on Series -> series: "
            "Episode.series is the inverse of Series.episodes; its selections moved to "
            "show(id: 1) as fields on Series\n");
  // The same data as selecting the fields on Series directly.
  EXPECT_EQ(h.normal(q), h.normal("{ show(id: 1) { ... on Series { id title episodes(season: 1) "
                                  "{ number } } } }"));
  // A union parent folds the same way.
  EXPECT_EQ(h.normal("{ hits { ... on Series { episodes { series { title } } } } }"),
            "query {\n"
            "  hits {\n"
            "    episodes on Series\n"
            "    title on Series\n"
            "  }\n"
            "}\n");
}

TEST(CyclesUnderAbstractParentTest, OtherConcreteTypesAreNoWalkBack) {
  Harness h(kShowsSchema);
  // `episodes` on the interface is one node per concrete type: Film.episodes
  // has no inverse (Episode.series returns a Series, not this Film), so that
  // branch stays; the Series branch folds.
  EXPECT_EQ(h.normal("{ show(id: 1) { episodes { series { title } } } }"),
            "query {\n"
            "  show(id: 1) {\n"
            "    episodes on Film {\n"
            "      series {\n"
            "        title\n"
            "      }\n"
            "    }\n"
            "    episodes on Series\n"
            "    title on Series\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.normal("{ show(id: 1) { ... on Film { episodes { series { title } } } } }"),
            "query {\n"
            "  show(id: 1) {\n"
            "    episodes on Film {\n"
            "      series {\n"
            "        title\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST(CyclesUnderAbstractParentTest, ConditionsAndArgumentsStillBlockTheRule) {
  Harness h(
      "interface Show { id: Int episodes: [Episode] }\n"
      "type Series implements Show { id: Int title: String episodes: [Episode] }\n"
      "type Episode { id: Int series(version: Int): Series }\n"
      "type Query { show(id: Int): Show }\n");
  EXPECT_EQ(h.normal("{ show(id: 1) { ... on Series { episodes { series(version: 2) { title } } "
                     "} } }"),
            "query {\n"
            "  show(id: 1) {\n"
            "    episodes on Series {\n"
            "      series(version: 2) {\n"
            "        title\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.normal("query($c: Boolean!) { show(id: 1) { ... on Series @include(if: $c) "
                     "{ episodes { series { title } } } } }"),
            "query {\n"
            "  show(id: 1) {\n"
            "    episodes on Series @include(if: $1) {\n"
            "      series {\n"
            "        title\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n");
}

// ------------------------------------------------------------------ endpoints

class EndpointsTest : public ::testing::Test {
 protected:
  RulesFile rules = blog_rules();
  Harness h{golden_schema("blog"), &rules};
  Harness derived_only{golden_schema("blog")};
};

TEST_F(EndpointsTest, DerivedEndpointsMapToOneCanonicalField) {
  EXPECT_EQ(derived_only.normal("{ usersById(id: 1) { username } }"),
            derived_only.normal("{ users(id: 1) { username } }"));
  EXPECT_EQ(derived_only.firings("{ usersById(id: 1) { username } }"),
            "endpoints 1:3 query -> usersById(id: 1): usersById -> users (same data)\n");
}

TEST_F(EndpointsTest, NeverAppliedToMutations) {
  // deleteUsers and deleteUsersById have one signature, but are two mutations.
  EXPECT_EQ(derived_only.normal("mutation { deleteUsersById(id: 1) { id } }"),
            "mutation {\n"
            "  deleteUsersById(id: 1) {\n"
            "    id\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(derived_only.firings("mutation { deleteUsersById(id: 1) { id } }"), "");
}

TEST_F(EndpointsTest, SwitchedOff) {
  NormalizeOptions options;
  options.rules.endpoints = false;
  EXPECT_EQ(derived_only.normal("{ usersById(id: 1) { username } }", options),
            "query {\n"
            "  usersById(id: 1) {\n"
            "    username\n"
            "  }\n"
            "}\n");
}

TEST_F(EndpointsTest, ArgumentShapeMapsRewriteToTheTargetField) {
  EXPECT_EQ(h.normal("{ usersFilterList(filter: {id: {eq: 1}}) { username } }"),
            h.normal("{ users(id: 1) { username } }"));
  EXPECT_EQ(h.firings("{ usersFilterList(filter: {id: {eq: 1}}) { username } }"),
            "endpoints 1:3 query -> usersFilterList(filter: {id: {eq: 1}}): argument map "
            "usersFilterList(filter: {id: {eq: $x}}) -> users(id: $x)\n");
  // Through a variable, bound or not.
  NormalizeOptions options;
  options.variables_json = R"({"v": 1})";
  EXPECT_EQ(
      h.normal("query($v: Int) { usersFilterList(filter: {id: {eq: $v}}) { username } }", options),
      h.normal("{ users(id: 1) { username } }"));
  EXPECT_EQ(h.normal("query($v: Int) { usersFilterList(filter: {id: {eq: $v}}) { username } }"),
            h.normal("query($w: Int) { users(id: $w) { username } }"));
}

TEST_F(EndpointsTest, ArgumentShapeMustMatchExactly) {
  EXPECT_EQ(h.normal("{ usersFilterList(filter: {id: {eq: 1}, username: {eq: \"a\"}}) "
                     "{ username } }"),
            "query {\n"
            "  usersFilterList(filter: {id: {eq: 1}, username: {eq: \"a\"}}) {\n"
            "    username\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(h.normal("{ usersFilterList(filter: {id: {gt: 1}}) { username } }"),
            "query {\n"
            "  usersFilterList(filter: {id: {gt: 1}}) {\n"
            "    username\n"
            "  }\n"
            "}\n");
}

TEST_F(EndpointsTest, CompiledRulesOfTheBlogSchema) {
  EXPECT_EQ(derived_only.rewrites().describe(),
            "inverse User.posts <-> Post.users (derived)\n"
            "inverse User.comments <-> Comment.users (derived)\n"
            "inverse Post.comments <-> Comment.posts (derived)\n"
            "endpoint usersById -> users (derived)\n"
            "rgeval usersById -> users\n"
            "rgeval usersFilterList -> users\n"
            "rgeval usersList -> users\n"
            "rgeval postsList -> posts\n"
            "rgeval commentsList -> comments\n");
  EXPECT_TRUE(h.rewrites().warnings().empty());
}

TEST(EndpointsDerivationTest, ListResultsAndArgumentlessFieldsAreNotDerived) {
  Harness h(
      "type C { id: Int }\n"
      "type Query {\n"
      "  byPost(id: Int!): [C]\n"
      "  byUser(id: Int!): [C]\n"
      "  latest: C\n"
      "  first: C\n"
      "  one(id: Int!): C\n"
      "  other(id: Int!): C!\n"
      "  third(id: Int! = 1): C\n"
      "  oneById(id: Int!): C\n"
      "}\n");
  EXPECT_EQ(h.normal("{ byUser(id: 1) { id } }"), "query {\n  byUser(id: 1) {\n    id\n  }\n}\n");
  EXPECT_EQ(h.normal("{ first { id } }"), "query {\n  first {\n    id\n  }\n}\n");
  EXPECT_EQ(h.normal("{ other(id: 1) { id } }"), "query {\n  other(id: 1) {\n    id\n  }\n}\n");
  EXPECT_EQ(h.normal("{ third(id: 2) { id } }"), "query {\n  third(id: 2) {\n    id\n  }\n}\n");
  EXPECT_EQ(h.normal("{ oneById(id: 1) { id } }"), "query {\n  one(id: 1) {\n    id\n  }\n}\n");
}

// docs/semantics.md, Stage 3: the signature is no evidence of the same data. Root
// fields of real API schemas that share one (Linear, Shopify, GitLab) are
// never grouped by derivation; only the names' keyed and foreign-key lookups
// are. And a pair of back-references is derived only where the names say so.
TEST(EndpointsDerivationTest, TheSignatureAloneIsNoEvidence) {
  Harness h(
      "type Issue { id: ID! title: String project: Project }\n"
      "type Project { id: ID! convertedFromIssue: Issue }\n"
      "type Count { count: Int }\n"
      "type Query {\n"
      "  issue(id: String!): Issue\n"
      "  attachmentIssue(id: String!): Issue\n"
      "  issueById(id: String!): Issue\n"
      "  ordersCount(query: String): Count\n"
      "  productsCount(query: String): Count\n"
      "  project(id: ID!): Project\n"
      "  projectUsingIssue_project_id_fkey(id: ID!): Project\n"
      "  projectUsingAlert_project_id_fkey(id: ID!): Project\n"
      "}\n");
  // (The rgeval profile's groups follow; that profile is off by default.)
  const std::string described = h.rewrites().describe();
  EXPECT_EQ(described.substr(0, described.find("rgeval ")),
            "endpoint issueById -> issue (derived)\n"
            "endpoint projectUsingIssue_project_id_fkey -> project (derived)\n"
            "endpoint projectUsingAlert_project_id_fkey -> project (derived)\n");
  EXPECT_EQ(h.normal("{ attachmentIssue(id: \"a\") { id } }"),
            "query {\n  attachmentIssue(id: \"a\") {\n    id\n  }\n}\n");
  EXPECT_EQ(h.normal("{ productsCount(query: \"a\") { count } }"),
            "query {\n  productsCount(query: \"a\") {\n    count\n  }\n}\n");
  EXPECT_EQ(h.normal("{ issue(id: \"a\") { title project { convertedFromIssue { id } } } }"),
            "query {\n  issue(id: \"a\") {\n    project {\n      convertedFromIssue {\n"
            "        id\n      }\n    }\n    title\n  }\n}\n");
}

// Endpoint groups are unions: a file entry joins a derived group rather than
// cutting a field out of it, a skipped entry changes nothing, and the order of
// overlapping entries does not matter.
TEST(EndpointsUnionTest, DerivedAndDeclaredGroupsJoin) {
  // u, uById (a keyed lookup) and uUsingV_u_id_fkey (a foreign-key lookup):
  // one derived group, canonical u.
  constexpr const char* kSchema =
      "type U { id: Int name: String }\n"
      "type Query { u(id: Int!): U uById(id: Int!): U uUsingV_u_id_fkey(id: Int!): U }\n";
  auto root = [](const std::string& rules, const char* query) {
    auto parsed = RulesFile::parse(rules);
    EXPECT_TRUE(parsed.ok()) << rules;
    Harness h(kSchema, &*parsed);
    const std::string normal = h.normal(query);
    return normal.substr(0, normal.find('('));
  };
  for (const char* q :
       {"{ u(id: 1) { id } }", "{ uById(id: 1) { id } }", "{ uUsingV_u_id_fkey(id: 1) { id } }"}) {
    // No file: the derived group, canonical u.
    EXPECT_EQ(root("{}", q), "query {\n  u") << q;
    // Restating part of it: one group, with the file's canonical.
    EXPECT_EQ(
        root(R"({"endpoints": [{"canonical": "uById", "same_as": ["uUsingV_u_id_fkey"]}]})", q),
        "query {\n  uById")
        << q;
    // A skipped entry (no field d) changes nothing.
    EXPECT_EQ(root(R"({"endpoints": [{"canonical": "uById", "same_as": ["d"]}]})", q),
              "query {\n  u")
        << q;
    // Derivation off: a chain in either order, or two canonicals sharing uById.
    for (
        const char* rules :
        {R"({"derive": {"endpoints": false}, "endpoints": [{"canonical": "u", "same_as": ["uById"]},
              {"canonical": "uById", "same_as": ["uUsingV_u_id_fkey"]}]})",
         R"({"derive": {"endpoints": false}, "endpoints": [{"canonical": "uById", "same_as": ["uUsingV_u_id_fkey"]},
              {"canonical": "u", "same_as": ["uById"]}]})",
         R"({"derive": {"endpoints": false}, "endpoints": [{"canonical": "u", "same_as": ["uById"]},
              {"canonical": "uUsingV_u_id_fkey", "same_as": ["uById"]}]})"}) {
      EXPECT_EQ(root(rules, q), "query {\n  u") << rules << q;
    }
  }
}

// A rules-file group may join fields with other argument defaults: a field
// renamed to its canonical one keeps the values it meant (`userB` is
// `userB(id: 2)`, not `user`, which is `user(id: 1)`).
TEST(EndpointsUnionTest, RenamedFieldsKeepTheirOwnDefaults) {
  auto parsed = RulesFile::parse(R"({"endpoints": [{"canonical": "user", "same_as": ["userB"]}]})");
  ASSERT_TRUE(parsed.ok());
  Harness h(
      "type User { name: String }\ntype Query { user(id: Int = 1): User userB(id: Int = 2): User "
      "}\n",
      &*parsed);
  EXPECT_EQ(h.normal("{ userB { name } }"), h.normal("{ user(id: 2) { name } }"));
  EXPECT_EQ(h.normal("{ userB(id: 1) { name } }"), h.normal("{ user { name } }"));
  EXPECT_NE(h.normal("{ userB { name } }"), h.normal("{ user { name } }"));
}

TEST(RulesResolutionTest, InversePairsThroughTheRootAreSkippedWithAWarning) {
  auto parsed =
      RulesFile::parse(R"({"inverse_pairs": [{"field": "Query.user", "inverse": "User.root"}]})");
  ASSERT_TRUE(parsed.ok());
  Harness h("type User { name: String root: Query }\ntype Query { user(id: Int): User }\n",
            &*parsed);
  ASSERT_EQ(h.rewrites().warnings().size(), 1U);
  EXPECT_EQ(h.rewrites().warnings()[0].message,
            "\"inverse_pairs\"[0]: inverse pair Query.user <-> User.root skipped: Query is a root "
            "type (the cycles rule never folds into the root)");
}

// ------------------------------------------------------------------ rgeval

TEST(RgevalTest, OffByDefaultAndLooserWhenOn) {
  Harness h(golden_schema("blog"));
  EXPECT_EQ(rule_profile(RuleSwitches{}), "cycles,endpoints");
  EXPECT_EQ(h.normal("{ usersList { username } }"),
            "query {\n  usersList {\n    username\n  }\n}\n");
  NormalizeOptions options;
  options.rules.rgeval = true;
  EXPECT_EQ(rule_profile(options.rules), "cycles,endpoints,rgeval");
  EXPECT_EQ(h.normal("{ usersList { username } }", options),
            "query {\n  users {\n    username\n  }\n}\n");
  EXPECT_EQ(h.firings("{ usersList { username } }", options),
            "rgeval 1:3 query -> usersList: usersList -> users (same base type User)\n");
  EXPECT_EQ(h.normal("mutation { deleteUsersById(id: 1) { id } }", options),
            "mutation {\n  deleteUsersById(id: 1) {\n    id\n  }\n}\n");
}

TEST(RuleSwitchesTest, ByName) {
  RuleSwitches r;
  EXPECT_TRUE(set_rule(r, "cycles", false));
  EXPECT_TRUE(set_rule(r, "rgeval", true));
  EXPECT_FALSE(set_rule(r, "loops", true));
  EXPECT_EQ(rule_profile(r), "endpoints,rgeval");
  EXPECT_TRUE(set_rule(r, "endpoints", false));
  EXPECT_TRUE(set_rule(r, "rgeval", false));
  EXPECT_EQ(rule_profile(r), "none");
}

TEST(RuleSwitchesTest, ParseProfileIsTheInverseOfRuleProfile) {
  auto profile = [](std::string_view list) {
    auto r = parse_rule_profile(list, "--rule-set");
    return r ? rule_profile(*r) : r.error().rule + ": " + r.error().message;
  };
  EXPECT_EQ(profile("endpoints,rgeval"), "endpoints,rgeval");
  EXPECT_EQ(profile("none"), "none");
  EXPECT_EQ(profile("cycles,,"), "cycles");  // empty items are skipped
  EXPECT_EQ(profile("cycles,loops,endpoints"),
            "Usage: unknown rule 'loops' in --rule-set (the rules are cycles, endpoints, rgeval)");
  EXPECT_EQ(parse_rule_profile("loops", "rule_set").error().message,
            "unknown rule 'loops' in rule_set (the rules are cycles, endpoints, rgeval)");
}

// ------------------------------------------------------------------ rules that do not apply

TEST(RulesResolutionTest, EntriesForOtherSchemasAreSkippedWithWarnings) {
  auto parsed = RulesFile::parse(R"json({
    "inverse_pairs": [{"field": "Film.people", "inverse": "Person.film"},
                      {"field": "User.email", "inverse": "Post.users"}],
    "endpoints": [{"canonical": "users", "same_as": ["nobody", "postsList"]}],
    "argument_maps": [{"from": "usersFilterList(filter: {id: {eq: $x}})", "to": "users(id: $y)"},
                      {"from": "usersFilterList(filter: {id: {eq: $x}})", "to": "posts(id: $x)"}]
  })json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  auto built = schema::Schema::build(golden_schema("blog"));
  ASSERT_TRUE(built.ok());
  auto rw = Rewrites::build(*built, &*parsed);
  std::string messages;
  for (const Diagnostic& d : rw->warnings()) {
    EXPECT_EQ(d.severity, Severity::kWarning);
    messages += d.message + "\n";
  }
  EXPECT_EQ(
      messages,
      "\"inverse_pairs\"[0]: inverse pair Film.people <-> Person.film skipped: the schema has no "
      "type \"Film\"\n"
      "\"inverse_pairs\"[1]: inverse pair User.email <-> Post.users skipped: User.email must "
      "return Post, [Post] or a connection to Post (edges { node: Post } or nodes: [Post]), and "
      "Post.users must return one User (two different types)\n"
      "\"endpoints\"[0]: endpoint \"nobody\" -> \"users\" skipped: Query has no field \"nobody\"\n"
      "\"endpoints\"[0]: endpoint \"postsList\" -> \"users\" skipped: the two fields return "
      "different types "
      "([Post] and User)\n"
      "\"argument_maps\"[0]: argument map usersFilterList(filter: {id: {eq: $x}}) -> users(id: $y) "
      "skipped: $y "
      "of \"to\" is not in \"from\"\n"
      "\"argument_maps\"[1]: argument map usersFilterList(filter: {id: {eq: $x}}) -> posts(id: $x) "
      "skipped: the "
      "two fields return different types\n");
}

TEST(RewritesCacheTest, BuildsOncePerSchema) {
  auto a = schema::Schema::build(golden_schema("blog"));
  auto b = schema::Schema::build(golden_schema("media"));
  ASSERT_TRUE(a.ok() && b.ok());
  RewritesCache cache;
  auto ra = cache.get(*a);
  EXPECT_EQ(cache.get(*a).get(), ra.get());
  EXPECT_NE(cache.get(*b).get(), ra.get());
  EXPECT_EQ(&ra->schema(), a->get());
}

}  // namespace
}  // namespace gqleval::normalize
