#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/file.h"
#include "io/jsonl_record.h"
#include "io/jsonl_splitter.h"

namespace gqleval::io {
namespace {

using Strings = std::vector<std::string>;

Strings split(std::string_view text) {
  JsonlSplitter splitter(text);
  Strings out;
  RecordSpan span;
  while (splitter.next_record(span)) {
    out.push_back(std::to_string(span.line) + ":" + std::string(span.text(text)));
  }
  return out;
}

TEST(JsonlSplitter, LinesBlankLinesCrlfAndBom) {
  EXPECT_EQ(split(""), Strings{});
  EXPECT_EQ(split("\xEF\xBB\xBF{\"a\":1}\r\n\r\n  \t\n{\"b\":2}"),
            (Strings{"1:{\"a\":1}", "4:{\"b\":2}"}));
  EXPECT_EQ(split("x\n\ny\n"), (Strings{"1:x", "3:y"}));
}

TEST(JsonlSplitter, ShardsAtNewlines) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += "{\"i\":" + std::to_string(i) + "}\n";
  for (size_t max_records : {1, 2, 3, 7, 1000}) {
    JsonlSplitter splitter(text);
    RecordShard shard;
    uint64_t next = 0;
    while (splitter.next_shard({max_records, size_t{1} << 20}, shard)) {
      EXPECT_EQ(shard.first_record, next);
      for (const RecordSpan& span : shard.records) {
        EXPECT_EQ(span.text(text), "{\"i\":" + std::to_string(next) + "}");
        EXPECT_EQ(span.line, next + 1);
        ++next;
      }
    }
    EXPECT_EQ(next, 20u);
  }
}

struct Parsed {
  JsonlRecordStatus status;
  std::vector<JsonField> fields;
  std::string diagnostic;
};

class JsonlRecordTest : public testing::Test {
 protected:
  // Parses the first record of text.
  Parsed parse(const std::string& text) {
    JsonlSplitter splitter(text);
    RecordSpan span;
    EXPECT_TRUE(splitter.next_record(span));
    Parsed out;
    arena_.reset();
    out.status = parser_.parse(text, span, arena_, out.fields);
    if (!out.status.ok()) {
      out.diagnostic = format_diagnostic(describe_jsonl_issue(text, span, out.status));
    }
    return out;
  }
  static std::string show(const std::vector<JsonField>& fields) {
    std::string out;
    for (const JsonField& f : fields) {
      out += std::string(f.name) + (f.is_string ? "=" : ":=") + std::string(f.value) + ";";
    }
    return out;
  }

  JsonlRecordParser parser_;
  Arena arena_;
};

TEST_F(JsonlRecordTest, StringsAreDecodedAndOtherValuesAreRawText) {
  std::string text =
      R"({"schema": "type Query { a: Int }", "candidate":"query {\n  a\n}", "n": 1.50e2, )"
      R"("ok" : true, "none": null, "variables": {"id": [1, "}"], "x": {"y": "\""}}, )"
      R"("list":[ 1 ,2 ] })";
  Parsed p = parse(text);
  ASSERT_TRUE(p.status.ok()) << p.diagnostic;
  EXPECT_EQ(show(p.fields),
            "schema=type Query { a: Int };candidate=query {\n  a\n};n:=1.50e2;ok:=true;"
            "none:=null;variables:={\"id\": [1, \"}\"], \"x\": {\"y\": \"\\\"\"}};"
            "list:=[ 1 ,2 ];");
  // Unescaped names and values are views into the buffer; the raw texts too.
  EXPECT_EQ(p.fields[0].value.data(), text.data() + 12);
  EXPECT_EQ(p.fields[5].value.data(), text.data() + text.find("{\"id\""));
}

