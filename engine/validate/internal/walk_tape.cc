#include "engine/validate/internal/walk_tape.h"

#include <algorithm>
#include <bit>

#include "engine/validate/internal/context.h"
#include "engine/validate/internal/walker.h"

namespace gqleval::validate {

using schema::kNone;

// Records every hook of one live walk as an event.
class Recorder final : public Visitor {
 public:
  using N = WalkNode;
  explicit Recorder(WalkTape& tape) : t_(tape) {}

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
    const auto index = static_cast<uint32_t>(t_.events_.size());
    add(hook_code_of(N::kNamedType, false), &n, index + 1, ti);
  }
  void enter_selection_set(const ast::SelectionSet& n, const TypeInfo& ti) override {
    open(N::kSelectionSet, &n, ti);
  }
  void leave_selection_set(const ast::SelectionSet&, const TypeInfo&) override {
    close(N::kSelectionSet);
  }
  void enter_field(const ast::Field& n, const TypeInfo& ti) override {
    t_.unknown_field_ |= ti.parent_type != kNone && ti.field == nullptr;
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

 private:
  static uint8_t hook_code_of(N node, bool leave) {
    return static_cast<uint8_t>(WalkTape::code(node, leave));
  }
  void add(uint8_t code, const void* node, uint32_t end, const TypeInfo& ti) {
    t_.by_code_[code].push_back(static_cast<uint32_t>(t_.events_.size()));
    t_.events_.push_back({node, end, static_cast<uint32_t>(t_.infos_.size())});
    t_.infos_.push_back(ti);
    t_.present_ |= uint32_t{1} << code;
  }
  void open(N node, const void* n, const TypeInfo& ti) {
    t_.open_.push_back(static_cast<uint32_t>(t_.events_.size()));
    add(hook_code_of(node, false), n, 0, ti);
  }
  // The leave hook sees the TypeInfo its enter hook saw (Walker passes the same
  // value to both), so the leave event shares it.
  void close(N node) {
    const uint32_t enter = t_.open_.back();
    t_.open_.pop_back();
    const auto index = static_cast<uint32_t>(t_.events_.size());
    t_.events_[enter].end = index;
    const uint8_t code = hook_code_of(node, true);
    t_.by_code_[code].push_back(index);
    t_.events_.push_back({t_.events_[enter].node, 0, t_.events_[enter].info});
    t_.present_ |= uint32_t{1} << code;
  }

  WalkTape& t_;
};

void WalkTape::record(const ValidationContext& ctx) {
  if (recorded_) return;
  recorded_ = true;
  Recorder recorder(*this);
  Walker<Recorder> walker(ctx, recorder);
  for (const ast::Definition* d : ctx.document.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation && d->kind != ast::DefinitionKind::kFragment) {
      continue;
    }
    const auto begin = static_cast<uint32_t>(events_.size());
    walker.definition(*d);
    ranges_.push_back({d, begin, static_cast<uint32_t>(events_.size())});
  }
}

const WalkTape::Range* WalkTape::range_of(const ast::Definition& definition) const {
  for (const Range& r : ranges_) {
    if (r.definition == &definition) return &r;
  }
  return nullptr;
}

namespace {

template <class Node>
const Node& at(const WalkTape::Event& e) {
  return *static_cast<const Node*>(e.node);
}

constexpr uint32_t code(WalkNode node, bool leave) { return WalkTape::code(node, leave); }

// Calls the hook of code c for event e.
void dispatch(uint32_t c, const WalkTape::Event& e, const TypeInfo& ti, Visitor& v) {
  using N = WalkNode;
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
void WalkTape::replay(uint32_t begin, uint32_t end, Visitor& v, uint32_t hooks) const {
  uint32_t wanted = hooks & present_;
  if (wanted == 0) return;
  Cursor cursors[kHookCodes];
  size_t n = 0;
  for (; wanted != 0; wanted &= wanted - 1) {
    const auto c = static_cast<uint32_t>(std::countr_zero(wanted));
    const std::vector<uint32_t>& list = by_code_[c];
    const uint32_t* first = list.data();
    const uint32_t* last = first + list.size();
    if (begin != 0) first = std::lower_bound(first, last, begin);
    if (end != events_.size()) last = std::lower_bound(first, last, end);
    if (first != last) cursors[n++] = {first, last, c};
  }
  // A skip is looked at after enter hooks only (as the live walk does); it
  // jumps to the leave event, except for named types, which have none.
  auto enter = [](uint32_t c) { return (c & 1u) == 0; };
  auto jumps = [](uint32_t c) { return c != code(WalkNode::kNamedType, false); };
  auto call = [&](uint32_t c, uint32_t i) {
    const Event& e = events_[i];
    dispatch(c, e, infos_[e.info], v);
  };
  if (n == 1) {  // the usual visitor: one hook
    const Cursor only = cursors[0];
    for (const uint32_t* p = only.at; p != only.end; ++p) {
      call(only.code, *p);
      if (enter(only.code) && v.skip_) {
        v.skip_ = false;
        if (jumps(only.code)) {
          const uint32_t resume = events_[*p].end;  // the enter's leave, not in this list
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
    call(c, i);
    if (enter(c) && v.skip_) {
      v.skip_ = false;
      // Jump to the matching leave event, which still runs.
      if (jumps(c)) {
        const uint32_t resume = events_[i].end;
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

}  // namespace gqleval::validate
