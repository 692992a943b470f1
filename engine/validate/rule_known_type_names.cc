// KnownTypeNames: every type named in the document (variable types, type
// conditions) exists in the schema. graphql-js: `Unknown type "T".` plus
// suggestions among the schema's type names and the type names the document
// itself defines, at the named type. Type references inside type-system
// definitions of the document are checked too, where (as graphql-js) the
// standard scalar and introspection type names always count as known.
#include <string>
#include <vector>

#include "engine/schema/suggestions.h"
#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_named_types.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class KnownTypeNames : public Visitor {
 public:
  explicit KnownTypeNames(ValidationContext& ctx) : ctx_(ctx) {
    for (const ast::Definition* d : ctx.document.definitions) {
      if (ast::is_type_definition(d->kind) && !d->extension) {
        defined_.push_back(ast::as<ast::TypeDefinition>(*d).name.value);
      }
    }
  }

  void enter_named_type(const ast::Name& name, const TypeInfo&) override { check(name, false); }

  void check(const ast::Name& name, bool in_sdl) {
    if (ctx_.find_type(name.value) != schema::kNone) return;
    for (std::string_view d : defined_) {
      if (d == name.value) return;
    }
    if (in_sdl && is_standard(name.value)) return;
    std::string message = "Unknown type \"" + std::string(name.value) + "\".";
    if (!ctx_.options.hide_suggestions) {
      std::vector<std::string_view> names;
      if (in_sdl) names.assign(std::begin(kStandardTypes), std::end(kStandardTypes));
      for (size_t i = 0; i < ctx_.schema.type_count(); ++i) {
        std::string_view n = ctx_.schema.type(static_cast<schema::TypeId>(i)).name;
        if (ctx_.find_type(n) != schema::kNone) names.push_back(n);
      }
      names.insert(names.end(), defined_.begin(), defined_.end());
      message += schema::did_you_mean(schema::suggestion_list(name.value, names));
    }
    ctx_.report(std::move(message), {name.loc.pos()});
  }

 private:
  // graphql-js standardTypeNames: the specified scalars and introspection types.
  static constexpr std::string_view kStandardTypes[] = {
      "String",    "Int",      "Float",        "Boolean",
      "ID",        "__Schema", "__Directive",  "__DirectiveLocation",
      "__Type",    "__Field",  "__InputValue", "__EnumValue",
      "__TypeKind"};

  static bool is_standard(std::string_view name) {
    for (std::string_view s : kStandardTypes) {
      if (s == name) return true;
    }
    return false;
  }

  ValidationContext& ctx_;
  std::vector<std::string_view> defined_;
};

}  // namespace

void rule_known_type_names(ValidationContext& ctx) {
  KnownTypeNames v(ctx);
  walk_definitions(ctx, v, [&](const ast::Definition& def) {
    for (const ast::Name* name : sdl_named_types(def)) v.check(*name, true);
  });
}

}  // namespace gqleval::validate
