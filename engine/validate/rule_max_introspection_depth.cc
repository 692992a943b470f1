// MaxIntrospectionDepth (graphql-js 16 recommendedRules, part of
// specifiedRules): under a `__schema` or `__type` field, at most two nested
// introspection list fields (fields, interfaces, possibleTypes, inputFields),
// following fragment spreads. graphql-js: "Maximum introspection depth
// exceeded" at the `__schema` / `__type` field (no final period).
//
// Fragment spreads follow graphql-js 16.15.0 (16.13.2 cut every cycle): a
// fragment already entered under this field is entered again only deeper than
// before, so a cycle that nests list fields reaches the limit; and across the
// document a fragment whose check reached the limit from entry depth d reaches
// it again from any depth >= d, one that did not is skipped from any depth <= d.
#include <string_view>
#include <unordered_map>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

constexpr int kMaxListsDepth = 3;

class MaxIntrospectionDepth : public Visitor {
 public:
  explicit MaxIntrospectionDepth(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_field(const ast::Field& f, const TypeInfo&) override {
    if (f.name.value != "__schema" && f.name.value != "__type") return;
    visited_.clear();
    if (exceeds(f.selection_set, 0)) {
      ctx_.report("Maximum introspection depth exceeded", {f.loc.pos()});
      skip_children();
    }
  }

 private:
  using DepthByFragment = std::unordered_map<std::string_view, int>;

  static const int* find(const DepthByFragment& m, std::string_view name) {
    auto it = m.find(name);
    return it == m.end() ? nullptr : &it->second;
  }

  bool exceeds(const ast::SelectionSet* set, int depth) {
    if (!set) return false;
    for (const ast::Selection* s : set->selections) {
      if (exceeds(*s, depth)) return true;
    }
    return false;
  }

  bool exceeds(const ast::Selection& s, int depth) {
    switch (s.kind) {
      case ast::SelectionKind::kFragmentSpread: {
        std::string_view name = ast::as<ast::FragmentSpread>(s).name.value;
        if (const int* d = find(exceeded_, name); d && *d <= depth) return true;
        const int* visited = find(visited_, name);
        const int* checked = find(checked_, name);
        if ((visited && *visited >= depth) || (checked && *checked >= depth)) return false;
        const ast::FragmentDefinition* frag = ctx_.fragment(name);
        if (!frag) return false;
        visited_[name] = depth;
        if (exceeds(frag->selection_set, depth)) {
          exceeded_[name] = depth;
          return true;
        }
        checked_[name] = depth;
        return false;
      }
      case ast::SelectionKind::kField: {
        const auto& f = ast::as<ast::Field>(s);
        std::string_view n = f.name.value;
        if (n == "fields" || n == "interfaces" || n == "possibleTypes" || n == "inputFields") {
          if (++depth >= kMaxListsDepth) return true;
        }
        return exceeds(f.selection_set, depth);
      }
      case ast::SelectionKind::kInlineFragment:
        return exceeds(ast::as<ast::InlineFragment>(s).selection_set, depth);
    }
    return false;
  }

  ValidationContext& ctx_;
  DepthByFragment visited_;   // entry depths under the current __schema / __type field
  DepthByFragment checked_;   // whole document: deepest entry that stayed under the limit
  DepthByFragment exceeded_;  // whole document: entry depth that reached the limit
};

// Whether a `__schema` or `__type` field appears anywhere in the selections
// (spreads are not followed: their fragments are definitions of their own). A
// plain recursion, far cheaper than replaying every field through the hook.
bool has_introspection_root(const ast::SelectionSet* set) {
  if (!set) return false;
  for (const ast::Selection* s : set->selections) {
    if (s->kind == ast::SelectionKind::kField) {
      const auto& f = ast::as<ast::Field>(*s);
      if (f.name.value == "__schema" || f.name.value == "__type") return true;
      if (has_introspection_root(f.selection_set)) return true;
    } else if (s->kind == ast::SelectionKind::kInlineFragment) {
      if (has_introspection_root(ast::as<ast::InlineFragment>(*s).selection_set)) return true;
    }
  }
  return false;
}

bool has_introspection_root(const ast::Document& doc) {
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      if (has_introspection_root(ast::as<ast::OperationDefinition>(*d).selection_set)) return true;
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      if (has_introspection_root(ast::as<ast::FragmentDefinition>(*d).selection_set)) return true;
    }
  }
  return false;
}

}  // namespace

void rule_max_introspection_depth(ValidationContext& ctx) {
  // The hook does nothing on other fields: most documents skip the walk.
  if (!has_introspection_root(ctx.document)) return;
  MaxIntrospectionDepth v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
