// Relay connections (docs/semantics.md, Stage 3, "Ways between types"): the
// most common one-to-many form of real APIs (GitHub, Shopify, GitLab, Linear,
// PostGraphile, Hasura's relay endpoint). A type is a connection to B when it
// has `edges: [E]` (any wrapping) with `E.node: B`, or `nodes: [B]`:
//
//   type IssueConnection { edges: [IssueEdge]  nodes: [Issue]  pageInfo: PageInfo! }
//   type IssueEdge { cursor: String!  node: Issue }
//
// A field of type IssueConnection is then a way to Issue like a field of type
// [Issue], and the `cycles` rule folds a back-reference under
// `issues { nodes { repository } }` and `issues { edges { node { repository } } }`
// as under a list. The connection's own fields (pageInfo, totalCount, the
// edge's cursor) are no way anywhere.
//
// B must be an object type: a connection to an interface (`nodes: [Node]`) is
// a way to no one type, as a field of that interface type is. Nor is a type
// whose `nodes` are of its own type a connection (`Category.nodes:
// [Category]` lists other categories, under it or beside it): its elements
// are no list's elements of the field that returned it. A type whose
// `edges` and `nodes` name two different types is a connection to both (each
// is a way; a fold checks the path it walks). Built once per schema, linear in
// its fields; lookups are array indexing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/schema/schema.h"

namespace gqleval::normalize {

// What a field is on the way through a connection.
enum class ConnectionStep : uint8_t {
  kNone,
  kNodes,     // C.nodes: [B] of a connection type C
  kEdges,     // C.edges: [E] of a connection type C, E.node: B
  kEdgeNode,  // E.node: B of an edge type E that some connection's edges return
};

class Connections {
 public:
  explicit Connections(const schema::Schema& schema);

  // The object types the connection type `t` leads to, through its edges and
  // through its nodes (kNone where it has no such field); both kNone for a
  // type that is no connection.
  schema::TypeId edges_target(schema::TypeId t) const { return edges_target_[t]; }
  schema::TypeId nodes_target(schema::TypeId t) const { return nodes_target_[t]; }
  bool is_connection(schema::TypeId t) const {
    return edges_target_[t] != schema::kNone || nodes_target_[t] != schema::kNone;
  }
  // The object types a field of type `type` leads to: `type` itself and, for a
  // connection, the types its edges and nodes lead to (each once; kNone where
  // there is none).
  std::array<schema::TypeId, 3> targets(schema::TypeId type) const;
  // Whether field `f`'s type is `b`, [b] (any wrapping) or a connection to `b`:
  // `b` is among the targets of f's type.
  bool is_way(const schema::Schema& s, schema::FieldId f, schema::TypeId b) const;
  ConnectionStep step(schema::FieldId f) const { return steps_[f]; }

 private:
  std::vector<schema::TypeId> edges_target_;  // by TypeId
  std::vector<schema::TypeId> nodes_target_;  // by TypeId
  std::vector<ConnectionStep> steps_;         // by FieldId
};

}  // namespace gqleval::normalize
