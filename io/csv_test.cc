#include "io/csv.h"

#include "io/file.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gqleval::io {
namespace {

using Fields = std::vector<std::string>;

std::vector<Fields> fields_of(std::string_view text) {
  auto r = parse_csv(text);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : format_diagnostic(r.error()));
  std::vector<Fields> out;
  if (!r.ok()) return out;
  for (const CsvRow& row : *r) out.push_back(row.fields);
  return out;
}

std::string error_of(std::string_view text) {
  auto r = parse_csv(text);
  if (r.ok()) return "ok";
  return format_diagnostic(r.error());
}

TEST(ParseCsv, PlainRowsWithLf) {
  EXPECT_EQ(fields_of("a,b,c\n1,2,3\n"), (std::vector<Fields>{{"a", "b", "c"}, {"1", "2", "3"}}));
}

TEST(ParseCsv, CrlfAndNoFinalLineBreak) {
  EXPECT_EQ(fields_of("a,b\r\n1,2"), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
}

TEST(ParseCsv, LoneCrIsData) {
  EXPECT_EQ(fields_of("a\rb,c\n"), (std::vector<Fields>{{"a\rb", "c"}}));
}

TEST(ParseCsv, QuotedFieldsWithCommasQuotesAndNewlines) {
  auto rows = fields_of("id,text\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"line1\nline2\r\nline3\"\n");
  EXPECT_EQ(
      rows,
      (std::vector<Fields>{
          {"id", "text"}, {"1", "a, b"}, {"2", "say \"hi\""}, {"3", "line1\nline2\r\nline3"}}));
}

TEST(ParseCsv, EmptyFieldsAndEmptyQuotedFields) {
  EXPECT_EQ(fields_of(",\"\",\n"), (std::vector<Fields>{{"", "", ""}}));
  EXPECT_EQ(fields_of("a,\n"), (std::vector<Fields>{{"a", ""}}));
}

TEST(ParseCsv, BomIsSkipped) {
  EXPECT_EQ(fields_of("\xEF\xBB\xBFname,q\nx,y\n"),
            (std::vector<Fields>{{"name", "q"}, {"x", "y"}}));
}

TEST(ParseCsv, EmptyLinesAreNotRecords) {
  EXPECT_EQ(fields_of("a\n\n\r\nb\n\n"), (std::vector<Fields>{{"a"}, {"b"}}));
  EXPECT_TRUE(fields_of("").empty());
  EXPECT_TRUE(fields_of("\n").empty());
}

TEST(ParseCsv, RowsRecordTheirStartingLine) {
  auto r = parse_csv("h\n\"x\ny\"\n\nz\n");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 3u);
  EXPECT_EQ((*r)[0].line, 1u);
  EXPECT_EQ((*r)[1].line, 2u);
  EXPECT_EQ((*r)[2].line, 5u);
}

TEST(ParseCsv, Utf8PassesThrough) {
  EXPECT_EQ(fields_of("\"héllo, wörld\",日本\n"), (std::vector<Fields>{{"héllo, wörld", "日本"}}));
}

TEST(ParseCsv, UnterminatedQuotePointsAtTheOpeningQuote) {
  EXPECT_EQ(error_of("a,b\n1,\"abc\ndef\n"),
            "2:3: CSV: field 2: unterminated quoted field; the record is taken to end at the end "
            "of this line\n");
}

TEST(ParseCsv, QuoteInsideUnquotedField) {
  EXPECT_EQ(error_of("a,b\nx,ab\"c\n"),
            "2:5: CSV: field 2: quote inside an unquoted field (quote the whole field and double "
            "each quote in it)\n");
}

TEST(ParseCsv, GarbageAfterClosingQuote) {
  EXPECT_EQ(error_of("\"a\"x,c\n"),
            "1:4: CSV: field 1: unexpected character after the closing quote\n");
  // Closed on a later line where no field can end: the record ends with the
  // line the quote opened on (csv_splitter.h), so the quote is unterminated.
  EXPECT_EQ(error_of("\"a\nb\"x,c\n"),
            "1:1: CSV: field 1: unterminated quoted field; the record is taken to end at the end "
            "of this line\n");
  // A lone CR after a closing quote is not a line break.
  EXPECT_EQ(error_of("\"a\"\rb\n"),
            "1:4: CSV: field 1: unexpected character after the closing quote\n");
}

TEST(ParseCsv, ColumnsAfterBomCountFromTheFirstCharacter) {
  EXPECT_EQ(error_of("\xEF\xBB\xBF"
                     "ab\"\n"),
            "1:3: CSV: field 1: quote inside an unquoted field (quote the whole field and double "
            "each quote in it)\n");
}

TEST(ParseCsv, Nl2gqlTestSet) {
  std::string path = std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv";
  auto text = read_file(path);
  if (!text.ok()) GTEST_SKIP() << "NL2GQL data absent: " << text.error().message;
  auto r = parse_csv(*text);
  ASSERT_TRUE(r.ok()) << format_diagnostic(r.error());
  ASSERT_EQ(r->size(), 1165u);  // header + 1,164 rows
  EXPECT_EQ((*r)[0].fields,
            (Fields{"id", "database", "nl", "schema", "gt_query", "gt_query_2", "fragments",
                    "aliases", "hops", "filter", "filter_types", "multi_endpoint", "paraphrase"}));
  for (const CsvRow& row : *r) ASSERT_EQ(row.fields.size(), 13u) << "line " << row.line;
  EXPECT_EQ((*r)[1].fields[0], "1");
  EXPECT_EQ((*r)[1].fields[1], "farm");
  EXPECT_TRUE((*r)[1].fields[3].starts_with("interface census_details{\n"));
  EXPECT_EQ(r->back().fields[0], "1164");
}

TEST(ParseCsv, RgevalGraniteResults) {
  std::string path =
      std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  auto text = read_file(path);
  if (!text.ok()) GTEST_SKIP() << "rgeval-granite data absent: " << text.error().message;
  auto r = parse_csv(*text);
  ASSERT_TRUE(r.ok()) << format_diagnostic(r.error());
  ASSERT_EQ(r->size(), 377u);  // header + 376 rows
  EXPECT_EQ((*r)[0].fields, (Fields{"Schema Content", "Query1 Content", "Query2 Content", "Equal",
                                    "Extra Fields"}));
  size_t equal = 0;
  for (size_t i = 1; i < r->size(); ++i) {
    ASSERT_EQ((*r)[i].fields.size(), 5u) << "line " << (*r)[i].line;
    equal += (*r)[i].fields[3] == "Equal";
  }
  EXPECT_EQ(equal, 264u);
}

}  // namespace
}  // namespace gqleval::io
