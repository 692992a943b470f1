// Walker: the live, typed traversal behind every walk of a document. It
// recurses through an operation or fragment definition (or a list of
// directives that stands outside them) and calls the hooks of a Visitor
// (visitor.h) with graphql-js TypeInfo semantics and in graphql-js key order,
// as visitor.h states. One TypeInfo value per level stands in for
// graphql-js's TypeInfo stacks; it looks types, fields, arguments and
// directives up through the ValidationContext, so that it sees the schema as
// graphql-js does.
//
// V is the visitor's static type: the recorder of walk_tape.cc (final, so its
// hooks are called directly) or Visitor. Rules do not use Walker themselves:
// ValidationContext::walk() replays a recording of it (walk_tape.h).
// Cost: one recursion per walk, with the schema lookups of each node; no heap
// allocation.
#pragma once

#include <span>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/validate/internal/context.h"
#include "engine/validate/internal/visitor.h"

namespace gqleval::validate {

template <class V>
class Walker {
  using DirectiveLocation = schema::DirectiveLocation;
  using TypeRef = schema::TypeRef;
  static constexpr schema::TypeId kNone = schema::kNone;

 public:
  Walker(const ValidationContext& ctx, V& visitor) : ctx_(ctx), schema_(ctx.schema), v_(visitor) {}

  // Directives that stand outside operations and fragments (on type-system
  // definitions): only the directive and its arguments are known.
  void directive_list(ast::List<ast::Directive> list, DirectiveLocation where) {
    directives(list, TypeInfo{}, where);
  }

  void definition(const ast::Definition& d) {
    if (d.kind == ast::DefinitionKind::kOperation) {
      operation(ast::as<ast::OperationDefinition>(d));
    } else if (d.kind == ast::DefinitionKind::kFragment) {
      fragment_definition(ast::as<ast::FragmentDefinition>(d));
    }
  }

 private:
  bool take_skip() {
    Visitor& v = v_;
    bool skip = v.skip_;
    v.skip_ = false;
    return skip;
  }

  TypeRef known_input(TypeRef t) const {
    return t.named != kNone && schema_.is_input_type(t) ? t : TypeRef{};
  }
  TypeRef known_output(TypeRef t) const {
    return t.named != kNone && schema_.is_output_type(t) ? t : TypeRef{};
  }

  static DirectiveLocation operation_location(ast::OperationType op) {
    switch (op) {
      case ast::OperationType::kMutation: return DirectiveLocation::kMutation;
      case ast::OperationType::kSubscription: return DirectiveLocation::kSubscription;
      case ast::OperationType::kQuery: break;
    }
    return DirectiveLocation::kQuery;
  }

  void operation(const ast::OperationDefinition& op) {
    TypeInfo ti;
    ti.operation = &op;
    schema::TypeId root = schema_.root_type(op.operation);
    if (root != kNone && schema_.type(root).kind == schema::TypeKind::kObject) ti.type = {root};
    v_.enter_operation(op, ti);
    if (!take_skip()) {
      for (const ast::VariableDefinition* vd : op.variables) variable_definition(*vd, ti);
      directives(op.directives, ti, operation_location(op.operation));
      if (op.selection_set) selection_set(*op.selection_set, ti);
    }
    v_.leave_operation(op, ti);
  }

  void fragment_definition(const ast::FragmentDefinition& fd) {
    TypeInfo ti;
    ti.fragment = &fd;
    ti.type = known_output(TypeRef{ctx_.find_type(fd.type_condition.value)});
    v_.enter_fragment_definition(fd, ti);
    if (!take_skip()) {
      v_.enter_named_type(fd.type_condition, ti);
      take_skip();
      directives(fd.directives, ti, DirectiveLocation::kFragmentDefinition);
      if (fd.selection_set) selection_set(*fd.selection_set, ti);
    }
    v_.leave_fragment_definition(fd, ti);
  }

  void variable_definition(const ast::VariableDefinition& vd, TypeInfo ti) {
    ti.parent_input_type = ti.input_type;
    ti.input_type = vd.type ? known_input(ctx_.resolve(*vd.type)) : TypeRef{};
    v_.enter_variable_definition(vd, ti);
    if (!take_skip()) {
      const ast::Type* t = vd.type;
      while (t && t->kind != ast::TypeKind::kNamed) t = t->inner;
      if (t) {
        v_.enter_named_type(t->name, ti);
        take_skip();
      }
      if (vd.default_value) value(*vd.default_value, ti);
      directives(vd.directives, ti, DirectiveLocation::kVariableDefinition);
    }
    v_.leave_variable_definition(vd, ti);
  }

  void selection_set(const ast::SelectionSet& set, TypeInfo ti) {
    ti.parent_type =
        ti.type.named != kNone && schema_.is_composite(ti.type.named) ? ti.type.named : kNone;
    v_.enter_selection_set(set, ti);
    if (!take_skip()) {
      for (const ast::Selection* s : set.selections) {
        switch (s->kind) {
          case ast::SelectionKind::kField: field(ast::as<ast::Field>(*s), ti); break;
          case ast::SelectionKind::kFragmentSpread:
            fragment_spread(ast::as<ast::FragmentSpread>(*s), ti);
            break;
          case ast::SelectionKind::kInlineFragment:
            inline_fragment(ast::as<ast::InlineFragment>(*s), ti);
            break;
        }
      }
    }
    v_.leave_selection_set(set, ti);
  }

