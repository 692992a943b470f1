// The one driver of the rules that, as graphql-js does, check a whole
// document: its operations and fragment definitions with a Visitor over the
// recorded walk (context.h), and the type-system definitions a document may
// also hold (ExecutableDefinitions rejects them, but graphql-js's other rules
// still visit them) by a reading of the rule's own: their directive lists
// (sdl_directives.h), their named types (sdl_named_types.h), their literals.
// Both in document order, so that reports come in graphql-js's order.
//
// Cost: nothing over the loop it replaces; the visitor's class is kept, so
// the walk dispatches only the hooks that class overrides (context.h).
#pragma once

#include "engine/graphql/ast.h"
#include "engine/validate/internal/context.h"
#include "engine/validate/internal/sdl_directives.h"

namespace gqleval::validate {

// Each definition of the document, in order: an operation or a fragment
// definition is walked with `visitor`, unless walk_executable is false (the
// rule has found that the walk would report nothing, and skips it); any
// other definition goes to on_type_system(const ast::Definition&).
template <class V, class OnTypeSystem>
void walk_definitions(ValidationContext& ctx, V& visitor, OnTypeSystem&& on_type_system,
                      bool walk_executable = true) {
  for (const ast::Definition* def : ctx.document.definitions) {
    if (def->kind == ast::DefinitionKind::kOperation ||
        def->kind == ast::DefinitionKind::kFragment) {
      if (walk_executable) ctx.walk(*def, visitor);
      continue;
    }
    on_type_system(*def);
  }
}

// walk_definitions() for the rules about directives: each directive list of
// a type-system definition, in graphql-js's visit order, goes to
// on_directives(const SdlDirectiveList&).
template <class V, class OnDirectives>
void walk_definitions_and_sdl_directives(ValidationContext& ctx, V& visitor,
                                         OnDirectives&& on_directives,
                                         bool walk_executable = true) {
  walk_definitions(
      ctx, visitor,
      [&](const ast::Definition& def) {
        for (const SdlDirectiveList& list : sdl_directive_lists(def)) on_directives(list);
      },
      walk_executable);
}

}  // namespace gqleval::validate
