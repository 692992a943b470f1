// OverlappingFieldsCanBeMerged (graphql-js 16.15): fields that share a response
// key must be mergeable. The search itself is OverlappingFieldsFinder
// (overlapping_fields.h); this file decides which selection sets to check, as
// graphql-js's SelectionSet visitor does, and reports each conflict.
#include <span>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "engine/validate/internal/overlapping_fields.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

// A selection set of plain fields with distinct response keys has nothing to
// compare (only fields with one key are compared, and there are no spreads), so
// the common case costs no collection (and, up to 32 fields, no heap allocation).
bool has_nothing_to_compare(const ast::SelectionSet& set) {
  constexpr size_t kLinearLimit = 32;
  std::span<const ast::Selection* const> selections = set.selections;
  for (const ast::Selection* s : selections) {
    if (s->kind != ast::SelectionKind::kField) return false;
  }
  auto key = [&](size_t i) { return ast::as<ast::Field>(*selections[i]).response_key(); };
  if (selections.size() <= kLinearLimit) {
    for (size_t i = 1; i < selections.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (key(i) == key(j)) return false;
      }
    }
    return true;
  }
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < selections.size(); ++i) {
    if (!seen.insert(key(i)).second) return false;
  }
  return true;
}

// The finder and the conflict list are kept per thread and reused, so that
// validating a document allocates nothing once a thread has warmed up.
struct OverlapScratch {
  OverlappingFieldsFinder finder;
  std::vector<FieldConflict> conflicts;
};

class OverlapVisitor : public Visitor {
 public:
  OverlapVisitor(ValidationContext& ctx, OverlapScratch& scratch) : ctx_(ctx), scratch_(scratch) {}

  void enter_inline_fragment(const ast::InlineFragment& fragment, const TypeInfo&) override {
    inline_set_ = fragment.selection_set;
  }

  void enter_selection_set(const ast::SelectionSet& set, const TypeInfo& info) override {
    if (ctx_.aborted) {
      skip_children();
      return;
    }
    // The fields of an inline fragment belong to the enclosing selection set,
    // which collects them; their own subfields are still visited below.
    if (&set == inline_set_) {
      inline_set_ = nullptr;
      return;
    }
    std::span<const ast::Selection* const> selections = set.selections;
    if (selections.size() <= 1 &&
        (selections.empty() || selections[0]->kind != ast::SelectionKind::kInlineFragment)) {
      return;
    }
    if (has_nothing_to_compare(set)) return;
    if (!started_) {  // most documents never get here
      scratch_.finder.reset(ctx_);
      started_ = true;
    }
    scratch_.conflicts.clear();
    scratch_.finder.find_within(info.parent_type, set, scratch_.conflicts);
    for (const FieldConflict& c : scratch_.conflicts) {
      ctx_.report(conflict_message(c), conflict_locations(c));
    }
  }

 private:
  ValidationContext& ctx_;
  OverlapScratch& scratch_;
  bool started_ = false;
  const ast::SelectionSet* inline_set_ = nullptr;
};

}  // namespace

void rule_overlapping_fields_can_be_merged(ValidationContext& ctx) {
  thread_local OverlapScratch scratch;
  OverlapVisitor visitor(ctx, scratch);
  ctx.walk(visitor);
}

}  // namespace gqleval::validate
