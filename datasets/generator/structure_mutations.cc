// The labelled mutations beyond drop_leaf and add_leaf (query_rewriter.h):
// argument changes, leaf moves, root swaps and whole subtrees. Each one
// chooses among the places that qualify (mutation_inventory.h) with the seed,
// edits a copy of the document and states the counts by construction.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "datasets/generator/mutation_inventory.h"
#include "engine/graphql/printer.h"

namespace gqleval::rewrite::detail {
namespace {

template <class T>
const T& pick(SeededRandom& random, const std::vector<T>& items) {
  return items[random.below(static_cast<uint32_t>(items.size()))];
}

bool value_has_variable(const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::kVariable: return true;
    case ast::ValueKind::kList:
      for (const ast::Value* item : v.list) {
        if (value_has_variable(*item)) return true;
      }
      return false;
    case ast::ValueKind::kObject:
      for (const ast::ObjectField* f : v.fields) {
        if (value_has_variable(*f->value)) return true;
      }
      return false;
    default: return false;
  }
}

bool set_uses_variable_or_spread(const ast::SelectionSet* set);

bool field_uses_variable_or_spread(const ast::Field& f) {
  for (const ast::Argument* a : f.arguments) {
    if (value_has_variable(*a->value)) return true;
  }
  if (!f.directives.empty()) return true;  // a directive may hold a variable: not touched
  return set_uses_variable_or_spread(f.selection_set);
}

// True when removing the set would leave a fragment or a variable unused.
bool set_uses_variable_or_spread(const ast::SelectionSet* set) {
  if (!set) return false;
  for (const ast::Selection* s : set->selections) {
    if (s->kind == ast::SelectionKind::kFragmentSpread) return true;
    if (s->kind == ast::SelectionKind::kInlineFragment) {
      const auto& f = ast::as<ast::InlineFragment>(*s);
      if (!f.directives.empty() || set_uses_variable_or_spread(f.selection_set)) return true;
    } else if (field_uses_variable_or_spread(ast::as<ast::Field>(*s))) {
      return true;
    }
  }
  return false;
}

// A field whose node (and subtree) may be changed or removed with certain
// counts: reached once, on one concrete type, the only selection that can
// make its node, and at the root certainly another node than every other
// root field.
bool changeable(const Inventory& inventory, const FieldVisit& v) {
  if (v.conditional || v.applies.size() != 1 || v.cycle_risk) return false;
  if (inventory.visits.at(v.field) != 1 || inventory.visits.at(v.container) != 1) return false;
  if (inventory.selections_of(v.applies[0], v.field->name.value, v.root) != 1) return false;
  if (v.at_root && shares_root_node(inventory, *v.field)) return false;
  return true;
}

// After a root field becomes `changed`: certainly another node than every
// other root selection.
bool root_stays_apart(const Inventory& inventory, const FieldVisit& v, const ast::Field& changed) {
  if (!v.at_root) return true;
  for (const FieldVisit& w : inventory.fields) {
    if (!w.at_root || w.field == v.field) continue;
    if (!inventory.rules().separate(w.field, &changed)) return false;
  }
  return true;
}

struct Changed {
  const FieldVisit* visit;
  uint32_t nodes;
};

// The fields whose whole subtree can be changed, with its node count.
std::vector<Changed> changeable_fields(const Inventory& inventory, bool with_arguments) {
  std::vector<Changed> out;
  for (const FieldVisit& v : inventory.fields) {
    if (with_arguments && v.field->arguments.empty()) continue;
    if (!changeable(inventory, v)) continue;
    if (const auto n = inventory.subtree_nodes(v)) out.push_back({&v, *n});
  }
  return out;
}

// The mutated document with its label: the verdict follows from the counts.
Mutated labelled(const ast::Document& edited, uint32_t missing, uint32_t extra,
                 std::string description) {
  Mutated m;
  m.query = graphql::print(edited);
  m.expected = missing && extra ? score::Verdict::kMismatch
               : missing        ? score::Verdict::kUnderfetch
               : extra          ? score::Verdict::kOverfetch
                                : score::Verdict::kEquivalent;
  m.missing = missing;
  m.extra = extra;
  m.description = std::move(description);
  return m;
}

std::string label(const schema::Schema& schema, const FieldVisit& v) {
  return std::string(schema.type(v.applies[0]).name) + "." + std::string(v.field->name.value);
}

ast::Field* copy_field(Arena& arena, const ast::Field& f) {
  auto* out = arena.make<ast::Field>();
  *out = f;
  return out;
}

// ------------------------------------------------------------ argument values

bool changeable_scalar(const schema::Schema& schema, schema::TypeId type, const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::kInt: return type == schema::kIntType || type == schema::kIdType;
    case ast::ValueKind::kString: return type == schema::kStringType || type == schema::kIdType;
    case ast::ValueKind::kBoolean: return type == schema::kBooleanType;
    case ast::ValueKind::kEnum:
      return schema.type(type).kind == schema::TypeKind::kEnum &&
             schema.type(type).enum_values.size() > 1;
    default: return false;
  }
}

