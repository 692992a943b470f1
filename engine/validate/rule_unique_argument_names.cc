// UniqueArgumentNames: a field or directive takes each argument once.
// graphql-js: `There can be only one argument named "a".` once per repeated
// name, in the order of first use, at the name of every occurrence. Directives
// on type-system definitions in the document are checked too, as graphql-js
// visits every directive of the document.
#include <string>
#include <vector>

#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

void check_arguments(ValidationContext& ctx, ast::List<ast::Argument> args) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view name = args[i]->name.value;
    bool first = true;  // only the first occurrence of a name reports its group
    for (size_t j = 0; j < i && first; ++j) first = args[j]->name.value != name;
    if (!first) continue;
    // Most names are not repeated: check before collecting (and allocating).
    bool repeated = false;
    for (size_t j = i + 1; j < args.size() && !repeated; ++j)
      repeated = args[j]->name.value == name;
    if (!repeated) continue;
    std::vector<SourcePos> locations;
    for (size_t j = i; j < args.size(); ++j) {
      if (args[j]->name.value == name) locations.push_back(args[j]->name.loc.pos());
    }
    ctx.report("There can be only one argument named \"" + std::string(name) + "\".",
               std::move(locations));
  }
}

class UniqueArgumentNames : public Visitor {
 public:
  explicit UniqueArgumentNames(ValidationContext& ctx) : ctx_(ctx) {}
  void enter_field(const ast::Field& f, const TypeInfo&) override {
    check_arguments(ctx_, f.arguments);
  }
  void enter_directive(const ast::Directive& d, const TypeInfo&) override {
    check_arguments(ctx_, d.arguments);
  }

 private:
  ValidationContext& ctx_;
};

}  // namespace

void rule_unique_argument_names(ValidationContext& ctx) {
  UniqueArgumentNames v(ctx);
  // A repeat needs two arguments in one list: with fewer than two in all the
  // operations and fragments (most NL2GQL queries), their walk reports nothing.
  const bool walk_executable = ctx.walk_count(WalkNode::kArgument) >= 2;
  walk_definitions_and_sdl_directives(
      ctx, v,
      [&](const SdlDirectiveList& list) {
        for (const ast::Directive* d : list.directives) check_arguments(ctx, d->arguments);
      },
      walk_executable);
}

}  // namespace gqleval::validate
