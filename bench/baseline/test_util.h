// Helpers of the baseline's tests: a small hand-written schema, its synthetic
// data, and execution of a query text to its JSON response text.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "bench/baseline/executor.h"
#include "bench/baseline/synthetic_data.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::baseline::testing {

inline constexpr std::string_view kSchema = R"(
interface Node { id: ID! }
type User implements Node {
  id: ID!
  name: String
  age: Int
  role: Role
  posts: [Post]
  best: Post
}
type Post implements Node {
  id: ID!
  title: String
  likes: Int
  author: User
}
union Item = User | Post
enum Role { ADMIN MEMBER }
input IntFilter { eq: Int gt: Int lt: Int }
input UserFilter { age: IntFilter name: String }
type Query {
  users(first: Int): [User!]!
  user(id: ID!): User
  userByKey(user_id: Int!): User
  mustUser(id: ID!): User!
  filteredUsers(filter: UserFilter): [User]
  usersAged(age: Int): [User]
  search: [Item]
  node(id: ID!): Node
}
)";

inline std::shared_ptr<const schema::Schema> test_schema() {
  auto s = schema::Schema::build(kSchema);
  EXPECT_TRUE(s.ok());
  return s.ok() ? *s : nullptr;
}

inline DataOptions small_data(uint64_t seed = 7) {
  DataOptions o;
  o.objects = 5;
  o.fanout = 2;
  o.seed = seed;
  o.null_rate = 0;
  return o;
}

// Parses, validates and executes `query` (one operation), returning the
// response as JSON text; a parse or validation failure fails the test.
inline std::string run_query(const schema::Schema& s, const SyntheticData& d,
                             std::string_view query, std::string_view variables = {}) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  EXPECT_TRUE(doc.ok()) << query;
  if (!doc.ok()) return {};
  Diagnostics diags = validate::validate(s, **doc);
  EXPECT_FALSE(validate::has_errors(diags)) << query << "\n" << diags.front().message;
  auto op = validate::select_operation(**doc, {});
  EXPECT_TRUE(op.ok());
  JsonValue vars;
  if (!variables.empty()) vars = *parse_json(variables);
  return to_json(execute(s, d, **doc, **op, vars));
}

}  // namespace gqleval::baseline::testing
