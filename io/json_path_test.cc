#include "io/json_path.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "io/jsonl_record.h"

namespace gqleval::io {
namespace {

// The path as text again, "a|#0|b" for a[0].b, or "<none>".
std::string steps(std::string_view text) {
  auto path = parse_json_path(text);
  if (!path) return "<none>";
  std::string out;
  for (const JsonPathStep& s : *path) {
    if (!out.empty()) out += "|";
    if (s.is_index) {
      out += '#';
      out += std::to_string(s.index);
    } else {
      out += s.member;
    }
  }
  return out;
}

TEST(JsonPath, ParsesMembersAndIndexes) {
  EXPECT_EQ(steps("doc.schema"), "doc|schema");
  EXPECT_EQ(steps("filtered_resps[0]"), "filtered_resps|#0");
  EXPECT_EQ(steps("resps[0][0]"), "resps|#0|#0");
  EXPECT_EQ(steps("a.b[2].c"), "a|b|#2|c");
  EXPECT_EQ(steps("Schema Content.x"), "Schema Content|x");  // names may hold blanks
}

TEST(JsonPath, WhatIsNotAPathIsAPlainName) {
  for (const char* text : {"", "a", "a[", "a[]", "a[x]", "a[1", "a..b", ".a", "a.", "[0]", "a]",
                           "a[0]b", "a.[0]", "a[-1]"}) {
    EXPECT_EQ(steps(text), "<none>") << text;
  }
}

TEST(JsonPath, AHugeIndexSaturates) {
  auto path = parse_json_path("a[99999999999999999999999]");
  ASSERT_TRUE(path);
  EXPECT_EQ((*path)[1].index, static_cast<size_t>(-1));
}

// Parses one record and looks `path` up in it.
class Lookup {
 public:
  explicit Lookup(std::string line) : line_(std::move(line)) {
    RecordSpan span{0, line_.size(), 1};
    ok_ = parser_.parse(line_, span, arena_, fields_).ok();
  }
  bool ok() const { return ok_; }
  // "s:text" for a string, "j:text" for other JSON, "<absent>".
  std::string at(std::string_view text) {
    auto path = parse_json_path(text);
    EXPECT_TRUE(path) << text;
    if (!path) return "<not a path>";
    auto f = parser_.find_path(*path, arena_);
    if (!f) return "<absent>";
    return (f->is_string ? "s:" : "j:") + std::string(f->value);
  }

 private:
  std::string line_;
  JsonlRecordParser parser_;
  Arena arena_{1024};
  std::vector<JsonField> fields_;
  bool ok_ = false;
};

constexpr const char* kHarness =
    R"({"doc_id": 0, "doc": {"schema": "type Query { a: Int }", "query": "{ a }", "n": 7,)"
    R"( "tags": ["x", {"k": null}], "esc": "a\"b\nc"}, "target": "{ a }",)"
    R"( "resps": [["```graphql\n{ a }\n```"]], "filtered_resps": ["{ a }"], "pass": 1})";

TEST(JsonPath, FindsNestedValues) {
  Lookup r(kHarness);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.at("doc.schema"), "s:type Query { a: Int }");
  EXPECT_EQ(r.at("filtered_resps[0]"), "s:{ a }");
  EXPECT_EQ(r.at("resps[0][0]"), "s:```graphql\n{ a }\n```");
  EXPECT_EQ(r.at("doc.esc"), "s:a\"b\nc");  // decoded
  EXPECT_EQ(r.at("doc.tags[1].k"), "j:null");
}

TEST(JsonPath, NonStringValuesReadAsJsonText) {
  Lookup r(kHarness);
  EXPECT_EQ(r.at("doc.n"), "j:7");
  EXPECT_EQ(r.at("doc.tags"), R"(j:["x",{"k":null}])");
  EXPECT_EQ(r.at("doc.tags[1]"), R"(j:{"k":null})");
}

TEST(JsonPath, AbsentPathsFindNothing) {
  Lookup r(kHarness);
  EXPECT_EQ(r.at("doc.missing"), "<absent>");
  EXPECT_EQ(r.at("nothing.here"), "<absent>");
  EXPECT_EQ(r.at("filtered_resps[1]"), "<absent>");            // past the end
  EXPECT_EQ(r.at("filtered_resps[99999999999]"), "<absent>");  // far past the end
  EXPECT_EQ(r.at("doc[0]"), "<absent>");                       // not an array
  EXPECT_EQ(r.at("target.x"), "<absent>");                     // not an object
  EXPECT_EQ(r.at("doc.schema.x"), "<absent>");
  EXPECT_EQ(r.at("filtered_resps.x"), "<absent>");
}

TEST(JsonPath, NamesMatchAsTopLevelColumnsDo) {
  Lookup r(R"({"Doc": {"Schema": "loose"}, "e": {"schema": "exact", "SCHEMA": "shout"},)"
           R"( "d": {"x": 1, "x": 2}})");
  EXPECT_EQ(r.at("doc.schema"), "s:loose");  // ignoring case when nothing matches exactly
  EXPECT_EQ(r.at("e.schema"), "s:exact");    // the exact name wins
  EXPECT_EQ(r.at("e.Schema"), "s:shout");    // else the last that differs in case
  EXPECT_EQ(r.at("d.x"), "j:2");             // the last duplicate wins, as with JSON.parse
}

TEST(JsonPath, ARecordThatDidNotParseHasNoPaths) {
  JsonlRecordParser parser;
  Arena arena(1024);
  std::vector<JsonField> fields;
  const std::string good = R"({"a": {"b": "x"}})";
  ASSERT_TRUE(parser.parse(good, RecordSpan{0, good.size(), 1}, arena, fields).ok());
  const std::string bad = R"({"a": {"b": "x"})";
  ASSERT_FALSE(parser.parse(bad, RecordSpan{0, bad.size(), 2}, arena, fields).ok());
  EXPECT_FALSE(parser.find_path(*parse_json_path("a.b"), arena));
  const std::string array = R"([{"a": {"b": "x"}}])";
  ASSERT_FALSE(parser.parse(array, RecordSpan{0, array.size(), 3}, arena, fields).ok());
  EXPECT_FALSE(parser.find_path(*parse_json_path("a.b"), arena));
}

}  // namespace
}  // namespace gqleval::io
