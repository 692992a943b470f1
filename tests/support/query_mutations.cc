// The labelled mutations of query_rewriter.h: drop_leaf and add_leaf.
//
// An inventory walk expands the operation from its root as execution would
// (fragments in place, the possible types narrowed by every type condition)
// and records each field it reaches and each selection set it enters, with
// the concrete types the selection applies to and whether a directive sits
// on the way, and the root field it descends from. The conditions of
// query_rewriter.h are checked on that inventory alone: they make the expected
// counts follow from SEMANTICS.md (a field under a set that applies to one
// concrete type T is one node `name(args) [on T]`; a node no other selection
// can produce disappears or appears on its own), without asking the engine.
//
// "No other selection can produce the node": any other selection of the same
// field name on T counts, unless the two descend from root fields that are
// certainly different nodes: the same root field with an argument whose
// literal values certainly differ (`first: f(year: 2006)` and
// `second: f(year: 2010)`). Merging, the cycles rule (which folds a
// selection into an ancestor of the same type, inside one root field's
// subtree) and derived endpoint rewrites (which keep the arguments) never
// join two such subtrees. A rules file whose argument map drops a captured
// value could; the mutations assume none does.
#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <span>
#include <utility>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"
#include "engine/normalize/rewrites.h"
#include "tests/support/ast_builder.h"
#include "tests/support/query_rewriter.h"
#include "tests/support/seeded_random.h"

namespace gqleval::rewrite {
namespace {

using schema::TypeId;

Diagnostic rewrite_error(std::string message) {
  return make_error("Rewrite", std::move(message), {});
}

struct FieldVisit {
  const ast::Field* field;
  const ast::SelectionSet* container;  // the set the field is written in
  std::vector<TypeId> applies;         // concrete types the selection applies to
  bool conditional;                    // a directive on it or on an enclosing selection
  bool at_root;
  const ast::Field* root;              // the root field it is (or descends from)
};

struct SetVisit {
  const ast::SelectionSet* set;
  std::vector<TypeId> applies;
  bool conditional;
  bool at_root;
  const ast::Field* root;  // nullptr for the operation's own selection set
};

// An Int literal's value (so that `-0` and `0` compare equal).
bool int_value(std::string_view text, long long* out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

bool certainly_differ(const schema::Schema& schema, schema::TypeRef type, const ast::Value& a,
                      const ast::Value& b);

// Two argument lists, or two input objects' fields, certainly differ when a
// shared name has values that certainly differ, or when a name without a
// default is given on one side only (an explicit value, null included, is
// never the same as "left out" unless it is the default).
template <class Item>
bool certainly_differ_items(const schema::Schema& schema,
                            std::span<const schema::InputValue> definitions,
                            ast::List<Item> a, ast::List<Item> b) {
  auto find = [](ast::List<Item> items, std::string_view name) -> const ast::Value* {
    for (const Item* item : items) {
      if (item->name.value == name) return item->value;
    }
    return nullptr;
  };
  for (const schema::InputValue& def : definitions) {
    const ast::Value* x = find(a, def.name);
    const ast::Value* y = find(b, def.name);
    if (!x && !y) continue;
    if (!x || !y) {
      if (!def.default_value) return true;
      continue;
    }
    if (certainly_differ(schema, def.type, *x, *y)) return true;
  }
  return false;
}

// True only when the two literals at a position of `type` coerce to
// different values: Ints with different values; Strings, Enums or Booleans
// that differ; lists of different lengths or with an item that certainly
// differs; input objects as above. Anything else may be equal (variables,
// Floats, an Int against a String, which an ID position makes equal).
bool certainly_differ(const schema::Schema& schema, schema::TypeRef type, const ast::Value& a,
                      const ast::Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ast::ValueKind::kInt: {
      long long x = 0, y = 0;
      return int_value(a.text, &x) && int_value(b.text, &y) && x != y;
    }
    case ast::ValueKind::kString:
    case ast::ValueKind::kEnum: return a.text != b.text;
    case ast::ValueKind::kBoolean: return a.boolean != b.boolean;
    case ast::ValueKind::kList: {
      if (!type.is_list()) return false;
      if (a.list.size() != b.list.size()) return true;
      for (size_t i = 0; i < a.list.size(); ++i) {
        if (certainly_differ(schema, type.item(), *a.list[i], *b.list[i])) return true;
      }
      return false;
    }
    case ast::ValueKind::kObject: {
      if (type.is_list() || type.named == schema::kNone) return false;
      const schema::TypeDef& t = schema.type(type.named);
      if (t.kind != schema::TypeKind::kInputObject) return false;
      return certainly_differ_items(schema, t.input_fields, a.fields, b.fields);
    }
    default: return false;
  }
}

// The root-level rewrites a pair is scored with, as far as the mutations
// need them: which root fields may become one node.
struct RootRules {
  const schema::Schema* schema;
  TypeId root_type = schema::kNone;
  const normalize::Rewrites* rewrites = nullptr;
  normalize::RuleSwitches switches;

