#include "io/csv_record.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/internal/csv_splitter.h"

namespace gqleval::io {
namespace {

using Strings = std::vector<std::string>;

struct Parsed {
  Strings fields;
  CsvRecordStatus status;
  std::string diagnostic;  // empty when the record is sound
};

// Parses the first record of text.
Parsed parse_first(std::string_view text, CsvLimits limits = {}) {
  CsvSplitter splitter(text);
  RecordSpan span;
  EXPECT_TRUE(splitter.next_record(span));
  Arena arena;
  std::vector<std::string_view> fields;
  Parsed out;
  out.status = parse_csv_record(text, span, limits, arena, fields);
  out.fields.assign(fields.begin(), fields.end());
  if (!out.status.ok())
    out.diagnostic = format_diagnostic(describe_csv_issue(text, span, out.status, limits));
  return out;
}

TEST(CsvRecord, PlainFieldsAreViewsIntoTheBuffer) {
  std::string text = "abc,,\"quoted, with comma\"\n";
  CsvSplitter splitter(text);
  RecordSpan span;
  ASSERT_TRUE(splitter.next_record(span));
  Arena arena;
  std::vector<std::string_view> fields;
  CsvRecordStatus status = parse_csv_record(text, span, CsvLimits{}, arena, fields);
  ASSERT_TRUE(status.ok());
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[0], "abc");
  EXPECT_EQ(fields[1], "");
  EXPECT_EQ(fields[2], "quoted, with comma");
  EXPECT_EQ(fields[0].data(), text.data());
  EXPECT_EQ(fields[2].data(), text.data() + 6);  // between the quotes: no copy
  EXPECT_EQ(arena.used_bytes(), 0u);
}

TEST(CsvRecord, EscapedQuotesAreDecodedIntoTheArena) {
  std::string text = "\"say \"\"hi\"\"\",\"\"\"\"\n";
  CsvSplitter splitter(text);
  RecordSpan span;
  ASSERT_TRUE(splitter.next_record(span));
  Arena arena;
  std::vector<std::string_view> fields;
  ASSERT_TRUE(parse_csv_record(text, span, CsvLimits{}, arena, fields).ok());
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0], "say \"hi\"");
  EXPECT_EQ(fields[1], "\"");
  EXPECT_EQ(arena.used_bytes(), 9u);
}

TEST(CsvRecord, MultiLineQuotedFieldKeepsItsLineBreaks) {
  Parsed p = parse_first("1,\"type A {\r\n  x: Int\n}\"\r\n");
  EXPECT_TRUE(p.status.ok());
  EXPECT_EQ(p.fields, (Strings{"1", "type A {\r\n  x: Int\n}"}));
}

TEST(CsvRecord, TrailingCommaMakesAnEmptyLastField) {
  EXPECT_EQ(parse_first("a,b,\n").fields, (Strings{"a", "b", ""}));
  EXPECT_EQ(parse_first("\"a\",\n").fields, (Strings{"a", ""}));
}

TEST(CsvRecord, QuoteInsideUnquotedField) {
  Parsed p = parse_first("x,ab\"c,d\n");
  EXPECT_EQ(p.status.issue, CsvIssue::kQuoteInUnquotedField);
  EXPECT_EQ(p.status.field, 1u);
  EXPECT_EQ(p.status.offset, 4u);
  EXPECT_EQ(p.fields, (Strings{"x", "ab\"c", "d"}));  // the quote is kept
  EXPECT_EQ(p.diagnostic,
            "1:5: CSV: field 2: quote inside an unquoted field (quote the whole field and "
            "double each quote in it)\n");
}

TEST(CsvRecord, TextAfterClosingQuote) {
  Parsed p = parse_first("\"abc\"de,f\n");
  EXPECT_EQ(p.status.issue, CsvIssue::kTextAfterClosingQuote);
  EXPECT_EQ(p.fields, (Strings{"abcde", "f"}));
  EXPECT_EQ(p.diagnostic, "1:6: CSV: field 1: unexpected character after the closing quote\n");
}

TEST(CsvRecord, UnterminatedQuote) {
  Parsed p = parse_first("id,x\n", {});
  std::string text = "1,\"abc,def\n2,ok\n";
  p = parse_first(text);
  EXPECT_EQ(p.status.issue, CsvIssue::kUnterminatedQuote);
  EXPECT_EQ(p.status.field, 1u);
  EXPECT_EQ(p.fields, (Strings{"1", "abc,def"}));  // runs to the end of the record
  EXPECT_EQ(p.diagnostic,
            "1:3: CSV: field 2: unterminated quoted field; the record is taken to end at the "
            "end of this line\n");
}

