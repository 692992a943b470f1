#include "engine/validate/context.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace gqleval::validate {

using schema::DirectiveLocation;
using schema::kNone;
using schema::TypeRef;

// The recursion behind ValidationContext::walk(); one TypeInfo value per level
// stands in for graphql-js's TypeInfo stacks. V is the visitor's static type:
// the Recorder (final, so its hooks are called directly) or Visitor.
template <class V>
class Walker {
 public:
  Walker(const ValidationContext& ctx, V& visitor) : ctx_(ctx), schema_(ctx.schema), v_(visitor) {}

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

// ---------------------------------------------------------------- the workspace

struct ValidationWorkspace::Buffers {
  // Results of a helper, one slot per key. A slot's vector keeps its capacity
  // from one document to the next, and is not touched again once filled in a
  // document, so spans into it stay valid while the slot list grows.
  template <class Key, class T>
  struct Cache {
    std::vector<const Key*> keys;
    std::vector<std::vector<T>> slots;  // slots.size() >= keys.size()

    const std::vector<T>* find(const Key* key) const {
      for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] == key) return &slots[i];
      }
      return nullptr;
    }
    // A new, empty slot for key. The reference lasts until the next add().
    std::vector<T>& add(const Key* key) {
      keys.push_back(key);
      if (slots.size() < keys.size()) slots.emplace_back();
      std::vector<T>& slot = slots[keys.size() - 1];
      slot.clear();
      return slot;
    }
  };

  // The recorded walk: per event its node and TypeInfo, and per hook code
  // (2 * WalkNode + leave) the list of its events. A leave event shares its
  // enter event's TypeInfo (the walk shows both the same state).
  struct Event {
    const void* node;
    uint32_t end;   // enter events: the index of the matching leave event
    uint32_t info;  // index in infos
  };
  struct Range {
    const ast::Definition* definition;
    uint32_t begin, end;
  };

  void clear() {
    operations.clear();
    fragments.clear();
    recorded = false;
    unknown_field = false;
    events.clear();
    infos.clear();
    ranges.clear();
    open.clear();
    for (; present != 0; present &= present - 1) by_code[std::countr_zero(present)].clear();
    spreads.keys.clear();
    referenced.keys.clear();
    usages.keys.clear();
  }

  std::vector<const ast::OperationDefinition*> operations;
  std::vector<const ast::FragmentDefinition*> fragments;

  bool recorded = false;
  std::vector<Event> events;
  std::vector<TypeInfo> infos;
  std::vector<Range> ranges;   // one per operation or fragment definition, in document order
  std::vector<uint32_t> open;  // the recorder's stack of open enter events
  uint32_t present = 0;        // the hook bits of the recorded events
  bool unknown_field = false;  // a field its (known, composite) parent type lacks
  // Per hook code, the indices of its events in order: a replay visits only
  // the events of the hooks it calls.
  std::vector<uint32_t> by_code[24];

  Cache<ast::SelectionSet, const ast::FragmentSpread*> spreads;
  Cache<ast::OperationDefinition, const ast::FragmentDefinition*> referenced;
  Cache<ast::Definition, VariableUsage> usages;
  std::vector<const ast::SelectionSet*> spread_stack;  // fragment_spreads()
  std::vector<std::string_view> collected;             // recursively_referenced_fragments()
  std::vector<VariableUsage> recursive;                // recursive_variable_usages()
};

ValidationWorkspace::ValidationWorkspace() = default;
ValidationWorkspace::~ValidationWorkspace() = default;

ValidationContext::ValidationContext(const schema::Schema& s, const ast::Document& doc,
                                     const ValidateOptions& opts)
    : schema(s), document(doc), options(opts) {
  own_ = std::make_unique<Buffers>();
  b_ = own_.get();
  start();
}

ValidationContext::ValidationContext(const schema::Schema& s, const ast::Document& doc,
                                     const ValidateOptions& opts, ValidationWorkspace& workspace)
    : schema(s), document(doc), options(opts) {
  if (workspace.in_use_) {
    own_ = std::make_unique<Buffers>();
    b_ = own_.get();
  } else {
    if (!workspace.buffers_) workspace.buffers_ = std::make_unique<Buffers>();
    workspace.in_use_ = true;
    workspace_ = &workspace;
    b_ = workspace.buffers_.get();
  }
  start();
}

