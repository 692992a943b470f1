// The labelled mutations of query_rewriter.h: drop_leaf and add_leaf, and
// mutate(), which runs any kind (the others are in structure_mutations.cc).
//
// The conditions of query_rewriter.h are checked on the inventory of the
// query (mutation_inventory.h) alone: they make the expected counts follow
// from docs/semantics.md (a field under a set that applies to one concrete type T
// is one node `name(args) [on T]`; a node no other selection can produce
// disappears or appears on its own), without asking the engine.
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
#include <memory>
#include <utility>
#include <vector>

#include "datasets/generator/mutation_inventory.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::rewrite {
namespace {

using namespace detail;  // NOLINT: the inventory is this file's vocabulary
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

}  // namespace

std::string_view mutation_kind_name(MutationKind kind) {
  switch (kind) {
    case MutationKind::kDropLeaf: return "drop_leaf";
    case MutationKind::kAddLeaf: return "add_leaf";
    case MutationKind::kChangeArgument: return "change_argument";
    case MutationKind::kDropArgument: return "drop_argument";
    case MutationKind::kAddArgument: return "add_argument";
    case MutationKind::kMoveLeaf: return "move_leaf";
    case MutationKind::kReplaceLeaf: return "replace_leaf";
    case MutationKind::kReplaceRoot: return "replace_root";
    case MutationKind::kAddSubtree: return "add_subtree";
    case MutationKind::kDropSubtree: return "drop_subtree";
  }
  return "?";
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
    Inventory inventory(schema, document,
                        RootRules{&schema, schema::kNone, options.rewrites, options.rules});
    inventory.walk_operation(*op);
    SeededRandom random(options.seed);
    const MutationContext c{schema, document, inventory, random, arena, fresh};
    switch (kind) {
      case MutationKind::kDropLeaf:
        result = drop_leaf(schema, document, inventory, random, arena);
        break;
      case MutationKind::kAddLeaf:
        result = add_leaf(schema, document, inventory, random, arena, fresh);
        break;
      case MutationKind::kChangeArgument: result = change_argument(c); break;
      case MutationKind::kDropArgument: result = drop_argument(c); break;
      case MutationKind::kAddArgument: result = add_argument(c); break;
      case MutationKind::kMoveLeaf: result = move_leaf(c); break;
      case MutationKind::kReplaceLeaf: result = replace_leaf(c); break;
      case MutationKind::kReplaceRoot: result = replace_root(c); break;
      case MutationKind::kAddSubtree: result = add_subtree(c); break;
      case MutationKind::kDropSubtree: result = drop_subtree(c); break;
    }
    if (result.ok()) {
      if (attempt == 1) result->description += " (fragments expanded)";
      return result;
    }
  }
  return result;
}

}  // namespace gqleval::rewrite
