// Malformed input rows in a batch run: every kind of bad CSV record (and of
// bad JSON Lines record) mixed among good rows. Each bad row must yield a
// bad_row result with its reason and the position of the fault in the file;
// the rows around it must be scored as if it were not there; and the output
// must hold exactly one result per data row.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/batch/batch_run.h"
#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::kTestSchema;
using testing::lines_of;
using testing::read_file;
using testing::ResultLine;
using testing::ScratchDir;
using testing::write_file;

struct Expected {
  const char* id;
  const char* verdict;
  const char* reason;   // bad rows only
  const char* message;  // bad rows only
  int line;
  int column;
};

void check(const std::vector<std::string>& lines, const std::vector<Expected>& expected) {
  ASSERT_EQ(lines.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const Expected& e = expected[i];
    ResultLine r(lines[i]);
    ASSERT_TRUE(r.ok()) << lines[i];
    SCOPED_TRACE("row " + std::to_string(i) + ": " + lines[i]);
    EXPECT_EQ(r.get("row"), std::to_string(i));
    EXPECT_EQ(r.get("id"), e.id);
    EXPECT_EQ(r.get("verdict"), e.verdict);
    if (e.reason == nullptr) {
      EXPECT_EQ(r.error(0, "rule"), "<absent>");
      continue;
    }
    EXPECT_EQ(r.get("pass"), "false");
    EXPECT_EQ(r.get("compared"), "false");
    EXPECT_EQ(r.get("f1"), "0");
    ASSERT_EQ(r.error_count(), 1u);
    EXPECT_EQ(r.error(0, "query"), "row");
    EXPECT_EQ(r.error(0, "rule"), e.reason);
    EXPECT_EQ(r.error(0, "message"), e.message);
    EXPECT_EQ(r.error(0, "line"), std::to_string(e.line));
    EXPECT_EQ(r.error(0, "column"), e.column == 0 ? "null" : std::to_string(e.column));
  }
}

TEST(BatchMalformed, EveryCsvIssueAmongGoodRows) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  const std::string big = "{ users { id } }" + std::string(5000, ' ');
  std::string csv;
  csv += "\xEF\xBB\xBFid,reference,candidate\r\n";                              // line 1
  csv += "g0,{ users { id } },{ users { id } }\r\n";                            // line 2
  csv += "b1,{ users { id } }\n";                                               // line 3
  csv += "g2,{ users { id } },\"Here:\n```graphql\n{ users { id } }\n```\"\n";  // lines 4-7
  csv += "b3,{ users { id } },{ users(x: \"1\") { id } }\n";                    // line 8
  csv += "b4,\"{ users { id } }\"x,{ users { id } }\n";                         // line 9
  csv += "g5,{ users { id } },{ users { name } }\n";                            // line 10
  csv += "b6,{ users { id } },{ users { \xFF } }\n";                            // line 11
  csv += "b7,{ users { id } },{ users { id } },extra\n";                        // line 12
  csv += "b8,{ users { id } }," + big + "\n";                                   // line 13
  csv += "\n";                                                                  // line 14
  csv += "b9,\"{ users { id } },{ users { id } }\n";                            // line 15
  csv += "g10,{ users { id } },{ users { id } }\r\n";                           // line 16
  csv += "g11,{ users { name } },{ users { name } }";                           // line 17
  write_file(dir.file("in.csv"), csv);

  BatchOptions o;
  o.input = dir.file("in.csv");
  o.schema = {dir.file("schema.graphql")};
  o.output = dir.file("out.jsonl");
  o.max_field_bytes = 4096;
  o.shard_records = 3;
  auto report = run_batch(o);
  ASSERT_TRUE(report.ok()) << report.error().message;

  check(lines_of(read_file(o.output)),
        {
            {"g0", "equivalent", nullptr, nullptr, 0, 0},
            {"b1", "bad_row", "wrong_field_count", "the record has 2 fields, expected 3", 3, 1},
            {"g2", "equivalent", nullptr, nullptr, 0, 0},
            {"b3", "bad_row", "quote_in_unquoted_field",
             "field 3: quote inside an unquoted field (quote the whole field and double each "
             "quote in it)",
             8, 32},
            {"b4", "bad_row", "text_after_closing_quote",
             "field 2: unexpected character after the closing quote", 9, 22},
            {"g5", "mismatch", nullptr, nullptr, 0, 0},
            {"b6", "bad_row", "invalid_utf8", "field 3: invalid UTF-8", 11, 31},
            {"b7", "bad_row", "wrong_field_count", "the record has 4 fields, expected 3", 12, 1},
            {"b8", "bad_row", "field_too_large", "field 3: larger than the limit of 4096 bytes", 13,
             21},
            {"b9", "bad_row", "unterminated_quote",
             "field 2: unterminated quoted field; the record is taken to end at the end of this "
             "line",
             15, 4},
            {"g10", "equivalent", nullptr, nullptr, 0, 0},
            {"g11", "equivalent", nullptr, nullptr, 0, 0},
        });

  const Summary& s = report->summary;
  EXPECT_EQ(s.rows(), 12u);
  EXPECT_EQ(s.count(kBadRow), 7u);
  EXPECT_EQ(s.passes(), 4u);
}

// A quote left open on one row used to be closed by the first quote of the
// next row, which then vanished into the broken record. The broken record now
// ends with its own line and the next row is scored.
TEST(BatchMalformed, AnOpenQuoteDoesNotSwallowTheNextRow) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("in.csv"),
             "id,reference,candidate\n"
             "b1,{ users { id } },\"{ users { id } }\n"
             "g2,\"{ users { id } }\",{ users { id } }\n"
             "g3,{ users { id } },{ users { name } }\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.schema = {dir.file("schema.graphql")};
  o.output = dir.file("out.jsonl");
  auto report = run_batch(o);
  ASSERT_TRUE(report.ok()) << report.error().message;
  check(lines_of(read_file(o.output)),
        {
            {"b1", "bad_row", "unterminated_quote",
             "field 3: unterminated quoted field; the record is taken to end at the end of this "
             "line",
             2, 21},
            {"g2", "equivalent", nullptr, nullptr, 0, 0},
            {"g3", "mismatch", nullptr, nullptr, 0, 0},
        });
  EXPECT_EQ(report->summary.rows(), 3u);
}

