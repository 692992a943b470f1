#include "engine/schema/internal/type_relations.h"

#include <algorithm>

namespace gqleval::schema {

TypeRef resolve_type(const Schema::Impl& s, const ast::Type& t) {
  TypeRef out;
  const ast::Type* cur = &t;
  unsigned level = 0;
  while (cur->kind != ast::TypeKind::kNamed) {
    if (cur->kind == ast::TypeKind::kNonNull) {
      out.non_null = static_cast<uint16_t>(out.non_null | (1u << level));
    } else {
      if (++level > kMaxListDepth) return TypeRef{};
    }
    cur = cur->inner;
  }
  out.list_depth = static_cast<uint8_t>(level);
  out.named = s.type_index.find(NameTable::kNoScope, cur->name.value);
  return out;
}

std::string type_ref_string(const Schema::Impl& s, TypeRef t) {
  std::string out;
  for (unsigned level = 0; level < t.list_depth; ++level) out.push_back('[');
  out.append(t.named < s.types.size() ? s.types[t.named].name : std::string_view("?"));
  for (unsigned level = t.list_depth + 1; level-- > 0;) {
    if ((t.non_null >> level) & 1u) out.push_back('!');
    if (level > 0) out.push_back(']');
  }
  return out;
}

bool is_input_type(const Schema::Impl& s, TypeRef t) {
  if (t.named >= s.types.size()) return false;
  TypeKind k = s.types[t.named].kind;
  return k == TypeKind::kScalar || k == TypeKind::kEnum || k == TypeKind::kInputObject;
}

bool is_output_type(const Schema::Impl& s, TypeRef t) {
  if (t.named >= s.types.size()) return false;
  return s.types[t.named].kind != TypeKind::kInputObject;
}

bool is_abstract_kind(TypeKind k) { return k == TypeKind::kInterface || k == TypeKind::kUnion; }

bool is_sub_type(const Schema::Impl& s, TypeId super, TypeId sub) {
  if (super == sub) return true;
  if (super >= s.types.size() || sub >= s.types.size()) return false;
  const TypeDef& sup = s.types[super];
  if (sup.kind == TypeKind::kUnion) {
    auto members = sup.union_members;
    return std::find(members.begin(), members.end(), sub) != members.end();
  }
  if (sup.kind == TypeKind::kInterface) {
    auto interfaces = s.types[sub].interfaces;
    return std::find(interfaces.begin(), interfaces.end(), super) != interfaces.end();
  }
  return false;
}

bool is_type_sub_type_of(const Schema::Impl& s, TypeRef maybe_sub, TypeRef super) {
  if (maybe_sub == super) return true;
  if (super.is_non_null()) {
    return maybe_sub.is_non_null() &&
           is_type_sub_type_of(s, maybe_sub.nullable(), super.nullable());
  }
  if (maybe_sub.is_non_null()) return is_type_sub_type_of(s, maybe_sub.nullable(), super);
  if (super.is_list())
    return maybe_sub.is_list() && is_type_sub_type_of(s, maybe_sub.item(), super.item());
  if (maybe_sub.is_list()) return false;
  // Two named types: the super type must be abstract and have the sub type as a
  // possible implementation (an object, or an interface implementing it).
  if (super.named >= s.types.size() || maybe_sub.named >= s.types.size()) return false;
  if (!is_abstract_kind(s.types[super.named].kind)) return false;
  TypeKind sub_kind = s.types[maybe_sub.named].kind;
  if (sub_kind != TypeKind::kObject && sub_kind != TypeKind::kInterface) return false;
  return is_sub_type(s, super.named, maybe_sub.named);
}

bool types_overlap(const Schema::Impl& s, TypeId a, TypeId b) {
  if (a == b) return true;
  if (a >= s.types.size() || b >= s.types.size()) return false;
  bool a_abstract = is_abstract_kind(s.types[a].kind);
  bool b_abstract = is_abstract_kind(s.types[b].kind);
  if (a_abstract && b_abstract) {
    // Both sorted by id: a merge walk finds a shared object type.
    auto pa = s.types[a].possible_types;
    auto pb = s.types[b].possible_types;
    size_t i = 0, j = 0;
    while (i < pa.size() && j < pb.size()) {
      if (pa[i] == pb[j]) return true;
      if (pa[i] < pb[j]) {
        ++i;
      } else {
        ++j;
      }
    }
    return false;
  }
  if (a_abstract) return is_sub_type(s, a, b);
  if (b_abstract) return is_sub_type(s, b, a);
  return false;
}

}  // namespace gqleval::schema
