// Argument differences (docs/semantics.md, Stage 4, explanation): a missing and an
// extra subtree under one parent that are the same field with other
// arguments are explained as one difference of arguments,
//
//   query -> user(login: "x") -> followers: first 10 -> 100
//
// followed by what differs inside the two subtrees when their children are
// compared as if the arguments were equal (children matched by identity,
// recursively; a pair found inside is a further difference, listed after the
// one that holds it). Counts and verdicts do not change: different arguments
// are different data, and the missing and extra paths stay complete; this
// only says which of them belong together, so that the reader sees the real
// error (a wrong field under a page size) instead of two whole subtrees.
//
// Pairing. The same field means the same schema field (after the rewrites),
// the same concrete type under an abstract parent and the same condition.
// Where a missing subtree has several such partners, it takes the one whose
// inside differs least (then the first, in canonical order), so the result
// does not depend on the order of selections in the source.
//
// Costs: nothing unless both sides have a top-most difference; then one pass
// over the top-most lists, and a walk of the paired subtrees. Strings and
// arrays go to the caller's arena; the working lists are reused, so a warm
// explanation allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/normalize/normal_tree.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/position_map.h"
#include "engine/score/internal/tree_compare.h"
#include "engine/score/pair_result.h"

namespace gqleval::score {

// One side of a comparison: a normal tree and how its positions map back to
// the text it came from.
struct ExplainedTree {
  const normalize::NormalTree* tree = nullptr;
  TreePlaces places;
};

// The parts of a canonical argument list `(a: 1, b: {c: 2})`: name and value
// text of each argument, in order. Strings and nested values are kept whole.
void split_arguments(std::string_view arguments,
                     std::vector<std::pair<std::string_view, std::string_view>>& out);

class ArgumentDiffer {
 public:
  // Pairs the top-most `missing` (reference) and `extra` (candidate) subtrees
  // of the comparer's last compare(); marks the paired ones
  // (SubtreeDiff::argument_difference) and returns the differences, in the
  // order of the missing paths, each followed by those found inside it.
  std::span<const ArgumentDifference> find(
      const ExplainedTree& reference, const ExplainedTree& candidate, const TreeComparer& comparer,
      std::span<const TopNode> missing_top, std::span<SubtreeDiff> missing,
      std::span<const TopNode> extra_top, std::span<SubtreeDiff> extra,
      const schema::Schema& schema, Arena& arena);

 private:
  // A differing node and the node it hangs under: at the top its parent (in
  // its own tree); inside a pair, the reference's node of the matched parent.
  struct Anchored {
    uint32_t node = 0;
    uint32_t anchor = 0;
  };
  struct Inside {
    std::span<const Anchored> missing_nodes, extra_nodes;
    std::span<SubtreeDiff> missing, extra;  // parallel to the nodes
  };
  // Children of r (reference) and c (candidate) compared by identity,
  // recursively: the top-most differing subtrees into the scratch lists.
  void collect_inside(uint32_t r, uint32_t c);
  uint32_t inside_size(uint32_t r, uint32_t c);
  Inside describe_inside(uint32_t r, uint32_t c);
  std::span<SubtreeDiff> describe_all(const ExplainedTree& side, std::span<const Anchored> nodes);
  // Pairs `missing` with `extra` (`same_parent` says whether two share their
  // parent) and appends each difference, `within` the one that holds them.
  template <class SameParent>
  void pair_up(std::span<const Anchored> missing_nodes, std::span<SubtreeDiff> missing,
               std::span<const Anchored> extra_nodes, std::span<SubtreeDiff> extra,
               const SameParent& same_parent, int32_t within);
  void add_difference(uint32_t r, uint32_t c, int32_t within, uint32_t missing_index,
                      uint32_t extra_index);
  std::string_view written_name(const normalize::Node& n) const;
  // The arguments that differ between r and c, and the texts that say so.
  void describe_changes(const normalize::Node& r, const normalize::Node& c, ArgumentDifference& d);

  const ExplainedTree* reference_ = nullptr;
  const ExplainedTree* candidate_ = nullptr;
  const schema::Schema* schema_ = nullptr;
  Arena* arena_ = nullptr;
  std::vector<ArgumentDifference> found_;
  std::vector<std::pair<std::string_view, std::string_view>> reference_args_, candidate_args_;
  std::vector<ArgumentChange> changes_;
  std::vector<Anchored> scratch_missing_, scratch_extra_;
  std::string text_;
};

}  // namespace gqleval::score
