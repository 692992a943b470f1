#include "engine/score/internal/explanation.h"

#include <algorithm>

namespace gqleval::score {
namespace {

// A node as its query wrote it: the key, or where a rule changed what the
// selection wrote (an endpoint, ignored arguments), the written name and
// arguments with the rule beside them, `usersById(id: 1) [endpoints]`, so that
// a path never shows a field or argument that its query did not write.
PathSegment segment_of(const normalize::Node& n, const schema::Schema& schema, Arena& arena,
                       std::string& scratch) {
  PathSegment s;
  if (n.on_type != schema::kNone) s.on_type = schema.type(n.on_type).name;
  s.condition = n.condition;
  if (n.written.empty()) {
    s.key = n.key;
    // A key is `name(arguments)[ on Type][ condition]` (normal_tree.h).
    s.head = n.key.substr(0, std::min(n.key.size(), n.name.size() + n.arguments.size()));
    return s;
  }
  scratch.assign(n.written).append(" [").append(normalize::mapped_by_name(n.mapped_by)).append("]");
  const size_t head = scratch.size();
  if (!s.on_type.empty()) scratch.append(" on ").append(s.on_type);
  if (!s.condition.empty()) scratch.append(" ").append(s.condition);
  s.key = arena.copy_string(scratch);
  s.head = s.key.substr(0, head);
  return s;
}

// Where `a` and `b` differ, when they differ in exactly one segment and only
// by type; -1 otherwise.
int type_only_difference(const SubtreeDiff& a, const SubtreeDiff& b) {
  if (a.segments.size() != b.segments.size()) return -1;
  int at = -1;
  for (size_t k = 0; k < a.segments.size(); ++k) {
    const PathSegment& x = a.segments[k];
    const PathSegment& y = b.segments[k];
    if (x.key == y.key) continue;
    if (at != -1 || x.on_type.empty() || y.on_type.empty() || x.head != y.head ||
        x.condition != y.condition) {
      return -1;
    }
    at = static_cast<int>(k);
  }
  return at;
}

}  // namespace

SubtreeDiff describe_subtree(const normalize::NormalTree& tree, uint32_t node, uint32_t nodes,
                             SourcePos pos, const schema::Schema& schema, Arena& arena,
                             std::string& scratch) {
  const normalize::Node& n = tree.nodes[node];
  auto segments = arena.make_array<PathSegment>(static_cast<size_t>(n.depth) + 1);
  for (uint32_t i = node, k = n.depth;; i = tree.nodes[i].parent, --k) {
    segments[k] = segment_of(tree.nodes[i], schema, arena, scratch);
    if (k == 0) break;
  }
  scratch.clear();
  for (size_t k = 0; k < segments.size(); ++k) {
    if (k) scratch.append(" -> ");
    scratch.append(segments[k].key);
  }
  SubtreeDiff d;
  d.path = arena.copy_string(scratch);
  d.segments = segments;
  d.pos = pos;
  d.nodes = nodes;
  return d;
}

std::vector<PathGroup> group_paths(std::span<const SubtreeDiff> diffs) {
  struct Work {
    size_t first;
    int at = -1;  // the segment where members differ by type
    std::vector<std::string_view> types;
    PathGroup group;
  };
  std::vector<Work> work;
  for (size_t i = 0; i < diffs.size(); ++i) {
    const SubtreeDiff& d = diffs[i];
    Work* joined = nullptr;
    for (Work& w : work) {
      const int at = type_only_difference(diffs[w.first], d);
      if (at == -1 || (w.at != -1 && w.at != at)) continue;
      if (w.at == -1) {
        w.at = at;
        w.types.push_back(diffs[w.first].segments[static_cast<size_t>(at)].on_type);
      }
      w.types.push_back(d.segments[static_cast<size_t>(at)].on_type);
      joined = &w;
      break;
    }
    if (joined == nullptr) {
      work.push_back(Work{i, -1, {}, {}});
      joined = &work.back();
    }
    PathGroup& g = joined->group;
    bool seen = false;
    for (size_t k = 0; k < g.positions.size() && !seen; ++k) {
      seen = g.positions[k] == d.pos && g.operations[k] == d.operation;
    }
    if (!seen) {
      g.positions.push_back(d.pos);
      g.operations.push_back(d.operation);
    }
    g.nodes += d.nodes;
    ++g.members;
  }

  std::vector<PathGroup> out;
  out.reserve(work.size());
  for (Work& w : work) {
    const SubtreeDiff& first = diffs[w.first];
    if (w.at == -1) {
      w.group.text = std::string(first.path);
    } else {
      std::sort(w.types.begin(), w.types.end());
      w.types.erase(std::unique(w.types.begin(), w.types.end()), w.types.end());
      std::string& text = w.group.text;
      for (size_t k = 0; k < first.segments.size(); ++k) {
        const PathSegment& s = first.segments[k];
        if (k) text.append(" -> ");
        if (static_cast<int>(k) != w.at) {
          text.append(s.key);
          continue;
        }
        text.append(s.head).append(" on {");
        for (size_t t = 0; t < w.types.size(); ++t) {
          if (t) text.append(", ");
          text.append(w.types[t]);
        }
        text.append("}");
        if (!s.condition.empty()) text.append(" ").append(s.condition);
      }
    }
    out.push_back(std::move(w.group));
  }
  return out;
}

}  // namespace gqleval::score
