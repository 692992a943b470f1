// Internal to the generator library: the inventory of a query that the
// labelled mutations (query_mutations.cc, structure_mutations.cc) and the
// schema-rule rewrites (schema_rewrites.cc) decide on. See query_mutations.cc
// for the reasoning behind each condition. Not a public API: everything is in
// namespace detail and may change with the mutations.
//
// An inventory walk expands the operation from its root as execution would
// (fragments in place, the possible types narrowed by every type condition)
// and records each field it reaches and each selection set it enters, with
// the concrete types the selection applies to, whether a directive sits on the
// way, the root field it descends from, the field that owns its selection set,
// and whether the `cycles` rule could move it (some field on its path, itself
// included, is the back-reference of an inverse pair).
#pragma once

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/generator/ast_builder.h"
#include "datasets/generator/query_rewriter.h"
#include "datasets/generator/seeded_random.h"
#include "engine/base/arena.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"

namespace gqleval::rewrite::detail {

using schema::TypeId;

inline Diagnostic rewrite_error(std::string message) {
  return make_error("Rewrite", std::move(message), {});
}

struct FieldVisit {
  const ast::Field* field;
  const ast::SelectionSet* container;  // the set the field is written in
  std::vector<TypeId> applies;         // concrete types the selection applies to
  bool conditional;                    // a directive on it or on an enclosing selection
  bool at_root;
  const ast::Field* root;              // the root field it is (or descends from)
  TypeId scope = schema::kNone;        // the type the field is looked up on
  const ast::Field* parent = nullptr;  // the field whose selection set holds it (nullptr: root)
  bool cycle_risk = false;             // the cycles rule could move it or an ancestor
};

struct SetVisit {
  const ast::SelectionSet* set;
  std::vector<TypeId> applies;
  bool conditional;
  bool at_root;
  const ast::Field* root;             // nullptr for the operation's own selection set
  TypeId scope = schema::kNone;       // the type of the set (a type condition's, in fragments)
  const ast::Field* owner = nullptr;  // the field the set belongs to (nullptr: the operation)
  bool cycle_risk = false;            // the cycles rule could move the owner or an ancestor
};

// An Int literal's value (so that `-0` and `0` compare equal).
inline bool int_value(std::string_view text, long long* out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

inline bool certainly_differ(const schema::Schema& schema, schema::TypeRef type,
                             const ast::Value& a, const ast::Value& b);

// Two argument lists, or two input objects' fields, certainly differ when a
// shared name has values that certainly differ, or when a name without a
// default is given on one side only (an explicit value, null included, is
// never the same as "left out" unless it is the default).
template <class Item>
bool certainly_differ_items(const schema::Schema& schema,
                            std::span<const schema::InputValue> definitions, ast::List<Item> a,
                            ast::List<Item> b) {
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
inline bool certainly_differ(const schema::Schema& schema, schema::TypeRef type,
                             const ast::Value& a, const ast::Value& b) {
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
    return certainly_differ_items(*schema, schema->field(fa).arguments, a->arguments, b->arguments);
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

  // True when the cycles rule could fold a selection of field `name` on
  // `scope` (applying to `applies`) into an ancestor: the field is the
  // back-reference of some inverse pair. Without compiled rules, any
  // non-root field could be.
  bool may_fold(TypeId scope, std::span<const TypeId> applies, std::string_view name) const;

  // The number of field nodes the selection `v` makes in the normal tree: 1
  // for the field itself plus every distinct node beneath it (fragments
  // expanded, selections of one identity merged). std::nullopt when the count
  // is not certain by construction: the field applies to other than one
  // concrete type, a directive sits on or under it, the cycles rule could
  // move it or anything beneath, or two sibling selections of one field have
  // arguments that may or may not coerce to the same value.
  std::optional<uint32_t> subtree_nodes(const FieldVisit& v) const;

 private:
  struct Pick {
    TypeId on;
    const ast::Field* field;
  };
  bool collect(const ast::SelectionSet* set, TypeId scope, const std::vector<TypeId>& applies,
               std::vector<Pick>& out, int depth) const;
  std::optional<uint32_t> children_nodes(std::span<const ast::Field* const> fields, TypeId on,
                                         int depth) const;

  void walk(const ast::SelectionSet* set, TypeId scope, std::vector<TypeId> applies,
            bool conditional, bool at_root, const ast::Field* root, int depth,
            const ast::Field* owner = nullptr, bool risk = false) {
    if (!set || depth > 512) return;  // valid documents have no fragment cycles
    ++visits[set];
    sets.push_back({set, applies, conditional, at_root, root, scope, owner, risk});
    for (const ast::Selection* s : set->selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          const bool cond = conditional || !f.directives.empty();
          const ast::Field* field_root = at_root ? &f : root;
          const bool field_risk = risk || (!at_root && may_fold(scope, applies, f.name.value));
          ++visits[&f];
          fields.push_back({&f, set, applies, cond, at_root, field_root, scope, owner, field_risk});
          if (f.selection_set) {
            const TypeId t = field_type(schema_, scope, f.name.value);
            if (t == schema::kNone) break;
            const auto possible = schema_.possible_types(t);
            walk(f.selection_set, t, {possible.begin(), possible.end()}, cond, false, field_root,
                 depth + 1, &f, field_risk);
          }
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& f = ast::as<ast::InlineFragment>(*s);
          const TypeId t =
              f.type_condition.empty() ? scope : schema_.find_type(f.type_condition.value);
          if (t == schema::kNone) break;
          walk(f.selection_set, t, intersect(applies, schema_.possible_types(t)),
               conditional || !f.directives.empty(), at_root, root, depth + 1, owner, risk);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          const auto& spread = ast::as<ast::FragmentSpread>(*s);
          const ast::FragmentDefinition* def = find_fragment(document_, spread.name.value);
          if (!def) break;
          const TypeId t = schema_.find_type(def->type_condition.value);
          if (t == schema::kNone) break;
          walk(def->selection_set, t, intersect(applies, schema_.possible_types(t)),
               conditional || !spread.directives.empty() || !def->directives.empty(), at_root, root,
               depth + 1, owner, risk);
          break;
        }
      }
    }
  }

  const schema::Schema& schema_;
  const ast::Document& document_;
  RootRules rules_;
};

// A copy of `document` whose operations and fragments are new nodes with the
// selection sets `copy_set` returns for theirs; other definitions are shared.
template <class CopySet>
ast::Document copy_document(const ast::Document& document, Arena& arena, CopySet&& copy_set) {
  std::vector<ast::Definition*> defs;
  for (ast::Definition* d : document.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      auto* op = arena.make<ast::OperationDefinition>();
      *op = ast::as<ast::OperationDefinition>(*d);
      op->selection_set = copy_set(op->selection_set);
      defs.push_back(op);
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      auto* f = arena.make<ast::FragmentDefinition>();
      *f = ast::as<ast::FragmentDefinition>(*d);
      f->selection_set = copy_set(f->selection_set);
      defs.push_back(f);
    } else {
      defs.push_back(d);
    }
  }
  ast::Document out;
  out.source = document.source;
  out.definitions = to_list(arena, defs);
  return out;
}

