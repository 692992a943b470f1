// The `cycles` rewrite (docs/semantics.md, Stage 3): a back-reference C that walks
// from its parent B straight back to B's parent A, through the inverse of the
// edge A -> B, adds no data. C's selections are merged into A, C disappears,
// and B stays (possibly with no children):
//
//   users(id: 1) { posts { users { username } } }
//     =>  users(id: 1) { username  posts }
//
// Conditions, all required: (B.field, C.field) is an inverse pair (so C is
// to-one and returns the type B.field belongs to); C has no arguments and no
// condition; B has no condition; B's arguments do not matter (docs/semantics.md
// restricts the back-reference, not the forward edge). A and B are fields (not
// the root) and the two types involved are different, concrete and non-root:
//
// - A of a concrete type T: C must return T; C's selections join A's own.
// - A of an abstract type (interface or union): B is ground-typed, `B on T`,
//   and C must return that T. C's selections join A as `... on T` nodes,
//   exactly as if they had been written in `... on T { }` under A:
//
//     node(id: "s") { ... on Series { episodes { series { title } } } }
//       =>  node(id: "s") { episodes on Series  title on Series }
//
//   A `B on U` whose inverse returns a T other than U is no walk back (the
//   pair is not an inverse of U's field) and stays.
// - B of a Relay connection type (internal/connections.h): C walks back from
//   B's elements, `B { nodes }` or `B { edges { node } }`, neither with a
//   condition, as from a list's; the connection's own fields stay:
//
//     repository(name: "r") { issues(first: 5) { nodes { title repository { name } } } }
//       =>  repository(name: "r") { name  issues(first: 5) { nodes { title } } }
//
// Applied top-down, pass after pass until nothing changes, so chains of
// back-references (users -> posts -> users -> posts -> users) fold completely
// and the normal form is one of its own fixpoints.
#include <algorithm>

#include "engine/normalize/internal/tree_builder.h"

