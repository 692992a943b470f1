// NormalTree: the normal form of one operation, a tree that mirrors the
// response the operation asks for (docs/semantics.md, Stage 2 and Stage 3).
//
// Layout: one array of nodes in an Arena, breadth-first; nodes[0] is the root
// (the operation kind) and the children of every node are contiguous and in
// canonical order (by key). Walking a tree is index arithmetic; there is no
// map and no pointer chasing.
//
// Identity: a node's `key` is its canonical identity text, unique among its
// siblings:  name(canonical arguments) [on ConcreteType] [@condition ...]
// e.g. `users(id: 1)`, `title on Book`, `posts @include(if: $1)`. Its `hash`
// is a 64-bit hash of the key and of the parent's hash, so equal hashes mean
// the same node in the same place (up to 64-bit collisions; compare keys and
// parent chains when certainty matters). Aliases are not part of identity.
//
// Every string_view points into the arena the tree was built in (or into the
// schema); the tree lives as long as both.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::normalize {

inline constexpr uint32_t kNoNode = UINT32_MAX;

// The rule that changed what a node's selection wrote (its field, or which of
// its arguments count), so that explanations can print the query's own words
// with the rule beside them.
enum class MappedBy : uint8_t {
  kNone,
  kEndpoints,        // an endpoint group or an argument map (rules "endpoints")
  kRgeval,           // the rgeval profile
  kIgnoreArguments,  // declared argument insensitivity (rules file)
};
std::string_view mapped_by_name(MappedBy rule);  // "endpoints", "rgeval", "ignore_arguments"

struct Node {
  std::string_view key;        // the identity text; the operation kind for the root
  std::string_view name;       // the schema field name; the operation kind for the root
  std::string_view arguments;  // "(id: 1)" or empty
  std::string_view condition;  // "@include(if: $1)" or empty; atoms sorted, space-separated
  uint64_t hash = 0;           // identity of the key and the whole parent chain
  schema::FieldId field = schema::kNone;   // kNone for the root
  schema::TypeId on_type = schema::kNone;  // the concrete type when the parent is abstract
  schema::TypeId type = schema::kNone;     // the named type the field returns (root: root type)
  uint32_t parent = kNoNode;
  uint32_t first_child = 0;  // children are nodes[first_child, first_child + child_count)
  uint32_t child_count = 0;
  uint16_t depth = 0;     // 0 for the root
  bool is_field = false;  // false only for the root
  MappedBy mapped_by = MappedBy::kNone;
  SourcePos pos;  // the first source selection the node came from
  // The operation `pos` is in, among an answer's operations merged into one
  // tree (merge_operations.h); 0 otherwise.
  uint16_t operation = 0;
  // The name and arguments as the query wrote them, `usersById(id: 1)`, where
  // a rule changed them (mapped_by); empty otherwise (the key's head is then
  // what the query wrote).
  std::string_view written;
};

// A rewrite that changed the tree: which rule, where (a node path as printed
// by node_path, before the rewrite), the source position, and what it did.
struct RuleFiring {
  std::string_view rule;    // "cycles", "endpoints", "rgeval"
  std::string_view path;    // e.g. "query -> users(id: 1) -> posts -> users"
  std::string_view detail;  // e.g. "Posts.users is the inverse of Users.posts"
  SourcePos pos;
  uint16_t operation = 0;  // as Node::operation
};

struct NormalTree {
  ast::OperationType operation = ast::OperationType::kQuery;
  std::span<const Node> nodes;          // nodes[0] is the root
  std::span<const RuleFiring> firings;  // in the order the rules fired
  uint32_t symbol_count = 0;            // unbound variables, printed $1..$symbol_count

  const Node& root() const { return nodes[0]; }
  std::span<const Node> children(const Node& n) const {
    return nodes.subspan(n.first_child, n.child_count);
  }
  uint32_t index_of(const Node& n) const { return static_cast<uint32_t>(&n - nodes.data()); }
  // Field nodes: every node but the root.
  size_t field_count() const { return nodes.empty() ? 0 : nodes.size() - 1; }
};

}  // namespace gqleval::normalize
