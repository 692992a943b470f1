// The inventory's node counting and fragment expansion (mutation_inventory.h).
#include "datasets/generator/mutation_inventory.h"

#include "engine/graphql/printer.h"

namespace gqleval::rewrite::detail {
namespace {

// A copy of the set with every fragment spread replaced by an inline
// fragment on the fragment's type condition, carrying the spread's
// directives: the same selections under the same conditions, so an
// equivalent document, in which every AST node is reached once per place.
ast::SelectionSet* expand_set(const ast::SelectionSet* set, const ast::Document& document,
                              Arena& arena, int depth) {
  if (!set || depth > 512) return nullptr;
  std::vector<ast::Selection*> items;
  for (ast::Selection* s : set->selections) {
    if (s->kind == ast::SelectionKind::kField) {
      auto* f = arena.make<ast::Field>();
      *f = ast::as<ast::Field>(*s);
      f->selection_set = expand_set(f->selection_set, document, arena, depth + 1);
      items.push_back(f);
    } else if (s->kind == ast::SelectionKind::kInlineFragment) {
      auto* f = arena.make<ast::InlineFragment>();
      *f = ast::as<ast::InlineFragment>(*s);
      f->selection_set = expand_set(f->selection_set, document, arena, depth + 1);
      items.push_back(f);
    } else {
      const auto& spread = ast::as<ast::FragmentSpread>(*s);
      const ast::FragmentDefinition* def = find_fragment(document, spread.name.value);
      if (!def) continue;
      auto* f = arena.make<ast::InlineFragment>();
      f->kind = ast::SelectionKind::kInlineFragment;
      f->type_condition = def->type_condition;
      f->directives = spread.directives;
      f->selection_set = expand_set(def->selection_set, document, arena, depth + 1);
      items.push_back(f);
    }
  }
  auto* out = arena.make<ast::SelectionSet>();
  *out = *set;
  out->selections = to_list(arena, items);
  return out;
}

}  // namespace

ast::Document expand_fragments(const ast::Document& document, Arena& arena) {
  std::vector<ast::Definition*> defs;
  for (ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation) continue;
    auto* op = arena.make<ast::OperationDefinition>();
    *op = ast::as<ast::OperationDefinition>(*d);
    op->selection_set = expand_set(op->selection_set, document, arena, 0);
    defs.push_back(op);
  }
  ast::Document out;
  out.source = document.source;
  out.definitions = to_list(arena, defs);
  return out;
}

ast::Document Editor::copy(const ast::Document& document) {
  return copy_document(document, arena_,
                       [this](const ast::SelectionSet* set) { return copy_set(set); });
}

ast::SelectionSet* Editor::copy_set(const ast::SelectionSet* set) {
  if (!set) return nullptr;
  const auto edit = edits_.find(set);
  std::vector<ast::Selection*> items;
  for (ast::Selection* s : set->selections) {
    if (edit != edits_.end() && std::find(edit->second.remove.begin(), edit->second.remove.end(),
                                          s) != edit->second.remove.end()) {
      continue;
    }
    if (s->kind == ast::SelectionKind::kField) {
      const auto& original = ast::as<ast::Field>(*s);
      auto* f = arena_.make<ast::Field>();
      *f = original;
      const auto header = fields_.find(&original);
      if (header != fields_.end()) {
        f->alias = header->second->alias;
        f->name = header->second->name;
        f->arguments = header->second->arguments;
        f->directives = header->second->directives;
      }
      f->selection_set = copy_set(original.selection_set);
      items.push_back(f);
    } else if (s->kind == ast::SelectionKind::kInlineFragment) {
      auto* f = arena_.make<ast::InlineFragment>();
      *f = ast::as<ast::InlineFragment>(*s);
      f->selection_set = copy_set(f->selection_set);
      items.push_back(f);
    } else {
      items.push_back(s);
    }
  }
  if (edit != edits_.end()) {
    items.insert(items.end(), edit->second.append.begin(), edit->second.append.end());
  }
  auto* out = arena_.make<ast::SelectionSet>();
  *out = *set;
  out->selections = to_list(arena_, items);
  return out;
}

bool Inventory::may_fold(TypeId scope, std::span<const TypeId> applies,
                         std::string_view name) const {
  if (!rules_.switches.cycles) return false;
  if (!rules_.rewrites) return true;
  auto is_back = [&](TypeId t) {
    const schema::FieldId id = schema_.find_field(t, name);
    if (id == schema::kNone) return false;
    for (const normalize::InversePair& p : rules_.rewrites->inverse_pairs()) {
      if (p.back == id) return true;
    }
    return false;
  };
  if (scope != schema::kNone && is_back(scope)) return true;
  for (TypeId t : applies) {
    if (is_back(t)) return true;
  }
  return false;
}

