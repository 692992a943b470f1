// ValidationWorkspace::Buffers: what a ValidationContext keeps for one document
// (the definitions, the recorded walk, the results of its fragment and
// variable-usage helpers), laid out so that clear() keeps every capacity.
// Internal to the context: rules see none of it. Spans that the context hands
// out point into these buffers and stay valid until the next clear().
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/validate/internal/context.h"
#include "engine/validate/internal/walk_tape.h"
#include "engine/validate/internal/workspace.h"

namespace gqleval::validate {

struct ValidationWorkspace::Buffers {
  // Results of a helper, one slot per key. A slot's vector keeps its capacity
  // from one document to the next, and is not touched again once filled in a
  // document, so spans into it stay valid while the slot list grows. Lookups
  // are linear: a document has a handful of keys.
  template <class Key, class T>
  struct Cache {
    std::vector<const Key*> keys;
    std::vector<std::vector<T>> slots;  // slots.size() >= keys.size()

    const std::vector<T>* find(const Key* key) const {
      for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] == key) return &slots[i];
      }
      return nullptr;
    }
    // A new, empty slot for key. The reference lasts until the next add().
    std::vector<T>& add(const Key* key) {
      keys.push_back(key);
      if (slots.size() < keys.size()) slots.emplace_back();
      std::vector<T>& slot = slots[keys.size() - 1];
      slot.clear();
      return slot;
    }
  };

  void clear() {
    operations.clear();
    fragments.clear();
    tape.clear();
    spreads.keys.clear();
    referenced.keys.clear();
    usages.keys.clear();
  }

  std::vector<const ast::OperationDefinition*> operations;
  std::vector<const ast::FragmentDefinition*> fragments;
  WalkTape tape;

  Cache<ast::SelectionSet, const ast::FragmentSpread*> spreads;
  Cache<ast::OperationDefinition, const ast::FragmentDefinition*> referenced;
  Cache<ast::Definition, VariableUsage> usages;
  std::vector<const ast::SelectionSet*> spread_stack;  // fragment_spreads()
  std::vector<std::string_view> collected;             // recursively_referenced_fragments()
  std::vector<VariableUsage> recursive;                // recursive_variable_usages()
};

}  // namespace gqleval::validate
