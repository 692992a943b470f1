#include "engine/normalize/internal/connections.h"

#include <algorithm>

namespace gqleval::normalize {
namespace {

bool is_object(const schema::Schema& s, schema::TypeId t) {
  return t != schema::kNone && s.type(t).kind == schema::TypeKind::kObject;
}

// The object type of E.node, for an object type E with a to-one `node`;
// kNone otherwise. `node` is E's FieldId of it.
schema::TypeId edge_node_target(const schema::Schema& s, schema::TypeId e, schema::FieldId& node) {
  if (!is_object(s, e)) return schema::kNone;
  node = s.find_field(e, "node");
  if (node == schema::kNone) return schema::kNone;
  const schema::TypeRef& type = s.field(node).type;
  return !type.is_list() && is_object(s, type.named) ? type.named : schema::kNone;
}

}  // namespace

Connections::Connections(const schema::Schema& s)
    : edges_target_(s.type_count(), schema::kNone),
      nodes_target_(s.type_count(), schema::kNone),
      steps_(s.field_count(), ConnectionStep::kNone) {
  for (schema::TypeId c = 0; c < s.type_count(); ++c) {
    const schema::TypeDef& def = s.type(c);
    if (def.kind != schema::TypeKind::kObject || def.built_in) continue;
    const schema::FieldId edges = s.find_field(c, "edges");
    if (edges != schema::kNone && s.field(edges).type.is_list()) {
      schema::FieldId node = schema::kNone;
      const schema::TypeId target = edge_node_target(s, s.field(edges).type.named, node);
      if (target != schema::kNone && target != c) {
        edges_target_[c] = target;
        steps_[edges] = ConnectionStep::kEdges;
        steps_[node] = ConnectionStep::kEdgeNode;
      }
    }
    const schema::FieldId nodes = s.find_field(c, "nodes");
    if (nodes != schema::kNone && s.field(nodes).type.is_list() &&
        is_object(s, s.field(nodes).type.named) && s.field(nodes).type.named != c) {
      nodes_target_[c] = s.field(nodes).type.named;
      steps_[nodes] = ConnectionStep::kNodes;
    }
  }
}

std::array<schema::TypeId, 3> Connections::targets(schema::TypeId type) const {
  if (type == schema::kNone) return {schema::kNone, schema::kNone, schema::kNone};
  const schema::TypeId edges = edges_target_[type];
  const schema::TypeId nodes = nodes_target_[type];
  return {type, edges == type ? schema::kNone : edges,
          nodes == type || nodes == edges ? schema::kNone : nodes};
}

bool Connections::is_way(const schema::Schema& s, schema::FieldId f, schema::TypeId b) const {
  if (b == schema::kNone) return false;
  const std::array<schema::TypeId, 3> reached = targets(s.field(f).type.named);
  return std::find(reached.begin(), reached.end(), b) != reached.end();
}

}  // namespace gqleval::normalize
