#include "io/csv_writer.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "io/csv.h"

namespace gqleval::io {
namespace {

std::string field(std::string_view f) {
  std::string out;
  append_csv_field(out, f);
  return out;
}

TEST(CsvWriter, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(field(""), "");
  EXPECT_EQ(field("plain text"), "plain text");
  EXPECT_EQ(field("a,b"), "\"a,b\"");
  EXPECT_EQ(field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(field("line\nbreak"), "\"line\nbreak\"");
  EXPECT_EQ(field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(field("\""), "\"\"\"\"");
}

TEST(CsvWriter, Records) {
  std::string out;
  std::vector<std::string_view> row = {"1", "type A {\n  x: Int\n}", "", "ok"};
  append_csv_record(out, row);
  std::vector<std::string_view> lone_empty = {""};
  append_csv_record(out, lone_empty);
  EXPECT_EQ(out, "1,\"type A {\n  x: Int\n}\",,ok\n\"\"\n");
}

// What the writer writes, the reader reads back.
TEST(CsvWriter, RoundTripsThroughParseCsv) {
  std::mt19937 rng(11);
  const char alphabet[] = {'a', ',', '"', '\n', '\r', ' ', 'z'};
  std::vector<std::vector<std::string>> rows;
  std::string out;
  for (int r = 0; r < 2000; ++r) {
    std::vector<std::string> row(1 + rng() % 4);
    for (std::string& f : row) {
      size_t len = rng() % 6;
      for (size_t i = 0; i < len; ++i) f.push_back(alphabet[rng() % sizeof alphabet]);
    }
    std::vector<std::string_view> views(row.begin(), row.end());
    append_csv_record(out, views);
    rows.push_back(row);
  }
  auto parsed = parse_csv(out);
  ASSERT_TRUE(parsed.ok()) << format_diagnostic(parsed.error());
  ASSERT_EQ(parsed->size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) ASSERT_EQ((*parsed)[i].fields, rows[i]) << i;
}

}  // namespace
}  // namespace gqleval::io
