#include "io/internal/csv_splitter.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "io/file.h"

namespace gqleval::io {
namespace {

// Records as "line:text" strings, for readable expectations.
std::vector<std::string> split(std::string_view text) {
  CsvSplitter splitter(text);
  std::vector<std::string> out;
  RecordSpan span;
  while (splitter.next_record(span)) {
    out.push_back(std::to_string(span.line) + ":" + std::string(span.text(text)));
  }
  EXPECT_EQ(splitter.records_read(), out.size());
  return out;
}

using Strings = std::vector<std::string>;

TEST(CsvSplitter, LfAndCrlfRecords) {
  EXPECT_EQ(split("a,b\n1,2\r\n3,4"), (Strings{"1:a,b", "2:1,2", "3:3,4"}));
}

TEST(CsvSplitter, EmptyInputAndEmptyLines) {
  EXPECT_EQ(split(""), Strings{});
  EXPECT_EQ(split("\n\r\n\n"), Strings{});
  EXPECT_EQ(split("\na\n\n\r\nb\n\n"), (Strings{"2:a", "5:b"}));
}

TEST(CsvSplitter, BomIsSkipped) {
  std::string text = "\xEF\xBB\xBFh1,h2\nx,y\n";
  CsvSplitter splitter(text);
  RecordSpan span;
  ASSERT_TRUE(splitter.next_record(span));
  EXPECT_EQ(span, (RecordSpan{3, 8, 1}));
}

TEST(CsvSplitter, QuotedLineBreaksStayInTheRecord) {
  EXPECT_EQ(split("id,s\n1,\"type A {\n  x: Int\n}\"\n2,\"a\r\nb\"\r\n3,z\n"),
            (Strings{"1:id,s", "2:1,\"type A {\n  x: Int\n}\"", "5:2,\"a\r\nb\"", "7:3,z"}));
}

TEST(CsvSplitter, EscapedQuotesDoNotCloseAField) {
  EXPECT_EQ(split("\"a\"\"\nb\"\"\",c\nd\n"), (Strings{"1:\"a\"\"\nb\"\"\",c", "3:d"}));
}

TEST(CsvSplitter, ALoneCrIsData) {
  EXPECT_EQ(split("a\rb\nc\rd\n"), (Strings{"1:a\rb", "2:c\rd"}));
  // ... except the CR that ends the file (a CRLF file cut after its CR).
  EXPECT_EQ(split("a\rb\nc\r"), (Strings{"1:a\rb", "2:c"}));
  EXPECT_EQ(split("1,\"a\r\nb\"\r"), (Strings{"1:1,\"a\r\nb\""}));
}

TEST(CsvSplitter, AQuoteInsideAnUnquotedFieldIsLiteral) {
  // Parity-based splitters would open a quoted field here and swallow line 2.
  EXPECT_EQ(split("a,b\"c\nd,e\n"), (Strings{"1:a,b\"c", "2:d,e"}));
  EXPECT_EQ(split("\"a\"b\"c\nx\n"), (Strings{"1:\"a\"b\"c", "2:x"}));
}

TEST(CsvSplitter, UnterminatedQuoteEndsItsRecordAtTheLineEnd) {
  EXPECT_EQ(split("id,text\n1,\"abc\n2,x\r\n3,y\n"),
            (Strings{"1:id,text", "2:1,\"abc", "3:2,x", "4:3,y"}));
  // Quote pairs after the broken quote keep it unterminated; the field "" on
  // line 3 is then an ordinary empty quoted field.
  EXPECT_EQ(split("1,\"a\"\"b\r\n2,\"\"\n"), (Strings{"1:1,\"a\"\"b", "2:2,\"\""}));
  // On the last line, without a line break.
  EXPECT_EQ(split("a\n\"open"), (Strings{"1:a", "2:\"open"}));
}

TEST(CsvSplitter, AQuoteThatClosesLaterOnlyIfAFieldCanEndThere) {
  // A quoted field may span lines: this one closes on line 2 before a comma.
  EXPECT_EQ(split("1,\"ab\nc\",d\n3\n"), (Strings{"1:1,\"ab\nc\",d", "3:3"}));
  // The quote opened on line 1 would close on line 2 before `x`, where no
  // field can end: that quote opens line 2's field, so the broken record ends
  // with line 1 and line 2 is a record of its own (it was lost before).
  EXPECT_EQ(split("1,\"abc\n2,\"x\",y\n3\n"), (Strings{"1:1,\"abc", "2:2,\"x\",y", "3:3"}));
  // Junk after a quote that closes on its own line is the record's problem
  // only: the boundaries stay.
  EXPECT_EQ(split("1,\"ab\"c\n2\n"), (Strings{"1:1,\"ab\"c", "2:2"}));
}

// A byte-at-a-time implementation of the grammar in csv_splitter.h, to check
// the jumping implementation against.
std::vector<RecordSpan> reference_split(std::string_view t) {
  std::vector<RecordSpan> out;
  size_t n = t.size();
  size_t pos = t.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  uint64_t line = 1;
  while (pos < n) {
    if (t[pos] == '\n') {
      ++pos;
      ++line;
      continue;
    }
    if (t[pos] == '\r' && pos + 1 < n && t[pos + 1] == '\n') {
      pos += 2;
      ++line;
      continue;
    }
    size_t start = pos;
    uint64_t start_line = line;
    size_t i = pos;
    size_t end;
    size_t next;
    bool field_start = true;
    for (;;) {
      if (i == n) {
        end = next = n;
        break;
      }
      char c = t[i];
      if (c == '\n') {
        end = i;
        next = i + 1;
        ++line;
        break;
      }
      if (c == '"' && field_start) {
        size_t j = i + 1;
        bool closed = false;
        while (j < n) {
          if (t[j] == '"') {
            if (j + 1 < n && t[j + 1] == '"') {
              j += 2;
              continue;
            }
            closed = true;
            break;
          }
          ++j;
        }
        // A close on a later line counts only before a comma, a line break
        // or the end (csv_splitter.h, resynchronisation).
        size_t breaks = 0;
        for (size_t k = i + 1; closed && k < j; ++k) breaks += t[k] == '\n';
        const bool can_close = closed && (j + 1 == n || t[j + 1] == ',' || t[j + 1] == '\n' ||
                                          (t[j + 1] == '\r' && (j + 2 == n || t[j + 2] == '\n')));
        if (!closed || (breaks > 0 && !can_close)) {
          size_t k = i;
          while (k < n && t[k] != '\n') ++k;
          end = k;
          next = k < n ? k + 1 : n;
          if (k < n) ++line;
          break;
        }
        for (size_t k = i + 1; k < j; ++k) line += t[k] == '\n';
        i = j + 1;
        field_start = false;
        continue;
      }
      field_start = c == ',';
      ++i;
    }
    if (end > start && t[end - 1] == '\r') --end;
    out.push_back({start, end, start_line});
    pos = next;
  }
  return out;
}

std::vector<RecordSpan> all_records(std::string_view text) {
  CsvSplitter splitter(text);
  std::vector<RecordSpan> out;
  RecordSpan span;
  while (splitter.next_record(span)) out.push_back(span);
  return out;
}

TEST(CsvSplitter, MatchesAByteAtATimeReferenceOnRandomInput) {
  std::mt19937 rng(7);
  const char alphabet[] = {'a', 'b', ',', '"', '"', '\n', '\r', ' '};
  for (int iter = 0; iter < 100000; ++iter) {
    std::string s;
    if (rng() % 10 == 0) s = "\xEF\xBB\xBF";
    size_t len = rng() % 40;
    for (size_t i = 0; i < len; ++i) s.push_back(alphabet[rng() % sizeof alphabet]);
    ASSERT_EQ(all_records(s), reference_split(s)) << testing::PrintToString(s);
  }
  // Long inputs exercise the 16-byte steps and the quote pairing across them.
  for (int iter = 0; iter < 2000; ++iter) {
    std::string s;
    size_t len = 100 + rng() % 400;
    for (size_t i = 0; i < len; ++i) {
      s.push_back(rng() % 8 == 0 ? alphabet[rng() % sizeof alphabet] : 'x');
    }
    ASSERT_EQ(all_records(s), reference_split(s)) << testing::PrintToString(s);
  }
}

// A CSV with every kind of trouble, used to check that shards do not change
// anything.
std::string tricky_csv() {
  std::string s = "\xEF\xBB\xBFid,schema,query\r\n";
  for (int i = 0; i < 40; ++i) {
    std::string id = std::to_string(i);
    switch (i % 8) {
      case 0: s += id + ",\"type Q {\n  a: Int\n}\",\"{ a }\"\n"; break;
      case 1: s += id + ",\"say \"\"hi\"\"\r\nthere\",q\r\n"; break;
      case 2: s += id + ",plain,\"multi\n\nline\"\n\n"; break;
      case 3: s += id + ",ab\"c,d\n"; break;   // stray quote
      case 4: s += id + ",\"x\"y,z\n"; break;  // text after quote
      case 5: s += id + ",too,many,fields\n"; break;
      case 6: s += id + ",\"\xC3\xA9t\xC3\xA9\",\"\xFF\"\n"; break;  // bad UTF-8
      default: s += id + ",,\n"; break;
    }
  }
  s += "40,\"never closed\n41,a,b\n42,\"\",\"\"\n";
  return s;
}

TEST(CsvSplitter, ShardsCoverTheSameRecordsForAnyShardSize) {
  std::string text = tricky_csv();
  std::vector<RecordSpan> expected = all_records(text);
  ASSERT_EQ(expected.size(), 44u);  // header + 40 + the unterminated one + 41 + 42
  EXPECT_EQ(expected[41].text(text), "40,\"never closed");
  EXPECT_EQ(expected[42].text(text), "41,a,b");
  for (size_t max_records : {1, 2, 3, 7, 1000}) {
    for (size_t max_bytes : {size_t{1}, size_t{50}, size_t{1} << 30}) {
      CsvSplitter splitter(text);
      std::vector<RecordSpan> got;
      RecordShard shard;
      while (fill_shard(splitter, ShardLimits{max_records, max_bytes}, shard)) {
        ASSERT_EQ(shard.first_record, got.size());
        ASSERT_LE(shard.records.size(), max_records);
        got.insert(got.end(), shard.records.begin(), shard.records.end());
      }
      EXPECT_TRUE(shard.records.empty());
      EXPECT_EQ(got, expected) << "max_records=" << max_records << " max_bytes=" << max_bytes;
    }
  }
}

TEST(CsvSplitter, Nl2gqlRecordCount) {
  auto text = read_file(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv");
  if (!text.ok()) GTEST_SKIP() << "NL2GQL data absent: " << text.error().message;
  std::vector<RecordSpan> records = all_records(*text);
  EXPECT_EQ(records.size(), 1165u);
  EXPECT_EQ(records, reference_split(*text));
}

}  // namespace
}  // namespace gqleval::io
