// ValidationContext: what a validation rule sees of one document.
//
// A rule (see rule.h) is a function of a ValidationContext: it reads the schema
// and the document, and calls report() for each violation. The context gives
// what graphql-js's ValidationContext gives:
//   - the operations and fragment definitions of the document (fragment(name)
//     returns the LAST definition of that name, as graphql-js's getFragment);
//   - the schema as graphql-js knows it (find_type(), resolve(), directive());
//   - fragment_spreads() (graphql-js's order: a stack of selection sets) and
//     recursively_referenced_fragments() (graphql-js 16.15's breadth-first
//     order; 16.13 used a stack there too);
//   - variable_usages() and recursive_variable_usages(): graphql-js
//     getVariableUsages / getRecursiveVariableUsages, with each usage's expected
//     input type, whether the location has a default value, and the parent
//     input type (for oneOf checks);
//   - walk(): a depth-first traversal of every operation and fragment definition
//     of the document, in document order, calling a Visitor's hooks with
//     graphql-js TypeInfo (visitor.h states the hooks, their order and what each
//     sees). Fragment definitions are visited on their own, as graphql-js does,
//     not inlined at their spreads. Type-system definitions are not visited
//     (rules that graphql-js also applies to SDL in a document read it through
//     sdl_directives.h and sdl_named_types.h, and walk_directives()).
//
// Costs: the first walk() records the traversal (walk_tape.h: one recursion,
// with the schema lookups of TypeInfo); every later walk replays that
// recording, so the ~25 rules that walk a document pay for the schema lookups
// once. A replay dispatches only the hooks the visitor's class overrides (found
// at compile time by the walk() templates; a visitor passed as a plain
// Visitor& gets every hook). The fragment and usage helpers cache their results
// in the context too (built on first use). All of it lives in a
// ValidationWorkspace (workspace.h): a context made on a workspace reuses the
// buffers of the previous document, so validating a valid document on a warm
// workspace does no heap allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/validate/internal/visitor.h"
#include "engine/validate/internal/workspace.h"
#include "engine/validate/options.h"

namespace gqleval::validate {

class WalkTape;

// A variable used somewhere under a definition (graphql-js VariableUsage).
struct VariableUsage {
  const ast::Value* node = nullptr;  // the kVariable value
  schema::TypeRef type;              // expected input type; named == kNone when unknown
  bool has_default = false;          // the location (argument, input field) has a default
  const ast::Value* default_value = nullptr;
  schema::TypeRef parent_type;  // the enclosing input type (list or input object), if any
};

struct ValidationContext {
  // A context with buffers of its own (allocated here, freed with it).
  ValidationContext(const schema::Schema& schema, const ast::Document& document,
                    const ValidateOptions& options);
  // A context on `workspace`'s buffers, cleared first.
  ValidationContext(const schema::Schema& schema, const ast::Document& document,
                    const ValidateOptions& options, ValidationWorkspace& workspace);
  ~ValidationContext();
  ValidationContext(const ValidationContext&) = delete;
  ValidationContext& operator=(const ValidationContext&) = delete;

  const schema::Schema& schema;
  const ast::Document& document;
  const ValidateOptions& options;

  // Operation and fragment definitions, in document order (in the workspace).
  std::span<const ast::OperationDefinition* const> operations;
  std::span<const ast::FragmentDefinition* const> fragments;

  // The last fragment definition named `name`, or nullptr.
  const ast::FragmentDefinition* fragment(std::string_view name) const;

  // The named type as graphql-js's schema knows it, or kNone. Unlike
  // schema.find_type(), the built-in scalars Int, Float and ID are unknown when
  // the schema never references them: graphql-js's type map holds only the
  // referenced built-ins (String and Boolean always, through introspection).
  // Rules should look up names written in the document through this.
  schema::TypeId find_type(std::string_view name) const;
  // A type as written, resolved through find_type(); named == kNone when unknown.
  schema::TypeRef resolve(const ast::Type& type) const;

  // A directive the schema declares, or nullptr (unknown to graphql-js: this
  // includes server directives that the schema's dialect kept undeclared).
  const schema::DirectiveDef* directive(std::string_view name) const;