ValidationContext::~ValidationContext() {
  if (workspace_ != nullptr) workspace_->in_use_ = false;
}

void ValidationContext::start() {
  b_->clear();
  for (const ast::Definition* d : document.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      b_->operations.push_back(&ast::as<ast::OperationDefinition>(*d));
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      b_->fragments.push_back(&ast::as<ast::FragmentDefinition>(*d));
    }
  }
  operations = b_->operations;
  fragments = b_->fragments;
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

std::span<const ast::FragmentSpread* const> ValidationContext::fragment_spreads(
    const ast::SelectionSet& set) {
  if (const auto* found = b_->spreads.find(&set)) return *found;
  std::vector<const ast::FragmentSpread*>& spreads = b_->spreads.add(&set);
  std::vector<const ast::SelectionSet*>& to_visit = b_->spread_stack;
  to_visit.clear();
  to_visit.push_back(&set);
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

std::span<const ast::FragmentDefinition* const> ValidationContext::recursively_referenced_fragments(
    const ast::OperationDefinition& operation) {
  if (const auto* found = b_->referenced.find(&operation)) return *found;
  // fragment_spreads() below adds to another cache, so this slot stays put.
  std::vector<const ast::FragmentDefinition*>& result = b_->referenced.add(&operation);
  if (b_->fragments.empty()) return result;  // no spread can name a known fragment
  // graphql-js 16.15 order (breadth first): the names spread in the operation,
  // then, for each name in that growing list, the names its fragment spreads.
  std::vector<std::string_view>& collected = b_->collected;
  collected.clear();
  auto collect = [&](const ast::SelectionSet& set) {
    for (const ast::FragmentSpread* spread : fragment_spreads(set)) {
      std::string_view name = spread->name.value;
      bool seen = false;
      for (std::string_view c : collected) seen = seen || c == name;
      if (!seen) collected.push_back(name);
    }
  };
  if (operation.selection_set) collect(*operation.selection_set);
  for (size_t i = 0; i < collected.size(); ++i) {
    if (const ast::FragmentDefinition* frag = fragment(collected[i])) {
      result.push_back(frag);
      if (frag->selection_set) collect(*frag->selection_set);
    }
  }
  return result;
}

std::span<const VariableUsage> ValidationContext::variable_usages(
    const ast::Definition& definition) {
  if (const auto* found = b_->usages.find(&definition)) return *found;
  // The walk below touches only the recorded walk, not this cache.
  std::vector<VariableUsage>& usages = b_->usages.add(&definition);
  UsageCollector collector(usages);
  walk(definition, collector);
  return usages;
}

std::span<const VariableUsage> ValidationContext::recursive_variable_usages(
    const ast::OperationDefinition& operation) {
  const std::span<const VariableUsage> own = variable_usages(operation);
  const std::span<const ast::FragmentDefinition* const> referenced =
      recursively_referenced_fragments(operation);
  if (referenced.empty()) return own;
  std::vector<VariableUsage>& usages = b_->recursive;
  usages.assign(own.begin(), own.end());
  for (const ast::FragmentDefinition* frag : referenced) {
    const std::span<const VariableUsage> more = variable_usages(*frag);
    usages.insert(usages.end(), more.begin(), more.end());
  }
  return usages;
}

// ---------------------------------------------------------------- the recorded walk

// Records every hook of one live walk as an event.
class Recorder final : public Visitor {
 public:
  using Buffers = ValidationWorkspace::Buffers;
  using N = WalkNode;
  explicit Recorder(Buffers& b) : b_(b) {}

  void enter_operation(const ast::OperationDefinition& n, const TypeInfo& ti) override {
    open(N::kOperation, &n, ti);
  }
  void leave_operation(const ast::OperationDefinition&, const TypeInfo&) override {
    close(N::kOperation);
  }
  void enter_fragment_definition(const ast::FragmentDefinition& n, const TypeInfo& ti) override {
    open(N::kFragmentDefinition, &n, ti);
  }
  void leave_fragment_definition(const ast::FragmentDefinition&, const TypeInfo&) override {
    close(N::kFragmentDefinition);
  }
  void enter_variable_definition(const ast::VariableDefinition& n, const TypeInfo& ti) override {
    open(N::kVariableDefinition, &n, ti);
  }
  void leave_variable_definition(const ast::VariableDefinition&, const TypeInfo&) override {
    close(N::kVariableDefinition);
  }
  void enter_named_type(const ast::Name& n, const TypeInfo& ti) override {
    const auto index = static_cast<uint32_t>(b_.events.size());
    add(hook_code(N::kNamedType, false), &n, index + 1, ti);
  }
  void enter_selection_set(const ast::SelectionSet& n, const TypeInfo& ti) override {
    open(N::kSelectionSet, &n, ti);
  }
  void leave_selection_set(const ast::SelectionSet&, const TypeInfo&) override {
    close(N::kSelectionSet);
  }
  void enter_field(const ast::Field& n, const TypeInfo& ti) override {
    b_.unknown_field |= ti.parent_type != kNone && ti.field == nullptr;
    open(N::kField, &n, ti);
  }
  void leave_field(const ast::Field&, const TypeInfo&) override { close(N::kField); }
  void enter_inline_fragment(const ast::InlineFragment& n, const TypeInfo& ti) override {
    open(N::kInlineFragment, &n, ti);
  }
  void leave_inline_fragment(const ast::InlineFragment&, const TypeInfo&) override {
    close(N::kInlineFragment);
  }
  void enter_fragment_spread(const ast::FragmentSpread& n, const TypeInfo& ti) override {
    open(N::kFragmentSpread, &n, ti);
  }
  void leave_fragment_spread(const ast::FragmentSpread&, const TypeInfo&) override {
    close(N::kFragmentSpread);
  }
  void enter_directive(const ast::Directive& n, const TypeInfo& ti) override {
    open(N::kDirective, &n, ti);
  }
  void leave_directive(const ast::Directive&, const TypeInfo&) override { close(N::kDirective); }
  void enter_argument(const ast::Argument& n, const TypeInfo& ti) override {
    open(N::kArgument, &n, ti);
  }
  void leave_argument(const ast::Argument&, const TypeInfo&) override { close(N::kArgument); }
  void enter_value(const ast::Value& n, const TypeInfo& ti) override { open(N::kValue, &n, ti); }
  void leave_value(const ast::Value&, const TypeInfo&) override { close(N::kValue); }
  void enter_object_field(const ast::ObjectField& n, const TypeInfo& ti) override {
    open(N::kObjectField, &n, ti);
  }
  void leave_object_field(const ast::ObjectField&, const TypeInfo&) override {
    close(N::kObjectField);
  }

  static uint8_t hook_code(N node, bool leave) {
    return static_cast<uint8_t>(2 * static_cast<uint32_t>(node) + (leave ? 1 : 0));
  }

 private:
  void add(uint8_t code, const void* node, uint32_t end, const TypeInfo& ti) {
    b_.by_code[code].push_back(static_cast<uint32_t>(b_.events.size()));
    b_.events.push_back({node, end, static_cast<uint32_t>(b_.infos.size())});
    b_.infos.push_back(ti);
    b_.present |= uint32_t{1} << code;
  }
  void open(N node, const void* n, const TypeInfo& ti) {
    b_.open.push_back(static_cast<uint32_t>(b_.events.size()));
    add(hook_code(node, false), n, 0, ti);
  }
  // The leave hook sees the TypeInfo its enter hook saw (Walker passes the same
  // value to both), so the leave event shares it.
  void close(N node) {
    const uint32_t enter = b_.open.back();
    b_.open.pop_back();
    const auto index = static_cast<uint32_t>(b_.events.size());
    b_.events[enter].end = index;
    const uint8_t code = hook_code(node, true);
    b_.by_code[code].push_back(index);
    b_.events.push_back({b_.events[enter].node, 0, b_.events[enter].info});
    b_.present |= uint32_t{1} << code;
  }

  Buffers& b_;
};

const ValidationContext::Buffers& ValidationContext::tape() const {
  Buffers& b = *b_;
  if (b.recorded) return b;
  b.recorded = true;
  Recorder recorder(b);
  Walker<Recorder> walker(*this, recorder);
  for (const ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation && d->kind != ast::DefinitionKind::kFragment) {
      continue;
    }
    const auto begin = static_cast<uint32_t>(b.events.size());
    walker.definition(*d);
    b.ranges.push_back({d, begin, static_cast<uint32_t>(b.events.size())});
  }
  return b;
}

