// The equivalent rewrites that rely on the schema-derived rules
// (query_rewriter.h, SchemaRewrite): endpoint swaps and cycle detours. The
// places are found on the query's inventory (mutation_inventory.h); the
// conditions mirror the rules' own (engine/normalize/rewrites.h and
// cycles_rule.cc), so that the rule certainly fires on the candidate.
#include <string>
#include <utility>
#include <vector>

#include "datasets/generator/mutation_inventory.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::rewrite {
namespace {

using namespace detail;  // NOLINT: the inventory is this file's vocabulary

bool is_root_type(const schema::Schema& s, schema::TypeId t) {
  return t == s.query_type() || t == s.mutation_type() || t == s.subscription_type();
}

Result<Rewritten> endpoint_swap(const MutationContext& c, const normalize::Rewrites& rewrites) {
  struct Swap {
    const FieldVisit* visit;
    schema::FieldId with;
  };
  std::vector<Swap> swaps;
  const schema::TypeId query = c.schema.query_type();
  for (const FieldVisit& v : c.inventory.fields) {
    if (!v.at_root || v.scope != query) continue;
    const schema::FieldId from = c.schema.find_field(query, v.field->name.value);
    if (from == schema::kNone || !rewrites.argument_maps_from(from).empty()) continue;
    for (schema::FieldId id : c.schema.type(query).fields) {
      if (id == from || rewrites.canonical_endpoint(id) != rewrites.canonical_endpoint(from) ||
          !rewrites.argument_maps_from(id).empty()) {
        continue;
      }
      swaps.push_back({&v, id});
    }
  }
  if (swaps.empty()) return Unexpected{rewrite_error("no root field has an endpoint partner")};
  const Swap& s = swaps[c.random.below(static_cast<uint32_t>(swaps.size()))];
  const std::string_view name = c.schema.field(s.with).name;
  auto* header = c.arena.make<ast::Field>();
  *header = *s.visit->field;
  header->name = make_name(c.arena, name);
  if (header->alias.empty() && c.inventory.response_key_used(name)) {
    header->alias = make_name(c.arena, c.fresh.alias());
  }
  Editor editor(c.arena);
  editor.replace_field(s.visit->field, header);
  Rewritten out;
  out.query = graphql::print(editor.copy(c.document));
  out.applied.push_back("endpoint " + std::string(s.visit->field->name.value) + " -> " +
                        std::string(name));
  return out;
}

Result<Rewritten> cycle_detour(const MutationContext& c, const normalize::Rewrites& rewrites) {
  struct Detour {
    const FieldVisit* a;
    const ast::Field* b;
    schema::FieldId back;
  };
  std::vector<Detour> detours;
  for (const FieldVisit& a : c.inventory.fields) {
    if (!a.field->selection_set || a.conditional) continue;
    const schema::TypeId ta = field_type(c.schema, a.scope, a.field->name.value);
    if (ta == schema::kNone || c.schema.type(ta).kind != schema::TypeKind::kObject ||
        is_root_type(c.schema, ta)) {
      continue;
    }
    for (const ast::Selection* s : a.field->selection_set->selections) {
      if (s->kind != ast::SelectionKind::kField) continue;
      const auto& b = ast::as<ast::Field>(*s);
      if (!b.selection_set || !b.directives.empty()) continue;
      const schema::FieldId fb = c.schema.find_field(ta, b.name.value);
      if (fb == schema::kNone) continue;
      const schema::TypeId tb = c.schema.field(fb).type.named;
      if (tb == ta || c.schema.type(tb).kind != schema::TypeKind::kObject ||
          is_root_type(c.schema, tb)) {
        continue;
      }
      for (const normalize::InversePair& p : rewrites.inverse_pairs()) {
        if (p.forward != fb) continue;
        const schema::FieldDef& g = c.schema.field(p.back);
        if (g.owner != tb || g.type.named != ta || g.type.is_list()) continue;
        bool required = false;
        for (const schema::InputValue& arg : g.arguments) required |= arg.required();
        if (!required) detours.push_back({&a, &b, p.back});
      }
    }
  }
  if (detours.empty()) return Unexpected{rewrite_error("no field has an inverse pair to detour")};
  const Detour& d = detours[c.random.below(static_cast<uint32_t>(detours.size()))];
  std::vector<ast::Selection*> moved;
  for (ast::Selection* s : d.a->field->selection_set->selections) {
    if (s != d.b && s->kind == ast::SelectionKind::kField && c.random.chance(50)) {
      moved.push_back(s);
    }
  }
  Editor editor(c.arena);
  std::string what = "moved " + std::to_string(moved.size()) + " selection(s)";
  if (moved.empty()) {
    moved.push_back(const_cast<ast::Field*>(d.b));
    what = "copied " + std::string(d.b->name.value);
  } else {
    for (const ast::Selection* s : moved) editor.remove(d.a->field->selection_set, s);
  }
  auto* back = c.arena.make<ast::Field>();
  back->kind = ast::SelectionKind::kField;
  back->alias = make_name(c.arena, c.fresh.alias());
  back->name = make_name(c.arena, c.schema.field(d.back).name);
  back->selection_set = c.arena.make<ast::SelectionSet>();
  back->selection_set->selections = to_list(c.arena, moved);
  editor.append(d.b->selection_set, back);
  Rewritten out;
  out.query = graphql::print(editor.copy(c.document));
  out.applied.push_back("cycle " + std::string(d.b->name.value) + "." +
                        std::string(back->name.value) + ": " + what);
  return out;
}

}  // namespace

std::string_view schema_rewrite_name(SchemaRewrite kind) {
  return kind == SchemaRewrite::kEndpoint ? "endpoint" : "cycle";
}

Result<Rewritten> rewrite_with_rules(const schema::Schema& schema,
                                     const normalize::Rewrites& rewrites, std::string_view query,
                                     SchemaRewrite kind, uint64_t seed) {
  Arena arena;
  auto parsed = graphql::parse(query, arena);
  if (!parsed.ok()) return Unexpected{std::move(parsed).error()};
  const ast::OperationDefinition* op = only_operation(*parsed.value());
  if (!op) return Unexpected{rewrite_error("the document must hold exactly one operation")};
  Inventory inventory(schema, *parsed.value(),
                      RootRules{&schema, schema::kNone, &rewrites, normalize::RuleSwitches{}});
  inventory.walk_operation(*op);
  SeededRandom random(seed);
  FreshNames fresh(query);
  const MutationContext c{schema, *parsed.value(), inventory, random, arena, fresh};
  return kind == SchemaRewrite::kEndpoint ? endpoint_swap(c, rewrites) : cycle_detour(c, rewrites);
}

}  // namespace gqleval::rewrite