bool Inventory::collect(const ast::SelectionSet* set, TypeId scope,
                        const std::vector<TypeId>& applies, std::vector<Pick>& out,
                        int depth) const {
  if (!set) return true;
  if (depth > 512) return false;
  for (const ast::Selection* s : set->selections) {
    switch (s->kind) {
      case ast::SelectionKind::kField: {
        const auto& f = ast::as<ast::Field>(*s);
        if (!f.directives.empty()) return false;
        for (TypeId t : applies) out.push_back({t, &f});
        break;
      }
      case ast::SelectionKind::kInlineFragment: {
        const auto& f = ast::as<ast::InlineFragment>(*s);
        if (!f.directives.empty()) return false;
        const TypeId t =
            f.type_condition.empty() ? scope : schema_.find_type(f.type_condition.value);
        if (t == schema::kNone) return false;
        if (!collect(f.selection_set, t, intersect(applies, schema_.possible_types(t)), out,
                     depth + 1)) {
          return false;
        }
        break;
      }
      case ast::SelectionKind::kFragmentSpread: {
        const auto& spread = ast::as<ast::FragmentSpread>(*s);
        const ast::FragmentDefinition* def = find_fragment(document_, spread.name.value);
        if (!def || !spread.directives.empty() || !def->directives.empty()) return false;
        const TypeId t = schema_.find_type(def->type_condition.value);
        if (t == schema::kNone) return false;
        if (!collect(def->selection_set, t, intersect(applies, schema_.possible_types(t)), out,
                     depth + 1)) {
          return false;
        }
        break;
      }
    }
  }
  return true;
}

namespace {

std::string argument_text(const ast::Field& f) {
  std::string out;
  for (const ast::Argument* a : f.arguments) {
    out.append(a->name.value).push_back(':');
    out.append(graphql::print(*a->value)).push_back(',');
  }
  return out;
}

}  // namespace

// The nodes beneath one node made of `fields` (selections of one field with
// one identity on concrete type `on`): their selections are collected
// together, grouped by (concrete type, field name), and each group splits by
// argument text into nodes, which must certainly differ from one another.
std::optional<uint32_t> Inventory::children_nodes(std::span<const ast::Field* const> fields,
                                                  TypeId on, int depth) const {
  if (depth > 64) return std::nullopt;
  const TypeId type = field_type(schema_, on, fields.front()->name.value);
  if (type == schema::kNone) return std::nullopt;
  std::vector<Pick> picks;
  const auto possible = schema_.possible_types(type);
  const std::vector<TypeId> applies(possible.begin(), possible.end());
  for (const ast::Field* f : fields) {
    if (f->selection_set && !collect(f->selection_set, type, applies, picks, 0)) {
      return std::nullopt;
    }
  }
  // (type, name) -> argument text -> selections
  std::map<std::pair<TypeId, std::string_view>,
           std::map<std::string, std::vector<const ast::Field*>>>
      groups;
  for (const Pick& p : picks) {
    if (may_fold(type, std::span(&p.on, 1), p.field->name.value)) return std::nullopt;
    groups[{p.on, p.field->name.value}][argument_text(*p.field)].push_back(p.field);
  }
  uint32_t total = 0;
  for (const auto& [key, by_args] : groups) {
    if (by_args.size() > 1) {
      const schema::FieldDef* def = schema_.field_named(key.first, key.second);
      if (!def) return std::nullopt;
      for (auto a = by_args.begin(); a != by_args.end(); ++a) {
        for (auto b = std::next(a); b != by_args.end(); ++b) {
          if (!certainly_differ_items(schema_, def->arguments, a->second.front()->arguments,
                                      b->second.front()->arguments)) {
            return std::nullopt;
          }
        }
      }
    }
    for (const auto& [text, selections] : by_args) {
      const auto below = children_nodes(selections, key.first, depth + 1);
      if (!below) return std::nullopt;
      total += 1 + *below;
    }
  }
  return total;
}

std::optional<uint32_t> Inventory::subtree_nodes(const FieldVisit& v) const {
  if (v.applies.size() != 1 || v.conditional || v.cycle_risk) return std::nullopt;
  const ast::Field* field = v.field;
  const auto below = children_nodes(std::span(&field, 1), v.applies[0], 0);
  if (!below) return std::nullopt;
  return 1 + *below;
}

}  // namespace gqleval::rewrite::detail