  // The spans of these helpers point into the context's cached results and
  // stay valid as long as the context, except recursive_variable_usages()'s,
  // which lasts until its next call.
  //
  // graphql-js getFragmentSpreads: the spreads under a selection set, not
  // following spreads, in graphql-js's (stack) order.
  std::span<const ast::FragmentSpread* const> fragment_spreads(const ast::SelectionSet& set);
  // graphql-js getRecursivelyReferencedFragments: fragments reachable from the
  // operation through spreads, each once, known fragments only.
  std::span<const ast::FragmentDefinition* const> recursively_referenced_fragments(
      const ast::OperationDefinition& operation);
  // graphql-js getVariableUsages of one operation or fragment definition
  // (variable definitions are skipped, so default values do not count).
  std::span<const VariableUsage> variable_usages(const ast::Definition& definition);
  // graphql-js getRecursiveVariableUsages: the operation's own usages, then those
  // of each recursively referenced fragment, in that order.
  std::span<const VariableUsage> recursive_variable_usages(
      const ast::OperationDefinition& operation);

  // Walks every operation and fragment definition; see the header comment.
  template <class V>
  void walk(V& visitor) const {
    walk_hooks(visitor, visitor_hooks<V>());
  }
  // Walks one definition (an operation or a fragment definition).
  template <class V>
  void walk(const ast::Definition& definition, V& visitor) const {
    walk_hooks(definition, visitor, visitor_hooks<V>());
  }
  // The same, calling only the hooks in `hooks` (hook_bit()s): the caller
  // promises that the others are no-ops for this visitor.
  void walk_hooks(Visitor& visitor, uint32_t hooks) const;
  // Whether the walk of the operations and fragment definitions enters at
  // least one node of this kind (records the walk if not yet done): lets a rule
  // skip its walk when the document lacks what it checks.
  bool walk_has(WalkNode node) const;
  // How many nodes of this kind the walk enters.
  size_t walk_count(WalkNode node) const;
  // Whether the walk meets a field that its parent type (known and composite)
  // does not define: FieldsOnCorrectType's only case.
  bool walk_has_unknown_field() const;
  void walk_hooks(const ast::Definition& definition, Visitor& visitor, uint32_t hooks) const;

  // Walks directives that stand outside operations and fragments (on the
  // type-system definitions of a document, see sdl_directives.h) with graphql-js
  // TypeInfo semantics: the directive and its argument definitions are known,
  // no field or type is. graphql-js's typed rules (ValuesOfCorrectType) check
  // such directive arguments too.
  void walk_directives(ast::List<ast::Directive> directives, schema::DirectiveLocation where,
                       Visitor& visitor) const;

  // Reports a diagnostic of the running rule. The validator fills in the rule
  // name (when empty) and the severity (lenient mode), and enforces max_errors.
  void report(Diagnostic d);
  // Shorthand: an error with a message and locations, in that order.
  void report(std::string message, std::initializer_list<SourcePos> locations);
  void report(std::string message, std::vector<SourcePos> locations);

  // Set by the validator: the running rule, and whether its reports are warnings.
  std::string_view rule_name;
  bool report_as_warning = false;
  // The output: errors and warnings in report order.
  Diagnostics diagnostics;
  size_t error_count = 0;
  bool aborted = false;  // max_errors was exceeded; reports are ignored

 private:
  using Buffers = ValidationWorkspace::Buffers;
  void start();
  const WalkTape& tape() const;  // the recorded walk (recorded on first use)

  std::unique_ptr<Buffers> own_;              // when not on a workspace (or it was busy)
  ValidationWorkspace* workspace_ = nullptr;  // released by the destructor
  Buffers* b_ = nullptr;
  // Bit i: the built-in scalar kOptionalScalars[i] is referenced (computed on first use).
  mutable int referenced_scalars_ = -1;
};

// The message graphql-js reports when maxErrors is exceeded.
inline constexpr std::string_view kTooManyErrorsMessage =
    "Too many validation errors, error limit reached. Validation aborted.";

}  // namespace gqleval::validate
