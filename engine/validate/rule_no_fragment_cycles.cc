// NoFragmentCycles: no fragment spreads itself, directly or through others.
// graphql-js does one depth-first search over the fragment definitions in
// document order, reporting every cycle it meets once:
// `Cannot spread fragment "A" within itself via "B", "C".` (or `... within
// itself.` for a direct cycle) at each spread along the cycle.
#include <span>
#include <string>
#include <vector>

#include "engine/base/concat.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class CycleFinder {
 public:
  explicit CycleFinder(ValidationContext& ctx) : ctx_(ctx) {}

  void detect(const ast::FragmentDefinition& fragment) {
    std::string_view name = fragment.name.value;
    if (contains(visited_, name)) return;
    visited_.push_back(name);
    if (!fragment.selection_set) return;
    const std::span<const ast::FragmentSpread* const> spreads =
        ctx_.fragment_spreads(*fragment.selection_set);
    if (spreads.empty()) return;
    on_path_.push_back({name, path_.size()});
    for (const ast::FragmentSpread* spread : spreads) {
      std::string_view spread_name = spread->name.value;
      const size_t cycle_index = index_on_path(spread_name);
      path_.push_back(spread);
      if (cycle_index == kNotOnPath) {
        if (const ast::FragmentDefinition* next = ctx_.fragment(spread_name)) detect(*next);
      } else {
        report_cycle(spread_name, cycle_index);
      }
      path_.pop_back();
    }
    on_path_.pop_back();
  }

 private:
  static constexpr size_t kNotOnPath = static_cast<size_t>(-1);

  static bool contains(const std::vector<std::string_view>& v, std::string_view s) {
    for (std::string_view x : v) {
      if (x == s) return true;
    }
    return false;
  }

  size_t index_on_path(std::string_view name) const {
    for (const auto& [n, index] : on_path_) {
      if (n == name) return index;
    }
    return kNotOnPath;
  }

  void report_cycle(std::string_view name, size_t from) {
    std::string via;
    for (size_t i = from; i + 1 < path_.size(); ++i) {
      if (!via.empty()) via += ", ";
      via += concat({"\"", path_[i]->name.value, "\""});
    }
    std::vector<SourcePos> at;
    for (size_t i = from; i < path_.size(); ++i) at.push_back(path_[i]->loc.pos());
    ctx_.report(concat({"Cannot spread fragment \"", name, "\" within itself",
                        via.empty() ? "" : " via ", via, "."}),
                std::move(at));
  }

  ValidationContext& ctx_;
  std::vector<std::string_view> visited_;
  std::vector<const ast::FragmentSpread*> path_;
  // Fragments being explored, with the path length when each was entered.
  std::vector<std::pair<std::string_view, size_t>> on_path_;
};

}  // namespace

void rule_no_fragment_cycles(ValidationContext& ctx) {
  CycleFinder finder(ctx);
  for (const ast::FragmentDefinition* f : ctx.fragments) finder.detect(*f);
}

}  // namespace gqleval::validate
