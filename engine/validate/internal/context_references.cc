// ValidationContext's fragment and variable-usage helpers (declared in
// context.h): graphql-js getFragmentSpreads, getRecursivelyReferencedFragments,
// getVariableUsages and getRecursiveVariableUsages, each computed on first use
// and cached in the context's workspace.
#include <string_view>
#include <vector>

#include "engine/validate/internal/context.h"
#include "engine/validate/internal/workspace_buffers.h"

namespace gqleval::validate {
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
  // `collected` grows while it is read: an index, not an iterator.
  for (size_t i = 0; i < collected.size(); ++i) {  // NOLINT(modernize-loop-convert)
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

}  // namespace gqleval::validate
