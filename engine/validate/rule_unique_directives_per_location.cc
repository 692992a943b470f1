// UniqueDirectivesPerLocation: a non-repeatable directive appears at most once
// per location. Directives the schema (or a directive definition in the
// document) does not define are not checked, as in graphql-js. For SDL in the
// document, repeats count across all definitions and extensions of one type
// (or of the schema). graphql-js: `The directive "@d" can only be used once at
// this location.` at the first use and the repeat.
#include <string>
#include <utility>
#include <vector>

#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

using Seen = std::vector<const ast::Directive*>;

class UniqueDirectivesPerLocation : public Visitor {
 public:
  explicit UniqueDirectivesPerLocation(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_operation(const ast::OperationDefinition& n, const TypeInfo&) override {
    check_fresh(n.directives);
  }
  void enter_variable_definition(const ast::VariableDefinition& n, const TypeInfo&) override {
    check_fresh(n.directives);
  }
  void enter_fragment_definition(const ast::FragmentDefinition& n, const TypeInfo&) override {
    check_fresh(n.directives);
  }
  void enter_field(const ast::Field& n, const TypeInfo&) override { check_fresh(n.directives); }
  void enter_fragment_spread(const ast::FragmentSpread& n, const TypeInfo&) override {
    check_fresh(n.directives);
  }
  void enter_inline_fragment(const ast::InlineFragment& n, const TypeInfo&) override {
    check_fresh(n.directives);
  }

  // check() with nothing seen before: the first use of a name is the first
  // earlier directive of that name in the list (no list to build).
  void check_fresh(ast::List<ast::Directive> directives) {
    for (size_t i = 0; i < directives.size(); ++i) {
      const ast::Directive* d = directives[i];
      if (!unique(d->name.value)) continue;
      const ast::Directive* first = nullptr;
      for (size_t j = 0; j < i && first == nullptr; ++j) {
        if (directives[j]->name.value == d->name.value) first = directives[j];
      }
      if (first) report(*first, *d);
    }
  }

  void check(ast::List<ast::Directive> directives, Seen& seen) {
    for (const ast::Directive* d : directives) {
      if (!unique(d->name.value)) continue;
      const ast::Directive* first = nullptr;
      for (const ast::Directive* s : seen) {
        if (s->name.value == d->name.value) first = s;
      }
      if (first) {
        report(*first, *d);
      } else {
        seen.push_back(d);
      }
    }
  }

 private:
  void report(const ast::Directive& first, const ast::Directive& repeat) {
    ctx_.report("The directive \"@" + std::string(repeat.name.value) +
                    "\" can only be used once at this location.",
                {first.loc.pos(), repeat.loc.pos()});
  }

  bool unique(std::string_view name) const {
    const ast::DirectiveDefinition* local = nullptr;
    for (const ast::Definition* def : ctx_.document.definitions) {
      if (def->kind != ast::DefinitionKind::kDirective) continue;
      const auto& dd = ast::as<ast::DirectiveDefinition>(*def);
      if (dd.name.value == name) local = &dd;
    }
    if (local) return !local->repeatable;
    const schema::DirectiveDef* def = ctx_.directive(name);
    return def != nullptr && !def->repeatable;
  }

  ValidationContext& ctx_;
};

}  // namespace

void rule_unique_directives_per_location(ValidationContext& ctx) {
  UniqueDirectivesPerLocation v(ctx);
  Seen schema_seen;
  std::vector<std::pair<std::string_view, Seen>> type_seen;
  // Operations and fragments without a single directive repeat none: most
  // documents, which then skip the per-node hooks.
  const bool walk_executable = ctx.walk_has(WalkNode::kDirective);
  walk_definitions_and_sdl_directives(
      ctx, v,
      [&](const SdlDirectiveList& list) {
        if (list.on_schema) {
          v.check(list.directives, schema_seen);
        } else if (!list.type_name.empty()) {
          Seen* seen = nullptr;
          for (auto& [name, s] : type_seen) {
            if (name == list.type_name) seen = &s;
          }
          if (!seen) seen = &type_seen.emplace_back(list.type_name, Seen{}).second;
          v.check(list.directives, *seen);
        } else {
          v.check_fresh(list.directives);
        }
      },
      walk_executable);
}

}  // namespace gqleval::validate