TEST(BatchMalformed, GoodRowsScoreAsIfAloneInTheFile) {
  // The good rows of a file with bad rows give the same results (apart from
  // their row number) as a file of the good rows alone.
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  const std::string good_a = "g0,{ users { id } },{ users { id name } }\n";
  const std::string good_b = "g1,{ users { name } },\"```\n{ users { id } }\n```\"\n";
  write_file(dir.file("mixed.csv"),
             "id,reference,candidate\n" + good_a + "x,\"broken\"quote,y\n" + good_b + "\"\n");
  write_file(dir.file("clean.csv"), "id,reference,candidate\n" + good_a + good_b);
  BatchOptions o;
  o.schema = {dir.file("schema.graphql")};
  o.input = dir.file("mixed.csv");
  o.output = dir.file("mixed.jsonl");
  ASSERT_TRUE(run_batch(o).ok());
  o.input = dir.file("clean.csv");
  o.output = dir.file("clean.jsonl");
  ASSERT_TRUE(run_batch(o).ok());
  auto mixed = lines_of(read_file(dir.file("mixed.jsonl")));
  auto clean = lines_of(read_file(dir.file("clean.jsonl")));
  ASSERT_EQ(mixed.size(), 4u);  // the lone quote on the last line is a row of its own
  ASSERT_EQ(clean.size(), 2u);
  EXPECT_EQ(mixed[0], clean[0]);
  auto after_row = [](const std::string& line) { return line.substr(line.find(',')); };
  EXPECT_EQ(after_row(mixed[2]), after_row(clean[1]));
  EXPECT_EQ(ResultLine(mixed[1]).error(0, "rule"), "text_after_closing_quote");
  EXPECT_EQ(ResultLine(mixed[3]).error(0, "rule"), "unterminated_quote");
  EXPECT_EQ(ResultLine(clean[1]).get("verdict"), "mismatch");
}

TEST(BatchMalformed, EveryJsonlIssueAmongGoodRows) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  std::string jsonl;
  jsonl +=
      "{\"id\":\"g0\",\"reference\":\"{ users { id } }\",\"candidate\":\"{ users { id } }\"}\n";
  jsonl += "{\"id\":\"b1\",\"reference\":\"{ users { id } }\",\"candidate\":\"{ users \n";
  jsonl += "[\"b2\"]\n";
  jsonl += "{\"id\":\"b3\",\"reference\":\"{ users { id } }\",\"candidate\":\"\xC3\x28\"}\n";
  jsonl += "{\"id\":\"b4\",\"reference\":\"{ users { id } }\",\"candidate\":\"" +
           std::string(5000, ' ') + "\"}\n";
  jsonl +=
      "{\"id\":\"g5\",\"reference\":\"{ users { id } }\",\"candidate\":\"{ users { name } }\"}";
  write_file(dir.file("in.jsonl"), jsonl);

  BatchOptions o;
  o.input = dir.file("in.jsonl");
  o.schema = {dir.file("schema.graphql")};
  o.output = dir.file("out.jsonl");
  o.max_field_bytes = 4096;
  auto report = run_batch(o);
  ASSERT_TRUE(report.ok()) << report.error().message;
  auto lines = lines_of(read_file(o.output));
  ASSERT_EQ(lines.size(), 6u);
  // Invalid JSON has no reliable column (simdjson does not say where).
  ResultLine b1(lines[1]);
  EXPECT_EQ(b1.get("verdict"), "bad_row");
  EXPECT_EQ(b1.error(0, "rule"), "invalid_json");
  EXPECT_EQ(b1.error(0, "line"), "2");
  EXPECT_EQ(b1.error(0, "column"), "null");
  EXPECT_EQ(b1.get("id").substr(0, 2), "2:");  // unreadable: its line and a hash of its text
  ResultLine g0(lines[0]);
  EXPECT_EQ(g0.get("verdict"), "equivalent");
  EXPECT_EQ(g0.get("id"), "g0");
  ResultLine b2(lines[2]);
  EXPECT_EQ(b2.get("row"), "2");
  EXPECT_EQ(b2.error(0, "rule"), "not_an_object");
  EXPECT_EQ(b2.error(0, "message"), "the record is not a JSON object");
  EXPECT_EQ(b2.error(0, "line"), "3");
  EXPECT_EQ(b2.error(0, "column"), "1");
  ResultLine b3(lines[3]);
  EXPECT_EQ(b3.error(0, "rule"), "invalid_utf8");
  EXPECT_EQ(b3.error(0, "message"), "invalid UTF-8");
  EXPECT_EQ(b3.error(0, "line"), "4");
  EXPECT_EQ(b3.error(0, "column"), "56");
  ResultLine b4(lines[4]);
  EXPECT_EQ(b4.error(0, "rule"), "field_too_large");
  EXPECT_EQ(b4.get("id"), "b4");
  EXPECT_EQ(b4.error(0, "message"), "member \"candidate\": larger than the limit of 4096 bytes");
  EXPECT_EQ(b4.error(0, "line"), "5");
  ResultLine g5(lines[5]);
  EXPECT_EQ(g5.get("row"), "5");
  EXPECT_EQ(g5.get("verdict"), "mismatch");
}

}  // namespace
}  // namespace gqleval::batch
