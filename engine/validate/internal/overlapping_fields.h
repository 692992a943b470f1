// The conflict search behind OverlappingFieldsCanBeMerged (graphql-js 16.15
// semantics, our own code).
//
// Two fields that give the same response key must be mergeable: unless their
// parent types are distinct object types, they must name the same field with the
// same arguments; in any case they must return types of the same shape (the same
// list and non-null wrappers, the same leaf type), and their subfields must be
// mergeable in turn. find_within() checks one selection set the way graphql-js's
// SelectionSet visitor does (findConflictsWithinSelectionSet): the fields it
// collects (through inline fragments, not through spreads) against each other,
// then against each fragment it spreads, then those fragments against each other,
// recursively through nested spreads and subfields.
//
// Observable behaviour follows graphql-js exactly, including what it memoizes,
// because the memos decide which conflicts are reported once and which never:
//   - field collection is cached per (parent type, selection set);
//   - a collection remembers which fragments it was compared with, and whether
//     that comparison assumed mutually exclusive parents (16.10's #4168 fixes);
//   - fragment pairs are remembered, unordered, with the same exclusivity flag;
//   - fragments are looked up by name (the last definition of a name), spreads by
//     name only (graphql-js 16 has no fragment arguments);
//   - meta fields (__typename) have no definition here, as in graphql-js.
// A conflict's reason nests ("subfields "x" conflict because ..."), is cut at
// 1000 characters, and carries at most 20 fields per side, as graphql-js 16.15.
//
// Costs: fields are bucketed by response key, so only fields sharing a key are
// ever compared. Within a large bucket the fields are grouped into classes (same
// parent type, field name, arguments and leaf-ness); pairs whose classes cannot
// conflict are skipped without being visited, so 2,000 copies of one field cost
// O(n), not O(n^2). Pairs that do conflict are each reported, so the work is
// bounded by the input plus the output. Unlike graphql-js 16.15 there is no
// complexity budget: graphql-js gives up ("Validation aborted.") after 500,000
// units of work, this finishes and reports the real conflicts.
//
// A finder holds the caches of one document at a time: reset() starts the next
// one and keeps the memory, so a finder kept per thread reaches a steady state
// with no heap allocation on documents without conflicts. It is not thread-safe;
// between reset() and the last find_within() the context, its schema and its
// document must stay alive.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/validate/internal/context.h"

namespace gqleval::validate {

// Two fields (and, for a subfield conflict, the subfields involved) that share a
// response key and cannot be merged.
struct FieldConflict {
  std::string_view response_key;
  std::string reason;                      // e.g. `"a" and "b" are different fields`
  std::vector<const ast::Field*> fields1;  // the first field, then its conflicting subfields
  std::vector<const ast::Field*> fields2;
};

// graphql-js's message: `Fields "x" conflict because <reason>. Use different
// aliases on the fields to fetch both if this was intentional.`
std::string conflict_message(const FieldConflict& conflict);
// The locations of fields1 then fields2, as graphql-js lists the error's nodes.
std::vector<SourcePos> conflict_locations(const FieldConflict& conflict);

class OverlappingFieldsFinder {
 public:
  OverlappingFieldsFinder();
  ~OverlappingFieldsFinder();
  OverlappingFieldsFinder(const OverlappingFieldsFinder&) = delete;
  OverlappingFieldsFinder& operator=(const OverlappingFieldsFinder&) = delete;

  // Starts a document: the context gives the schema and the fragment definitions
  // (by name, the last definition of a name). Forgets the previous document.
  void reset(const ValidationContext& ctx);

  // graphql-js findConflictsWithinSelectionSet: appends the conflicts of `set`,
  // whose parent type is `parent_type` (schema::kNone when unknown), in
  // graphql-js order. Precondition: reset() was called for this document.
  void find_within(schema::TypeId parent_type, const ast::SelectionSet& set,
                   std::vector<FieldConflict>& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gqleval::validate