  // True when two root field selections are certainly different nodes. Two
  // fields can become one node only through the endpoints rule (a group, or
  // an argument map, which may join any shapes) or the rgeval profile; when
  // the rules are not given, any two may. Selections of one field (or of one
  // endpoint group) are separate when their arguments certainly differ.
  bool separate(const ast::Field* a, const ast::Field* b) const {
    if (!a || !b || a == b) return false;
    const schema::FieldId fa = schema->find_field(root_type, a->name.value);
    const schema::FieldId fb = schema->find_field(root_type, b->name.value);
    if (fa == schema::kNone || fb == schema::kNone) return false;
    bool may_join = fa == fb;
    if (switches.endpoints || switches.rgeval) {
      if (!rewrites) return false;
      if (switches.endpoints && (!rewrites->argument_maps_from(fa).empty() ||
                                 !rewrites->argument_maps_from(fb).empty())) {
        return false;
      }
      may_join |= switches.endpoints &&
                  rewrites->canonical_endpoint(fa) == rewrites->canonical_endpoint(fb);
      may_join |= switches.rgeval && rewrites->rgeval_endpoint(fa) == rewrites->rgeval_endpoint(fb);
    }
    if (!may_join) return true;
    // One field or one group: compare the arguments (a group's members have
    // the same argument names, types and defaults).
    if (fa != fb) return false;
    return certainly_differ_items(*schema, schema->field(fa).arguments, a->arguments,
                                  b->arguments);
  }
};

class Inventory {
 public:
  Inventory(const schema::Schema& schema, const ast::Document& document, RootRules rules)
      : schema_(schema), document_(document), rules_(rules) {}

  void walk_operation(const ast::OperationDefinition& op) {
    const TypeId root = schema_.root_type(op.operation);
    rules_.root_type = root;
    if (root == schema::kNone) return;
    const auto possible = schema_.possible_types(root);
    walk(op.selection_set, root, {possible.begin(), possible.end()}, !op.directives.empty(), true,
         nullptr, 0);
  }

  std::vector<FieldVisit> fields;
  std::vector<SetVisit> sets;
  std::map<const void*, int> visits;  // by AST node: fields and selection sets

  // Selections of field `name` that apply to concrete type t, over all
  // visits, except those under a root field certainly separate from `root`.
  int selections_of(TypeId t, std::string_view name, const ast::Field* root) const {
    int n = 0;
    for (const FieldVisit& v : fields) {
      if (v.field->name.value == name &&
          std::binary_search(v.applies.begin(), v.applies.end(), t) &&
          !rules_.separate(v.root, root)) {
        ++n;
      }
    }
    return n;
  }

  const RootRules& rules() const { return rules_; }

  bool response_key_used(std::string_view key) const {
    for (const FieldVisit& v : fields) {
      if (v.field->response_key() == key) return true;
    }
    return false;
  }

 private:
  void walk(const ast::SelectionSet* set, TypeId scope, std::vector<TypeId> applies,
            bool conditional, bool at_root, const ast::Field* root, int depth) {
    if (!set || depth > 512) return;  // valid documents have no fragment cycles
    ++visits[set];
    sets.push_back({set, applies, conditional, at_root, root});
    for (const ast::Selection* s : set->selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          const bool cond = conditional || !f.directives.empty();
          const ast::Field* field_root = at_root ? &f : root;
          ++visits[&f];
          fields.push_back({&f, set, applies, cond, at_root, field_root});
          if (f.selection_set) {
            const TypeId t = field_type(schema_, scope, f.name.value);
            if (t == schema::kNone) break;
            const auto possible = schema_.possible_types(t);
            walk(f.selection_set, t, {possible.begin(), possible.end()}, cond, false, field_root,
                 depth + 1);
          }
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& f = ast::as<ast::InlineFragment>(*s);
          const TypeId t =
              f.type_condition.empty() ? scope : schema_.find_type(f.type_condition.value);
          if (t == schema::kNone) break;
          walk(f.selection_set, t, intersect(applies, schema_.possible_types(t)),
               conditional || !f.directives.empty(), at_root, root, depth + 1);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          const auto& spread = ast::as<ast::FragmentSpread>(*s);
          const ast::FragmentDefinition* def = find_fragment(document_, spread.name.value);
          if (!def) break;
          const TypeId t = schema_.find_type(def->type_condition.value);
          if (t == schema::kNone) break;
          walk(def->selection_set, t, intersect(applies, schema_.possible_types(t)),
               conditional || !spread.directives.empty() || !def->directives.empty(), at_root,
               root, depth + 1);
          break;
        }
      }
    }
  }