// A copy of the document in which the selection set `target` is replaced by
// `replacement` (every other node shared with the original).
class Replacer {
 public:
  Replacer(Arena& arena, const ast::SelectionSet* target, ast::SelectionSet* replacement)
      : arena_(arena), target_(target), replacement_(replacement) {}

  ast::Document copy(const ast::Document& document) {
    return copy_document(document, arena_, [this](ast::SelectionSet* s) { return set(s); });
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

inline const ast::OperationDefinition* only_operation(const ast::Document& document) {
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
inline bool shares_root_node(const Inventory& inventory, const ast::Field& field) {
  for (const FieldVisit& v : inventory.fields) {
    if (!v.at_root || v.field == &field) continue;
    if (!inventory.rules().separate(v.field, &field)) return true;
  }
  return false;
}

// A copy of a document with edits: selections removed from or appended to
// given selection sets, and fields given a new name, alias or arguments (their
// selection sets are copied with the edits). Unchanged nodes are shared.
class Editor {
 public:
  explicit Editor(Arena& arena) : arena_(arena) {}
  void remove(const ast::SelectionSet* set, const ast::Selection* item) {
    edits_[set].remove.push_back(item);
  }
  void append(const ast::SelectionSet* set, ast::Selection* item) {
    edits_[set].append.push_back(item);
  }
  // `header` supplies the name, alias, arguments and directives of `field`.
  void replace_field(const ast::Field* field, const ast::Field* header) { fields_[field] = header; }
  ast::Document copy(const ast::Document& document);

 private:
  struct SetEdit {
    std::vector<const ast::Selection*> remove;
    std::vector<ast::Selection*> append;
  };
  ast::SelectionSet* copy_set(const ast::SelectionSet* set);

  Arena& arena_;
  std::map<const ast::SelectionSet*, SetEdit> edits_;
  std::map<const ast::Field*, const ast::Field*> fields_;
};

// What every mutation is given.
struct MutationContext {
  const schema::Schema& schema;
  const ast::Document& document;
  const Inventory& inventory;
  SeededRandom& random;
  Arena& arena;
  FreshNames& fresh;
};

// The mutations of structure_mutations.cc (see query_rewriter.h).
Result<Mutated> change_argument(const MutationContext& c);
Result<Mutated> drop_argument(const MutationContext& c);
Result<Mutated> add_argument(const MutationContext& c);
Result<Mutated> move_leaf(const MutationContext& c);
Result<Mutated> replace_leaf(const MutationContext& c);
Result<Mutated> replace_root(const MutationContext& c);
Result<Mutated> add_subtree(const MutationContext& c);
Result<Mutated> drop_subtree(const MutationContext& c);

// The operations of the document with their fragments expanded (each spread
// becomes an inline fragment on its type condition with the spread's
// directives); the fragment definitions, now unused, are left out.
ast::Document expand_fragments(const ast::Document& document, Arena& arena);

}  // namespace gqleval::rewrite::detail