TEST_F(JsonlRecordTest, EscapedNamesAndUnicodeEscapes) {
  Parsed p = parse(R"({"na\u006de": "caf\u00e9 \ud83d\ude00", "q\"": ""})");
  ASSERT_TRUE(p.status.ok()) << p.diagnostic;
  EXPECT_EQ(show(p.fields), "name=caf\xC3\xA9 \xF0\x9F\x98\x80;q\"=;");
}

TEST_F(JsonlRecordTest, EmptyObjectAndSurroundingSpaces) {
  Parsed p = parse("  { }  ");
  ASSERT_TRUE(p.status.ok()) << p.diagnostic;
  EXPECT_TRUE(p.fields.empty());
}

TEST_F(JsonlRecordTest, InvalidJson) {
  for (const char* bad : {R"({"a": })", R"({"a": 1,})", R"({"a": 1} x)", R"({"a": tru})",
                          R"({"a": 01})", R"({"a": "\x"})", R"({"a": {"b": ]}})"}) {
    Parsed p = parse(bad);
    EXPECT_EQ(p.status.issue, JsonlIssue::kInvalidJson) << bad;
    EXPECT_TRUE(p.diagnostic.starts_with("1:0: JSONL: invalid JSON: ")) << p.diagnostic;
  }
}

TEST_F(JsonlRecordTest, InvalidUtf8HasAnExactColumn) {
  Parsed p = parse("{\"\xC3\xA9\": \"ab\xFF\"}");
  EXPECT_EQ(p.status.issue, JsonlIssue::kInvalidUtf8);
  EXPECT_EQ(p.status.offset, 10u);
  EXPECT_EQ(p.diagnostic, "1:10: JSONL: invalid UTF-8\n");
}

TEST_F(JsonlRecordTest, NotAnObject) {
  for (const char* bad : {"[1, 2]", "\"text\"", "42", "null"}) {
    Parsed p = parse(std::string("  ") + bad);
    EXPECT_EQ(p.status.issue, JsonlIssue::kNotAnObject) << bad;
    EXPECT_EQ(p.diagnostic, "1:3: JSONL: the record is not a JSON object\n");
  }
}

TEST_F(JsonlRecordTest, BadRecordsDoNotDisturbTheNextOnes) {
  std::string text = "{\"a\":\"1\"}\n{\"a\": \n\"oops\"\n{\"a\":\"2\"}\n";
  JsonlSplitter splitter(text);
  RecordSpan span;
  Strings out;
  std::vector<JsonField> fields;
  while (splitter.next_record(span)) {
    JsonlRecordStatus st = parser_.parse(text, span, arena_, fields);
    out.push_back(std::to_string(span.line) + " " + std::string(jsonl_issue_name(st.issue)) + " " +
                  show(fields));
  }
  EXPECT_EQ(out, (Strings{"1 none a=1;", "2 invalid_json ", "3 not_an_object ", "4 none a=2;"}));
}

// A cell holding escaped JSON (an introspection schema) has a backslash every
// few bytes and is longer than the scanner's 64-byte blocks: its decoded value
// and the raw text of the member after it must both come out whole.
TEST_F(JsonlRecordTest, LongEscapedCellsAndTheMembersAfterThem) {
  std::string inner = R"({"data":{"__schema":{"types":[)";
  for (int i = 0; i < 40; ++i) {
    if (i > 0) inner += ',';
    inner += R"({"name":"T)";
    inner += std::to_string(i);
    inner += R"(","description":"a \"quoted\" \\ path"})";
  }
  inner += "]}}}";
  std::string escaped;
  for (char c : inner) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  for (size_t pad = 0; pad < 70; pad += 3) {
    std::string text = "{\"";
    text.append(pad, 'p');
    text += "\": 1, \"schema\": \"";
    text += escaped;
    text += "\", \"n\": [1, \"\\\"\"], \"c\": \"x\"}";
    Parsed p = parse(text);
    ASSERT_TRUE(p.status.ok()) << p.diagnostic;
    ASSERT_EQ(p.fields.size(), 4u);
    EXPECT_EQ(p.fields[1].value, inner) << pad;
    EXPECT_EQ(p.fields[2].value, "[1, \"\\\"\"]") << pad;
    EXPECT_EQ(p.fields[3].value, "x") << pad;
  }
}

