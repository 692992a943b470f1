// graphql-js's validateSchema() over a built schema's storage: the root types,
// the directives, then every type in type order (names, fields and their
// arguments, implemented interfaces and their fields, union members, enum
// values, input fields, @oneOf rules, non-null input cycles), with graphql-js's
// messages and the locations of the AST nodes it blames.
//
// Fields the dialect inherited from an interface are checked on the interface
// only, so that one problem is reported once. Kept unknown directives are not
// checked (graphql-js would not know them).
#pragma once

#include "engine/base/diagnostic.h"
#include "engine/schema/internal/schema_impl.h"

namespace gqleval::schema {

Diagnostics check_schema(const Schema::Impl& s);

}  // namespace gqleval::schema
