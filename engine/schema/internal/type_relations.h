// Type relations over a schema's storage: converting written types, printing
// them, and the spec's predicates (input/output type, IsSubType,
// IsTypeSubTypeOf, type overlap). Schema's public methods forward here; the
// schema checks call these before the Schema object exists.
//
// Cost: O(number of wrappers) for TypeRef predicates; is_sub_type scans the
// (short) interface list of the subtype or the sorted member list of a union.
#pragma once

#include <string>

#include "engine/graphql/ast.h"
#include "engine/schema/internal/schema_impl.h"
#include "engine/schema/schema.h"

namespace gqleval::schema {

// Lists nested deeper than this cannot be packed into a TypeRef.
inline constexpr unsigned kMaxListDepth = 15;

// kNone in `named` when the name is unknown or the lists nest too deep.
TypeRef resolve_type(const Schema::Impl& s, const ast::Type& t);
std::string type_ref_string(const Schema::Impl& s, TypeRef t);

bool is_input_type(const Schema::Impl& s, TypeRef t);
bool is_output_type(const Schema::Impl& s, TypeRef t);
bool is_abstract_kind(TypeKind k);
// graphql-js isSubType: `sub` is a member of the union `super`, or implements
// the interface `super`; also true when they are equal.
bool is_sub_type(const Schema::Impl& s, TypeId super, TypeId sub);
bool is_type_sub_type_of(const Schema::Impl& s, TypeRef maybe_sub, TypeRef super);
bool types_overlap(const Schema::Impl& s, TypeId a, TypeId b);

}  // namespace gqleval::schema
