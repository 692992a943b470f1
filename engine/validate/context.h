// ValidationContext and the typed traversal that validation rules share.
//
// A rule (see rule.h) is a function of a ValidationContext: it reads the schema
// and the document, and calls report() for each violation. The context gives
// what graphql-js's ValidationContext gives:
//   - the operations and fragment definitions of the document (fragment(name)
//     returns the LAST definition of that name, as graphql-js's getFragment);
//   - fragment_spreads(), recursively_referenced_fragments() (graphql-js 16.13
//     order: a stack of selection sets, so the order is graphql-js's own);
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
// schema lookups once. The fragment and usage helpers cache their results in
// the context too (heap, built on first use).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
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
  friend class Walker;
  friend struct ValidationContext;
  bool skip_ = false;
};

// A variable used somewhere under a definition (graphql-js VariableUsage).
struct VariableUsage {
  const ast::Value* node = nullptr;  // the kVariable value
  schema::TypeRef type;              // expected input type; named == kNone when unknown
  bool has_default = false;          // the location (argument, input field) has a default
  const ast::Value* default_value = nullptr;
  schema::TypeRef parent_type;  // the enclosing input type (list or input object), if any
};

struct ValidationContext {
  ValidationContext(const schema::Schema& schema, const ast::Document& document,
                    const ValidateOptions& options);
  ~ValidationContext();
  ValidationContext(const ValidationContext&) = delete;
  ValidationContext& operator=(const ValidationContext&) = delete;

  const schema::Schema& schema;
  const ast::Document& document;
  const ValidateOptions& options;

  // Operation and fragment definitions, in document order.
  std::vector<const ast::OperationDefinition*> operations;
  std::vector<const ast::FragmentDefinition*> fragments;

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

  // graphql-js getFragmentSpreads: the spreads under a selection set, not
  // following spreads, in graphql-js's (stack) order.
  const std::vector<const ast::FragmentSpread*>& fragment_spreads(const ast::SelectionSet& set);
  // graphql-js getRecursivelyReferencedFragments: fragments reachable from the
  // operation through spreads, each once, known fragments only.
  const std::vector<const ast::FragmentDefinition*>& recursively_referenced_fragments(
      const ast::OperationDefinition& operation);
  // graphql-js getVariableUsages of one operation or fragment definition
  // (variable definitions are skipped, so default values do not count).
  const std::vector<VariableUsage>& variable_usages(const ast::Definition& definition);
  // graphql-js getRecursiveVariableUsages: the operation's own usages, then those
  // of each recursively referenced fragment, in that order.
  std::vector<VariableUsage> recursive_variable_usages(const ast::OperationDefinition& operation);

  // Walks every operation and fragment definition; see the header comment.
  void walk(Visitor& visitor) const;
  // Walks one definition (an operation or a fragment definition).
  void walk(const ast::Definition& definition, Visitor& visitor) const;

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

 public:
  struct Tape;  // the recorded walk (an implementation detail of context.cc)

 private:
  friend class Recorder;
  const Tape& tape() const;
  void replay(const Tape& tape, uint32_t begin, uint32_t end, Visitor& visitor) const;

  mutable std::unique_ptr<Tape> tape_;
  std::unordered_map<const ast::SelectionSet*, std::vector<const ast::FragmentSpread*>>
      spreads_cache_;
  std::unordered_map<const ast::OperationDefinition*, std::vector<const ast::FragmentDefinition*>>
      referenced_cache_;
  std::unordered_map<const ast::Definition*, std::vector<VariableUsage>> usages_cache_;
  // Bit i: the built-in scalar kOptionalScalars[i] is referenced (computed on first use).
  mutable int referenced_scalars_ = -1;
};

// The message graphql-js reports when maxErrors is exceeded.
inline constexpr std::string_view kTooManyErrorsMessage =
    "Too many validation errors, error limit reached. Validation aborted.";

}  // namespace gqleval::validate
