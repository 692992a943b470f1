// Helpers for the batch tests (engine/batch/*_test.cc and tests/batch_*_test.cc):
// a scratch folder per test, whole-file reads and writes, result lines, and a
// small view of one JSONL result object (simdjson) for field checks, CSV rows,
// a run and its output, and the rows of the bundled NL2GQL test set.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "engine/batch/batch_input.h"
#include "engine/batch/batch_run.h"
#include "engine/batch/columns.h"

namespace gqleval::batch::testing {

// A fresh folder under the system temp folder, removed at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = "gqleval_batch_" + std::to_string(::getpid()) + "_";
    if (info != nullptr) name += std::string(info->test_suite_name()) + "_" + info->name();
    path_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(std::string_view name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void write_file(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    out.emplace_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return out;
}

// One parsed JSONL result; fields read as text for easy comparison.
class ResultLine {
 public:
  explicit ResultLine(const std::string& line) {
    auto error = parser_.parse(line).get(doc_);
    ok_ = !error && doc_.is_object();
  }
  bool ok() const { return ok_; }

  // A member as text: strings without quotes, other values as minified JSON,
  // "<absent>" when there is no such member.
  std::string get(std::string_view name) const {
    simdjson::dom::element e;
    if (doc_.at_key(name).get(e)) return "<absent>";
    return text(e);
  }
  // The members of errors[i] ("rule", "message", "line", ...).
  std::string error(size_t i, std::string_view name) const {
    simdjson::dom::element e;
    if (doc_.at_pointer("/errors/" + std::to_string(i) + "/" + std::string(name)).get(e)) {
      return "<absent>";
    }
    return text(e);
  }
  size_t error_count() const {
    simdjson::dom::array a;
    if (doc_.at_key("errors").get(a)) return 0;
    return a.size();
  }

 private:
  static std::string text(simdjson::dom::element e) {
    std::string_view s;
    if (!e.get(s)) return std::string(s);
    return simdjson::minify(e);
  }
  simdjson::dom::parser parser_;
  simdjson::dom::element doc_;
  bool ok_ = false;
};

// A small schema with a to-one back reference (cycles) and an argument.
inline constexpr std::string_view kTestSchema =
    "type Query {\n"
    "  user(id: Int!): User\n"
    "  users: [User]\n"
    "}\n"
    "type User {\n"
    "  id: Int!\n"
    "  name: String\n"
    "  posts: [Post]\n"
    "}\n"
    "type Post {\n"
    "  id: Int!\n"
    "  title: String\n"
    "}\n";

// A CSV field with every quote doubled, quoted.
inline std::string csv_quote(std::string_view field) {
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

// A CSV record of the fields, each quoted, with its line break.
inline std::string csv_row(std::initializer_list<std::string_view> fields) {
  std::string out;
  for (std::string_view f : fields) {
    if (!out.empty()) out.push_back(',');
    out += csv_quote(f);
  }
  return out + "\n";
}

// What a run wrote and its report.
struct Outcome {
  std::string output;
  BatchReport report;
};

// Runs `o`, its results in the scratch folder unless it names an output.
inline Outcome run(BatchOptions o, const ScratchDir& dir) {
  if (o.output == "-") o.output = dir.file("out.results");
  auto r = run_batch(o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok()) return {"", BatchReport{}};
  return {read_file(o.output), std::move(*r)};
}

// One row of the bundled NL2GQL test set (datasets/nl2gql/nl2gql_test.csv).
struct Nl2gqlRow {
  std::string id;
  std::string schema;
  std::string reference;  // gt_query
  std::string candidate;  // gt_query_2 (empty in most rows)
};

// Every row of the bundled NL2GQL test set, in file order (1,164 rows).
inline std::vector<Nl2gqlRow> nl2gql_rows() {
  std::vector<Nl2gqlRow> rows;
  auto input = BatchInput::open(
      std::string(GQLEVAL_SOURCE_DIR) + "/datasets/nl2gql/nl2gql_test.csv", InputFormat::kCsv);
  EXPECT_TRUE(input.ok());
  if (!input.ok()) return rows;
  ColumnSpec spec;
  spec.candidate = "gt_query_2";
  auto columns = resolve_columns(input->column_names(), spec, false);
  EXPECT_TRUE(columns.ok());
  if (!columns.ok()) return rows;
  RecordReader reader(*input);
  io::RecordShard shard;
  io::ShardLimits limits;
  limits.max_records = 100000;
  input->next_shard(limits, shard);
  for (const io::RecordSpan& span : shard.records) {
    EXPECT_TRUE(reader.read(span));
    rows.push_back(Nl2gqlRow{std::string(reader.cell(columns->id)),
                             std::string(reader.cell(columns->schema)),
                             std::string(reader.cell(columns->references[0])),
                             std::string(reader.cell(columns->candidate))});
  }
  return rows;
}

}  // namespace gqleval::batch::testing