// Counts (target < 0) or rebuilds with the target-th changeable scalar
// changed. `index` counts positions in traversal order.
const ast::Value* change_value(const MutationContext& c, schema::TypeRef type, const ast::Value* v,
                               int target, int& index) {
  if (v->kind == ast::ValueKind::kList) {
    const schema::TypeRef item = type.is_list() ? type.item() : type;
    std::vector<ast::Value*> items;
    for (ast::Value* x : v->list) {
      items.push_back(const_cast<ast::Value*>(change_value(c, item, x, target, index)));
    }
    if (target < 0) return v;
    auto* out = c.arena.make<ast::Value>();
    *out = *v;
    out->list = to_list(c.arena, items);
    return out;
  }
  if (v->kind == ast::ValueKind::kObject) {
    if (type.is_list() || type.named == schema::kNone ||
        c.schema.type(type.named).kind != schema::TypeKind::kInputObject) {
      return v;
    }
    std::vector<ast::ObjectField*> fields;
    for (ast::ObjectField* f : v->fields) {
      const schema::InputValue* def = c.schema.input_field_named(type.named, f->name.value);
      if (!def) {
        fields.push_back(f);
        continue;
      }
      auto* copy = c.arena.make<ast::ObjectField>();
      *copy = *f;
      copy->value = const_cast<ast::Value*>(change_value(c, def->type, f->value, target, index));
      fields.push_back(copy);
    }
    if (target < 0) return v;
    auto* out = c.arena.make<ast::Value>();
    *out = *v;
    out->fields = to_list(c.arena, fields);
    return out;
  }
  if (!changeable_scalar(c.schema, type.named, *v)) return v;
  if (index++ != target) return v;
  auto* out = c.arena.make<ast::Value>();
  *out = *v;
  switch (v->kind) {
    case ast::ValueKind::kInt: {
      long long x = 0;
      if (!int_value(v->text, &x)) return v;
      const long long step = 1 + c.random.below(9);
      x = x > 2000000000LL ? x - step : x + step;
      out->text = c.arena.copy_string(std::to_string(x));
      break;
    }
    case ast::ValueKind::kString:
      out->text = c.arena.copy_string(std::string(v->text) + "X");
      break;
    case ast::ValueKind::kBoolean: out->boolean = !v->boolean; break;
    case ast::ValueKind::kEnum: {
      const auto values = c.schema.type(type.named).enum_values;
      std::vector<std::string_view> others;
      for (const schema::EnumValue& e : values) {
        if (e.name != v->text) others.push_back(e.name);
      }
      out->text = pick(c.random, others);
      break;
    }
    default: return v;
  }
  return out;
}

}  // namespace

