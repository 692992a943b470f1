// Helpers for the scorer's unit tests (header only; used by *_test.cc here):
// a small schema with the shapes docs/semantics.md talks about (an inverse pair
// User.posts / Post.users for the cycles rule, two endpoints with one
// signature, an interface with two implementations, a union, a mutation),
// hand-made normal trees, and a one-call scorer.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/hash.h"
#include "engine/normalize/normal_tree.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/tree_compare.h"
#include "engine/score/score_pair.h"

namespace gqleval::score {
// Readable verdicts in gtest failure messages.
inline void PrintTo(Verdict v, std::ostream* os) { *os << verdict_name(v); }
}  // namespace gqleval::score

namespace gqleval::score::testing {

inline constexpr std::string_view kSchema = R"(
type Query {
  users(id: Int!): User
  usersById(id: Int!): User
  allUsers(first: Int = 10): [User]
  search(text: String!): [Media]
  anything: [Thing]
  node(id: ID!): Media
}
type Mutation {
  addUser(name: String!): User
}
type User {
  id: Int!
  username: String
  email: String
  posts: [Post]
}
type Post {
  id: Int!
  title: String
  body: String
  users: User
}
interface Media {
  title: String
  year: Int
}
type Book implements Media {
  title: String
  year: Int
  author: String
}
type Movie implements Media {
  title: String
  year: Int
  director: String
}
union Thing = Book | User
)";

// The built test schema and its derived rewrites, built once.
struct Fixture {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
};

inline const Fixture& fixture() {
  static const Fixture f = [] {
    Fixture x;
    auto built = schema::Schema::build(kSchema);
    if (!built.ok()) {
      ADD_FAILURE() << "test schema does not build: " << built.error().front().message;
      return x;
    }
    x.schema = built.value();
    x.rewrites = normalize::Rewrites::build(x.schema);
    return x;
  }();
  return f;
}

// Scores with a Scorer kept for the calling test (views stay valid until the
// next call on it).
inline PairResult run(Scorer& scorer, std::vector<std::string_view> references,
                      std::string_view candidate, const ScoreOptions& options = {}) {
  const Fixture& f = fixture();
  return scorer.score(*f.schema, f.rewrites.get(), references, candidate, options);
}

// Every diagnostic as "query[k] line:col Rule: message", for assertions.
inline std::vector<std::string> error_lines(const PairResult& r) {
  std::vector<std::string> out;
  for (const QueryDiagnostic& e : r.errors) {
    std::string line(query_role_name(e.query));
    if (e.query == QueryRole::kReference) {
      line.append("[").append(std::to_string(e.reference)).append("]");
    }
    if (e.operation >= 0) line.append(" operation ").append(std::to_string(e.operation));
    for (const SourcePos& p : e.diagnostic.locations) {
      line.append(" ").append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
    }
    line.append(" ").append(e.diagnostic.rule).append(": ").append(e.diagnostic.message);
    out.push_back(std::move(line));
  }
  return out;
}

// "path @line:col (n)" for each missing / extra path.
inline std::vector<std::string> path_lines(std::span<const SubtreeDiff> paths) {
  std::vector<std::string> out;
  for (const SubtreeDiff& p : paths) {
    std::string line(p.path);
    line.append(" @").append(std::to_string(p.pos.line)).append(":");
    line.append(std::to_string(p.pos.column)).append(" (").append(std::to_string(p.nodes));
    out.push_back(line.append(")"));
  }
  return out;
}

// A hand-made normal tree: nodes given as (parent index, key) in breadth-first
// order with children contiguous, as the normalizer lays them out. Hashes are
// computed as the normalizer does (key hash combined with the parent's).
class TreeMaker {
 public:
  explicit TreeMaker(std::string root = "query",
                     ast::OperationType op = ast::OperationType::kQuery) {
    tree_.operation = op;
    add(normalize::kNoNode, std::move(root));
  }
  // Adds a child of `parent`: children of one parent must be added together,
  // parents in breadth-first order. Returns the node's index.
  uint32_t add(uint32_t parent, std::string key) {
    normalize::Node n;
    n.parent = parent;
    n.is_field = parent != normalize::kNoNode;
    n.depth = n.is_field ? static_cast<uint16_t>(nodes_[parent].depth + 1) : 0;
    n.pos = SourcePos{static_cast<uint32_t>(nodes_.size() + 1), 1};
    nodes_.push_back(n);
    keys_.push_back(std::move(key));
    return static_cast<uint32_t>(nodes_.size() - 1);
  }
  // Overrides the hash of a node (after tree() would compute it).
  void force_hash(uint32_t node, uint64_t hash) { forced_.emplace_back(node, hash); }

  const normalize::NormalTree& tree() {
    for (size_t i = 0; i < nodes_.size(); ++i) {
      normalize::Node& n = nodes_[i];
      n.key = keys_[i];
      n.name = keys_[i];
      const uint64_t h = hash_bytes(n.key);
      n.hash = n.is_field ? hash_combine(nodes_[n.parent].hash, h) : h;
      n.child_count = 0;
      n.first_child = 0;
    }
    for (const auto& [node, hash] : forced_) nodes_[node].hash = hash;
    for (size_t i = 1; i < nodes_.size(); ++i) {
      normalize::Node& p = nodes_[nodes_[i].parent];
      if (p.child_count == 0) p.first_child = static_cast<uint32_t>(i);
      ++p.child_count;
    }
    tree_.nodes = nodes_;
    return tree_;
  }

 private:
  std::vector<normalize::Node> nodes_;
  std::deque<std::string> keys_;  // stable addresses for the nodes' views
  std::vector<std::pair<uint32_t, uint64_t>> forced_;
  normalize::NormalTree tree_;
};

}  // namespace gqleval::score::testing
