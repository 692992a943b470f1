#include "engine/score/internal/argument_differences.h"

#include <algorithm>

#include "engine/score/internal/explanation.h"

namespace gqleval::score {
namespace {

using normalize::Node;
using normalize::NormalTree;

uint32_t subtree_size(const NormalTree& tree, uint32_t node) {
  uint32_t n = 1;
  const Node& x = tree.nodes[node];
  for (uint32_t c = x.first_child; c < x.first_child + x.child_count; ++c) {
    n += subtree_size(tree, c);
  }
  return n;
}

// The child of `parent` whose identity is `key`; kNoNode when none. Children
// are few, and a renamed tree's are not sorted (symbol_renaming.h).
uint32_t child_with_key(const NormalTree& tree, uint32_t parent, std::string_view key) {
  const Node& p = tree.nodes[parent];
  for (uint32_t c = p.first_child; c < p.first_child + p.child_count; ++c) {
    if (tree.nodes[c].key == key) return c;
  }
  return normalize::kNoNode;
}

bool has_default(const schema::Schema& s, schema::FieldId f, std::string_view argument) {
  for (const schema::InputValue& a : s.field(f).arguments) {
    if (a.name == argument) return a.default_value != nullptr;
  }
  return false;
}

bool same_field(const Node& r, const Node& c) {
  return r.field == c.field && r.on_type == c.on_type && r.condition == c.condition &&
         r.arguments != c.arguments;
}

}  // namespace

void split_arguments(std::string_view arguments,
                     std::vector<std::pair<std::string_view, std::string_view>>& out) {
  out.clear();
  if (arguments.size() < 2 || arguments.front() != '(' || arguments.back() != ')') return;
  const std::string_view body = arguments.substr(1, arguments.size() - 2);
  size_t start = 0;
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i <= body.size(); ++i) {
    const char ch = i < body.size() ? body[i] : ',';
    if (in_string) {
      if (ch == '\\') {
        ++i;
      } else if (ch == '"') {
        in_string = false;
      }
      continue;
    }
    if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{' || ch == '(') {
      ++depth;
    } else if (ch == ']' || ch == '}' || ch == ')') {
      --depth;
    } else if (ch == ',' && depth == 0) {
      std::string_view part = body.substr(start, i - start);
      while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
      const size_t colon = part.find(": ");
      if (colon != std::string_view::npos) {
        out.emplace_back(part.substr(0, colon), part.substr(colon + 2));
      }
      start = i + 1;
    }
  }
}

void ArgumentDiffer::collect_inside(uint32_t r, uint32_t c) {
  const NormalTree& rt = *reference_->tree;
  const NormalTree& ct = *candidate_->tree;
  const Node& rn = rt.nodes[r];
  for (uint32_t x = rn.first_child; x < rn.first_child + rn.child_count; ++x) {
    const uint32_t twin = child_with_key(ct, c, rt.nodes[x].key);
    if (twin == normalize::kNoNode) {
      scratch_missing_.push_back({x, r});
    } else {
      collect_inside(x, twin);
    }
  }
  const Node& cn = ct.nodes[c];
  for (uint32_t y = cn.first_child; y < cn.first_child + cn.child_count; ++y) {
    if (child_with_key(rt, r, ct.nodes[y].key) == normalize::kNoNode) {
      scratch_extra_.push_back({y, r});
    }
  }
}

uint32_t ArgumentDiffer::inside_size(uint32_t r, uint32_t c) {
  scratch_missing_.clear();
  scratch_extra_.clear();
  collect_inside(r, c);
  uint32_t n = 0;
  for (const Anchored& x : scratch_missing_) n += subtree_size(*reference_->tree, x.node);
  for (const Anchored& y : scratch_extra_) n += subtree_size(*candidate_->tree, y.node);
  return n;
}

ArgumentDiffer::Inside ArgumentDiffer::describe_inside(uint32_t r, uint32_t c) {
  scratch_missing_.clear();
  scratch_extra_.clear();
  collect_inside(r, c);
  Inside in;
  in.missing_nodes = arena_->copy(std::span<const Anchored>(scratch_missing_));
  in.extra_nodes = arena_->copy(std::span<const Anchored>(scratch_extra_));
  in.missing = describe_all(*reference_, in.missing_nodes);
  in.extra = describe_all(*candidate_, in.extra_nodes);
  return in;
}

std::span<SubtreeDiff> ArgumentDiffer::describe_all(const ExplainedTree& side,
                                                    std::span<const Anchored> nodes) {
  auto out = arena_->make_array<SubtreeDiff>(nodes.size());
  const NormalTree& t = *side.tree;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const uint32_t x = nodes[i].node;
    const Node& n = t.nodes[x];
    out[i] = describe_subtree(t, x, subtree_size(t, x), side.places.apply(n.pos, n.operation),
                              *schema_, *arena_, text_);
    out[i].operation = side.places.operation(n.operation);
  }
  return out;
}