Result<Mutated> change_argument(const MutationContext& c) {
  struct Place {
    Changed changed;
    const ast::Argument* argument;
    const schema::InputValue* def;
    int positions;
  };
  std::vector<Place> places;
  for (const Changed& ch : changeable_fields(c.inventory, true)) {
    const schema::FieldDef* fd = c.schema.field_named(ch.visit->scope, ch.visit->field->name.value);
    if (!fd) continue;
    for (const ast::Argument* a : ch.visit->field->arguments) {
      const schema::InputValue* def = schema::find_input_value(fd->arguments, a->name.value);
      if (!def || value_has_variable(*a->value)) continue;
      int count = 0;
      change_value(c, def->type, a->value, -1, count);
      if (count > 0) places.push_back({ch, a, def, count});
    }
  }
  if (places.empty()) return Unexpected{rewrite_error("no argument value can be changed safely")};
  const Place& p = pick(c.random, places);
  int index = 0;
  const int target = static_cast<int>(c.random.below(static_cast<uint32_t>(p.positions)));
  const ast::Value* changed = change_value(c, p.def->type, p.argument->value, target, index);
  if (!certainly_differ(c.schema, p.def->type, *p.argument->value, *changed)) {
    return Unexpected{rewrite_error("the changed value may coerce to the old one")};
  }
  std::vector<ast::Argument*> args;
  for (ast::Argument* a : p.changed.visit->field->arguments) {
    if (a != p.argument) {
      args.push_back(a);
      continue;
    }
    auto* copy = c.arena.make<ast::Argument>();
    *copy = *a;
    copy->value = const_cast<ast::Value*>(changed);
    args.push_back(copy);
  }
  ast::Field* header = copy_field(c.arena, *p.changed.visit->field);
  header->arguments = to_list(c.arena, args);
  if (!root_stays_apart(c.inventory, *p.changed.visit, *header)) {
    return Unexpected{rewrite_error("the changed root field may meet another")};
  }
  Editor editor(c.arena);
  editor.replace_field(p.changed.visit->field, header);
  return labelled(editor.copy(c.document), p.changed.nodes, p.changed.nodes,
                  "changed " + label(c.schema, *p.changed.visit) + "(" +
                      std::string(p.argument->name.value) + ": " +
                      graphql::print(*p.argument->value) + " -> " + graphql::print(*changed) + ")");
}

Result<Mutated> drop_argument(const MutationContext& c) {
  struct Place {
    Changed changed;
    const ast::Argument* argument;
  };
  std::vector<Place> places;
  for (const Changed& ch : changeable_fields(c.inventory, true)) {
    const schema::FieldDef* fd = c.schema.field_named(ch.visit->scope, ch.visit->field->name.value);
    if (!fd) continue;
    for (const ast::Argument* a : ch.visit->field->arguments) {
      const schema::InputValue* def = schema::find_input_value(fd->arguments, a->name.value);
      if (!def || def->type.is_non_null() || def->default_value || value_has_variable(*a->value)) {
        continue;
      }
      places.push_back({ch, a});
    }
  }
  if (places.empty()) return Unexpected{rewrite_error("no argument can be dropped safely")};
  const Place& p = pick(c.random, places);
  std::vector<ast::Argument*> args;
  for (ast::Argument* a : p.changed.visit->field->arguments) {
    if (a != p.argument) args.push_back(a);
  }
  ast::Field* header = copy_field(c.arena, *p.changed.visit->field);
  header->arguments = to_list(c.arena, args);
  if (!root_stays_apart(c.inventory, *p.changed.visit, *header)) {
    return Unexpected{rewrite_error("the changed root field may meet another")};
  }
  Editor editor(c.arena);
  editor.replace_field(p.changed.visit->field, header);
  return labelled(editor.copy(c.document), p.changed.nodes, p.changed.nodes,
                  "dropped argument " + label(c.schema, *p.changed.visit) + "(" +
                      std::string(p.argument->name.value) + ")");
}