  void field(const ast::Field& f, TypeInfo ti) {
    ti.field =
        ti.parent_type != kNone ? schema_.field_named(ti.parent_type, f.name.value) : nullptr;
    ti.type = ti.field ? known_output(ti.field->type) : TypeRef{};
    v_.enter_field(f, ti);
    if (!take_skip()) {
      for (const ast::Argument* a : f.arguments) argument(*a, ti);
      directives(f.directives, ti, DirectiveLocation::kField);
      if (f.selection_set) selection_set(*f.selection_set, ti);
    }
    v_.leave_field(f, ti);
  }

  void inline_fragment(const ast::InlineFragment& f, TypeInfo ti) {
    if (!f.type_condition.empty()) {
      ti.type = known_output(TypeRef{ctx_.find_type(f.type_condition.value)});
    } else {
      ti.type = known_output(TypeRef{ti.type.named});
    }
    v_.enter_inline_fragment(f, ti);
    if (!take_skip()) {
      if (!f.type_condition.empty()) {
        v_.enter_named_type(f.type_condition, ti);
        take_skip();
      }
      directives(f.directives, ti, DirectiveLocation::kInlineFragment);
      if (f.selection_set) selection_set(*f.selection_set, ti);
    }
    v_.leave_inline_fragment(f, ti);
  }

  void fragment_spread(const ast::FragmentSpread& s, const TypeInfo& ti) {
    v_.enter_fragment_spread(s, ti);
    if (!take_skip()) directives(s.directives, ti, DirectiveLocation::kFragmentSpread);
    v_.leave_fragment_spread(s, ti);
  }

  void directives(ast::List<ast::Directive> list, const TypeInfo& ti, DirectiveLocation where) {
    for (const ast::Directive* d : list) directive(*d, ti, where);
  }

  void directive(const ast::Directive& d, TypeInfo ti, DirectiveLocation where) {
    ti.directive = ctx_.directive(d.name.value);
    ti.directive_location = where;
    v_.enter_directive(d, ti);
    if (!take_skip()) {
      for (const ast::Argument* a : d.arguments) argument(*a, ti);
    }
    v_.leave_directive(d, ti);
  }

  void argument(const ast::Argument& a, TypeInfo ti) {
    // As graphql-js: the arguments of the directive, else of the field (an
    // unknown directive falls back to the enclosing field's arguments).
    std::span<const schema::InputValue> defs;
    if (ti.directive) {
      defs = ti.directive->arguments;
    } else if (ti.field) {
      defs = ti.field->arguments;
    }
    ti.argument = nullptr;
    for (const schema::InputValue& def : defs) {
      if (def.name == a.name.value) {
        ti.argument = &def;
        break;
      }
    }
    ti.default_value = ti.argument ? ti.argument->default_value : nullptr;
    ti.parent_input_type = ti.input_type;
    ti.input_type = ti.argument ? known_input(ti.argument->type) : TypeRef{};
    v_.enter_argument(a, ti);
    if (!take_skip() && a.value) value(*a.value, ti);
    v_.leave_argument(a, ti);
  }

  void value(const ast::Value& v, const TypeInfo& outer) {
    if (v.kind == ast::ValueKind::kList) {
      TypeInfo ti = outer;
      TypeRef list_type = outer.input_type.nullable();
      TypeRef item = list_type.is_list() ? list_type.item() : list_type;
      ti.default_value = nullptr;  // list positions never have a default
      ti.parent_input_type = outer.input_type;
      ti.input_type = known_input(item);
      v_.enter_value(v, ti);
      if (!take_skip()) {
        for (const ast::Value* item_value : v.list) value(*item_value, ti);
      }
      v_.leave_value(v, ti);
      return;
    }
    v_.enter_value(v, outer);
    if (!take_skip() && v.kind == ast::ValueKind::kObject) {
      for (const ast::ObjectField* f : v.fields) object_field(*f, outer);
    }
    v_.leave_value(v, outer);
  }

  void object_field(const ast::ObjectField& f, TypeInfo ti) {
    const schema::InputValue* def = nullptr;
    schema::TypeId object_type = ti.input_type.named;
    if (object_type != kNone && schema_.type(object_type).kind == schema::TypeKind::kInputObject) {
      for (const schema::InputValue& field : schema_.type(object_type).input_fields) {
        if (field.name == f.name.value) {
          def = &field;
          break;
        }
      }
    }
    ti.default_value = def ? def->default_value : nullptr;
    ti.parent_input_type = ti.input_type;
    ti.input_type = def ? known_input(def->type) : TypeRef{};
    v_.enter_object_field(f, ti);
    if (!take_skip() && f.value) value(*f.value, ti);
    v_.leave_object_field(f, ti);
  }

  const ValidationContext& ctx_;
  const schema::Schema& schema_;
  V& v_;
};

}  // namespace gqleval::validate
