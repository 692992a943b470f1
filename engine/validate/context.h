// ValidationContext and the typed traversal that validation rules share.
//
// A rule (see rule.h) is a function of a ValidationContext: it reads the schema
// and the document, and calls report() for each violation. The context gives
// what graphql-js's ValidationContext gives:
//   - the operations and fragment definitions of the document (fragment(name)
//     returns the LAST definition of that name, as graphql-js's getFragment);
//   - fragment_spreads() (graphql-js's order: a stack of selection sets) and
//     recursively_referenced_fragments() (graphql-js 16.15's breadth-first
//     order; 16.13 used a stack there too);
//   - variable_usages() and recursive_variable_usages(): graphql-js
//     getVariableUsages / getRecursiveVariableUsages, with each usage's expected
//     input type, whether the location has a default value, and the parent
//     input type (for oneOf checks);
//   - walk(): a depth-first traversal of every operation and fragment definition
//     of the document, in document order, with graphql-js TypeInfo semantics.
//     Fragment definitions are visited on their own, as graphql-js does, not
//     inlined at their spreads. Type-system definitions are not visited (rules
//     that graphql-js also applies to SDL in a document read it through
//     sdl_directives.h and sdl_named_types.h).
//
// walk() calls the hooks of a Visitor. Each hook receives the node and the
// TypeInfo as graphql-js's visitWithTypeInfo shows it to a rule: the state
// AFTER TypeInfo.enter(node) for enter hooks, and BEFORE TypeInfo.leave(node)
// for leave hooks (so in enter_value() of a list literal, input_type is already
// the item type and parent_input_type the list type, exactly as graphql-js).
// Children are visited in graphql-js key order:
//   operation:        variable definitions, directives, selection set
//   variable def:     type (named type), default value, directives
//   fragment def:     type condition (named type), directives, selection set
//   field:            arguments, directives, selection set
//   fragment spread:  directives
//   inline fragment:  type condition (named type), directives, selection set
//   directive:        arguments;  argument: value
//   list value:       items;  object value: fields;  object field: value
// A hook may call skip_children() to not descend into the node it entered (the
// leave hook of that node still runs), like returning false in graphql-js.
//
// Costs: the first walk() records the traversal (one recursion, with the schema
// lookups of TypeInfo) as a flat list of events in the context; every later
// walk replays that list, so the ~25 rules that walk a document pay for the
// schema lookups once. A replay dispatches only the hooks the visitor's class
// overrides (found at compile time by the walk() templates; a visitor passed
// as a plain Visitor& gets every hook): the recording keeps, per hook, the
// list of its events, so a rule that looks at fields only never touches the
// other events. The fragment and usage helpers cache
// their results in the context too (built on first use). All of it lives in a
// ValidationWorkspace: a context made on a workspace reuses the buffers of the
// previous document (cleared, capacity kept), so validating a valid document
// on a warm workspace does no heap allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

struct ValidateOptions {
  // The rules to run, by name ("FieldsOnCorrectType"); empty runs all of them.
  std::vector<std::string> rules;
  // Lenient mode: the purely cosmetic rules (NoUnusedFragments,
  // NoUnusedVariables, UniqueOperationNames) report warnings (Severity::kWarning)
  // instead of errors. A warning does not make a document invalid, and does not
  // count towards max_errors.
  bool lenient = false;
  // As graphql-js's maxErrors: once this many errors are reported, the next one
  // is replaced by "Too many validation errors, error limit reached. Validation
  // aborted." and validation stops.
  size_t max_errors = 100;
  // As graphql-js 16.15's hideSuggestions: messages leave out "Did you mean".
  bool hide_suggestions = false;
  // With all rules: first try certify_simple_document() (simple_document.h),
  // which passes the commonest valid documents in one walk. Off only to
  // compare it with the rules.
  bool certify_simple = true;
};

// graphql-js TypeInfo at one point of the traversal. "Unknown" (undefined in
// graphql-js) is a TypeRef with named == schema::kNone, or a null pointer.
struct TypeInfo {
  schema::TypeRef type;                             // getType(): the output type here
  schema::TypeId parent_type = schema::kNone;       // getParentType(): enclosing composite type
  const schema::FieldDef* field = nullptr;          // getFieldDef(): innermost field
  const schema::DirectiveDef* directive = nullptr;  // getDirective(): inside a directive
  const schema::InputValue* argument = nullptr;     // getArgument(): inside an argument
  schema::TypeRef input_type;                       // getInputType()
  schema::TypeRef parent_input_type;                // getParentInputType()
  const ast::Value* default_value = nullptr;        // getDefaultValue(); nullptr = none
  // Where the directives being visited stand (valid in directive and argument
  // hooks under a directive).
  schema::DirectiveLocation directive_location = schema::DirectiveLocation::kQuery;
  const ast::OperationDefinition* operation = nullptr;  // enclosing operation, if any
  const ast::FragmentDefinition* fragment = nullptr;    // enclosing fragment definition, if any
};

