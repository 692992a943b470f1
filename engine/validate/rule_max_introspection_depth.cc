// MaxIntrospectionDepth (graphql-js 16 recommendedRules, part of
// specifiedRules): under a `__schema` or `__type` field, at most two nested
// introspection list fields (fields, interfaces, possibleTypes, inputFields),
// following fragment spreads. graphql-js: "Maximum introspection depth
// exceeded" at the `__schema` / `__type` field (no final period).
#include <string>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

constexpr int kMaxListsDepth = 3;

class MaxIntrospectionDepth : public Visitor {
 public:
  explicit MaxIntrospectionDepth(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_field(const ast::Field& f, const TypeInfo&) override {
    if (f.name.value != "__schema" && f.name.value != "__type") return;
    visiting_.clear();
    if (exceeds(f.selection_set, 0)) {
      ctx_.report("Maximum introspection depth exceeded", {f.loc.pos()});
      skip_children();
    }
  }

 private:
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
        for (std::string_view v : visiting_) {
          if (v == name) return false;  // cycles are NoFragmentCycles' business
        }
        const ast::FragmentDefinition* frag = ctx_.fragment(name);
        if (!frag) return false;
        visiting_.push_back(name);
        bool result = exceeds(frag->selection_set, depth);
        visiting_.pop_back();
        return result;
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
  std::vector<std::string_view> visiting_;
};

}  // namespace

void rule_max_introspection_depth(ValidationContext& ctx) {
  MaxIntrospectionDepth v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
