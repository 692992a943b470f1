// The query rewriter: makes equivalent rewrites and labelled non-equivalent
// mutations of a GraphQL query, on the AST, deterministically from a seed,
// and prints them with the project's printer (engine/graphql/printer.h).
// The equivalence corpus (tests/equivalence_*_test.cc) uses it to check the
// engine over whole datasets; the dataset generator (generator.h,
// gqleval-generate) uses it to make labelled scoring rows.
//
// Equivalent rewrites (each keeps the response tree of docs/semantics.md, so the
// verdict against the original must be `equivalent`):
//   shuffle    the order of selections, arguments, input-object fields,
//              variable definitions and definitions;
//   alias      fresh, document-unique aliases on fields (so no two response
//              keys can clash: OverlappingFieldsCanBeMerged stays satisfied);
//   fragments  runs of selections moved into inline fragments (`... on T`
//              or `...` without a condition) and into new named fragments
//              `fragment RwN on T`, where T is the selection set's own type,
//              so the possible types never change; nested wherever selection
//              sets nest; at least one of each kind when the query has a
//              selection;
//   variables  literal arguments of fields and of @skip/@include lifted into
//              new variables of the argument's declared type, either with
//              the literal as the variable's default or with the value in a
//              variables JSON object (docs/semantics.md: a variable with a value
//              is replaced by its coerced value). Values that contain a
//              variable are left alone (a default must be constant); in a
//              document with several operations, only operation bodies are
//              touched (a fragment's variables must exist in every operation
//              that spreads it).
//
// Mutations, each labelled with the verdict and counts docs/semantics.md implies:
//   drop_leaf        removes one leaf field: `underfetch`, missing = 1;
//   add_leaf         adds one scalar field of the enclosing type: `overfetch`,
//                    extra = 1 (delta 0);
//   change_argument  changes one Int, String, ID, Boolean or enum literal of a
//                    field's argument (inside lists and input objects too) to
//                    a value that certainly coerces differently: the field's
//                    node and all beneath it become other nodes, `mismatch`,
//                    missing = extra = n, the nodes of that subtree;
//   drop_argument    removes an optional argument without default: the same;
//   add_argument     gives a field an optional scalar or enum argument it did
//                    not have (no default): the same;
//   replace_root     swaps a root field for another of the same return type
//                    that accepts the same arguments and that no endpoint rule
//                    joins to it: the same;
//   drop_subtree     removes a field with a selection set: `underfetch`,
//                    missing = n;
//   add_subtree      adds an object field with 1 to 3 scalar fields:
//                    `overfetch`, extra = 1 + k;
//   replace_leaf     drops one leaf and adds another scalar field in the same
//                    selection set: `mismatch`, missing = extra = 1;
//   move_leaf        drops one leaf and adds a field of the same name in a
//                    selection set of another type: `mismatch`, 1 and 1.
// The subtree size n is counted by the inventory (mutation_inventory.h), and
// only when it is certain: no directive in it, no field in it or above it that
// the cycles rule could fold, no two sibling selections of one field whose
// arguments might coerce alike; the changed field itself must satisfy the
// conditions of a dropped leaf below (and a changed root field must be
// certainly another node than every other root field after the change).
// Mutations that would leave a fragment or a variable unused are not made.
// A leaf qualifies only when the count is certain by construction, without
// asking the engine (see query_mutations.cc): its selection applies to exactly
// one concrete type T; no directive sits on it or on any enclosing selection;
// it is reached exactly once when fragments are expanded (a fragment spread
// in several places is first expanded in place, an equivalent rewrite); no
// other selection in the document selects the same field name on T (so no
// merge, cycles fold-back or endpoint rewrite can produce the same node
// elsewhere), except under a root field that is certainly another node; its
// selection set keeps at least one selection; and a root leaf must be
// certainly another node than every other root field. Two root fields are
// certainly two nodes when no rule can join them (given the compiled rules
// and switches the pair is scored with, MutateOptions; without them, any two
// root fields may join) or when they are one field (or one endpoint group)
// with arguments whose literals certainly differ (`f(year: 2006)` and
// `f(year: 2010)`). A field with a rules-file argument map may join anything.
// When nothing qualifies the mutation fails with rule "Rewrite".
//
// Preconditions: the query parses and is valid against the schema. Errors
// (a syntax error, nothing to mutate) come back as a Diagnostic.
// Costs: linear in the document, plus printing; allocates freely (meant for
// tests and offline generation, not the hot path).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/verdict.h"