class Visitor {
 public:
  virtual ~Visitor() = default;

  virtual void enter_operation(const ast::OperationDefinition&, const TypeInfo&) {}
  virtual void leave_operation(const ast::OperationDefinition&, const TypeInfo&) {}
  virtual void enter_fragment_definition(const ast::FragmentDefinition&, const TypeInfo&) {}
  virtual void leave_fragment_definition(const ast::FragmentDefinition&, const TypeInfo&) {}
  virtual void enter_variable_definition(const ast::VariableDefinition&, const TypeInfo&) {}
  virtual void leave_variable_definition(const ast::VariableDefinition&, const TypeInfo&) {}
  // A named type reference: the innermost name of a variable's type, or the type
  // condition of a fragment definition or inline fragment.
  virtual void enter_named_type(const ast::Name&, const TypeInfo&) {}
  virtual void enter_selection_set(const ast::SelectionSet&, const TypeInfo&) {}
  virtual void leave_selection_set(const ast::SelectionSet&, const TypeInfo&) {}
  virtual void enter_field(const ast::Field&, const TypeInfo&) {}
  virtual void leave_field(const ast::Field&, const TypeInfo&) {}
  virtual void enter_inline_fragment(const ast::InlineFragment&, const TypeInfo&) {}
  virtual void leave_inline_fragment(const ast::InlineFragment&, const TypeInfo&) {}
  virtual void enter_fragment_spread(const ast::FragmentSpread&, const TypeInfo&) {}
  virtual void leave_fragment_spread(const ast::FragmentSpread&, const TypeInfo&) {}
  virtual void enter_directive(const ast::Directive&, const TypeInfo&) {}
  virtual void leave_directive(const ast::Directive&, const TypeInfo&) {}
  virtual void enter_argument(const ast::Argument&, const TypeInfo&) {}
  virtual void leave_argument(const ast::Argument&, const TypeInfo&) {}
  // Every value: argument values, variable default values, list items and
  // object field values, variables included.
  virtual void enter_value(const ast::Value&, const TypeInfo&) {}
  virtual void leave_value(const ast::Value&, const TypeInfo&) {}
  virtual void enter_object_field(const ast::ObjectField&, const TypeInfo&) {}
  virtual void leave_object_field(const ast::ObjectField&, const TypeInfo&) {}

 protected:
  // From an enter hook: do not visit the children of the node just entered.
  void skip_children() { skip_ = true; }

 private:
  template <class V>
  friend class Walker;
  friend struct ValidationContext;
  bool skip_ = false;
};

// The node kinds of a walk, and one bit per hook: bit 2 * kind for the enter
// hook, 2 * kind + 1 for the leave hook (named types have no leave hook).
enum class WalkNode : uint8_t {
  kOperation,
  kFragmentDefinition,
  kVariableDefinition,
  kNamedType,
  kSelectionSet,
  kField,
  kInlineFragment,
  kFragmentSpread,
  kDirective,
  kArgument,
  kValue,
  kObjectField,
};
constexpr uint32_t hook_bit(WalkNode node, bool leave) {
  return uint32_t{1} << (2 * static_cast<uint32_t>(node) + (leave ? 1 : 0));
}
inline constexpr uint32_t kAllHooks = (uint32_t{1} << 24) - 1;

namespace detail {
template <class M>
struct MemberOf;
template <class C, class F>
struct MemberOf<F C::*> {
  using type = C;
};
// True when the hook `P` (&V::enter_field, ...) is not Visitor's own no-op.
template <auto P>
inline constexpr bool kOverridden = !std::is_same_v<typename MemberOf<decltype(P)>::type, Visitor>;
}  // namespace detail

