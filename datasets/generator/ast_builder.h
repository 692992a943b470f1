// Helpers for building and copying AST nodes in an Arena, shared by the query
// rewriter's passes (query_rewriter.cc, query_mutations.cc): lists, names,
// type references from schema types, fresh names that cannot clash with any
// name of a document, and the type a selection set is about.
//
// All nodes and strings go to the caller's arena; nothing is freed before
// the arena is.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::rewrite {

// An arena copy of `items` as an ast::List.
template <class T>
ast::List<T> to_list(Arena& arena, const std::vector<T*>& items) {
  std::span<T*> out = arena.make_array<T*>(items.size());
  for (size_t i = 0; i < items.size(); ++i) out[i] = items[i];
  return ast::List<T>(out.data(), out.size());
}

template <class T>
std::vector<T*> to_vector(ast::List<T> items) {
  return std::vector<T*>(items.begin(), items.end());
}

ast::Name make_name(Arena& arena, std::string_view text);

// `[Int!]!` and the like as an AST type, from a schema type reference.
ast::Type* make_type(Arena& arena, const schema::Schema& schema, schema::TypeRef ref);

// Names for new aliases, fragments and variables: a prefix that no identifier
// of the source text starts with, then a kind letter and a counter, e.g.
// `rwA1`, `rwF2`, `rwV3`. The source is scanned as a whole (strings and
// comments included), which can only make the prefix longer, never clash.
class FreshNames {
 public:
  explicit FreshNames(std::string_view source);
  std::string alias() { return next('A'); }
  std::string fragment() { return next('F'); }
  std::string variable() { return next('V'); }

 private:
  std::string next(char kind);
  std::string prefix_;
  unsigned counter_ = 0;
};

// The named type that field `name` returns on `scope` (an object, interface
// or union type), or kNone when there is no such field.
schema::TypeId field_type(const schema::Schema& schema, schema::TypeId scope,
                          std::string_view name);

// The fragment definition named `name`, nullptr when there is none.
const ast::FragmentDefinition* find_fragment(const ast::Document& document, std::string_view name);

// Sorted intersection of two sorted id lists.
std::vector<schema::TypeId> intersect(std::span<const schema::TypeId> a,
                                      std::span<const schema::TypeId> b);

}  // namespace gqleval::rewrite
