// ProvidedRequiredArguments: every required argument (non-null type, no default
// that graphql-js keeps: see literal_coercion.h)
// of a field or directive is given. graphql-js: `Field "f" argument "a" of type
// "T!" is required, but it was not provided.` at the field, and `Directive "@d"
// argument "a" of type "T!" is required, but it was not provided.` at the
// directive; checked when the traversal leaves the node, so errors nested
// deeper come first. Unknown fields and directives are skipped. A directive
// definition in the document overrides the schema's (last wins).
#include <string>

#include "engine/graphql/printer.h"
#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/literal_coercion.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

bool has_argument(ast::List<ast::Argument> args, std::string_view name) {
  for (const ast::Argument* a : args) {
    if (a->name.value == name) return true;
  }
  return false;
}

class ProvidedRequiredArguments : public Visitor {
 public:
  explicit ProvidedRequiredArguments(ValidationContext& ctx) : ctx_(ctx) {}

  void leave_field(const ast::Field& f, const TypeInfo& ti) override {
    if (!ti.field) return;
    for (const schema::InputValue& arg : ti.field->arguments) {
      if (has_argument(f.arguments, arg.name) || !is_required_input(ctx_.schema, arg)) continue;
      ctx_.report("Field \"" + std::string(ti.field->name) + "\" argument \"" +
                      std::string(arg.name) + "\" of type \"" +
                      ctx_.schema.type_to_string(arg.type) +
                      "\" is required, but it was not provided.",
                  {f.loc.pos()});
    }
  }

  void leave_directive(const ast::Directive& d, const TypeInfo&) override { check_directive(d); }

  void check_directive(const ast::Directive& d) {
    const ast::DirectiveDefinition* local = nullptr;
    for (const ast::Definition* def : ctx_.document.definitions) {
      if (def->kind != ast::DefinitionKind::kDirective) continue;
      const auto& dd = ast::as<ast::DirectiveDefinition>(*def);
      if (dd.name.value == d.name.value) local = &dd;
    }
    if (local) {
      for (const ast::InputValueDefinition* arg : local->arguments) {
        bool required = arg->type && arg->type->kind == ast::TypeKind::kNonNull &&
                        arg->default_value == nullptr;
        if (required && !has_argument(d.arguments, arg->name.value)) {
          missing(d, arg->name.value, graphql::print(*arg->type));
        }
      }
      return;
    }
    const schema::DirectiveDef* def = ctx_.directive(d.name.value);
    if (!def) return;
    for (const schema::InputValue& arg : def->arguments) {
      if (!has_argument(d.arguments, arg.name) && is_required_input(ctx_.schema, arg)) {
        missing(d, arg.name, ctx_.schema.type_to_string(arg.type));
      }
    }
  }

 private:
  void missing(const ast::Directive& d, std::string_view arg, const std::string& type) {
    ctx_.report("Directive \"@" + std::string(d.name.value) + "\" argument \"" + std::string(arg) +
                    "\" of type \"" + type + "\" is required, but it was not provided.",
                {d.loc.pos()});
  }

  ValidationContext& ctx_;
};

}  // namespace

void rule_provided_required_arguments(ValidationContext& ctx) {
  ProvidedRequiredArguments v(ctx);
  walk_definitions_and_sdl_directives(ctx, v, [&](const SdlDirectiveList& list) {
    for (const ast::Directive* d : list.directives) v.check_directive(*d);
  });
}

}  // namespace gqleval::validate
