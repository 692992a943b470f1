// Normalization: one validated operation -> its NormalTree (normal_tree.h),
// per docs/semantics.md Stage 2 (the response tree) and Stage 3 (rewrites).
//
// What it does, in order:
//   1. binds the operation's variables (variables.h);
//   2. expands the selection sets from the root: fragments (named, inline,
//      nested) in place, each selection applied to the concrete object types
//      in the intersection of the enclosing possible types and the fragment
//      conditions (dropped when none is left); under an abstract parent a
//      field becomes one node per concrete type (`title on Book`); arguments
//      coerced and printed canonically (coerce.h); @skip/@include decided
//      when their condition is known, else kept in the identity together
//      with any other executable directive; nodes with one identity under one
//      parent merged, children united; root Query fields rewritten by the
//      `endpoints` and `rgeval` rules when on;
//   3. applies the `cycles` rule;
//   4. numbers the unbound variables $1, $2, ... by first use in a canonical
//      traversal (see "Symbols" below; by name, keeps their names instead),
//      then lays the tree out in the arena,
//      children sorted by key, each node with its 64-bit identity hash.
//
// Symbols. The canonical order of children depends on their keys, and the
// keys contain the symbols whose numbers depend on that order. The circle is
// cut in three steps: (a) order siblings by a hash of their subtree in which
// every symbol is replaced by a name-free "usage signature" (the multiset of
// places it occurs at: masked path from the root and offset in the key), ties
// kept in source order; (b) number the symbols in the pre-order of that
// ordering; (c) print the keys with the numbers and sort siblings by key.
// Any numbering is a bijective renaming, so two trees that come out equal are
// equal up to renaming (sound). Where the hashes leave a tie between two
// places that hold symbols (symmetric queries: a cycle of variables, each used
// alike), the numbering is searched instead: every numbering within the
// classes of equal usage signature is printed canonically and the smallest
// text wins (symmetric_symbols.cc), so the order of selections and the names
// of variables never matter. Above 5,040 candidate numberings (more than
// seven variables that no signature tells apart) the search is skipped and
// source order breaks the tie: two such queries may then compare unequal
// (never falsely equal).
//
// With NormalizeOptions::variables_by_name, none of this happens: a symbol
// prints as its variable's name (`$orderId`), keys are sorted as printed, and
// symbol_count is 0, so no renaming is tried when trees are compared. A name
// is part of the identity there, as a harness that sends the dataset's
// variables by name binds them.
//
// Limits (named constants; exceeding one is an error with rule
// "NormalizeLimit" and the position of the selection that crossed it):
// nodes in the tree, nesting depth of fields, and selections visited while
// expanding fragments (fragments that explode exponentially).
//
// Cost: linear in the selections visited, plus sorting siblings; no heap
// allocation in the steady state when a Normalizer is reused (all output is
// in the caller's arena). About a microsecond for a typical 150-byte query
// (normalize_benchmark.cc).
//
// Precondition: the document passed validation against the schema and `op`
// is one of its operations. Invalid documents do not crash, but their normal
// form is unspecified.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/result.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/normal_tree.h"
#include "engine/normalize/options.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"

namespace gqleval::normalize {

class TreeBuilder;

// Holds the scratch memory of normalization so that it can be reused; one per
// thread. Not thread-safe; the trees it returns live in the caller's arena.
class Normalizer {
 public:
  Normalizer();
  ~Normalizer();
  Normalizer(const Normalizer&) = delete;
  Normalizer& operator=(const Normalizer&) = delete;

  // `rewrites` may be null (then no Stage 3 rule applies); when given it must
  // have been built for `schema`.
  Result<NormalTree> run(const schema::Schema& schema, const ast::Document& document,
                         const ast::OperationDefinition& operation, const NormalizeOptions& options,
                         const Rewrites* rewrites, Arena& arena);

  // Stages 1 and 2 in one pass over `text`, for the commonest query: one
  // query or mutation of fields with literal arguments, without variables,
  // directives or fragments, each field on an object type (not an interface
  // or union), certified valid as validate::certify_simple_document()
  // certifies a document (the response keys of a set distinct, each field
  // and argument defined, each value fitting its type). Such a text is
  // lexed, parsed, validated and built into its normal tree at once, each
  // field looked up in the schema once and no document built; the tree is
  // the one parsing, validating (which finds no error) and run() give. Any
  // other text, or one that would not normalize (a limit), gives nullopt,
  // and the caller reads it the full way, which also says why it is not
  // valid. What a nullopt run put in `arena` is garbage.
  std::optional<NormalTree> run_one_pass(const schema::Schema& schema, std::string_view text,
                                         const NormalizeOptions& options, const Rewrites* rewrites,
                                         Arena& arena);

 private:
  std::unique_ptr<TreeBuilder> builder_;
};

// The same with a thread-local Normalizer.
Result<NormalTree> normalize(const schema::Schema& schema, const ast::Document& document,
                             const ast::OperationDefinition& operation,
                             const NormalizeOptions& options, const Rewrites* rewrites,
                             Arena& arena);

}  // namespace gqleval::normalize
