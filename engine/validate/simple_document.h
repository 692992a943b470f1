// A one-pass certificate of validity for the commonest executable document:
// one query or mutation made of fields, arguments and fragments on their own
// type. Most benchmark queries (and most model answers) are of this shape, and
// for it the ~30 rules of the full validator reduce to a handful of checks that
// one walk makes.
//
// certify_simple_document() returns true only when every graphql-js rule
// (specifiedRules and Operation Type Existence) would pass, so the validator
// may skip its rules for that document. It returns false for any document it
// is not sure of, valid or not: the full validator then decides and says why.
// It is sure when the document is
//   - one operation, a query or a mutation whose root type exists, with no
//     description, variable definitions or directives, and fragment
//     definitions with distinct names, each on a known type, without
//     description or directives, each spread at least once;
//   - fields and fragments without directives: each field defined on its
//     parent type (`__typename` anywhere, without arguments or selections;
//     `__schema` and `__type` are left to the rules), with a selection set
//     exactly when its type is composite; each fragment spread, and each inline
//     fragment with a type condition, on a selection set of exactly that type
//     (so it is on a composite type and the spread is possible), and no
//     fragment spread inside itself; the response keys of every selection set,
//     counting the fields its fragments bring, distinct (so no two fields can
//     conflict: OverlappingFieldsCanBeMerged compares only fields of one
//     response key);
//   - arguments defined by their field, each named once, every required one
//     given, and each value a literal without variables that fits its type as
//     ValuesOfCorrectType and UniqueInputFieldNames check it.
// The rules this leaves out cannot fire on such a document (variables,
// directives, subscriptions, several operations, fragments on other types).
// tests/simple_document_test.cc checks on every dataset query, their mutations
// and every conformance case that a certified document is one the full
// validator passes.
//
// Cost: one recursion over the document (a fragment is walked where it is
// spread, up to 16,384 selections in all) with the schema's hashed lookups; no
// allocation once the thread's scratch vectors have grown.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

bool certify_simple_document(const schema::Schema& schema, const ast::Document& document);

// The same checks on one field, for a reader that certifies a document while
// it parses it (normalize::Normalizer::run_one_pass): `field` (its arguments
// read; `has_selection_set` says whether a selection set follows) is
// certified on the composite type `parent` as above, all but its selection
// set and its response key's uniqueness in its set, which the caller checks.
// Returns the type of the selection set that must follow (kNone when none
// may: a leaf, or `__typename`), or nullopt when the field is not certified.
// Records the field's lookup on it (ast::Field::resolved_field).
std::optional<schema::TypeId> certify_field(const schema::Schema& schema, const ast::Field& field,
                                            schema::TypeId parent, bool has_selection_set);

// The root type of an operation of type `type` that the certificate takes (a
// query or mutation whose root type is an object type), or kNone.
schema::TypeId certified_root(const schema::Schema& schema, ast::OperationType type);

// The response keys of the selection sets on a walk's path, for the
// certificate's check that the keys of one set are distinct.
class ResponseKeys {
 public:
  // Where the set that starts now keeps its keys.
  size_t mark() const { return keys_.size(); }
  // Adds `key` to the set that starts at `set_mark`: false when it has it.
  bool add(std::string_view key, size_t set_mark) {
    for (size_t i = set_mark; i < keys_.size(); ++i) {
      if (keys_[i] == key) return false;
    }
    keys_.push_back(key);
    return true;
  }
  // The set that started at `set_mark` is over.
  void end_set(size_t set_mark) { keys_.resize(set_mark); }
  void clear() { keys_.clear(); }

 private:
  std::vector<std::string_view> keys_;
};

}  // namespace gqleval::validate