template <class SameParent>
void ArgumentDiffer::pair_up(std::span<const Anchored> missing_nodes,
                             std::span<SubtreeDiff> missing, std::span<const Anchored> extra_nodes,
                             std::span<SubtreeDiff> extra, const SameParent& same_parent,
                             int32_t within) {
  const NormalTree& rt = *reference_->tree;
  const NormalTree& ct = *candidate_->tree;
  // Marks on the arena, so that nested calls keep their own.
  auto taken = arena_->make_array<uint8_t>(extra_nodes.size());
  std::fill(taken.begin(), taken.end(), 0);
  for (size_t i = 0; i < missing_nodes.size(); ++i) {
    const uint32_t r = missing_nodes[i].node;
    size_t best = extra_nodes.size();
    uint32_t best_size = 0;
    for (size_t j = 0; j < extra_nodes.size(); ++j) {
      const uint32_t c = extra_nodes[j].node;
      if (taken[j] != 0 || !same_field(rt.nodes[r], ct.nodes[c]) ||
          !same_parent(missing_nodes[i], extra_nodes[j])) {
        continue;
      }
      if (best == extra_nodes.size()) {
        best = j;
        continue;
      }
      // A second partner: the one whose inside differs least wins.
      if (best_size == 0) best_size = inside_size(r, extra_nodes[best].node);
      const uint32_t size = inside_size(r, c);
      if (size < best_size) {
        best = j;
        best_size = size;
      }
    }
    if (best == extra_nodes.size()) continue;
    taken[best] = 1;
    missing[i].argument_difference = true;
    extra[best].argument_difference = true;
    add_difference(r, extra_nodes[best].node, within, static_cast<uint32_t>(i),
                   static_cast<uint32_t>(best));
  }
}

std::string_view ArgumentDiffer::written_name(const Node& n) const {
  const std::string_view head = n.written.empty() ? n.name : n.written;
  return head.substr(0, head.find('('));
}

void ArgumentDiffer::describe_changes(const Node& rn, const Node& cn, ArgumentDifference& d) {
  split_arguments(rn.arguments, reference_args_);
  split_arguments(cn.arguments, candidate_args_);
  changes_.clear();
  for (const auto& [name, value] : reference_args_) {
    std::string_view other;
    for (const auto& [n2, v2] : candidate_args_) other = n2 == name ? v2 : other;
    if (other != value) changes_.push_back(ArgumentChange{name, value, other});
  }
  for (const auto& [name, value] : candidate_args_) {
    bool known = false;
    for (const auto& [n2, v2] : reference_args_) known = known || n2 == name;
    if (!known) changes_.push_back(ArgumentChange{name, {}, value});
  }
  d.changes = arena_->copy(std::span<const ArgumentChange>(changes_));
  text_.assign(d.field);
  if (d.candidate_field != d.field) {
    text_.append(" (").append(d.candidate_field).append(" in the candidate)");
  }
  text_.append(": ");
  const size_t label = text_.size();
  for (size_t k = 0; k < d.changes.size(); ++k) {
    const ArgumentChange& x = d.changes[k];
    if (k) text_.append(", ");
    // A side without the argument means its declared default, if any.
    const std::string_view absent =
        has_default(*schema_, rn.field, x.name) ? "(default)" : "(none)";
    text_.append(x.name).append(" ");
    text_.append(x.reference.empty() ? absent : x.reference).append(" -> ");
    text_.append(x.candidate.empty() ? absent : x.candidate);
  }
  d.text = arena_->copy_string(text_);
  d.changes_text = d.text.substr(label);
}

