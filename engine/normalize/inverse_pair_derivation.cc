// The derivation of inverse pairs from a schema (docs/semantics.md, Stage 3,
// "cycles"; the conditions are listed in rewrites.h): the ways between types,
// Relay connections counted (internal/connections.h), the one way back, and
// what the names say for and against a pair (internal/name_evidence.h).
// Linear in the schema's fields, once per schema.
#include <vector>

#include "engine/normalize/internal/connections.h"
#include "engine/normalize/internal/name_evidence.h"
#include "engine/normalize/rewrites.h"

namespace gqleval::normalize {

bool Rewrites::is_pair_type(schema::TypeId t) const {
  const schema::TypeDef& def = schema_->type(t);
  return def.kind == schema::TypeKind::kObject && !def.built_in && !schema_->is_root_type(t);
}

// Derived where unambiguous (docs/semantics.md, Stage 3): g, a field of B, is
// the only way of any kind from B back to A (a field of type A, [A] or a
// connection to A), is to-one and takes no arguments; then every way f from A
// to B whose names pair with g's (name_evidence.h) is an inverse pair. A
// second way back leaves open which relation f is the inverse of:
// `User.checkout` ("the last open checkout") beside `User.checkouts` is no
// back-reference of `Checkout.user`, while `User.checkout` then
// `Checkout.user` is still the user.
void Rewrites::derive_inverse_pairs() {
  const schema::Schema& s = *schema_;
  std::vector<uint32_t> ways_back(s.type_count(), 0);
  std::vector<schema::FieldId> only_way(s.type_count(), schema::kNone);
  std::vector<schema::TypeId> reached;
  for (schema::TypeId b = 0; b < s.type_count(); ++b) {
    if (!is_pair_type(b)) continue;
    for (schema::FieldId g : s.type(b).fields) {
      for (schema::TypeId a : connections_->targets(s.field(g).type.named)) {
        if (a == schema::kNone) continue;
        if (ways_back[a]++ == 0) reached.push_back(a);
        only_way[a] = g;
      }
    }
    for (schema::TypeId a : reached) {
      const schema::FieldId g = only_way[a];
      const schema::FieldDef& back = s.field(g);
      if (ways_back[a] == 1 && a != b && is_pair_type(a) && back.type.named == a &&
          !back.type.is_list() && back.arguments.empty()) {
        pair_ways_to(a, b, g);
      }
      ways_back[a] = 0;
    }
    reached.clear();
  }
}

// Pairs the back-reference g (B to A) with every way from A to B that the
// names pair with it, unless the names say that the way may reach Bs that
// are not A's own (a tree's collection, is_tree; reaches_only_own).
void Rewrites::pair_ways_to(schema::TypeId a, schema::TypeId b, schema::FieldId g) {
  const schema::Schema& s = *schema_;
  const bool tree = is_tree(a);
  for (schema::FieldId f : s.type(a).fields) {
    if (connections_->is_way(s, f, b) && !(tree && may_reach_under(f)) && reaches_only_own(f) &&
        names_inverse_pair(s.type(a).name, s.field(f).name, s.type(b).name, s.field(g).name)) {
      inverse_pairs_.push_back(InversePair{f, g, true});
    }
  }
}

// Whether f is a list or a connection.
bool Rewrites::is_to_many(schema::FieldId f) const {
  const schema::TypeRef& type = schema_->field(f).type;
  return type.is_list() || connections_->is_connection(type.named);
}

// Whether f, a way of a tree, may reach what is under the tree's node: a
// collection, or a lookup with arguments (`Category.product(id:)` may find a
// subcategory's product). A to-one field without arguments (`Issue.summary`)
// is the node's own.
bool Rewrites::may_reach_under(schema::FieldId f) const {
  return is_to_many(f) || !schema_->field(f).arguments.empty();
}

// Whether A is a tree by its names: a to-many way from A to A that names the
// objects under it, its children or descendants (name_evidence.h). A tree's
// collections may hold its descendants' objects too (Saleor's
// `Category.products`, GitLab's `Group.projects(includeSubgroups:)`, Linear's
// `Team.issues(includeSubTeams:)`), whose back-reference is the descendant,
// so none of a tree's ways that may reach under it pairs (may_reach_under).
bool Rewrites::is_tree(schema::TypeId a) const {
  const schema::Schema& s = *schema_;
  for (schema::FieldId f : s.type(a).fields) {
    if (is_to_many(f) && connections_->is_way(s, f, a) &&
        names_hierarchy(s.field(f).name, s.type(a).name)) {
      return true;
    }
  }
  return false;
}

// Whether no argument of the way f names the key of another object of f's
// own type (name_evidence.h): `Repository.packages(repositoryId:)` may list
// another repository's packages.
bool Rewrites::reaches_only_own(schema::FieldId f) const {
  const schema::Schema& s = *schema_;
  const schema::FieldDef& def = s.field(f);
  const std::string_view owner = s.type(def.owner).name;
  for (const schema::InputValue& argument : def.arguments) {
    const schema::TypeId type = argument.type.named;
    if (names_key_of(argument.name, owner) ||
        (type != schema::kNone && names_key_of(s.type(type).name, owner))) {
      return false;
    }
  }
  return true;
}

}  // namespace gqleval::normalize
