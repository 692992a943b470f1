// Normalizer::run_one_pass: the shapes it reads in one pass give the tree the
// full way gives (parse, validation, run), rule firings and positions
// included; every other shape, valid or not, is left to the full way
// (nullopt). tests/simple_document_test.cc checks the same on every dataset
// query, its mutations and the conformance cases.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/normalize/normalize.h"
#include "engine/normalize/normalize_test_util.h"
#include "engine/normalize/printer.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;

// A tree printed, with its firings and its nodes' positions.
std::string describe(const NormalTree& tree) {
  std::string out = print_tree(tree) + print_firings(tree);
  for (const Node& n : tree.nodes) {
    out += std::to_string(n.pos.line) + ":" + std::to_string(n.pos.column) + " ";
  }
  return out;
}

// The one-pass reading described, or "none".
std::string one_pass(Harness& h, std::string_view query, const NormalizeOptions& options = {}) {
  Normalizer normalizer;
  Arena arena;
  auto tree = normalizer.run_one_pass(h.schema(), query, options, &h.rewrites(), arena);
  return tree ? describe(*tree) : "none";
}

// The full way's reading described.
std::string full_way(Harness& h, std::string_view query, const NormalizeOptions& options = {}) {
  auto tree = h.tree(query, options);
  return tree.ok() ? describe(*tree) : "error";
}

TEST(OnePass, ReadsFieldsArgumentsAndAliasesAsTheFullWayDoes) {
  Harness h(golden_schema("blog"));
  NormalizeOptions no_typename;
  no_typename.ignore_typename = true;
  for (std::string_view query : {
           "{ users(id: 1) { username posts { title } email } }",
           "query Q {\n  a: users(id: 1) { id }\n  b: users(id: 1) { email }\n}",
           "{ usersById(id: 3) { posts { users { username } } } }",
           "{ usersFilterList(filter: {username: {like: \"a\"}, id: {gt: 2}}) { id } }",
           "{ posts(id: 1) { __typename title comments { content posts { title } } } }",
           "mutation { deleteUsersById(id: 2) { id } }",
       }) {
    const std::string fast = one_pass(h, query);
    EXPECT_NE(fast, "none") << query;
    EXPECT_EQ(fast, full_way(h, query)) << query;
    EXPECT_EQ(one_pass(h, query, no_typename), full_way(h, query, no_typename)) << query;
  }
  // The endpoint and cycles rules fire in the one pass as in the full way.
  EXPECT_NE(one_pass(h, "{ usersById(id: 3) { posts { users { id } } } }").find("endpoints"),
            std::string::npos);
}

TEST(OnePass, LeavesEveryOtherShapeToTheFullWay) {
  Harness h(golden_schema("blog"));
  for (std::string_view query : {
           "{ users(id: 1) { ...F } } fragment F on User { id }",  // fragments
           "{ users(id: 1) { ... on User { id } } }",
           "query ($id: Int) { users(id: $id) { id } }",  // variables
           "{ users(id: 1) { id @include(if: true) } }",  // directives
           "query @live { users(id: 1) { id } }",
           "\"described\" query { users(id: 1) { id } }",
           "{ users(id: 1) { id } } { postsList { id } }",       // two operations
           "{ a: users(id: 1) { id } a: users(id: 2) { id } }",  // one response key twice
           "{ users(id: 1) { id id } }",
           "{ users(id: 1) { nope } }",  // not valid
           "{ users(id: \"1\") { id } }",
           "{ users(id: 1) { id { x } } }",
           "{ users(id: 1) }",
           "{ deleteUsers(id: 1) { id } }",
           "{ __schema { types { name } } }",
           "subscription { users { id } }",
           "{ users(id: 1) { id }",  // does not parse
           "{ users(id: 1) { id } } trailing",
           "",
           "  ",
           "{ users(id: 1) { email } } # a comment.",  // one of `$@.` anywhere
       }) {
    EXPECT_EQ(one_pass(h, query), "none") << query;
  }
  EXPECT_EQ(one_pass(h, std::string_view{}), "none");  // no text at all, not even ""
  // A field on an interface or union is expanded for each possible type.
  Harness media(golden_schema("media"));
  EXPECT_EQ(one_pass(media, "{ media(id: 1) { id } }"), "none");
}

}  // namespace
}  // namespace gqleval::normalize