  const schema::Schema& schema_;
  const ast::Document& document_;
  RootRules rules_;
};

// A copy of the document in which the selection set `target` is replaced by
// `replacement` (every other node shared with the original).
class Replacer {
 public:
  Replacer(Arena& arena, const ast::SelectionSet* target, ast::SelectionSet* replacement)
      : arena_(arena), target_(target), replacement_(replacement) {}

  ast::Document copy(const ast::Document& document) {
    std::vector<ast::Definition*> defs;
    for (ast::Definition* d : document.definitions) {
      if (d->kind == ast::DefinitionKind::kOperation) {
        auto* op = arena_.make<ast::OperationDefinition>();
        *op = ast::as<ast::OperationDefinition>(*d);
        op->selection_set = set(op->selection_set);
        defs.push_back(op);
      } else if (d->kind == ast::DefinitionKind::kFragment) {
        auto* f = arena_.make<ast::FragmentDefinition>();
        *f = ast::as<ast::FragmentDefinition>(*d);
        f->selection_set = set(f->selection_set);
        defs.push_back(f);
      } else {
        defs.push_back(d);
      }
    }
    ast::Document out;
    out.source = document.source;
    out.definitions = to_list(arena_, defs);
    return out;
  }

 private:
  ast::SelectionSet* set(ast::SelectionSet* s) {
    if (!s) return nullptr;
    if (s == target_) return replacement_;
    std::vector<ast::Selection*> items;
    for (ast::Selection* sel : s->selections) {
      if (sel->kind == ast::SelectionKind::kField) {
        auto* f = arena_.make<ast::Field>();
        *f = ast::as<ast::Field>(*sel);
        f->selection_set = set(f->selection_set);
        items.push_back(f);
      } else if (sel->kind == ast::SelectionKind::kInlineFragment) {
        auto* f = arena_.make<ast::InlineFragment>();
        *f = ast::as<ast::InlineFragment>(*sel);
        f->selection_set = set(f->selection_set);
        items.push_back(f);
      } else {
        items.push_back(sel);
      }
    }
    auto* out = arena_.make<ast::SelectionSet>();
    *out = *s;
    out->selections = to_list(arena_, items);
    return out;
  }

  Arena& arena_;
  const ast::SelectionSet* target_;
  ast::SelectionSet* replacement_;
};

const ast::OperationDefinition* only_operation(const ast::Document& document) {
  const ast::OperationDefinition* found = nullptr;
  for (const ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation) continue;
    if (found) return nullptr;
    found = &ast::as<ast::OperationDefinition>(*d);
  }
  return found;
}

// True when another root field selection may be the same node as `field`
// (a root leaf: an endpoint rewrite could make them one).
bool shares_root_node(const Inventory& inventory, const ast::Field& field) {
  for (const FieldVisit& v : inventory.fields) {
    if (!v.at_root || v.field == &field) continue;
    if (!inventory.rules().separate(v.field, &field)) return true;
  }
  return false;
}

Result<Mutated> drop_leaf(const schema::Schema& schema, const ast::Document& document,
                          const Inventory& inventory, SeededRandom& random, Arena& arena) {
  std::vector<const FieldVisit*> candidates;
  for (const FieldVisit& v : inventory.fields) {
    if (v.field->selection_set || v.conditional || v.applies.size() != 1) continue;
    if (v.container->selections.size() < 2) continue;
    if (inventory.visits.at(v.field) != 1) continue;
    if (inventory.selections_of(v.applies[0], v.field->name.value, v.root) != 1) continue;
    if (v.at_root && shares_root_node(inventory, *v.field)) continue;
    candidates.push_back(&v);
  }
  if (candidates.empty()) return Unexpected{rewrite_error("no leaf can be dropped safely")};
  const FieldVisit& chosen = *candidates[random.below(static_cast<uint32_t>(candidates.size()))];
  std::vector<ast::Selection*> kept;
  for (ast::Selection* s : chosen.container->selections) {
    if (s != chosen.field) kept.push_back(s);
  }
  auto* replacement = arena.make<ast::SelectionSet>();
  *replacement = *chosen.container;
  replacement->selections = to_list(arena, kept);
  Replacer replacer(arena, chosen.container, replacement);
  Mutated m;
  m.query = graphql::print(replacer.copy(document));
  m.expected = score::Verdict::kUnderfetch;
  m.missing = 1;
  m.type = std::string(schema.type(chosen.applies[0]).name);
  m.field = std::string(chosen.field->name.value);
  m.description = "dropped " + m.type + "." + m.field;
  return m;
}

