#include "datasets/generator/ast_builder.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace gqleval::rewrite {

ast::Name make_name(Arena& arena, std::string_view text) {
  ast::Name n;
  n.value = arena.copy_string(text);
  return n;
}

ast::Type* make_type(Arena& arena, const schema::Schema& schema, schema::TypeRef ref) {
  auto* t = arena.make<ast::Type>();
  t->kind = ast::TypeKind::kNamed;
  t->name = make_name(arena, schema.type(ref.named).name);
  auto wrap_non_null = [&](ast::Type* inner) {
    auto* nn = arena.make<ast::Type>();
    nn->kind = ast::TypeKind::kNonNull;
    nn->inner = inner;
    return nn;
  };
  // Bit `level` of non_null: level 0 is the outermost wrapper, level
  // list_depth the named type itself.
  if ((ref.non_null >> ref.list_depth) & 1u) t = wrap_non_null(t);
  for (int level = static_cast<int>(ref.list_depth) - 1; level >= 0; --level) {
    auto* list = arena.make<ast::Type>();
    list->kind = ast::TypeKind::kList;
    list->inner = t;
    t = list;
    if ((ref.non_null >> level) & 1u) t = wrap_non_null(t);
  }
  return t;
}

namespace {

bool is_name_start(char c) { return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

}  // namespace

FreshNames::FreshNames(std::string_view source) {
  std::set<std::string_view> identifiers;
  for (size_t i = 0; i < source.size();) {
    if (is_name_start(source[i]) && (i == 0 || !is_name_char(source[i - 1]))) {
      size_t j = i;
      while (j < source.size() && is_name_char(source[j])) ++j;
      identifiers.insert(source.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
  prefix_ = "rw";
  auto clashes = [&](const std::string& prefix) {
    auto it = identifiers.lower_bound(prefix);
    return it != identifiers.end() && it->substr(0, prefix.size()) == prefix;
  };
  while (clashes(prefix_)) prefix_.push_back('x');
}

std::string FreshNames::next(char kind) { return prefix_ + kind + std::to_string(++counter_); }

schema::TypeId field_type(const schema::Schema& schema, schema::TypeId scope,
                          std::string_view name) {
  if (scope == schema::kNone) return schema::kNone;
  const schema::FieldDef* f = schema.field_named(scope, name);
  return f ? f->type.named : schema::kNone;
}

const ast::FragmentDefinition* find_fragment(const ast::Document& document, std::string_view name) {
  for (const ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kFragment) continue;
    const auto& f = ast::as<ast::FragmentDefinition>(*d);
    if (f.name.value == name) return &f;
  }
  return nullptr;
}

std::vector<schema::TypeId> intersect(std::span<const schema::TypeId> a,
                                      std::span<const schema::TypeId> b) {
  std::vector<schema::TypeId> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

}  // namespace gqleval::rewrite
