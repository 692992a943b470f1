#include "engine/validate/context.h"

#include <utility>

namespace gqleval::validate {

using schema::DirectiveLocation;
using schema::kNone;
using schema::TypeRef;

// The recursion behind ValidationContext::walk(); one TypeInfo value per level
// stands in for graphql-js's TypeInfo stacks.
class Walker {
 public:
  Walker(const ValidationContext& ctx, Visitor& visitor)
      : ctx_(ctx), schema_(ctx.schema), v_(visitor) {}

  // Added by validate-values: directives outside operations and fragments.
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
    bool skip = v_.skip_;
    v_.skip_ = false;
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
  Visitor& v_;
};

namespace {

// Collects graphql-js VariableUsages under one definition.
class UsageCollector : public Visitor {
 public:
  explicit UsageCollector(std::vector<VariableUsage>& out) : out_(out) {}
  void enter_variable_definition(const ast::VariableDefinition&, const TypeInfo&) override {
    skip_children();
  }
  void enter_value(const ast::Value& v, const TypeInfo& ti) override {
    if (v.kind != ast::ValueKind::kVariable) return;
    out_.push_back(
        {&v, ti.input_type, ti.default_value != nullptr, ti.default_value, ti.parent_input_type});
  }

 private:
  std::vector<VariableUsage>& out_;
};

}  // namespace

ValidationContext::ValidationContext(const schema::Schema& s, const ast::Document& doc,
                                     const ValidateOptions& opts)
    : schema(s), document(doc), options(opts) {
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      operations.push_back(&ast::as<ast::OperationDefinition>(*d));
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      fragments.push_back(&ast::as<ast::FragmentDefinition>(*d));
    }
  }
}

const ast::FragmentDefinition* ValidationContext::fragment(std::string_view name) const {
  for (auto it = fragments.rbegin(); it != fragments.rend(); ++it) {
    if ((*it)->name.value == name) return *it;
  }
  return nullptr;
}

namespace {

// The built-in scalars that graphql-js's type map holds only when referenced.
constexpr std::string_view kOptionalScalars[] = {"Int", "Float", "ID"};

void mark_referenced(const schema::Schema& s, schema::TypeRef t, int& bits) {
  if (t.named == kNone) return;
  std::string_view name = s.type(t.named).name;
  for (int i = 0; i < 3; ++i) {
    if (name == kOptionalScalars[i]) bits |= 1 << i;
  }
}

}  // namespace

schema::TypeId ValidationContext::find_type(std::string_view name) const {
  schema::TypeId id = schema.find_type(name);
  if (id == kNone || !schema.type(id).built_in) return id;
  int bit = -1;
  for (int i = 0; i < 3; ++i) {
    if (name == kOptionalScalars[i]) bit = i;
  }
  if (bit < 0) return id;
  if (referenced_scalars_ < 0) {
    int bits = 0;
    for (size_t f = 0; f < schema.field_count(); ++f) {
      const schema::FieldDef& fd = schema.field(static_cast<schema::FieldId>(f));
      mark_referenced(schema, fd.type, bits);
      for (const schema::InputValue& a : fd.arguments) mark_referenced(schema, a.type, bits);
    }
    for (size_t t = 0; t < schema.type_count(); ++t) {
      for (const schema::InputValue& a : schema.type(static_cast<schema::TypeId>(t)).input_fields) {
        mark_referenced(schema, a.type, bits);
      }
    }
    for (const schema::DirectiveDef& d : schema.directives()) {
      if (!d.declared) continue;
      for (const schema::InputValue& a : d.arguments) mark_referenced(schema, a.type, bits);
    }
    referenced_scalars_ = bits;
  }
  return (referenced_scalars_ >> bit) & 1 ? id : kNone;
}

schema::TypeRef ValidationContext::resolve(const ast::Type& type) const {
  schema::TypeRef ref = schema.resolve(type);
  if (ref.named == kNone) return ref;
  const ast::Type* t = &type;
  while (t->kind != ast::TypeKind::kNamed) t = t->inner;
  if (find_type(t->name.value) == kNone) ref.named = kNone;
  return ref;
}

const schema::DirectiveDef* ValidationContext::directive(std::string_view name) const {
  const schema::DirectiveDef* d = schema.directive_named(name);
  return d && d->declared ? d : nullptr;
}

