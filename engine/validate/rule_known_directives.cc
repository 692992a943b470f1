// KnownDirectives: every directive is defined (by the schema or by a directive
// definition in the document) and allowed where it stands. graphql-js:
// `Unknown directive "@d".` and `Directive "@d" may not be used on FIELD.`, at
// the directive. Server directives that the schema's dialect kept undeclared
// are unknown, as graphql-js would never have built such a schema.
#include <string>

#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class KnownDirectives : public Visitor {
 public:
  explicit KnownDirectives(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_directive(const ast::Directive& d, const TypeInfo& ti) override {
    check(d, ti.directive_location);
  }

  void check(const ast::Directive& d, schema::DirectiveLocation where) {
    std::string_view name = d.name.value;
    // A directive definition in the document overrides the schema's (last wins).
    const ast::DirectiveDefinition* local = nullptr;
    for (const ast::Definition* def : ctx_.document.definitions) {
      if (def->kind != ast::DefinitionKind::kDirective) continue;
      const auto& dd = ast::as<ast::DirectiveDefinition>(*def);
      if (dd.name.value == name) local = &dd;
    }
    std::string_view where_name = schema::directive_location_name(where);
    bool allowed = false;
    if (local) {
      for (const ast::Name* l : local->locations) allowed = allowed || l->value == where_name;
    } else if (const schema::DirectiveDef* def = ctx_.directive(name)) {
      allowed = def->allows(where);
    } else {
      ctx_.report("Unknown directive \"@" + std::string(name) + "\".", {d.loc.pos()});
      return;
    }
    if (!allowed) {
      ctx_.report("Directive \"@" + std::string(name) + "\" may not be used on " +
                      std::string(where_name) + ".",
                  {d.loc.pos()});
    }
  }

 private:
  ValidationContext& ctx_;
};

}  // namespace

void rule_known_directives(ValidationContext& ctx) {
  KnownDirectives v(ctx);
  walk_definitions_and_sdl_directives(ctx, v, [&](const SdlDirectiveList& list) {
    for (const ast::Directive* d : list.directives) v.check(*d, list.location);
  });
}

}  // namespace gqleval::validate