Result<Mutated> add_argument(const MutationContext& c) {
  struct Place {
    Changed changed;
    const schema::InputValue* def;
  };
  std::vector<Place> places;
  for (const Changed& ch : changeable_fields(c.inventory, false)) {
    const schema::FieldDef* fd = c.schema.field_named(ch.visit->scope, ch.visit->field->name.value);
    if (!fd) continue;
    for (const schema::InputValue& def : fd->arguments) {
      if (def.type.is_non_null() || def.default_value) continue;
      bool given = false;
      for (const ast::Argument* a : ch.visit->field->arguments) given |= a->name.value == def.name;
      if (given) continue;
      const schema::TypeId t = def.type.named;
      const bool scalar = t == schema::kIntType || t == schema::kStringType ||
                          t == schema::kIdType || t == schema::kBooleanType ||
                          (c.schema.type(t).kind == schema::TypeKind::kEnum &&
                           !c.schema.type(t).enum_values.empty());
      if (scalar) places.push_back({ch, &def});
    }
  }
  if (places.empty()) return Unexpected{rewrite_error("no argument can be added safely")};
  const Place& p = pick(c.random, places);
  auto* value = c.arena.make<ast::Value>();
  const schema::TypeId t = p.def->type.named;
  if (t == schema::kIntType) {
    value->kind = ast::ValueKind::kInt;
    value->text = c.arena.copy_string(std::to_string(1 + c.random.below(20)));
  } else if (t == schema::kStringType || t == schema::kIdType) {
    value->kind = ast::ValueKind::kString;
    value->text = c.arena.copy_string(std::to_string(1 + c.random.below(20)));
  } else if (t == schema::kBooleanType) {
    value->kind = ast::ValueKind::kBoolean;
    value->boolean = c.random.chance(50);
  } else {
    const auto values = c.schema.type(t).enum_values;
    value->kind = ast::ValueKind::kEnum;
    value->text = values[c.random.below(static_cast<uint32_t>(values.size()))].name;
  }
  auto* argument = c.arena.make<ast::Argument>();
  argument->name = make_name(c.arena, p.def->name);
  argument->value = value;
  std::vector<ast::Argument*> args = to_vector(p.changed.visit->field->arguments);
  args.push_back(argument);
  ast::Field* header = copy_field(c.arena, *p.changed.visit->field);
  header->arguments = to_list(c.arena, args);
  if (!root_stays_apart(c.inventory, *p.changed.visit, *header)) {
    return Unexpected{rewrite_error("the changed root field may meet another")};
  }
  Editor editor(c.arena);
  editor.replace_field(p.changed.visit->field, header);
  return labelled(editor.copy(c.document), p.changed.nodes, p.changed.nodes,
                  "added argument " + label(c.schema, *p.changed.visit) + "(" +
                      std::string(p.def->name) + ": " + graphql::print(*value) + ")");
}

namespace {

// The leaves drop_leaf may remove (its conditions, query_mutations.cc).
std::vector<const FieldVisit*> droppable_leaves(const Inventory& inventory) {
  std::vector<const FieldVisit*> out;
  for (const FieldVisit& v : inventory.fields) {
    if (v.field->selection_set || v.conditional || v.applies.size() != 1) continue;
    if (v.container->selections.size() < 2) continue;
    if (inventory.visits.at(v.field) != 1) continue;
    if (inventory.selections_of(v.applies[0], v.field->name.value, v.root) != 1) continue;
    if (v.at_root && shares_root_node(inventory, *v.field)) continue;
    if (field_uses_variable_or_spread(*v.field)) continue;
    out.push_back(&v);
  }
  return out;
}

// A set that add_leaf may add to (its conditions): not at the root, reached
// once, on one concrete type that is the set's own type.
bool addable_set(const Inventory& inventory, const SetVisit& v) {
  return !v.at_root && !v.conditional && v.applies.size() == 1 && v.scope == v.applies[0] &&
         inventory.visits.at(v.set) == 1;
}

// A scalar field without arguments that no selection makes on the set's type.
bool addable_leaf(const schema::Schema& schema, const Inventory& inventory, const SetVisit& v,
                  const schema::FieldDef& f) {
  return !f.name.starts_with("__") && f.arguments.empty() && schema.is_leaf(f.type.named) &&
         inventory.selections_of(v.applies[0], f.name, v.root) == 0;
}

ast::Field* new_field(const MutationContext& c, std::string_view name) {
  auto* field = c.arena.make<ast::Field>();
  field->kind = ast::SelectionKind::kField;
  field->name = make_name(c.arena, name);
  // A response key some selection already uses could clash in merging
  // (OverlappingFieldsCanBeMerged); a fresh alias cannot.
  if (c.inventory.response_key_used(name)) field->alias = make_name(c.arena, c.fresh.alias());
  return field;
}

}  // namespace

