#include "engine/score/internal/explanation.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::path_lines;
using testing::run;
using Lines = std::vector<std::string>;

// "text [nodes] @l:c @l:c" per group.
Lines group_lines(std::span<const SubtreeDiff> diffs) {
  Lines out;
  for (const PathGroup& g : group_paths(diffs)) {
    std::string line = g.text;
    line.append(" [").append(std::to_string(g.nodes)).append("/");
    line.append(std::to_string(g.members)).append("]");
    for (const SourcePos& p : g.positions) {
      line.append(" @").append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
    }
    out.push_back(line);
  }
  return out;
}

// Hand-made diffs: each segment written `head|type|condition`.
class DiffMaker {
 public:
  void add(std::vector<std::string> segments, SourcePos pos, uint32_t nodes) {
    auto& segs = storage_.emplace_back();
    std::string path;
    for (const std::string& spec : segments) {
      const size_t bar1 = spec.find('|');
      const size_t bar2 = spec.find('|', bar1 + 1);
      const std::string& head = text(spec.substr(0, bar1));
      const std::string& type =
          text(bar1 == std::string::npos ? "" : spec.substr(bar1 + 1, bar2 - bar1 - 1));
      const std::string& cond = text(bar2 == std::string::npos ? "" : spec.substr(bar2 + 1));
      std::string key = head;
      if (!type.empty()) key.append(" on ").append(type);
      if (!cond.empty()) key.append(" ").append(cond);
      const std::string& k = text(key);
      segs.push_back(PathSegment{k, head, type, cond});
      if (!path.empty()) path.append(" -> ");
      path.append(k);
    }
    SubtreeDiff d;
    d.path = text(path);
    d.segments = segs;
    d.pos = pos;
    d.nodes = nodes;
    diffs_.push_back(d);
  }
  std::span<const SubtreeDiff> diffs() const { return diffs_; }

 private:
  const std::string& text(std::string s) { return strings_.emplace_back(std::move(s)); }
  std::deque<std::string> strings_;
  std::deque<std::vector<PathSegment>> storage_;
  std::vector<SubtreeDiff> diffs_;
};

TEST(Explanation, GroupsTheLastSegmentByType) {
  DiffMaker m;
  m.add({"query", "search(text: \"x\")", "title|Book"}, {3, 5}, 1);
  m.add({"query", "search(text: \"x\")", "title|Movie"}, {3, 5}, 1);
  m.add({"query", "search(text: \"x\")", "year|Movie"}, {4, 5}, 1);
  EXPECT_EQ(group_lines(m.diffs()),
            (Lines{"query -> search(text: \"x\") -> title on {Book, Movie} [2/2] @3:5",
                   "query -> search(text: \"x\") -> year on Movie [1/1] @4:5"}));
}

TEST(Explanation, GroupsAMiddleSegmentAndSortsTypes) {
  DiffMaker m;
  m.add({"query", "anything", "owner|Movie", "name"}, {2, 3}, 2);
  m.add({"query", "anything", "owner|Book", "name"}, {5, 3}, 1);
  m.add({"query", "anything", "owner|Album", "name"}, {2, 3}, 4);
  EXPECT_EQ(group_lines(m.diffs()),
            (Lines{"query -> anything -> owner on {Album, Book, Movie} -> name [7/3] @2:3 @5:3"}));
}

TEST(Explanation, KeepsTheConditionWhenGrouping) {
  DiffMaker m;
  m.add({"query", "search", "title|Book|@include(if: $1)"}, {1, 1}, 1);
  m.add({"query", "search", "title|Movie|@include(if: $1)"}, {1, 1}, 1);
  EXPECT_EQ(group_lines(m.diffs()),
            (Lines{"query -> search -> title on {Book, Movie} @include(if: $1) [2/2] @1:1"}));
}

