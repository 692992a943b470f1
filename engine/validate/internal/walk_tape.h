// WalkTape: one document's walk, recorded once and replayed for every rule.
//
// record() runs the live walk (walker.h) over every operation and fragment
// definition of the context's document, in document order, and keeps each hook
// call as an event: the node, its TypeInfo, and for an enter event the index of
// its leave event. A leave event shares its enter event's TypeInfo (the walk
// shows both the same state). Per hook, the tape also keeps the list of its
// events, so replay() of a visitor that overrides a handful of hooks merges
// those lists and never touches the events of other hooks.
//
// replay() calls the same hooks in the same order with the same arguments as
// the live walk would, skip_children() included (a skip jumps to the leave
// event, which still runs). Costs: record() is the one walk that pays for the
// schema lookups; replay() is a merge of a few sorted index lists. clear()
// keeps every buffer's capacity, so a tape reused for the next document
// records without heap allocation once warm. Not thread-safe.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/validate/internal/visitor.h"

namespace gqleval::validate {

struct ValidationContext;

class WalkTape {
 public:
  struct Event {
    const void* node;
    uint32_t end;   // enter events: the index of the matching leave event
    uint32_t info;  // index in infos
  };
  // The events of one operation or fragment definition.
  struct Range {
    const ast::Definition* definition;
    uint32_t begin, end;
  };
  // Hook codes: 2 * WalkNode + leave, the bit index of hook_bit().
  static constexpr int kHookCodes = 24;

  // Forgets the recording (capacity kept). Inline: every document pays it.
  void clear() {
    recorded_ = false;
    unknown_field_ = false;
    events_.clear();
    infos_.clear();
    ranges_.clear();
    open_.clear();
    for (; present_ != 0; present_ &= present_ - 1) by_code_[std::countr_zero(present_)].clear();
  }
  bool recorded() const { return recorded_; }
  // Records the walk of ctx.document, once per clear().
  void record(const ValidationContext& ctx);

  // Calls visitor's hooks among `hooks` (hook_bit()s) for the events in
  // [begin, end), in event order.
  void replay(uint32_t begin, uint32_t end, Visitor& visitor, uint32_t hooks) const;
  // The whole recording.
  void replay(Visitor& visitor, uint32_t hooks) const {
    replay(0, static_cast<uint32_t>(events_.size()), visitor, hooks);
  }
  // The events of `definition`, or nullptr when it is not one of the document's.
  const Range* range_of(const ast::Definition& definition) const;

  // Whether the recording enters at least one node of this kind.
  bool has(WalkNode node) const { return (present_ & hook_bit(node, false)) != 0; }
  // How many nodes of this kind the recording enters.
  size_t count(WalkNode node) const { return by_code_[code(node, false)].size(); }
  // Whether a field's (known, composite) parent type lacks it.
  bool has_unknown_field() const { return unknown_field_; }

  static constexpr uint32_t code(WalkNode node, bool leave) {
    return 2 * static_cast<uint32_t>(node) + (leave ? 1 : 0);
  }

 private:
  friend class Recorder;

  bool recorded_ = false;
  std::vector<Event> events_;
  std::vector<TypeInfo> infos_;
  std::vector<Range> ranges_;   // one per operation or fragment definition, in document order
  std::vector<uint32_t> open_;  // the recorder's stack of open enter events
  uint32_t present_ = 0;        // the hook bits of the recorded events
  bool unknown_field_ = false;
  // Per hook code, the indices of its events in order.
  std::vector<uint32_t> by_code_[kHookCodes];
};

}  // namespace gqleval::validate
