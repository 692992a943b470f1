// Visitor: the hooks a validation rule implements to walk a document with
// graphql-js TypeInfo, and the TypeInfo each hook receives.
//
// A walk (ValidationContext::walk(), context.h) calls the hooks of a Visitor.
// Each hook receives the node and the TypeInfo as graphql-js's
// visitWithTypeInfo shows it to a rule: the state AFTER TypeInfo.enter(node)
// for enter hooks, and BEFORE TypeInfo.leave(node) for leave hooks (so in
// enter_value() of a list literal, input_type is already the item type and
// parent_input_type the list type, exactly as graphql-js). Children are
// visited in graphql-js key order:
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
// visitor_hooks<V>() finds at compile time which hooks a visitor class
// overrides, as a mask of hook_bit()s, so that a walk calls only those: a rule
// that looks at fields only never pays for the other hooks. Everything here is
// header-only and costs nothing at run time.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

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
  // The live walk and the replay read and clear skip_ after each enter hook.
  template <class V>
  friend class Walker;
  friend class WalkTape;
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

}  // namespace gqleval::validate