// The hooks that visitor class V overrides (every hook for Visitor itself,
// whose dynamic type is unknown). A hook V does not override is a no-op, so a
// walk may skip it.
template <class V>
constexpr uint32_t visitor_hooks() {
  static_assert(std::is_base_of_v<Visitor, V>);
  if constexpr (std::is_same_v<V, Visitor>) {
    return kAllHooks;
  } else {
    using detail::kOverridden;
    using N = WalkNode;
    uint32_t m = 0;
    if (kOverridden<&V::enter_operation>) m |= hook_bit(N::kOperation, false);
    if (kOverridden<&V::leave_operation>) m |= hook_bit(N::kOperation, true);
    if (kOverridden<&V::enter_fragment_definition>) m |= hook_bit(N::kFragmentDefinition, false);
    if (kOverridden<&V::leave_fragment_definition>) m |= hook_bit(N::kFragmentDefinition, true);
    if (kOverridden<&V::enter_variable_definition>) m |= hook_bit(N::kVariableDefinition, false);
    if (kOverridden<&V::leave_variable_definition>) m |= hook_bit(N::kVariableDefinition, true);
    if (kOverridden<&V::enter_named_type>) m |= hook_bit(N::kNamedType, false);
    if (kOverridden<&V::enter_selection_set>) m |= hook_bit(N::kSelectionSet, false);
    if (kOverridden<&V::leave_selection_set>) m |= hook_bit(N::kSelectionSet, true);
    if (kOverridden<&V::enter_field>) m |= hook_bit(N::kField, false);
    if (kOverridden<&V::leave_field>) m |= hook_bit(N::kField, true);
    if (kOverridden<&V::enter_inline_fragment>) m |= hook_bit(N::kInlineFragment, false);
    if (kOverridden<&V::leave_inline_fragment>) m |= hook_bit(N::kInlineFragment, true);
    if (kOverridden<&V::enter_fragment_spread>) m |= hook_bit(N::kFragmentSpread, false);
    if (kOverridden<&V::leave_fragment_spread>) m |= hook_bit(N::kFragmentSpread, true);
    if (kOverridden<&V::enter_directive>) m |= hook_bit(N::kDirective, false);
    if (kOverridden<&V::leave_directive>) m |= hook_bit(N::kDirective, true);
    if (kOverridden<&V::enter_argument>) m |= hook_bit(N::kArgument, false);
    if (kOverridden<&V::leave_argument>) m |= hook_bit(N::kArgument, true);
    if (kOverridden<&V::enter_value>) m |= hook_bit(N::kValue, false);
    if (kOverridden<&V::leave_value>) m |= hook_bit(N::kValue, true);
    if (kOverridden<&V::enter_object_field>) m |= hook_bit(N::kObjectField, false);
    if (kOverridden<&V::leave_object_field>) m |= hook_bit(N::kObjectField, true);
    return m;
  }
}

// A variable used somewhere under a definition (graphql-js VariableUsage).
struct VariableUsage {
  const ast::Value* node = nullptr;  // the kVariable value
  schema::TypeRef type;              // expected input type; named == kNone when unknown
  bool has_default = false;          // the location (argument, input field) has a default
  const ast::Value* default_value = nullptr;
  schema::TypeRef parent_type;  // the enclosing input type (list or input object), if any
};

// The buffers of validation (recorded walk, operation and fragment lists, the
// helpers' caches), kept from one document to the next so that a warm
// workspace validates without heap allocation. One document at a time: a
// context made on a workspace that another live context uses gets buffers of
// its own. Not thread-safe.
class ValidationWorkspace {
 public:
  ValidationWorkspace();
  ~ValidationWorkspace();
  ValidationWorkspace(const ValidationWorkspace&) = delete;
  ValidationWorkspace& operator=(const ValidationWorkspace&) = delete;

  struct Buffers;  // defined in context.cc

 private:
  friend struct ValidationContext;
  std::unique_ptr<Buffers> buffers_;
  bool in_use_ = false;
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

  // ---- added by validate-values (additive) ----
  // Walks directives that stand outside operations and fragments (on the
  // type-system definitions of a document, see sdl_directives.h) with graphql-js
  // TypeInfo semantics: the directive and its argument definitions are known,
  // no field or type is. graphql-js's typed rules (ValuesOfCorrectType) check
  // such directive arguments too.
  void walk_directives(ast::List<ast::Directive> directives, schema::DirectiveLocation where,
                       Visitor& visitor) const;
  // ---- end of validate-values addition ----

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
  const Buffers& tape() const;  // the buffers, with the walk recorded
  void replay(uint32_t begin, uint32_t end, Visitor& visitor, uint32_t hooks) const;

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