Result<Mutated> add_leaf(const schema::Schema& schema, const ast::Document& document,
                         const Inventory& inventory, SeededRandom& random, Arena& arena,
                         FreshNames& fresh) {
  struct Candidate {
    const SetVisit* set;
    const schema::FieldDef* field;
  };
  std::vector<Candidate> candidates;
  for (const SetVisit& v : inventory.sets) {
    if (v.at_root || v.conditional || v.applies.size() != 1) continue;
    if (inventory.visits.at(v.set) != 1) continue;
    const schema::TypeDef& t = schema.type(v.applies[0]);
    for (schema::FieldId id : t.fields) {
      const schema::FieldDef& f = schema.field(id);
      if (f.name.starts_with("__") || !f.arguments.empty() || !schema.is_leaf(f.type.named)) {
        continue;
      }
      if (inventory.selections_of(t.id, f.name, v.root) != 0) continue;
      candidates.push_back({&v, &f});
    }
  }
  if (candidates.empty()) return Unexpected{rewrite_error("no leaf can be added safely")};
  const Candidate& chosen = candidates[random.below(static_cast<uint32_t>(candidates.size()))];
  auto* field = arena.make<ast::Field>();
  field->kind = ast::SelectionKind::kField;
  field->name = make_name(arena, chosen.field->name);
  // A response key that some selection already uses could clash in merging
  // (OverlappingFieldsCanBeMerged); a fresh alias cannot.
  if (inventory.response_key_used(chosen.field->name)) {
    field->alias = make_name(arena, fresh.alias());
  }
  std::vector<ast::Selection*> items = to_vector(chosen.set->set->selections);
  items.push_back(field);
  auto* replacement = arena.make<ast::SelectionSet>();
  *replacement = *chosen.set->set;
  replacement->selections = to_list(arena, items);
  Replacer replacer(arena, chosen.set->set, replacement);
  Mutated m;
  m.query = graphql::print(replacer.copy(document));
  m.expected = score::Verdict::kOverfetch;
  m.extra = 1;
  m.type = std::string(schema.type(chosen.set->applies[0]).name);
  m.field = std::string(chosen.field->name);
  m.description = "added " + m.type + "." + m.field;
  return m;
}

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

// The operations of the document with their fragments expanded; the
// fragment definitions, now unused, are left out.
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

}  // namespace

std::string_view mutation_kind_name(MutationKind kind) {
  return kind == MutationKind::kDropLeaf ? "drop_leaf" : "add_leaf";
}

Result<Mutated> mutate(const schema::Schema& schema, std::string_view query, MutationKind kind,
                       const MutateOptions& options) {
  Arena arena;
  auto parsed = graphql::parse(query, arena);
  if (!parsed.ok()) return Unexpected{std::move(parsed).error()};
  FreshNames fresh(query);
  // First on the document as written; when nothing qualifies (typically a
  // fragment spread in two places, so each of its leaves is reached twice),
  // on the equivalent document with every spread expanded in place.
  Result<Mutated> result = Unexpected{rewrite_error("unreachable")};
  for (int attempt = 0; attempt < 2; ++attempt) {
    const ast::Document document =
        attempt == 0 ? *parsed.value() : expand_fragments(*parsed.value(), arena);
    const ast::OperationDefinition* op = only_operation(document);
    if (!op) return Unexpected{rewrite_error("the document must hold exactly one operation")};
    Inventory inventory(schema, document, RootRules{&schema, schema::kNone, options.rewrites,
                                                    options.rules});
    inventory.walk_operation(*op);
    SeededRandom random(options.seed);
    result = kind == MutationKind::kDropLeaf
                 ? drop_leaf(schema, document, inventory, random, arena)
                 : add_leaf(schema, document, inventory, random, arena, fresh);
    if (result.ok()) {
      if (attempt == 1) result->description += " (fragments expanded)";
      return result;
    }
  }
  return result;
}

}  // namespace gqleval::rewrite