namespace {

template <class Node>
const Node& at(const ValidationWorkspace::Buffers::Event& e) {
  return *static_cast<const Node*>(e.node);
}

constexpr uint32_t code(WalkNode node, bool leave) {
  return 2 * static_cast<uint32_t>(node) + (leave ? 1 : 0);
}

// Calls the hook of event i.
void dispatch(const ValidationWorkspace::Buffers& t, uint32_t c, uint32_t i, Visitor& v) {
  using N = WalkNode;
  const ValidationWorkspace::Buffers::Event& e = t.events[i];
  const TypeInfo& ti = t.infos[e.info];
  switch (c) {
    case code(N::kOperation, false): v.enter_operation(at<ast::OperationDefinition>(e), ti); break;
    case code(N::kOperation, true): v.leave_operation(at<ast::OperationDefinition>(e), ti); break;
    case code(N::kFragmentDefinition, false):
      v.enter_fragment_definition(at<ast::FragmentDefinition>(e), ti);
      break;
    case code(N::kFragmentDefinition, true):
      v.leave_fragment_definition(at<ast::FragmentDefinition>(e), ti);
      break;
    case code(N::kVariableDefinition, false):
      v.enter_variable_definition(at<ast::VariableDefinition>(e), ti);
      break;
    case code(N::kVariableDefinition, true):
      v.leave_variable_definition(at<ast::VariableDefinition>(e), ti);
      break;
    case code(N::kNamedType, false): v.enter_named_type(at<ast::Name>(e), ti); break;
    case code(N::kSelectionSet, false): v.enter_selection_set(at<ast::SelectionSet>(e), ti); break;
    case code(N::kSelectionSet, true): v.leave_selection_set(at<ast::SelectionSet>(e), ti); break;
    case code(N::kField, false): v.enter_field(at<ast::Field>(e), ti); break;
    case code(N::kField, true): v.leave_field(at<ast::Field>(e), ti); break;
    case code(N::kInlineFragment, false):
      v.enter_inline_fragment(at<ast::InlineFragment>(e), ti);
      break;
    case code(N::kInlineFragment, true):
      v.leave_inline_fragment(at<ast::InlineFragment>(e), ti);
      break;
    case code(N::kFragmentSpread, false):
      v.enter_fragment_spread(at<ast::FragmentSpread>(e), ti);
      break;
    case code(N::kFragmentSpread, true):
      v.leave_fragment_spread(at<ast::FragmentSpread>(e), ti);
      break;
    case code(N::kDirective, false): v.enter_directive(at<ast::Directive>(e), ti); break;
    case code(N::kDirective, true): v.leave_directive(at<ast::Directive>(e), ti); break;
    case code(N::kArgument, false): v.enter_argument(at<ast::Argument>(e), ti); break;
    case code(N::kArgument, true): v.leave_argument(at<ast::Argument>(e), ti); break;
    case code(N::kValue, false): v.enter_value(at<ast::Value>(e), ti); break;
    case code(N::kValue, true): v.leave_value(at<ast::Value>(e), ti); break;
    case code(N::kObjectField, false): v.enter_object_field(at<ast::ObjectField>(e), ti); break;
    case code(N::kObjectField, true): v.leave_object_field(at<ast::ObjectField>(e), ti); break;
    default: break;
  }
}

// One hook code's events within a replay's range.
struct Cursor {
  const uint32_t* at;
  const uint32_t* end;
  uint32_t code;
};

}  // namespace

