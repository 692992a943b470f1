#include "engine/score/internal/traversal.h"

namespace gqleval::score {
namespace {

// Deeper than any document the parser accepts; a guard, not a limit a valid
// answer meets (validation refuses fragment cycles).
constexpr uint32_t kMaxDepth = 512;

const ast::FragmentDefinition* fragment_named(const ast::Document& document,
                                              std::string_view name) {
  for (const ast::Definition* d : document.definitions) {
    if (d->kind != ast::DefinitionKind::kFragment) continue;
    const auto& f = ast::as<ast::FragmentDefinition>(*d);
    if (f.name.value == name) return &f;
  }
  return nullptr;
}

}  // namespace

void Traversal::clear() {
  steps_.clear();
  arguments_.clear();
}

void Traversal::add(const schema::Schema& schema, const ast::Document& document,
                    const ast::OperationDefinition& operation, uint32_t index,
                    const PositionMap& map) {
  schema_ = &schema;
  document_ = &document;
  map_ = &map;
  operation_ = index;
  const schema::TypeId root = schema.root_type(operation.operation);
  if (root != schema::kNone && operation.selection_set != nullptr) {
    walk(*operation.selection_set, root, 0);
  }
}

void Traversal::walk(const ast::SelectionSet& set, schema::TypeId on, uint32_t depth) {
  if (depth > kMaxDepth) return;
  for (const ast::Selection* s : set.selections) {
    if (s->kind == ast::SelectionKind::kField) {
      const auto& f = static_cast<const ast::Field&>(*s);
      if (f.name.value.starts_with("__")) continue;  // introspection
      const schema::FieldDef* def = schema_->field_named(on, f.name.value);
      if (def == nullptr) continue;  // a valid answer has none
      Step step;
      step.on = on;
      step.field = def->name;
      step.pos = map_->apply(f.name.loc.pos());
      step.operation = operation_;
      step.first_argument = static_cast<uint32_t>(arguments_.size());
      for (const ast::Argument* a : f.arguments) arguments_.push_back(a->name.value);
      step.end_argument = static_cast<uint32_t>(arguments_.size());
      steps_.push_back(step);
      if (f.selection_set != nullptr) walk(*f.selection_set, def->type.named, depth + 1);
    } else if (s->kind == ast::SelectionKind::kInlineFragment) {
      const auto& i = static_cast<const ast::InlineFragment&>(*s);
      const schema::TypeId type =
          i.type_condition.empty() ? on : schema_->find_type(i.type_condition.value);
      if (type != schema::kNone && i.selection_set != nullptr) {
        walk(*i.selection_set, type, depth + 1);
      }
    } else {
      const auto& spread = static_cast<const ast::FragmentSpread&>(*s);
      const ast::FragmentDefinition* f = fragment_named(*document_, spread.name.value);
      if (f == nullptr || f->selection_set == nullptr) continue;
      const schema::TypeId type = schema_->find_type(f->type_condition.value);
      if (type != schema::kNone) walk(*f->selection_set, type, depth + 1);
    }
  }
}

}  // namespace gqleval::score