Result<Mutated> move_leaf(const MutationContext& c) {
  struct Move {
    const FieldVisit* leaf;
    const SetVisit* target;
  };
  std::vector<Move> moves;
  for (const FieldVisit* leaf : droppable_leaves(c.inventory)) {
    for (const SetVisit& s : c.inventory.sets) {
      if (!addable_set(c.inventory, s) || s.applies[0] == leaf->applies[0]) continue;
      const schema::FieldDef* f = c.schema.field_named(s.applies[0], leaf->field->name.value);
      if (f && addable_leaf(c.schema, c.inventory, s, *f)) moves.push_back({leaf, &s});
    }
  }
  if (moves.empty()) return Unexpected{rewrite_error("no leaf can be moved safely")};
  const Move& m = pick(c.random, moves);
  Editor editor(c.arena);
  editor.remove(m.leaf->container, m.leaf->field);
  editor.append(m.target->set, new_field(c, m.leaf->field->name.value));
  return labelled(editor.copy(c.document), 1, 1,
                  "moved " + label(c.schema, *m.leaf) + " to " +
                      std::string(c.schema.type(m.target->applies[0]).name));
}

Result<Mutated> replace_leaf(const MutationContext& c) {
  struct Swap {
    const FieldVisit* leaf;
    const SetVisit* set;
    const schema::FieldDef* with;
  };
  std::vector<Swap> swaps;
  for (const FieldVisit* leaf : droppable_leaves(c.inventory)) {
    for (const SetVisit& s : c.inventory.sets) {
      if (s.set != leaf->container || !addable_set(c.inventory, s)) continue;
      for (schema::FieldId id : c.schema.type(s.applies[0]).fields) {
        const schema::FieldDef& f = c.schema.field(id);
        if (addable_leaf(c.schema, c.inventory, s, f)) swaps.push_back({leaf, &s, &f});
      }
    }
  }
  if (swaps.empty()) return Unexpected{rewrite_error("no leaf can be replaced safely")};
  const Swap& s = pick(c.random, swaps);
  Editor editor(c.arena);
  editor.remove(s.leaf->container, s.leaf->field);
  editor.append(s.set->set, new_field(c, s.with->name));
  return labelled(editor.copy(c.document), 1, 1,
                  "replaced " + label(c.schema, *s.leaf) + " by " + std::string(s.with->name));
}

Result<Mutated> replace_root(const MutationContext& c) {
  const normalize::Rewrites* rewrites = c.inventory.rules().rewrites;
  const normalize::RuleSwitches& switches = c.inventory.rules().switches;
  if (switches.rgeval || (switches.endpoints && !rewrites)) {
    return Unexpected{rewrite_error("root fields may all be joined by the rules")};
  }
  struct Swap {
    Changed changed;
    schema::FieldId with;
  };
  std::vector<Swap> swaps;
  for (const Changed& ch : changeable_fields(c.inventory, false)) {
    const FieldVisit& v = *ch.visit;
    if (!v.at_root) continue;
    const schema::FieldId from = c.schema.find_field(v.scope, v.field->name.value);
    if (from == schema::kNone) continue;
    const schema::FieldDef& fd = c.schema.field(from);
    for (schema::FieldId id : c.schema.type(v.scope).fields) {
      const schema::FieldDef& g = c.schema.field(id);
      if (id == from || g.name.starts_with("__") || !(g.type == fd.type)) continue;
      if (rewrites && switches.endpoints &&
          (rewrites->canonical_endpoint(id) == rewrites->canonical_endpoint(from) ||
           !rewrites->argument_maps_from(id).empty())) {
        continue;
      }
      bool fits = true;
      for (const ast::Argument* a : v.field->arguments) {
        const schema::InputValue* mine = schema::find_input_value(fd.arguments, a->name.value);
        const schema::InputValue* theirs = schema::find_input_value(g.arguments, a->name.value);
        fits &= mine && theirs && mine->type == theirs->type;
      }
      for (const schema::InputValue& arg : g.arguments) {
        if (!arg.required()) continue;
        bool given = false;
        for (const ast::Argument* a : v.field->arguments) given |= a->name.value == arg.name;
        fits &= given;
      }
      if (fits) swaps.push_back({ch, id});
    }
  }
  if (swaps.empty()) return Unexpected{rewrite_error("no root field can be replaced safely")};
  const Swap& s = pick(c.random, swaps);
  const schema::FieldDef& g = c.schema.field(s.with);
  ast::Field* header = copy_field(c.arena, *s.changed.visit->field);
  header->name = make_name(c.arena, g.name);
  if (header->alias.empty() && c.inventory.response_key_used(g.name)) {
    header->alias = make_name(c.arena, c.fresh.alias());
  }
  if (!root_stays_apart(c.inventory, *s.changed.visit, *header)) {
    return Unexpected{rewrite_error("the new root field may meet another")};
  }
  Editor editor(c.arena);
  editor.replace_field(s.changed.visit->field, header);
  return labelled(editor.copy(c.document), s.changed.nodes, s.changed.nodes,
                  "replaced root " + std::string(s.changed.visit->field->name.value) + " by " +
                      std::string(g.name));
}

