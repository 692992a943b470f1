// Renaming the symbols of a normal tree: the unbound variables `$1..$n` are
// names only, so any bijective renaming of them asks for the same data.
//
// Each tree numbers its symbols canonically on its own (normalize.h,
// "Symbols"). Two equal trees therefore come out equal, but when a candidate
// has more than the reference (an extra aliased field with a second
// variable), its canonical numbering can give the shared variable another
// number than the reference does, and a node the candidate does have would
// count as missing. The scorer aligns the two by trying renamings of the
// candidate's symbols (score_pair.cc); this builds the renamed copies.
//
// rename_symbols() returns a copy of `tree` in which symbol `$k` reads
// `$map[k - 1]` (map: a bijection of 1..n into the positive numbers), in the
// keys, arguments, written forms and conditions of its nodes (a condition's atoms re-sorted,
// as normalization sorts them) and in the paths and details of its rule
// firings; every node's hash is recomputed. Text inside string literals is
// left alone (`"$1"` is a string, not a symbol). The shape, positions and
// node order stay; children are not re-sorted (nothing that compares trees
// depends on their order). Cost: linear in the tree's text; the copy lives in
// `arena`.
#pragma once

#include <cstdint>
#include <span>

#include "engine/base/arena.h"
#include "engine/normalize/normal_tree.h"

namespace gqleval::normalize {

NormalTree rename_symbols(const NormalTree& tree, std::span<const uint32_t> map, Arena& arena);

}  // namespace gqleval::normalize