TEST(Explanation, DoesNotGroupOtherDifferences) {
  DiffMaker m;
  // Different conditions, two differing segments, different heads, different depth.
  m.add({"query", "search", "title|Book|@include(if: $1)"}, {1, 1}, 1);
  m.add({"query", "search", "title|Movie|@include(if: $2)"}, {1, 2}, 1);
  m.add({"query", "a|Book", "title|Book"}, {1, 3}, 1);
  m.add({"query", "a|Movie", "title|Movie"}, {1, 4}, 1);
  m.add({"query", "search", "year|Book"}, {1, 5}, 1);
  m.add({"query", "search", "year"}, {1, 6}, 1);  // no type: not a type difference
  m.add({"query", "search", "year|Movie", "x"}, {1, 7}, 1);
  EXPECT_EQ(group_paths(m.diffs()).size(), 7u);
}

TEST(Explanation, AGroupDiffersInOneFixedSegment) {
  DiffMaker m;
  m.add({"query", "s", "a|Book", "t|Book"}, {1, 1}, 1);
  m.add({"query", "s", "a|Book", "t|Movie"}, {1, 2}, 1);  // differs at segment 3
  m.add({"query", "s", "a|Movie", "t|Book"}, {1, 3}, 1);  // differs from the first at 2
  EXPECT_EQ(group_lines(m.diffs()),
            (Lines{"query -> s -> a on Book -> t on {Book, Movie} [2/2] @1:1 @1:2",
                   "query -> s -> a on Movie -> t on Book [1/1] @1:3"}));
}

TEST(Explanation, SegmentsOfARealPath) {
  Scorer s;
  const PairResult r = run(s, {"{ search(text: \"x\") { ... on Book { year } } }"},
                           "query ($v: Boolean!) {\n  search(text: \"x\") {\n    ... on Book {\n"
                           "      year\n      title @include(if: $v)\n    }\n  }\n}");
  ASSERT_EQ(r.extra_paths.size(), 1u);
  const SubtreeDiff& d = r.extra_paths[0];
  EXPECT_EQ(d.path, "query -> search(text: \"x\") -> title on Book @include(if: $1)");
  EXPECT_EQ(d.pos, (SourcePos{5, 7}));
  EXPECT_EQ(d.nodes, 1u);
  ASSERT_EQ(d.segments.size(), 3u);
  EXPECT_EQ(d.segments[0].key, "query");
  EXPECT_EQ(d.segments[0].head, "query");
  EXPECT_EQ(d.segments[1].head, "search(text: \"x\")");
  EXPECT_EQ(d.segments[1].on_type, "");
  EXPECT_EQ(d.segments[2].head, "title");
  EXPECT_EQ(d.segments[2].on_type, "Book");
  EXPECT_EQ(d.segments[2].condition, "@include(if: $1)");
}

TEST(Explanation, InterfaceSelectionMissingOnBothTypes) {
  Scorer s;
  const PairResult r = run(s, {"{ search(text: \"x\") {\n  ... on Media { title year }\n} }"},
                           "{ search(text: \"x\") { ... on Book { year } } }");
  EXPECT_EQ(r.verdict, Verdict::kUnderfetch);
  EXPECT_EQ(r.missing, 3u);  // counts stay per node
  EXPECT_EQ(path_lines(r.missing_paths),
            (Lines{"query -> search(text: \"x\") -> title on Book @2:18 (1)",
                   "query -> search(text: \"x\") -> title on Movie @2:18 (1)",
                   "query -> search(text: \"x\") -> year on Movie @2:24 (1)"}));
  EXPECT_EQ(group_lines(r.missing_paths),
            (Lines{"query -> search(text: \"x\") -> title on {Book, Movie} [2/2] @2:18",
                   "query -> search(text: \"x\") -> year on Movie [1/1] @2:24"}));
}

TEST(Explanation, DeepMissingSubtreeIsReportedOnceAtItsTop) {
  Scorer s;
  const PairResult r = run(s,
                           {"{\n  users(id: 1) {\n    username\n    posts {\n      title\n      "
                            "body\n      users { email }\n    }\n  }\n}"},
                           "{ users(id: 1) { username } }", ScoreOptions{});
  // posts.users is the inverse of users.posts: the cycles rule moves email up.
  EXPECT_EQ(path_lines(r.missing_paths), (Lines{"query -> users(id: 1) -> email @7:15 (1)",
                                                "query -> users(id: 1) -> posts @4:5 (3)"}));
}

}  // namespace
}  // namespace gqleval::score
