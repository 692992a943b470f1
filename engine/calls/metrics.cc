#include "engine/calls/metrics.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>

namespace gqleval::calls {
namespace {

std::string key(const Argument& a) { return a.function + '\x1f' + a.parameter + '\x1f' + a.value; }

// The arguments of `from` that `in` lacks, as multisets.
std::vector<Argument> difference(const std::vector<const Argument*>& from,
                                 const std::vector<const Argument*>& in) {
  std::map<std::string, int> have;
  for (const Argument* a : in) ++have[key(*a)];
  std::vector<Argument> out;
  for (const Argument* a : from) {
    int& n = have[key(*a)];
    if (n > 0) {
      --n;
    } else {
      out.push_back(*a);
    }
  }
  return out;
}

std::vector<const Argument*> all_arguments(const Program& p) {
  std::vector<const Argument*> out;
  for (const ApiCall& c : p.calls) {
    for (const Argument& a : c.arguments) out.push_back(&a);
  }
  return out;
}

// Whether candidate call c has every argument of reference call r.
bool has_all_arguments(const ApiCall& c, const ApiCall& r) {
  std::vector<const Argument*> cs;
  std::vector<const Argument*> rs;
  for (const Argument& a : c.arguments) cs.push_back(&a);
  for (const Argument& a : r.arguments) rs.push_back(&a);
  return difference(rs, cs).empty();
}

// Maximum matching of reference calls to candidate calls of the same
// function that have all their arguments (augmenting paths; each reference
// call tries the candidate call of its own occurrence first).
uint32_t matched_calls(const Program& reference, const Program& candidate) {
  const size_t n = reference.calls.size();
  std::vector<std::vector<size_t>> edges(n);
  for (size_t r = 0; r < n; ++r) {
    const ApiCall& rc = reference.calls[r];
    for (size_t c = 0; c < candidate.calls.size(); ++c) {
      const ApiCall& cc = candidate.calls[c];
      if (cc.function == rc.function && has_all_arguments(cc, rc)) edges[r].push_back(c);
    }
    std::stable_partition(edges[r].begin(), edges[r].end(),
                          [&](size_t c) { return candidate.calls[c].occurrence == rc.occurrence; });
  }
  std::vector<int> owner(candidate.calls.size(), -1);
  std::function<bool(size_t, std::vector<bool>&)> augment = [&](size_t r, std::vector<bool>& seen) {
    for (size_t c : edges[r]) {
      if (seen[c]) continue;
      seen[c] = true;
      if (owner[c] < 0 || augment(static_cast<size_t>(owner[c]), seen)) {
        owner[c] = static_cast<int>(r);
        return true;
      }
    }
    return false;
  };
  uint32_t matched = 0;
  for (size_t r = 0; r < n; ++r) {
    std::vector<bool> seen(candidate.calls.size(), false);
    if (augment(r, seen)) ++matched;
  }
  return matched;
}

}  // namespace

std::vector<std::vector<std::string>> components(const Program& program) {
  const size_t n = program.calls.size();
  std::vector<size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::function<size_t(size_t)> root = [&](size_t x) {
    return parent[x] == x ? x : parent[x] = root(parent[x]);
  };
  for (size_t b = 0; b < n; ++b) {
    for (uint32_t a : program.calls[b].reads) {
      if (a < n && a != b) parent[root(a)] = root(b);
    }
  }
  std::vector<std::vector<std::string>> out;
  std::map<size_t, size_t> index;  // root -> component
  for (size_t i = 0; i < n; ++i) {
    auto [it, fresh] = index.emplace(root(i), out.size());
    if (fresh) out.emplace_back();
    out[it->second].push_back(program.calls[i].function);
  }
  return out;
}

CallsComparison compare_programs(const Program& reference, const Program& candidate) {
  CallsComparison r;
  const auto ra = all_arguments(reference);
  const auto ca = all_arguments(candidate);
  r.missing_arguments = difference(ra, ca);
  r.extra_arguments = difference(ca, ra);
  r.arg_match_full = r.missing_arguments.empty();
  r.arg_calls_total = static_cast<uint32_t>(reference.calls.size());
  r.arg_calls_matched = matched_calls(reference, candidate);
  r.seq_match_full = reference.sequence() == candidate.sequence();
  r.reference_components = components(reference);
  r.candidate_components = components(candidate);
  auto sorted = [](std::vector<std::vector<std::string>> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  r.seq_match_connected = sorted(r.reference_components) == sorted(r.candidate_components);
  return r;
}

}  // namespace gqleval::calls