Result<Mutated> drop_subtree(const MutationContext& c) {
  std::vector<Changed> places;
  for (const Changed& ch : changeable_fields(c.inventory, false)) {
    if (!ch.visit->field->selection_set || ch.visit->container->selections.size() < 2) continue;
    if (field_uses_variable_or_spread(*ch.visit->field)) continue;
    places.push_back(ch);
  }
  if (places.empty()) return Unexpected{rewrite_error("no subtree can be dropped safely")};
  const Changed& p = pick(c.random, places);
  Editor editor(c.arena);
  editor.remove(p.visit->container, p.visit->field);
  return labelled(editor.copy(c.document), p.nodes, 0,
                  "dropped subtree " + label(c.schema, *p.visit));
}

Result<Mutated> add_subtree(const MutationContext& c) {
  struct Place {
    const SetVisit* set;
    const schema::FieldDef* field;
    std::vector<const schema::FieldDef*> leaves;
  };
  std::vector<Place> places;
  for (const SetVisit& s : c.inventory.sets) {
    if (!addable_set(c.inventory, s) || s.cycle_risk) continue;
    for (schema::FieldId id : c.schema.type(s.applies[0]).fields) {
      const schema::FieldDef& f = c.schema.field(id);
      if (f.name.starts_with("__") || f.type.named == schema::kNone) continue;
      if (c.schema.type(f.type.named).kind != schema::TypeKind::kObject) continue;
      bool required = false;
      for (const schema::InputValue& a : f.arguments) required |= a.required();
      if (required) continue;
      if (c.inventory.may_fold(s.applies[0], s.applies, f.name)) continue;
      if (c.inventory.selections_of(s.applies[0], f.name, s.root) != 0) continue;
      std::vector<const schema::FieldDef*> leaves;
      for (schema::FieldId lid : c.schema.type(f.type.named).fields) {
        const schema::FieldDef& l = c.schema.field(lid);
        if (!l.name.starts_with("__") && l.arguments.empty() && c.schema.is_leaf(l.type.named)) {
          leaves.push_back(&l);
        }
      }
      if (!leaves.empty()) places.push_back({&s, &f, std::move(leaves)});
    }
  }
  if (places.empty()) return Unexpected{rewrite_error("no subtree can be added safely")};
  const Place& p = pick(c.random, places);
  std::vector<const schema::FieldDef*> leaves = p.leaves;
  c.random.shuffle(std::span(leaves));
  const size_t k = 1 + c.random.below(static_cast<uint32_t>(std::min<size_t>(3, leaves.size())));
  std::vector<ast::Selection*> items;
  std::string names;
  for (size_t i = 0; i < k; ++i) {
    auto* leaf = c.arena.make<ast::Field>();
    leaf->kind = ast::SelectionKind::kField;
    leaf->name = make_name(c.arena, leaves[i]->name);
    items.push_back(leaf);
    if (i) names.push_back(' ');
    names.append(leaves[i]->name);
  }
  ast::Field* field = new_field(c, p.field->name);
  field->selection_set = c.arena.make<ast::SelectionSet>();
  field->selection_set->selections = to_list(c.arena, items);
  Editor editor(c.arena);
  editor.append(p.set->set, field);
  std::string description = "added subtree ";
  description.append(c.schema.type(p.set->applies[0]).name).append(".").append(p.field->name);
  description.append(" { ").append(names).append(" }");
  return labelled(editor.copy(c.document), 0, static_cast<uint32_t>(1 + k), std::move(description));
}

}  // namespace gqleval::rewrite::detail