const std::vector<const ast::FragmentSpread*>& ValidationContext::fragment_spreads(
    const ast::SelectionSet& set) {
  auto [it, inserted] = spreads_cache_.try_emplace(&set);
  if (!inserted) return it->second;
  std::vector<const ast::FragmentSpread*>& spreads = it->second;
  std::vector<const ast::SelectionSet*> to_visit{&set};
  while (!to_visit.empty()) {
    const ast::SelectionSet* s = to_visit.back();
    to_visit.pop_back();
    for (const ast::Selection* sel : s->selections) {
      if (sel->kind == ast::SelectionKind::kFragmentSpread) {
        spreads.push_back(&ast::as<ast::FragmentSpread>(*sel));
      } else if (sel->kind == ast::SelectionKind::kField) {
        const auto& f = ast::as<ast::Field>(*sel);
        if (f.selection_set) to_visit.push_back(f.selection_set);
      } else {
        const auto& f = ast::as<ast::InlineFragment>(*sel);
        if (f.selection_set) to_visit.push_back(f.selection_set);
      }
    }
  }
  return spreads;
}

const std::vector<const ast::FragmentDefinition*>&
ValidationContext::recursively_referenced_fragments(const ast::OperationDefinition& operation) {
  auto found = referenced_cache_.find(&operation);
  if (found != referenced_cache_.end()) return found->second;
  std::vector<const ast::FragmentDefinition*> result;
  std::vector<std::string_view> collected;
  std::vector<const ast::SelectionSet*> to_visit;
  if (operation.selection_set) to_visit.push_back(operation.selection_set);
  while (!to_visit.empty()) {
    const ast::SelectionSet* set = to_visit.back();
    to_visit.pop_back();
    for (const ast::FragmentSpread* spread : fragment_spreads(*set)) {
      std::string_view name = spread->name.value;
      bool seen = false;
      for (std::string_view c : collected) seen = seen || c == name;
      if (seen) continue;
      collected.push_back(name);
      if (const ast::FragmentDefinition* frag = fragment(name)) {
        result.push_back(frag);
        if (frag->selection_set) to_visit.push_back(frag->selection_set);
      }
    }
  }
  return referenced_cache_.emplace(&operation, std::move(result)).first->second;
}

const std::vector<VariableUsage>& ValidationContext::variable_usages(
    const ast::Definition& definition) {
  auto found = usages_cache_.find(&definition);
  if (found != usages_cache_.end()) return found->second;
  std::vector<VariableUsage> usages;
  UsageCollector collector(usages);
  walk(definition, collector);
  return usages_cache_.emplace(&definition, std::move(usages)).first->second;
}

std::vector<VariableUsage> ValidationContext::recursive_variable_usages(
    const ast::OperationDefinition& operation) {
  std::vector<VariableUsage> usages = variable_usages(operation);
  for (const ast::FragmentDefinition* frag : recursively_referenced_fragments(operation)) {
    const std::vector<VariableUsage>& more = variable_usages(*frag);
    usages.insert(usages.end(), more.begin(), more.end());
  }
  return usages;
}

// ---------------------------------------------------------------- the recorded walk

struct ValidationContext::Tape {
  enum class Kind : uint8_t {
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
  struct Event {
    Kind kind;
    bool leave;
    uint32_t end;  // enter events: the index of the matching leave event
    const void* node;
    TypeInfo ti;
  };
  struct Range {
    const ast::Definition* definition;
    uint32_t begin, end;
  };
  std::vector<Event> events;
  std::vector<Range> ranges;  // one per operation or fragment definition, in document order
};

// Records every hook of one live walk as an event.
class Recorder : public Visitor {
 public:
  using Tape = ValidationContext::Tape;
  explicit Recorder(Tape& tape) : tape_(tape) {}

