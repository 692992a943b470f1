// Building a schema's storage from syntax: the prelude's built-in types and
// directives, the StepZen scalars the dialect declares, then the document's
// definitions as the SDL check left them (dropped duplicates skipped, repeated
// root types merged like extensions), each type with its extensions merged in
// (graphql-js's buildASTSchema / extendSchemaImpl). The root types come from the
// schema definition, else from the names Query, Mutation and Subscription.
//
// Outside strict mode, an object or interface that implements an interface
// without repeating some of its fields inherits them (StepZen's reading), with
// one warning per field. Nothing is validated here beyond what the SDL check
// guaranteed; check_schema() does graphql-js's validateSchema afterwards.
//
// Ids: the prelude's types first (so String = 0, Int = 1, Float = 2,
// Boolean = 3, ID = 4), then the dialect's scalars, then the document's types in
// order of definition. Fields 0, 1, 2 are the meta fields __typename, __schema
// and __type; then each type's fields in type order.
#pragma once

#include "engine/graphql/ast.h"
#include "engine/schema/internal/schema_impl.h"
#include "engine/schema/internal/sdl_rules.h"

namespace gqleval::schema {

void build_schema(Schema::Impl& s, const ast::Document& prelude, const ast::Document& document,
                  const SdlCheck& check);

}  // namespace gqleval::schema