// A line that is bad both as UTF-8 and as JSON is reported as invalid UTF-8,
// at its first bad byte.
TEST_F(JsonlRecordTest, InvalidUtf8WinsOverInvalidJson) {
  Parsed p = parse("{\"a\": \"\xC3\", ]");
  EXPECT_EQ(p.status.issue, JsonlIssue::kInvalidUtf8);
  EXPECT_EQ(p.diagnostic, "1:8: JSONL: invalid UTF-8\n");
}

TEST(AllMemberNamesKnown, OnlyWhenEveryTopLevelNameIsKnown) {
  const std::vector<std::string> known = {"schema", "reference", "candidate"};
  EXPECT_TRUE(all_member_names_known(R"({"schema": "s", "candidate": {"new": 1}})", known));
  EXPECT_TRUE(all_member_names_known(R"( { } )", known));
  EXPECT_TRUE(all_member_names_known(R"({"schema":"a\"b","reference":[1,{"x":"}"}]})", known));
  EXPECT_FALSE(all_member_names_known(R"({"schema": "s", "id": 1})", known));
  EXPECT_FALSE(all_member_names_known(R"({"sch\u0065ma": "s"})", known));  // escaped name
  // Lines that do not look like an object are parsed, not skipped.
  for (const char* odd :
       {"", "[1]", "{", R"({"schema")", R"({"schema": )", R"({"schema" 1})",
        R"({"schema": 1 "reference": 2})", R"({"schema": "unclosed)", R"({schema: 1})"}) {
    EXPECT_FALSE(all_member_names_known(odd, known)) << odd;
  }
}

TEST(FindJsonField, ExactBeatsCaseInsensitiveAndLastWins) {
  std::vector<JsonField> fields = {
      {"Query", "1", true}, {"query", "2", true}, {"QUERY", "3", true}, {"query", "4", true}};
  EXPECT_EQ(find_json_field(fields, "query"), 3u);
  EXPECT_EQ(find_json_field(fields, "Query"), 0u);
  EXPECT_EQ(find_json_field(fields, "qUeRy"), 3u);
  EXPECT_EQ(find_json_field(fields, "schema"), std::nullopt);
}

TEST(JsonlIssueName, Names) {
  EXPECT_EQ(jsonl_issue_name(JsonlIssue::kNone), "none");
  EXPECT_EQ(jsonl_issue_name(JsonlIssue::kInvalidUtf8), "invalid_utf8");
  EXPECT_EQ(jsonl_issue_name(JsonlIssue::kInvalidJson), "invalid_json");
  EXPECT_EQ(jsonl_issue_name(JsonlIssue::kNotAnObject), "not_an_object");
}

TEST(JsonlDataset, GraphqlRestBench) {
  auto file =
      MappedFile::open(std::string(GQLEVAL_SHARED_DIR) + "/datasets/graphqlrestbench/train.jsonl");
  if (!file.ok()) GTEST_SKIP() << "GraphQLRestBench data absent: " << file.error().message;
  JsonlSplitter splitter(file->data());
  JsonlRecordParser parser;
  Arena arena;
  std::vector<JsonField> fields;
  RecordSpan span;
  uint64_t records = 0;
  while (splitter.next_record(span)) {
    arena.reset();
    JsonlRecordStatus st = parser.parse(file->data(), span, arena, fields);
    ASSERT_TRUE(st.ok()) << format_diagnostic(describe_jsonl_issue(file->data(), span, st));
    ASSERT_FALSE(fields.empty());
    ++records;
  }
  EXPECT_EQ(records, 107u);  // as the datasets README says
}

}  // namespace
}  // namespace gqleval::io
