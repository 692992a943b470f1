// Every GraphQL document in the shared datasets goes through the front end:
// it parses, or fails with exactly graphql-js's message and position; and what
// parses prints (graphql-js print() layout) and parses back to an equal AST,
// with printing a fixed point.
//
// Golden values come from graphql-js 16.15.0 (tests/js/dataset_print_hashes.mjs;
// 16.8.1, which produced them first, gives the same on these data), run over
// the same files with node: parse(doc) for the failures
// (error.message, error.locations[0]), and, for the printed text, an FNV-1a
// 64-bit hash over the UTF-8 bytes of print(parse(doc)) for every document
// that parses, in file order, each followed by one NUL byte. So the hashes
// below assert that our printer writes byte for byte what graphql-js writes,
// for all 2,533 documents that parse. (The script read the CSVs with an RFC
// 4180 reader and the JSONL with JSON.parse, as this test does.)
#include <gtest/gtest.h>

#include <simdjson.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/ast_equal.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval {
namespace {

const std::string kDatasets = std::string(GQLEVAL_SHARED_DIR) + "/datasets/";

// FNV-1a 64 over each printed document and a NUL after it.
struct PrintHash {
  uint64_t value = 0xcbf29ce484222325ull;
  void add(std::string_view printed) {
    for (char c : printed) mix(static_cast<unsigned char>(c));
    mix(0);
  }
  void mix(unsigned char byte) {
    value ^= byte;
    value *= 0x100000001b3ull;
  }
};

struct Failure {
  std::string message;
  SourcePos pos;
  friend bool operator==(const Failure&, const Failure&) = default;
};

std::ostream& operator<<(std::ostream& os, const Failure& f) {
  return os << f.message << " @" << f.pos.line << ":" << f.pos.column;
}

// Runs one document through parse -> print -> parse -> compare -> print.
// Returns the parse failure, if any; round-trip problems are test failures.
std::optional<Failure> check_document(std::string_view source, const std::string& label,
                                      PrintHash& hash) {
  Arena arena;
  auto first = graphql::parse(source, arena);
  if (!first.ok()) return Failure{first.error().message, first.error().pos()};
  const std::string printed = graphql::print(**first);
  hash.add(printed);
  Arena arena2;
  auto second = graphql::parse(printed, arena2);
  if (!second.ok()) {
    ADD_FAILURE() << label << ": printed text does not parse: " << second.error().message << "\n"
                  << printed;
    return std::nullopt;
  }
  std::optional<std::string> difference = graphql::first_difference(**first, **second);
  EXPECT_FALSE(difference.has_value()) << label << ": round trip differs at " << *difference;
  EXPECT_EQ(graphql::print(**second), printed) << label << ": printing is not a fixed point";
  return std::nullopt;
}

bool has_content(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") != std::string_view::npos;
}

// The data rows of a CSV file and a column index by header name.
struct Table {
  std::vector<io::CsvRow> rows;  // without the header
  std::map<std::string, size_t> columns;
  const std::string& at(size_t row, const std::string& column) const {
    return rows[row].fields[columns.at(column)];
  }
};

std::optional<Table> read_table(const std::string& path) {
  auto text = io::read_file(path);
  EXPECT_TRUE(text.ok()) << path;
  if (!text.ok()) return std::nullopt;
  auto rows = io::parse_csv(*text);
  EXPECT_TRUE(rows.ok()) << path << ": " << (rows.ok() ? "" : rows.error().message);
  if (!rows.ok() || rows->empty()) return std::nullopt;
  Table table;
  const std::vector<std::string>& header = rows->front().fields;
  for (size_t i = 0; i < header.size(); ++i) table.columns[header[i]] = i;
  table.rows.assign(rows->begin() + 1, rows->end());
  return table;
}

TEST(DatasetParse, Nl2gql) {
  const std::string path = kDatasets + "nl2gql/nl2gql_test.csv";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "NL2GQL data not found at " << path;
  std::optional<Table> table = read_table(path);
  ASSERT_TRUE(table);
  for (const char* column : {"id", "database", "schema", "gt_query", "gt_query_2"}) {
    ASSERT_TRUE(table->columns.count(column)) << "missing column " << column;
  }
  ASSERT_EQ(table->rows.size(), 1164u);

  // "Rows 995-998" and "625-627" are ids; in this file every id equals the
  // row's 1-based position among the data rows, so both readings agree.
  for (size_t i = 0; i < table->rows.size(); ++i) {
    ASSERT_EQ(table->at(i, "id"), std::to_string(i + 1));
  }

  // The 13 distinct refined schemas all parse.
  std::set<std::string> seen;
  PrintHash schema_hash;
  for (size_t i = 0; i < table->rows.size(); ++i) {
    const std::string& schema = table->at(i, "schema");
    if (!seen.insert(schema).second) continue;
    const std::string label = "schema of " + table->at(i, "database");
    std::optional<Failure> failure = check_document(schema, label, schema_hash);
    EXPECT_FALSE(failure) << label << ": " << *failure;
  }
  EXPECT_EQ(seen.size(), 13u);
  EXPECT_EQ(schema_hash.value, 0x40b1eef724bc791bull);

  // Ground-truth queries: all parse except seven broken ones, which fail as
  // graphql-js fails them. Ids 995-998 end without the closing `}`; the
  // gt_query_2 of ids 625-627 is the placeholder text "New NL".
  const Failure missing_brace{"Syntax Error: Expected Name, found <EOF>.", {11, 4}};
  const Failure placeholder{"Syntax Error: Unexpected Name \"New\".", {1, 1}};
  const std::map<std::string, Failure> expected_gt = {{"995", missing_brace},
                                                      {"996", missing_brace},
                                                      {"997", missing_brace},
                                                      {"998", missing_brace}};
  const std::map<std::string, Failure> expected_gt2 = {
      {"625", placeholder}, {"626", placeholder}, {"627", placeholder}};
  std::map<std::string, Failure> failed_gt, failed_gt2;
  PrintHash gt_hash, gt2_hash;
  size_t gt2_count = 0;
  for (size_t i = 0; i < table->rows.size(); ++i) {
    const std::string& id = table->at(i, "id");
    if (auto f = check_document(table->at(i, "gt_query"), "gt_query of id " + id, gt_hash)) {
      failed_gt[id] = *f;
    }
    const std::string& second = table->at(i, "gt_query_2");
    if (!has_content(second)) continue;
    ++gt2_count;
    if (auto f = check_document(second, "gt_query_2 of id " + id, gt2_hash)) failed_gt2[id] = *f;
  }
  EXPECT_EQ(gt2_count, 88u);
  EXPECT_EQ(failed_gt, expected_gt);
  EXPECT_EQ(failed_gt2, expected_gt2);
  EXPECT_EQ(gt_hash.value, 0xf7c831697679c1e2ull);   // 1,160 queries
  EXPECT_EQ(gt2_hash.value, 0xe7dc123997173979ull);  // 85 queries
}

TEST(DatasetParse, RgevalGranite) {
  const std::string path = kDatasets + "rgeval-granite/granite20b_zeroshot_rgeval.csv";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "RGEval data not found at " << path;
  std::optional<Table> table = read_table(path);
  ASSERT_TRUE(table);
  ASSERT_EQ(table->rows.size(), 376u);
  // The model's queries (Query2) were extracted by RGEval's pipeline; all 376
  // parse, in graphql-js as here, so the observed failure count is zero.
  struct Column {
    const char* name;
    uint64_t hash;
  };
  const Column columns[] = {{"Schema Content", 0xf14b19a8b2ef8758ull},
                            {"Query1 Content", 0xc27f70eeb3648a34ull},
                            {"Query2 Content", 0x8f0291841ecf4c12ull}};
  for (const Column& column : columns) {
    ASSERT_TRUE(table->columns.count(column.name)) << "missing column " << column.name;
    PrintHash hash;
    size_t failures = 0;
    for (size_t i = 0; i < table->rows.size(); ++i) {
      const std::string label = std::string(column.name) + " of row " + std::to_string(i + 1);
      if (auto f = check_document(table->at(i, column.name), label, hash)) {
        ++failures;
        ADD_FAILURE() << label << ": " << *f;
      }
    }
    EXPECT_EQ(failures, 0u) << column.name;
    EXPECT_EQ(hash.value, column.hash) << column.name;
  }
}

TEST(DatasetParse, GraphqlRestBenchSchemas) {
  const std::string dir = kDatasets + "graphqlrestbench/";
  if (!std::filesystem::exists(dir + "train.jsonl")) {
    GTEST_SKIP() << "GraphQLRestBench data not found in " << dir;
  }
  simdjson::ondemand::parser parser;
  PrintHash hash;
  size_t records = 0, parsed = 0;
  std::vector<std::string> failures;
  for (const char* split : {"train", "valid", "test"}) {
    auto text = io::read_file(dir + split + ".jsonl");
    ASSERT_TRUE(text.ok()) << split;
    size_t line_number = 0;
    size_t start = 0;
    while (start < text->size()) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      std::string_view line(text->data() + start, end - start);
      start = end + 1;
      ++line_number;
      if (!has_content(line)) continue;
      ++records;
      simdjson::padded_string json(line);
      simdjson::ondemand::document doc;
      ASSERT_EQ(parser.iterate(json).get(doc), simdjson::SUCCESS);
      std::string_view schema_view;
      ASSERT_EQ(doc["GraphQL_schema"].get_string().get(schema_view), simdjson::SUCCESS);
      const std::string schema(schema_view);
      const std::string label = std::string(split) + ":" + std::to_string(line_number);
      if (auto f = check_document(schema, label, hash)) {
        // Eight records carry an empty schema; graphql-js says the same.
        EXPECT_EQ(schema, "") << label;
        EXPECT_EQ(*f, (Failure{"Syntax Error: Unexpected <EOF>.", {1, 1}})) << label;
        failures.push_back(label);
      } else {
        ++parsed;
      }
    }
  }
  EXPECT_EQ(records, 155u);
  EXPECT_EQ(parsed, 147u);
  EXPECT_EQ(failures, (std::vector<std::string>{"train:18", "train:22", "train:27", "train:37",
                                                "valid:4", "valid:6", "test:9", "test:12"}));
  EXPECT_EQ(hash.value, 0xd7b79ad83111562cull);
}

}  // namespace
}  // namespace gqleval