void ArgumentDiffer::add_difference(uint32_t r, uint32_t c, int32_t within, uint32_t missing_index,
                                    uint32_t extra_index) {
  const NormalTree& rt = *reference_->tree;
  const NormalTree& ct = *candidate_->tree;
  const Node& rn = rt.nodes[r];
  const Node& cn = ct.nodes[c];
  ArgumentDifference d;
  d.within = within;
  d.missing_index = missing_index;
  d.extra_index = extra_index;
  d.field = written_name(rn);
  d.candidate_field = written_name(cn);
  d.reference_pos = reference_->places.apply(rn.pos, rn.operation);
  d.candidate_pos = candidate_->places.apply(cn.pos, cn.operation);
  d.candidate_operation = candidate_->places.operation(cn.operation);
  d.reference_nodes = subtree_size(rt, r);
  d.candidate_nodes = subtree_size(ct, c);

  // The path: the parent as the reference wrote it, then the field's name.
  const SubtreeDiff parent = describe_subtree(rt, rn.parent, 0, {}, *schema_, *arena_, text_);
  text_.assign(parent.path).append(" -> ").append(d.field);
  if (rn.on_type != schema::kNone) text_.append(" on ").append(schema_->type(rn.on_type).name);
  if (!rn.condition.empty()) text_.append(" ").append(rn.condition);
  d.path = arena_->copy_string(text_);

  describe_changes(rn, cn, d);

  const auto index = static_cast<int32_t>(found_.size());
  found_.push_back(d);
  const Inside in = describe_inside(r, c);
  found_[static_cast<size_t>(index)].missing_paths = in.missing;
  found_[static_cast<size_t>(index)].extra_paths = in.extra;
  // Inside, every top-most difference hangs under a matched pair of nodes,
  // named by the reference's node (its anchor): two share a parent when
  // their anchors are one.
  pair_up(
      in.missing_nodes, in.missing, in.extra_nodes, in.extra,
      [](const Anchored& x, const Anchored& y) { return x.anchor == y.anchor; }, index);
}

std::span<const ArgumentDifference> ArgumentDiffer::find(
    const ExplainedTree& reference, const ExplainedTree& candidate, const TreeComparer& comparer,
    std::span<const TopNode> missing_top, std::span<SubtreeDiff> missing,
    std::span<const TopNode> extra_top, std::span<SubtreeDiff> extra, const schema::Schema& schema,
    Arena& arena) {
  found_.clear();
  if (missing_top.empty() || extra_top.empty()) return {};
  reference_ = &reference;
  candidate_ = &candidate;
  schema_ = &schema;
  arena_ = &arena;
  auto missing_nodes = arena.make_array<Anchored>(missing_top.size());
  for (size_t i = 0; i < missing_top.size(); ++i) {
    missing_nodes[i] = {missing_top[i].node, reference.tree->nodes[missing_top[i].node].parent};
  }
  auto extra_nodes = arena.make_array<Anchored>(extra_top.size());
  for (size_t i = 0; i < extra_top.size(); ++i) {
    extra_nodes[i] = {extra_top[i].node, candidate.tree->nodes[extra_top[i].node].parent};
  }
  // At the top, the parents are in both trees: one node of the universe.
  pair_up(
      std::span<const Anchored>(missing_nodes), missing, std::span<const Anchored>(extra_nodes),
      extra,
      [&](const Anchored& x, const Anchored& y) {
        return comparer.reference_id(x.anchor) == comparer.candidate_id(y.anchor);
      },
      -1);
  return arena.copy(std::span<const ArgumentDifference>(found_));
}

}  // namespace gqleval::score
