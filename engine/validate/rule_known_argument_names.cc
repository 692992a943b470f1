// KnownArgumentNames: every argument is defined by its field or directive.
// graphql-js: `Unknown argument "a" on field "Type.field".` and `Unknown argument
// "a" on directive "@d".`, each followed by " Did you mean ...?" with the
// argument names close to "a", at the argument. Arguments of an unknown field
// or an unknown directive are left to FieldsOnCorrectType and KnownDirectives.
// A directive definition in the document overrides the schema's (last wins).
#include <string>
#include <vector>

#include "engine/schema/suggestions.h"
#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class KnownArgumentNames : public Visitor {
 public:
  explicit KnownArgumentNames(ValidationContext& ctx) : ctx_(ctx) {}

  // Field arguments only: enter_directive() skips the arguments of directives.
  void enter_argument(const ast::Argument& a, const TypeInfo& ti) override {
    if (ti.argument || !ti.field || ti.parent_type == schema::kNone) return;
    std::vector<std::string_view> names;
    for (const schema::InputValue& def : ti.field->arguments) names.push_back(def.name);
    ctx_.report("Unknown argument \"" + std::string(a.name.value) + "\" on field \"" +
                    std::string(ctx_.schema.type(ti.parent_type).name) + "." +
                    std::string(ti.field->name) + "\"." + suggest(a.name.value, names),
                {a.loc.pos()});
  }

  void enter_directive(const ast::Directive& d, const TypeInfo&) override {
    check_directive(d);
    skip_children();
  }

  void check_directive(const ast::Directive& d) {
    if (d.arguments.empty()) return;
    std::vector<std::string_view> names;
    if (!known_argument_names(d.name.value, names)) return;
    for (const ast::Argument* a : d.arguments) {
      bool known = false;
      for (std::string_view n : names) known = known || n == a->name.value;
      if (known) continue;
      ctx_.report("Unknown argument \"" + std::string(a->name.value) + "\" on directive \"@" +
                      std::string(d.name.value) + "\"." + suggest(a->name.value, names),
                  {a->loc.pos()});
    }
  }

 private:
  // The argument names of directive `name`; false when the directive is unknown.
  bool known_argument_names(std::string_view name, std::vector<std::string_view>& names) const {
    const ast::DirectiveDefinition* local = nullptr;
    for (const ast::Definition* def : ctx_.document.definitions) {
      if (def->kind != ast::DefinitionKind::kDirective) continue;
      const auto& dd = ast::as<ast::DirectiveDefinition>(*def);
      if (dd.name.value == name) local = &dd;
    }
    if (local) {
      for (const ast::InputValueDefinition* arg : local->arguments)
        names.push_back(arg->name.value);
      return true;
    }
    const schema::DirectiveDef* def = ctx_.directive(name);
    if (!def) return false;
    for (const schema::InputValue& arg : def->arguments) names.push_back(arg.name);
    return true;
  }

  std::string suggest(std::string_view input, const std::vector<std::string_view>& names) const {
    if (ctx_.options.hide_suggestions) return {};
    return schema::did_you_mean(schema::suggestion_list(input, names));
  }

  ValidationContext& ctx_;
};

}  // namespace

void rule_known_argument_names(ValidationContext& ctx) {
  KnownArgumentNames v(ctx);
  walk_definitions_and_sdl_directives(ctx, v, [&](const SdlDirectiveList& list) {
    for (const ast::Directive* d : list.directives) v.check_directive(*d);
  });
}

}  // namespace gqleval::validate