// Visits, in event order, only the events of the hooks asked for: a merge of
// their per-code index lists (a handful), so the events of other hooks cost
// nothing.
void ValidationContext::replay(uint32_t begin, uint32_t end, Visitor& v, uint32_t hooks) const {
  const Buffers& t = *b_;
  uint32_t wanted = hooks & t.present;
  if (wanted == 0) return;
  Cursor cursors[24];
  size_t n = 0;
  for (; wanted != 0; wanted &= wanted - 1) {
    const auto c = static_cast<uint32_t>(std::countr_zero(wanted));
    const std::vector<uint32_t>& list = t.by_code[c];
    const uint32_t* first = list.data();
    const uint32_t* last = first + list.size();
    if (begin != 0) first = std::lower_bound(first, last, begin);
    if (end != t.events.size()) last = std::lower_bound(first, last, end);
    if (first != last) cursors[n++] = {first, last, c};
  }
  // A skip is looked at after enter hooks only (as the live walk does); it
  // jumps to the leave event, except for named types, which have none.
  auto enter = [](uint32_t c) { return (c & 1u) == 0; };
  auto jumps = [](uint32_t c) { return c != code(WalkNode::kNamedType, false); };
  if (n == 1) {  // the usual visitor: one hook
    const Cursor only = cursors[0];
    for (const uint32_t* p = only.at; p != only.end; ++p) {
      dispatch(t, only.code, *p, v);
      if (enter(only.code) && v.skip_) {
        v.skip_ = false;
        if (jumps(only.code)) {
          const uint32_t resume = t.events[*p].end;  // the enter's leave, not in this list
          while (p + 1 != only.end && p[1] < resume) ++p;
        }
      }
    }
    return;
  }
  while (n != 0) {
    size_t k = 0;
    for (size_t j = 1; j < n; ++j) {
      if (*cursors[j].at < *cursors[k].at) k = j;
    }
    const uint32_t i = *cursors[k].at++;
    const uint32_t c = cursors[k].code;
    dispatch(t, c, i, v);
    if (enter(c) && v.skip_) {
      v.skip_ = false;
      // Jump to the matching leave event, which still runs.
      if (jumps(c)) {
        const uint32_t resume = t.events[i].end;
        for (size_t j = 0; j < n; ++j) {
          while (cursors[j].at != cursors[j].end && *cursors[j].at < resume) ++cursors[j].at;
        }
        for (size_t j = 0; j < n;) {  // drop the cursors that ran out
          if (cursors[j].at == cursors[j].end) {
            cursors[j] = cursors[--n];
          } else {
            ++j;
          }
        }
        continue;
      }
    }
    if (cursors[k].at == cursors[k].end) cursors[k] = cursors[--n];
  }
}

bool ValidationContext::walk_has(WalkNode node) const {
  return (tape().present & hook_bit(node, false)) != 0;
}

size_t ValidationContext::walk_count(WalkNode node) const {
  return tape().by_code[code(node, false)].size();
}

bool ValidationContext::walk_has_unknown_field() const { return tape().unknown_field; }

void ValidationContext::walk_hooks(Visitor& visitor, uint32_t hooks) const {
  const Buffers& t = tape();
  replay(0, static_cast<uint32_t>(t.events.size()), visitor, hooks);
}

void ValidationContext::walk_hooks(const ast::Definition& definition, Visitor& visitor,
                                   uint32_t hooks) const {
  const Buffers& t = tape();
  for (const Buffers::Range& r : t.ranges) {
    if (r.definition == &definition) {
      replay(r.begin, r.end, visitor, hooks);
      return;
    }
  }
  // Not a definition of this document: walk it live.
  Walker<Visitor> walker(*this, visitor);
  walker.definition(definition);
}

// Added by validate-values.
void ValidationContext::walk_directives(ast::List<ast::Directive> directives,
                                        schema::DirectiveLocation where, Visitor& visitor) const {
  Walker<Visitor> walker(*this, visitor);
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