TEST(CsvRecord, InvalidUtf8NamesTheFieldAndColumn) {
  Parsed p = parse_first("\xC3\xA9t\xC3\xA9,\"ok\",ab\xE2\x82x\n");
  EXPECT_EQ(p.status.issue, CsvIssue::kInvalidUtf8);
  EXPECT_EQ(p.status.field, 2u);
  EXPECT_EQ(p.status.offset, 13u);
  EXPECT_EQ(p.diagnostic, "1:12: CSV: field 3: invalid UTF-8\n");  // "été" is 3 columns
}

TEST(CsvRecord, FieldTooLarge) {
  CsvLimits limits;
  limits.max_field_bytes = 4;
  Parsed p = parse_first("abcd,\"ab\"\"c\",abcde\n", limits);  // "ab""c" decodes to 4 bytes
  EXPECT_EQ(p.status.issue, CsvIssue::kFieldTooLarge);
  EXPECT_EQ(p.status.field, 2u);
  EXPECT_EQ(p.diagnostic, "1:14: CSV: field 3: larger than the limit of 4 bytes\n");
  p = parse_first("\"abcdef\"\n", limits);
  EXPECT_EQ(p.status.issue, CsvIssue::kFieldTooLarge);
}

TEST(CsvRecord, DefaultFieldLimitIsOneMebibyte) {
  EXPECT_EQ(kDefaultMaxFieldBytes, 1048576u);
  std::string big(kDefaultMaxFieldBytes, 'x');
  EXPECT_TRUE(parse_first(big + "\n").status.ok());
  EXPECT_EQ(parse_first(big + "x\n").status.issue, CsvIssue::kFieldTooLarge);
}

TEST(CsvRecord, WrongFieldCount) {
  CsvLimits limits;
  limits.expected_fields = 3;
  EXPECT_TRUE(parse_first("a,b,c\n", limits).status.ok());
  Parsed p = parse_first("a,b\n", limits);
  EXPECT_EQ(p.status.issue, CsvIssue::kWrongFieldCount);
  EXPECT_EQ(p.status.field, 2u);
  EXPECT_EQ(p.diagnostic, "1:1: CSV: the record has 2 fields, expected 3\n");
  p = parse_first("a,b,c,d\n", limits);
  EXPECT_EQ(p.diagnostic, "1:1: CSV: the record has 4 fields, expected 3\n");
  p = parse_first("a\n", limits);
  EXPECT_EQ(p.diagnostic, "1:1: CSV: the record has 1 field, expected 3\n");
}

TEST(CsvRecord, TheEarliestFaultWinsAndFieldCountComesLast) {
  CsvLimits limits;
  limits.expected_fields = 5;
  Parsed p = parse_first("\xFF,a\"b,\"c\"d\n", limits);
  EXPECT_EQ(p.status.issue, CsvIssue::kInvalidUtf8);
  p = parse_first("x,a\"b,\"c\"d\n", limits);
  EXPECT_EQ(p.status.issue, CsvIssue::kQuoteInUnquotedField);
  p = parse_first("x,\"c\"d,a\"b\n", limits);
  EXPECT_EQ(p.status.issue, CsvIssue::kTextAfterClosingQuote);
}

TEST(CsvRecord, PositionsOnLaterLinesOfAMultiLineRecord) {
  std::string text = "h\n1,\"line one\nline two\",x\"y\n";
  CsvSplitter splitter(text);
  RecordSpan span;
  ASSERT_TRUE(splitter.next_record(span));
  ASSERT_TRUE(splitter.next_record(span));
  Arena arena;
  std::vector<std::string_view> fields;
  CsvRecordStatus st = parse_csv_record(text, span, CsvLimits{}, arena, fields);
  ASSERT_EQ(st.issue, CsvIssue::kQuoteInUnquotedField);
  EXPECT_EQ(format_diagnostic(describe_csv_issue(text, span, st, CsvLimits{})),
            "3:12: CSV: field 3: quote inside an unquoted field (quote the whole field and "
            "double each quote in it)\n");
}

TEST(CsvRecord, IssueNames) {
  EXPECT_EQ(csv_issue_name(CsvIssue::kNone), "none");
  EXPECT_EQ(csv_issue_name(CsvIssue::kQuoteInUnquotedField), "quote_in_unquoted_field");
  EXPECT_EQ(csv_issue_name(CsvIssue::kTextAfterClosingQuote), "text_after_closing_quote");
  EXPECT_EQ(csv_issue_name(CsvIssue::kUnterminatedQuote), "unterminated_quote");
  EXPECT_EQ(csv_issue_name(CsvIssue::kInvalidUtf8), "invalid_utf8");
  EXPECT_EQ(csv_issue_name(CsvIssue::kFieldTooLarge), "field_too_large");
  EXPECT_EQ(csv_issue_name(CsvIssue::kWrongFieldCount), "wrong_field_count");
}

}  // namespace
}  // namespace gqleval::io