namespace gqleval::normalize {

bool TreeBuilder::same_identity(const BuildNode& x, const BuildNode& y) const {
  return x.field == y.field && x.on_type == y.on_type && x.args == y.args && x.cond == y.cond;
}

void TreeBuilder::unlink_child(uint32_t parent, uint32_t child) {
  BuildNode& p = nodes_[parent];
  uint32_t prev = kNoNode;
  for (uint32_t c = p.first_child; c != kNoNode; prev = c, c = nodes_[c].next_sibling) {
    if (c != child) continue;
    if (prev == kNoNode) {
      p.first_child = nodes_[c].next_sibling;
    } else {
      nodes_[prev].next_sibling = nodes_[c].next_sibling;
    }
    if (p.last_child == c) p.last_child = prev;
    nodes_[c].next_sibling = kNoNode;
    return;
  }
}

// Moves every child of `from` under `into`, merging with an existing child of
// the same identity (recursively, as field merging does). `from` keeps no child.
void TreeBuilder::merge_children(uint32_t from, uint32_t into) {
  uint32_t c = nodes_[from].first_child;
  nodes_[from].first_child = kNoNode;
  nodes_[from].last_child = kNoNode;
  while (c != kNoNode) {
    const uint32_t next = nodes_[c].next_sibling;
    uint32_t twin = kNoNode;
    for (uint32_t y = nodes_[into].first_child; y != kNoNode; y = nodes_[y].next_sibling) {
      if (same_identity(nodes_[y], nodes_[c])) {
        twin = y;
        break;
      }
    }
    if (twin == kNoNode) {
      append_child(into, c);
    } else {
      merge_children(c, twin);
      BuildNode& t = nodes_[twin];
      const SourcePos p = nodes_[c].pos;
      if (p.line < t.pos.line || (p.line == t.pos.line && p.column < t.pos.column)) t.pos = p;
      nodes_[c].removed = true;
      --live_nodes_;
    }
    c = next;
  }
}

// Finds one back-reference under `a` and folds it; true when it did. `a` has a
// concrete or abstract, non-root type (cycles_pass checks).
bool TreeBuilder::try_cycle(uint32_t a) {
  const schema::Schema& s = *schema_;
  const schema::TypeId a_type = nodes_[a].type;
  const bool a_abstract = s.is_abstract(a_type);
  for (uint32_t b = nodes_[a].first_child; b != kNoNode; b = nodes_[b].next_sibling) {
    const BuildNode& bn = nodes_[b];
    if (!bn.cond.empty() || bn.type == schema::kNone) continue;
    // No pair starts at B's field: no child of B can walk back (is_inverse
    // below would say no for each), so skip the type checks too.
    if (!rewrites_->has_inverse_from(bn.field)) continue;
    if (s.is_abstract(bn.type) || s.is_root_type(bn.type)) continue;
    // The type C must walk back to: A's own, or the concrete type B applies to
    // when A is abstract (B is then always ground-typed).
    const schema::TypeId target = a_abstract ? bn.on_type : a_type;
    if (target == schema::kNone || bn.type == target || s.is_root_type(target)) continue;
    if (try_fold_under(a, b, b, target)) return true;
    if (rewrites_->connections().is_connection(bn.type) && try_fold_in_connection(a, b, target)) {
      return true;
    }
  }
  return false;
}

// Whether `x`, a child of a node on the way through a connection, is the
// connection step `step` without a condition: a condition on `nodes` or
// `edges` would make C's selections conditional, so such a path never folds.
bool TreeBuilder::is_plain_step(uint32_t x, ConnectionStep step) const {
  const BuildNode& n = nodes_[x];
  return n.cond.empty() && n.on_type == schema::kNone &&
         rewrites_->connections().step(n.field) == step;
}

// B returns a connection: its elements are `B { nodes }` and
// `B { edges { node } }`, each folded as a list's element is. The
// connection's own fields (pageInfo, totalCount, cursor) stay.
bool TreeBuilder::try_fold_in_connection(uint32_t a, uint32_t b, schema::TypeId target) {
  for (uint32_t x = nodes_[b].first_child; x != kNoNode; x = nodes_[x].next_sibling) {
    if (is_plain_step(x, ConnectionStep::kNodes) && try_fold_under(a, b, x, target)) return true;
    if (!is_plain_step(x, ConnectionStep::kEdges)) continue;
    for (uint32_t y = nodes_[x].first_child; y != kNoNode; y = nodes_[y].next_sibling) {
      if (is_plain_step(y, ConnectionStep::kEdgeNode) && try_fold_under(a, b, y, target)) {
        return true;
      }
    }
  }
  return false;
}

// Folds a back-reference C among the children of `element` (B itself, or the
// element of B's connection) to A: C's selections move to A; true when one
// did.
bool TreeBuilder::try_fold_under(uint32_t a, uint32_t b, uint32_t element, schema::TypeId target) {
  const schema::Schema& s = *schema_;
  const bool a_abstract = s.is_abstract(nodes_[a].type);
  for (uint32_t c = nodes_[element].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
    const BuildNode& cn = nodes_[c];
    if (!cn.args.empty() || !cn.cond.empty() || cn.on_type != schema::kNone) continue;
    if (cn.type != target || !rewrites_->is_inverse(nodes_[b].field, cn.field)) continue;
    const schema::FieldDef& back = s.field(cn.field);
    const schema::FieldDef& forward = s.field(nodes_[b].field);
    detail_text_.assign(s.type(back.owner).name).append(".").append(back.name);
    detail_text_.append(" is the inverse of ").append(s.type(forward.owner).name);
    detail_text_.append(".").append(forward.name).append("; its selections moved to ");
    append_raw_key(detail_text_, a);
    if (a_abstract) detail_text_.append(" as fields on ").append(s.type(target).name);
    path_text_.clear();
    append_raw_path(path_text_, c);
    fire(kRuleCycles, path_text_, detail_text_, cn.pos);
    unlink_child(element, c);
    if (a_abstract) {
      // C returns the concrete `target`, so its children carry no on_type;
      // under the abstract A they are ground-typed nodes of `target`.
      for (uint32_t x = nodes_[c].first_child; x != kNoNode; x = nodes_[x].next_sibling) {
        nodes_[x].on_type = target;
      }
    }
    merge_children(c, a);
    nodes_[c].removed = true;
    --live_nodes_;
    return true;
  }
  return false;
}

bool TreeBuilder::cycles_pass(uint32_t node) {
  bool folded = false;
  const BuildNode& n = nodes_[node];
  // A leaf has no back-reference under it (try_cycle would find no child).
  if (node != 0 && n.first_child != kNoNode && n.type != schema::kNone &&
      !schema_->is_root_type(n.type)) {
    while (try_cycle(node)) folded = true;
  }
  for (uint32_t c = nodes_[node].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
    folded = cycles_pass(c) || folded;
  }
  return folded;
}

void TreeBuilder::apply_cycles() {
  // A fold needs a node B whose field starts an inverse pair (try_cycle
  // skips every other B), and folding only moves nodes: with no such node in
  // the tree, no pass can fold, and one flat look spares the walks.
  const bool any_forward = std::any_of(nodes_.begin(), nodes_.end(), [&](const BuildNode& n) {
    return !n.removed && rewrites_->has_inverse_from(n.field);
  });
  if (!any_forward) return;
  // A fold deep in the tree can bring a back-reference to a node that the
  // pass has left behind (`a { b { cs { b { a { x } } } } }`: folding `cs.b`
  // puts `a { x }` under `b`, a back-reference to the `a` above): passes
  // repeat until none folds. Every fold removes a node, so this ends.
  while (cycles_pass(0)) {
  }
}

}  // namespace gqleval::normalize
