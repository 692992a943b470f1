// Stage 2 of docs/semantics.md, one rule per test: the response tree, fragments,
// ground types, merging, aliases, canonical order, positions, hashes, limits.
// Argument coercion, variables and directives have their own test files.
#include "engine/normalize/normalize.h"

#include <gtest/gtest.h>

#include <set>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;

class BlogTest : public ::testing::Test {
 protected:
  Harness h{golden_schema("blog")};
};

class MediaTest : public ::testing::Test {
 protected:
  Harness h{golden_schema("media")};
};

TEST_F(BlogTest, MergesFieldsAndSortsChildrenByKey) {
  EXPECT_EQ(h.normal("{ users(id: 1) { username posts { title } username email } }"),
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

TEST_F(BlogTest, SelectionOrderDoesNotMatter) {
  EXPECT_EQ(h.normal("{ users(id: 1) { email posts { body title } } postsList { id } }"),
            h.normal("{ postsList { id } users(id: 1) { posts { title body } email } }"));
}

TEST_F(BlogTest, SameIdentityMergesAndUnitesChildren) {
  EXPECT_EQ(h.normal("{ users(id: 1) { posts { title } } users(id: 1) { posts { body } } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    posts {\n"
            "      body\n"
            "      title\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST_F(BlogTest, AliasIsNotPartOfIdentity) {
  EXPECT_EQ(h.normal("{ a: users(id: 1) { name: username } }"),
            h.normal("{ users(id: 1) { username } }"));
}

TEST_F(BlogTest, TwoAliasesWithDifferentArgumentsStayTwoNodes) {
  EXPECT_EQ(h.normal("{ a: users(id: 1) { id } b: users(id: 2) { id } c: users(id: 1) { email } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    email\n"
            "    id\n"
            "  }\n"
            "  users(id: 2) {\n"
            "    id\n"
            "  }\n"
            "}\n");
}

TEST_F(BlogTest, NamedInlineAndNestedFragmentsExpandInPlace) {
  const char* with_fragments =
      "query { users(id: 1) { ...U } }\n"
      "fragment U on User { id ... on User { ...P } }\n"
      "fragment P on User { posts { ... { title } } }\n";
  EXPECT_EQ(h.normal(with_fragments), h.normal("{ users(id: 1) { id posts { title } } }"));
  EXPECT_EQ(h.normal(with_fragments),
            "query {\n"
            "  users(id: 1) {\n"
            "    id\n"
            "    posts {\n"
            "      title\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST_F(BlogTest, RootIsTheOperationKind) {
  EXPECT_EQ(h.normal("mutation { deleteUsers(id: 1) { id } }"),
            "mutation {\n"
            "  deleteUsers(id: 1) {\n"
            "    id\n"
            "  }\n"
            "}\n");
  auto t = h.tree("mutation M { deleteUsers(id: 1) { id } }");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->operation, ast::OperationType::kMutation);
  EXPECT_FALSE(t->root().is_field);
  EXPECT_EQ(t->root().key, "mutation");
  EXPECT_EQ(t->field_count(), 2u);
}

TEST_F(BlogTest, TypenameCountsUnlessIgnored) {
  EXPECT_EQ(h.normal("{ users(id: 1) { __typename id } }"),
            "query {\n"
            "  users(id: 1) {\n"
            "    __typename\n"
            "    id\n"
            "  }\n"
            "}\n");
  NormalizeOptions options;
  options.ignore_typename = true;
  EXPECT_EQ(h.normal("{ users(id: 1) { __typename id } }", options),
            h.normal("{ users(id: 1) { id } }"));
}

TEST_F(BlogTest, NodesKeepTheFirstSourcePosition) {
  auto t = h.tree(
      "{\n"
      "  users(id: 1) {\n"
      "    username\n"
      "    posts { title }\n"
      "  }\n"
      "  alias: users(id: 1) { username }\n"
      "}\n");
  ASSERT_TRUE(t.ok());
  const Node& users = t->children(t->root())[0];
  EXPECT_EQ(users.key, "users(id: 1)");
  EXPECT_EQ(users.pos, (SourcePos{2, 3}));
  auto kids = t->children(users);
  ASSERT_EQ(kids.size(), 2u);
  EXPECT_EQ(kids[0].key, "posts");
  EXPECT_EQ(kids[0].pos, (SourcePos{4, 5}));
  EXPECT_EQ(kids[1].key, "username");
  EXPECT_EQ(kids[1].pos, (SourcePos{3, 5}));
  EXPECT_EQ(node_path(*t, t->children(kids[0])[0].parent), "query -> users(id: 1) -> posts");
  EXPECT_EQ(node_path(*t, kids[0].first_child), "query -> users(id: 1) -> posts -> title");
}

TEST_F(BlogTest, LayoutIsBreadthFirstWithContiguousChildren) {
  auto t = h.tree("{ users(id: 1) { posts { title } email } postsList { id } }");
  ASSERT_TRUE(t.ok());
  ASSERT_EQ(t->nodes.size(), 7u);
  const char* keys[] = {"query", "postsList", "users(id: 1)", "id", "email", "posts", "title"};
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(t->nodes[i].key, keys[i]) << i;
  EXPECT_EQ(t->root().first_child, 1u);
  EXPECT_EQ(t->root().child_count, 2u);
  EXPECT_EQ(t->nodes[2].first_child, 4u);
  EXPECT_EQ(t->nodes[2].child_count, 2u);
  EXPECT_EQ(t->nodes[6].parent, 5u);
  EXPECT_EQ(t->nodes[6].depth, 3);
  EXPECT_TRUE(t->nodes[6].is_field);
  EXPECT_EQ(h.schema().field(t->nodes[6].field).name, "title");
}

TEST_F(BlogTest, HashesIdentifyKeyAndParentChain) {
  auto collect = [&](std::string_view q) {
    std::vector<uint64_t> out;
    auto t = h.tree(q);
    for (const Node& n : t->nodes) out.push_back(n.hash);
    return out;
  };
  auto a = collect("{ users(id: 1) { id posts { id } } }");
  auto b = collect("{ users(id: 1) { posts { id } id } }");
  EXPECT_EQ(a, b);
  // `id` under users and `id` under posts are different nodes.
  std::set<uint64_t> unique(a.begin(), a.end());
  EXPECT_EQ(unique.size(), a.size());
  auto c = collect("{ users(id: 2) { id posts { id } } }");
  EXPECT_NE(a[3], c[3]);  // same key `id`, different parent chain
}

TEST_F(BlogTest, TooManyNodesIsAClearError) {
  NormalizeOptions options;
  options.max_nodes = 3;
  EXPECT_EQ(h.normal("{ users(id: 1) { id email username } }", options),
            "error: NormalizeLimit: The query normalizes to more than 3 response nodes (the "
            "limit); its fragments may expand exponentially. @1:27");
}

TEST_F(BlogTest, TooDeepIsAClearError) {
  NormalizeOptions options;
  options.max_depth = 2;
  EXPECT_EQ(
      h.normal("{ users(id: 1) { posts { title } } }", options),
      "error: NormalizeLimit: The query nests fields deeper than 2 levels (the limit). @1:26");
}

TEST_F(BlogTest, ExplodingFragmentsHitTheExpansionLimit) {
  // 2^22 spreads of one field through two different fragments at each level
  // (A and B with one body): merging keeps the tree tiny, the work is not.
  std::string q = "{ users(id: 1) { ...F0 } }\n";
  for (int i = 0; i < 22; ++i) {
    const std::string n = std::to_string(i);
    const std::string next = std::to_string(i + 1);
    q += "fragment F" + n + " on User { ...A" + n + " ...B" + n + " }\n";
    q += "fragment A" + n + " on User { ...F" + next + " }\n";
    q += "fragment B" + n + " on User { ...F" + next + " }\n";
  }
  q += "fragment F22 on User { id }\n";
  // Validation of such a document is itself costly, so it is normalized directly.
  Arena arena;
  auto doc = graphql::parse(q, arena);
  ASSERT_TRUE(doc.ok());
  auto op = validate::select_operation(**doc, "");
  ASSERT_TRUE(op.ok());
  auto t = normalize(h.schema(), **doc, **op, {}, nullptr, arena);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().rule, "NormalizeLimit");
  EXPECT_EQ(t.error().message,
            "The query's fragments expand to more than 1048576 selections (the limit); they may "
            "expand exponentially.");
}

TEST_F(BlogTest, RepeatedSpreadsOfOneFragmentExpandOnce) {
  // `...F ...F` at every level doubles the spreads (2^40 here), but a fragment
  // spread again under the same parent adds nothing: the work stays linear.
  std::string q = "{ users(id: 1) { ...F0 } }\n";
  for (int i = 0; i < 40; ++i) {
    q += "fragment F" + std::to_string(i) + " on User { ...F" + std::to_string(i + 1) + " ...F" +
         std::to_string(i + 1) + " }\n";
  }
  q += "fragment F40 on User { id }\n";
  EXPECT_EQ(h.normal(q), h.normal("{ users(id: 1) { id } }"));
  // A spread with a condition is not the same spread: both stay.
  EXPECT_EQ(h.normal("query($a: Boolean!) { users(id: 1) { ...G ...G @include(if: $a) } }\n"
                     "fragment G on User { id }"),
            h.normal("query($a: Boolean!) { users(id: 1) { id id @include(if: $a) } }"));
}

// ------------------------------------------------------------------ ground types

TEST_F(MediaTest, FieldOnAbstractParentBecomesOneNodePerConcreteType) {
  EXPECT_EQ(h.normal("{ media(id: \"1\") { title } }"),
            "query {\n"
            "  media(id: \"1\") {\n"
            "    title on Book\n"
            "    title on Movie\n"
            "  }\n"
            "}\n");
}

TEST_F(MediaTest, InterfaceFragmentEqualsOneFragmentPerImplementation) {
  EXPECT_EQ(h.normal("{ media(id: \"1\") { ... on Media { title } } }"),
            h.normal("{ media(id: \"1\") { ... on Book { title } ... on Movie { title } } }"));
  // Asking for Book only is one node less: the Movie node is not there.
  EXPECT_EQ(h.normal("{ media(id: \"1\") { ... on Book { title } } }"),
            "query {\n"
            "  media(id: \"1\") {\n"
            "    title on Book\n"
            "  }\n"
            "}\n");
}

TEST_F(MediaTest, OverlappingFragmentsOnAbstractTypesMerge) {
  EXPECT_EQ(h.normal("{ printed { ... on Printed { pages } ... on Book { pages isbn } } }"),
            "query {\n"
            "  printed {\n"
            "    isbn on Book\n"
            "    pages on Book\n"
            "    pages on Magazine\n"
            "  }\n"
            "}\n");
}

TEST_F(MediaTest, NestedFragmentsAcrossInterfacesIntersectPossibleTypes) {
  // Printed ∩ Media = {Book}; then ∩ Movie = {}: minutes applies to no type.
  EXPECT_EQ(h.normal("{ printed { ... on Media { title ... on Movie { minutes } } } }"),
            "query {\n"
            "  printed {\n"
            "    title on Book\n"
            "  }\n"
            "}\n");
}

TEST_F(MediaTest, FragmentOnConcreteParentThroughInterface) {
  EXPECT_EQ(h.normal("{ book(id: \"1\") { ... on Media { title } ... on Printed { pages } } }"),
            h.normal("{ book(id: \"1\") { title pages } }"));
}

TEST_F(MediaTest, UnionMembersAndTypename) {
  EXPECT_EQ(h.normal("{ search(text: \"x\") { __typename ... on Media { title } "
                     "... on Person { name } } }"),
            "query {\n"
            "  search(text: \"x\") {\n"
            "    __typename on Book\n"
            "    __typename on Movie\n"
            "    __typename on Person\n"
            "    name on Person\n"
            "    title on Book\n"
            "    title on Movie\n"
            "  }\n"
            "}\n");
}

TEST_F(MediaTest, EachConcreteNodeHasItsOwnChildren) {
  EXPECT_EQ(h.normal("{ media(id: \"1\") { related { title } } }"),
            "query {\n"
            "  media(id: \"1\") {\n"
            "    related on Book {\n"
            "      title on Book\n"
            "      title on Movie\n"
            "    }\n"
            "    related on Movie {\n"
            "      title on Book\n"
            "      title on Movie\n"
            "    }\n"
            "  }\n"
            "}\n");
  auto t = h.tree("{ media(id: \"1\") { ... on Book { author { name } } } }");
  ASSERT_TRUE(t.ok());
  const Node& author = t->nodes[2];
  EXPECT_EQ(author.key, "author on Book");
  EXPECT_EQ(h.schema().type(author.on_type).name, "Book");
  EXPECT_EQ(t->nodes[3].key, "name");  // Person is concrete: no mark
  EXPECT_EQ(t->nodes[3].on_type, schema::kNone);
}

}  // namespace
}  // namespace gqleval::normalize

namespace gqleval::normalize {
namespace {

// Validation leaves each field's schema lookup on the document (ast::Field's
// memo) for normalization. A document validated against one schema and
// normalized against another must still get the second schema's fields.
TEST(FieldMemo, ANormalTreeTakesItsOwnSchemasFields) {
  auto first = schema::Schema::build("type Query { a: Int b: T } type T { x: Int }");
  auto second = schema::Schema::build("type Query { c: Int b: U a: Int } type U { w: Int x: Int }");
  ASSERT_TRUE(first.ok() && second.ok());
  Arena arena;
  auto doc = graphql::parse("{ b { x } a }", arena);
  ASSERT_TRUE(doc.ok());
  ASSERT_TRUE(validate::validate(**first, **doc).empty());
  auto op = validate::select_operation(**doc, {});
  ASSERT_TRUE(op.ok());
  const auto& b = ast::as<ast::Field>(*(*op)->selection_set->selections[0]);
  ASSERT_EQ(b.resolved_in, first->get()) << "validation left its lookup";
  auto tree = normalize(**second, **doc, **op, {}, nullptr, arena);
  ASSERT_TRUE(tree.ok());
  Harness fresh("type Query { c: Int b: U a: Int } type U { w: Int x: Int }");
  EXPECT_EQ(print_tree(*tree), fresh.normal("{ b { x } a }", {}, false));
  EXPECT_NE(print_tree(*tree).find("a\n"), std::string::npos) << print_tree(*tree);
}

}  // namespace
}  // namespace gqleval::normalize