  void enter_operation(const ast::OperationDefinition& n, const TypeInfo& ti) override {
    open(Tape::Kind::kOperation, &n, ti);
  }
  void leave_operation(const ast::OperationDefinition& n, const TypeInfo& ti) override {
    close(Tape::Kind::kOperation, &n, ti);
  }
  void enter_fragment_definition(const ast::FragmentDefinition& n, const TypeInfo& ti) override {
    open(Tape::Kind::kFragmentDefinition, &n, ti);
  }
  void leave_fragment_definition(const ast::FragmentDefinition& n, const TypeInfo& ti) override {
    close(Tape::Kind::kFragmentDefinition, &n, ti);
  }
  void enter_variable_definition(const ast::VariableDefinition& n, const TypeInfo& ti) override {
    open(Tape::Kind::kVariableDefinition, &n, ti);
  }
  void leave_variable_definition(const ast::VariableDefinition& n, const TypeInfo& ti) override {
    close(Tape::Kind::kVariableDefinition, &n, ti);
  }
  void enter_named_type(const ast::Name& n, const TypeInfo& ti) override {
    uint32_t index = static_cast<uint32_t>(tape_.events.size());
    tape_.events.push_back({Tape::Kind::kNamedType, false, index + 1, &n, ti});
  }
  void enter_selection_set(const ast::SelectionSet& n, const TypeInfo& ti) override {
    open(Tape::Kind::kSelectionSet, &n, ti);
  }
  void leave_selection_set(const ast::SelectionSet& n, const TypeInfo& ti) override {
    close(Tape::Kind::kSelectionSet, &n, ti);
  }
  void enter_field(const ast::Field& n, const TypeInfo& ti) override {
    open(Tape::Kind::kField, &n, ti);
  }
  void leave_field(const ast::Field& n, const TypeInfo& ti) override {
    close(Tape::Kind::kField, &n, ti);
  }
  void enter_inline_fragment(const ast::InlineFragment& n, const TypeInfo& ti) override {
    open(Tape::Kind::kInlineFragment, &n, ti);
  }
  void leave_inline_fragment(const ast::InlineFragment& n, const TypeInfo& ti) override {
    close(Tape::Kind::kInlineFragment, &n, ti);
  }
  void enter_fragment_spread(const ast::FragmentSpread& n, const TypeInfo& ti) override {
    open(Tape::Kind::kFragmentSpread, &n, ti);
  }
  void leave_fragment_spread(const ast::FragmentSpread& n, const TypeInfo& ti) override {
    close(Tape::Kind::kFragmentSpread, &n, ti);
  }
  void enter_directive(const ast::Directive& n, const TypeInfo& ti) override {
    open(Tape::Kind::kDirective, &n, ti);
  }
  void leave_directive(const ast::Directive& n, const TypeInfo& ti) override {
    close(Tape::Kind::kDirective, &n, ti);
  }
  void enter_argument(const ast::Argument& n, const TypeInfo& ti) override {
    open(Tape::Kind::kArgument, &n, ti);
  }
  void leave_argument(const ast::Argument& n, const TypeInfo& ti) override {
    close(Tape::Kind::kArgument, &n, ti);
  }
  void enter_value(const ast::Value& n, const TypeInfo& ti) override {
    open(Tape::Kind::kValue, &n, ti);
  }
  void leave_value(const ast::Value& n, const TypeInfo& ti) override {
    close(Tape::Kind::kValue, &n, ti);
  }
  void enter_object_field(const ast::ObjectField& n, const TypeInfo& ti) override {
    open(Tape::Kind::kObjectField, &n, ti);
  }
  void leave_object_field(const ast::ObjectField& n, const TypeInfo& ti) override {
    close(Tape::Kind::kObjectField, &n, ti);
  }

 private:
  void open(Tape::Kind kind, const void* node, const TypeInfo& ti) {
    open_.push_back(static_cast<uint32_t>(tape_.events.size()));
    tape_.events.push_back({kind, false, 0, node, ti});
  }
  void close(Tape::Kind kind, const void* node, const TypeInfo& ti) {
    tape_.events[open_.back()].end = static_cast<uint32_t>(tape_.events.size());
    open_.pop_back();
    tape_.events.push_back({kind, true, 0, node, ti});
  }

  Tape& tape_;
  std::vector<uint32_t> open_;
};

ValidationContext::~ValidationContext() = default;

const ValidationContext::Tape& ValidationContext::tape() const {
  if (tape_) return *tape_;
  tape_ = std::make_unique<Tape>();
  Recorder recorder(*tape_);
  Walker walker(*this, recorder);
  for (const ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation && d->kind != ast::DefinitionKind::kFragment) {
      continue;
    }
    uint32_t begin = static_cast<uint32_t>(tape_->events.size());
    walker.definition(*d);
    tape_->ranges.push_back({d, begin, static_cast<uint32_t>(tape_->events.size())});
  }
  return *tape_;
}

namespace {

template <class Node>
const Node& at(const ValidationContext::Tape::Event& e) {
  return *static_cast<const Node*>(e.node);
}

}  // namespace

