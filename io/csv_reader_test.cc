#include "io/csv_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/file.h"

namespace gqleval::io {
namespace {

using Strings = std::vector<std::string>;

// One line per data record: "index@line status | field | field ...".
Strings read_all(const CsvReader& proto_reader, ShardLimits limits) {
  auto reopened = CsvReader::open(proto_reader.buffer(), {true, kDefaultMaxFieldBytes, limits});
  EXPECT_TRUE(reopened.ok());
  CsvReader& reader = *reopened;
  Strings out;
  RecordShard shard;
  Arena arena;
  std::vector<std::string_view> fields;
  while (reader.next_shard(shard)) {
    EXPECT_EQ(shard.first_record, out.size());
    for (const RecordSpan& span : shard.records) {
      arena.reset();
      CsvRecordStatus status = reader.parse(span, arena, fields);
      std::string line = std::to_string(shard.first_record + (&span - shard.records.data())) + "@" +
                         std::to_string(span.line) + " " +
                         std::string(csv_issue_name(status.issue));
      for (std::string_view f : fields) line += " | " + std::string(f);
      out.push_back(line);
    }
  }
  return out;
}

TEST(CsvHeader, FindIgnoresCaseAndSurroundingBlanks) {
  CsvHeader header(Strings{"id", " Schema ", "GT_GQL", "schema"});
  EXPECT_EQ(header.find("schema"), 1u);  // the first of the duplicates
  EXPECT_EQ(header.find("SCHEMA"), 1u);
  EXPECT_EQ(header.find("gt_gql"), 2u);
  EXPECT_EQ(header.find("\tID "), 0u);
  EXPECT_EQ(header.find("query"), std::nullopt);
  EXPECT_EQ(header.find_any({"query1", "gt_query", "GT_GQL"}), 2u);
  EXPECT_EQ(header.find_any({"a", "b"}), std::nullopt);
  EXPECT_FALSE(same_column_name("ab", "abc"));
  EXPECT_TRUE(same_column_name("Query1 Content", "query1 content"));
}

TEST(CsvReader, ReadsTheHeaderAndChecksFieldCounts) {
  std::string text = "\xEF\xBB\xBFschema,\"Query1\"\r\nS1,\"{ a }\"\r\nS2\r\nS3,\"x\"\"y\"\r\n";
  auto reader = CsvReader::open(text);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ(reader->header().names(), (Strings{"schema", "Query1"}));
  EXPECT_EQ(reader->limits().expected_fields, 2u);
  EXPECT_EQ(read_all(*reader, {}), (Strings{"0@2 none | S1 | { a }", "1@3 wrong_field_count | S2",
                                            "2@4 none | S3 | x\"y"}));
  RecordSpan span{text.find("S2"), text.find("S2") + 2, 3};
  Arena arena;
  std::vector<std::string_view> fields;
  CsvRecordStatus status = reader->parse(span, arena, fields);
  EXPECT_EQ(format_diagnostic(reader->describe(span, status)),
            "3:1: CSV: the record has 1 field, expected 2\n");
}

TEST(CsvReader, EmptyInputHasNoHeader) {
  auto reader = CsvReader::open("\n\n");
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(format_diagnostic(reader.error()), "1:1: CSV: the input is empty: no header row\n");
}

TEST(CsvReader, MalformedHeaderIsAnError) {
  auto reader = CsvReader::open("a,b\"c\n1,2\n");
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(format_diagnostic(reader.error()),
            "1:4: CSV: in the header row: field 2: quote inside an unquoted field (quote the "
            "whole field and double each quote in it)\n");
}

TEST(CsvReader, WithoutHeaderEveryRecordIsData) {
  auto reader = CsvReader::open("a,b\nc\n", {false, kDefaultMaxFieldBytes, {}});
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ(reader->header().size(), 0u);
  RecordShard shard;
  ASSERT_TRUE(reader->next_shard(shard));
  ASSERT_EQ(shard.records.size(), 2u);
  Arena arena;
  std::vector<std::string_view> fields;
  EXPECT_TRUE(reader->parse(shard.records[1], arena, fields).ok());  // any field count
}

// Every malformed kind in one file, with quoted line breaks that shards must not
// cut: the output is the same for every shard size.
TEST(CsvReader, SameResultsForEveryShardSize) {
  std::string text =
      "id,schema,query\n"
      "0,\"type Q {\n  a: Int\n}\",\"{ a }\"\n"
      "1,\"say \"\"hi\"\"\r\nthere\",q\r\n"
      "\n"
      "2,ab\"c,d\n"
      "3,\"x\"y,z\n"
      "4,too,many,fields\n"
      "5,\"\xC3\xA9\",\"\xFF\"\n"
      "6,,\n"
      "7,\"never closed\n"
      "8,a,b\n"
      "9,x,\"\"\n";  // only quote pairs after line 13, so its quote never closes
  auto reader = CsvReader::open(text);
  ASSERT_TRUE(reader.ok());
  Strings expected = {
      "0@2 none | 0 | type Q {\n  a: Int\n} | { a }",
      "1@5 none | 1 | say \"hi\"\r\nthere | q",
      "2@8 quote_in_unquoted_field | 2 | ab\"c | d",
      "3@9 text_after_closing_quote | 3 | xy | z",
      "4@10 wrong_field_count | 4 | too | many | fields",
      "5@11 invalid_utf8 | 5 | \xC3\xA9 | \xFF",
      "6@12 none | 6 |  | ",
      "7@13 unterminated_quote | 7 | never closed",
      "8@14 none | 8 | a | b",
      "9@15 none | 9 | x | ",
  };
  for (size_t max_records : {1, 2, 3, 7, 100000}) {
    for (size_t max_bytes : {size_t{1}, size_t{40}, size_t{1} << 30}) {
      EXPECT_EQ(read_all(*reader, {max_records, max_bytes}), expected)
          << "max_records=" << max_records << " max_bytes=" << max_bytes;
    }
  }
}

TEST(CsvReader, Nl2gqlTestSet) {
  auto file =
      MappedFile::open(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv");
  if (!file.ok()) GTEST_SKIP() << "NL2GQL data absent: " << file.error().message;
  auto reader = CsvReader::open(file->data());
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ(reader->header().size(), 13u);
  EXPECT_EQ(reader->header().find("SCHEMA"), 3u);
  EXPECT_EQ(reader->header().find("gt_query"), 4u);
  for (size_t shard_records : {1, 7, 1000}) {
    auto r = CsvReader::open(file->data(), {true, kDefaultMaxFieldBytes, {shard_records, 1 << 20}});
    ASSERT_TRUE(r.ok());
    RecordShard shard;
    Arena arena;
    std::vector<std::string_view> fields;
    uint64_t rows = 0;
    uint64_t with_second_query = 0;
    while (r->next_shard(shard)) {
      for (const RecordSpan& span : shard.records) {
        arena.reset();
        CsvRecordStatus status = r->parse(span, arena, fields);
        ASSERT_TRUE(status.ok()) << format_diagnostic(r->describe(span, status));
        ASSERT_EQ(fields[0], std::to_string(rows + 1));
        with_second_query += !fields[5].empty();
        ++rows;
      }
    }
    EXPECT_EQ(rows, 1164u);
    EXPECT_EQ(with_second_query, 88u);  // gt_query_2, as the dataset README says
  }
}

TEST(CsvReader, RgevalGraniteResults) {
  auto file = MappedFile::open(std::string(GQLEVAL_SHARED_DIR) +
                               "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv");
  if (!file.ok()) GTEST_SKIP() << "rgeval-granite data absent: " << file.error().message;
  auto reader = CsvReader::open(file->data());
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ(reader->header().find("query2 content"), 2u);
  EXPECT_EQ(reader->header().find("equal"), 3u);
  RecordShard shard;
  Arena arena;
  std::vector<std::string_view> fields;
  uint64_t rows = 0;
  uint64_t equal = 0;
  while (reader->next_shard(shard)) {
    for (const RecordSpan& span : shard.records) {
      arena.reset();
      CsvRecordStatus status = reader->parse(span, arena, fields);
      ASSERT_TRUE(status.ok()) << format_diagnostic(reader->describe(span, status));
      equal += fields[3] == "Equal";
      ++rows;
    }
  }
  EXPECT_EQ(rows, 376u);
  EXPECT_EQ(equal, 264u);
}

}  // namespace
}  // namespace gqleval::io

namespace gqleval::io {
namespace {

// TSV: tabs between fields, with CSV's quoting (a quoted field may hold tabs,
// commas, quotes and line breaks); commas are plain bytes.
TEST(CsvReader, TabDelimitedReadsLikeCsv) {
  const std::string text =
      "id\tschema\tquery\n"
      "1\ttype Query { a(x: Int, y: Int): Int }\t{ a(x: 1, y: 2) }\n"
      "2\t\"tab\there, \"\"quoted\"\"\nand a line\"\t{ a }\n"
      "3\tshort\n";
  CsvReaderOptions options;
  options.delimiter = '\t';
  auto reader = CsvReader::open(text, options);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ(reader->header().names(), (Strings{"id", "schema", "query"}));
  Strings out;
  RecordSpan span;
  Arena arena;
  std::vector<std::string_view> fields;
  while (reader->next_record(span)) {
    CsvRecordStatus status = reader->parse(span, arena, fields);
    std::string line = std::to_string(span.line) + " " + std::string(csv_issue_name(status.issue));
    for (std::string_view f : fields) line += " | " + std::string(f);
    out.push_back(line);
  }
  EXPECT_EQ(out, (Strings{"2 none | 1 | type Query { a(x: Int, y: Int): Int } | { a(x: 1, y: 2) }",
                          "3 none | 2 | tab\there, \"quoted\"\nand a line | { a }",
                          "5 wrong_field_count | 3 | short"}));
}

}  // namespace
}  // namespace gqleval::io