namespace gqleval::rewrite {

enum class VariableMode : uint8_t {
  kNone,      // leave literals alone
  kDefaults,  // `query($v1: Int = 1)`
  kJson,      // `query($v1: Int)` plus {"v1": 1} in Rewritten::variables_json
};

struct RewriteOptions {
  uint64_t seed = 1;
  bool shuffle = false;
  bool alias = false;
  uint32_t alias_percent = 100;  // the share of fields that get a fresh alias
  bool fragments = false;
  uint32_t fragment_percent = 50;  // the share of selections moved into a fragment
  VariableMode variables = VariableMode::kNone;
};

struct Rewritten {
  std::string query;                 // graphql::print() of the rewritten document
  std::string variables_json;        // a JSON object with VariableMode::kJson, else empty
  std::vector<std::string> applied;  // what was done, e.g. "named fragment Rw1 on Users"
};

// Applies the rewrites switched on in `options`, in the order variables,
// alias, fragments, shuffle.
Result<Rewritten> rewrite_equivalent(const schema::Schema& schema, std::string_view query,
                                     const RewriteOptions& options);

// Equivalent rewrites that hold only through the schema-derived rules
// (normalize::Rewrites, docs/semantics.md Stage 3), so only when the pair is
// scored with those rules on (the default cycles+endpoints):
//   kEndpoint  a root field replaced by another of its endpoint group (the
//              same canonical endpoint, no argument map), keeping the
//              arguments: `customersUsingComplaints_customer_id_fkey(id: 1)`
//              for `customers(id: 1)`;
//   kCycle     a detour through an inverse pair: under a field A of object
//              type TA whose selection holds B (A.b -> TB, inverse of
//              TB.g -> TA), some of A's field selections move into
//              `B { ... rwA1: g { moved } }` (or, when A selects nothing
//              else, a copy of B goes there); the cycles rule folds them
//              back into A.
// On the 13 NL2GQL schemas, 10 derive inverse pairs (not activity_1,
// allergy_1, uc1_p) and 8 derive endpoint groups (not those three, nor TPCH
// and battle_death), so both apply to real references. Fails with rule
// "Rewrite" when the query has no such place.
enum class SchemaRewrite : uint8_t { kEndpoint, kCycle };
std::string_view schema_rewrite_name(SchemaRewrite kind);  // "endpoint", "cycle"

Result<Rewritten> rewrite_with_rules(const schema::Schema& schema,
                                     const normalize::Rewrites& rewrites, std::string_view query,
                                     SchemaRewrite kind, uint64_t seed);

enum class MutationKind : uint8_t {
  kDropLeaf,
  kAddLeaf,
  kChangeArgument,
  kDropArgument,
  kAddArgument,
  kMoveLeaf,
  kReplaceLeaf,
  kReplaceRoot,
  kAddSubtree,
  kDropSubtree,
};
inline constexpr size_t kMutationKindCount = 10;
// "drop_leaf", "add_leaf", "change_argument", "drop_argument", "add_argument",
// "move_leaf", "replace_leaf", "replace_root", "add_subtree", "drop_subtree".
std::string_view mutation_kind_name(MutationKind kind);

struct Mutated {
  std::string query;  // the mutated document, printed
  score::Verdict expected = score::Verdict::kEquivalent;
  uint32_t missing = 0;  // expected counts against the original
  uint32_t extra = 0;
  std::string type;         // the concrete type of the changed leaf
  std::string field;        // the field name of the changed leaf
  std::string description;  // e.g. "dropped Users.email"
};

struct MutateOptions {
  uint64_t seed = 1;
  // The rules the mutated query will be scored with (built for `schema`);
  // nullptr: assume any two root fields may become one node.
  const normalize::Rewrites* rewrites = nullptr;
  normalize::RuleSwitches rules;
};

// One mutation of the given kind, the leaf chosen by the seed among those
// that qualify.
Result<Mutated> mutate(const schema::Schema& schema, std::string_view query, MutationKind kind,
                       const MutateOptions& options);

}  // namespace gqleval::rewrite