void ValidationContext::replay(const Tape& tape, uint32_t begin, uint32_t end, Visitor& v) const {
  using K = Tape::Kind;
  for (uint32_t i = begin; i < end; ++i) {
    const Tape::Event& e = tape.events[i];
    const TypeInfo& ti = e.ti;
    if (e.leave) {
      switch (e.kind) {
        case K::kOperation: v.leave_operation(at<ast::OperationDefinition>(e), ti); break;
        case K::kFragmentDefinition:
          v.leave_fragment_definition(at<ast::FragmentDefinition>(e), ti);
          break;
        case K::kVariableDefinition:
          v.leave_variable_definition(at<ast::VariableDefinition>(e), ti);
          break;
        case K::kNamedType: break;
        case K::kSelectionSet: v.leave_selection_set(at<ast::SelectionSet>(e), ti); break;
        case K::kField: v.leave_field(at<ast::Field>(e), ti); break;
        case K::kInlineFragment: v.leave_inline_fragment(at<ast::InlineFragment>(e), ti); break;
        case K::kFragmentSpread: v.leave_fragment_spread(at<ast::FragmentSpread>(e), ti); break;
        case K::kDirective: v.leave_directive(at<ast::Directive>(e), ti); break;
        case K::kArgument: v.leave_argument(at<ast::Argument>(e), ti); break;
        case K::kValue: v.leave_value(at<ast::Value>(e), ti); break;
        case K::kObjectField: v.leave_object_field(at<ast::ObjectField>(e), ti); break;
      }
      continue;
    }
    switch (e.kind) {
      case K::kOperation: v.enter_operation(at<ast::OperationDefinition>(e), ti); break;
      case K::kFragmentDefinition:
        v.enter_fragment_definition(at<ast::FragmentDefinition>(e), ti);
        break;
      case K::kVariableDefinition:
        v.enter_variable_definition(at<ast::VariableDefinition>(e), ti);
        break;
      case K::kNamedType: v.enter_named_type(at<ast::Name>(e), ti); break;
      case K::kSelectionSet: v.enter_selection_set(at<ast::SelectionSet>(e), ti); break;
      case K::kField: v.enter_field(at<ast::Field>(e), ti); break;
      case K::kInlineFragment: v.enter_inline_fragment(at<ast::InlineFragment>(e), ti); break;
      case K::kFragmentSpread: v.enter_fragment_spread(at<ast::FragmentSpread>(e), ti); break;
      case K::kDirective: v.enter_directive(at<ast::Directive>(e), ti); break;
      case K::kArgument: v.enter_argument(at<ast::Argument>(e), ti); break;
      case K::kValue: v.enter_value(at<ast::Value>(e), ti); break;
      case K::kObjectField: v.enter_object_field(at<ast::ObjectField>(e), ti); break;
    }
    if (v.skip_) {
      v.skip_ = false;
      // Jump to the matching leave event, which still runs (named types have none).
      if (e.kind != K::kNamedType) i = e.end - 1;
    }
  }
}

void ValidationContext::walk(Visitor& visitor) const {
  const Tape& t = tape();
  replay(t, 0, static_cast<uint32_t>(t.events.size()), visitor);
}

void ValidationContext::walk(const ast::Definition& definition, Visitor& visitor) const {
  const Tape& t = tape();
  for (const Tape::Range& r : t.ranges) {
    if (r.definition == &definition) {
      replay(t, r.begin, r.end, visitor);
      return;
    }
  }
  // Not a definition of this document: walk it live.
  Walker walker(*this, visitor);
  walker.definition(definition);
}

// Added by validate-values.
void ValidationContext::walk_directives(ast::List<ast::Directive> directives,
                                        schema::DirectiveLocation where, Visitor& visitor) const {
  Walker walker(*this, visitor);
  walker.directive_list(directives, where);
}

void ValidationContext::report(Diagnostic d) {
  if (aborted) return;
  if (d.rule.empty()) d.rule = std::string(rule_name);
  if (report_as_warning) d.severity = Severity::kWarning;
  if (d.severity == Severity::kError) {
    if (error_count >= options.max_errors) {
      Diagnostic too_many;
      too_many.rule = "Validation";
      too_many.message = std::string(kTooManyErrorsMessage);
      diagnostics.push_back(std::move(too_many));
      aborted = true;
      return;
    }
    ++error_count;
  }
  diagnostics.push_back(std::move(d));
}

void ValidationContext::report(std::string message, std::vector<SourcePos> locations) {
  Diagnostic d;
  d.message = std::move(message);
  d.locations = std::move(locations);
  report(std::move(d));
}

void ValidationContext::report(std::string message, std::initializer_list<SourcePos> locations) {
  report(std::move(message), std::vector<SourcePos>(locations));
}

}  // namespace gqleval::validate
