// Validation sweep over real benchmark queries, against graphql-js.
//
// Every query of the NL2GQL test set (gt_query, and gt_query_2 where present)
// and of the RGEval granite-20b results (Query1 Content, the reference, and
// Query2 Content, the model's answer) is validated by gqleval (default dialect,
// every rule, then graphql-js execution's choice of operation), and the verdict
// is compared with graphql-js 16.15.0's verdict on the same query.
//
// graphql-js rejects 6 of the 13 NL2GQL schemas as written (StepZen scalars,
// repeated definitions, inherited interface fields), so graphql-js gets each
// schema as our dialect builds it: Schema::print_sdl(). graphql-js's verdicts are
// a committed golden file, tests/js/expected/nl2gql_graphqljs.jsonl, made by
//     tests/js/regen_nl2gql_golden.sh BUILD_DIR
// which runs WriteGraphqljsInput below (our printed schemas + the queries, as
// JSON Lines) and pipes its output through `node tests/js/validate.mjs`. Each
// golden line carries a hash of its query, so a changed dataset shows up as a
// stale golden rather than as a disagreement.
//
// The bar: 100% valid/invalid agreement. The test prints the agreement figures
// (and how often the errors, messages and locations, agree too) per source.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval {
namespace {

const std::string kNl2gqlCsv = std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv";
const std::string kRgevalCsv =
    std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
const std::string kGolden =
    std::string(GQLEVAL_SOURCE_DIR) + "/tests/js/expected/nl2gql_graphqljs.jsonl";
constexpr const char* kWriteInputEnv = "GQLEVAL_WRITE_GRAPHQLJS_INPUT";

// One query to validate, against one of the corpus's distinct schemas.
struct Item {
  std::string source;  // "nl2gql" or "rgeval"
  std::string id;      // e.g. "nl2gql/893/gt_query", "rgeval/12/query2"
  size_t schema = 0;   // index into Corpus::schemas
  std::string query;
};

struct Corpus {
  std::vector<std::shared_ptr<const schema::Schema>> schemas;
  std::vector<Item> items;
  std::string problem;  // why the corpus could not be loaded; empty when it was
};

// FNV-1a, 64 bits, as 16 hex digits: identifies a query's text in the golden file.
std::string fnv1a_hex(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// A JSON string literal (UTF-8 passes through; control characters are escaped).
std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out + "\"";
}

// The rows of a CSV file as maps from header name to field; `problem` says why not.
std::vector<std::map<std::string, std::string>> read_table(const std::string& path,
                                                           std::string& problem) {
  auto text = io::read_file(path);
  if (!text.ok()) {
    problem = text.error().message;
    return {};
  }
  auto rows = io::parse_csv(*text);
  if (!rows.ok()) {
    problem = path + ": " + rows.error().message;
    return {};
  }
  std::vector<std::map<std::string, std::string>> out;
  if (rows->empty()) return out;
  const std::vector<std::string>& header = rows->front().fields;
  for (size_t r = 1; r < rows->size(); ++r) {
    std::map<std::string, std::string> row;
    const std::vector<std::string>& fields = (*rows)[r].fields;
    for (size_t c = 0; c < header.size() && c < fields.size(); ++c) row[header[c]] = fields[c];
    out.push_back(std::move(row));
  }
  return out;
}

Corpus load_corpus() {
  Corpus corpus;
  std::string problem;
  auto nl2gql = read_table(kNl2gqlCsv, problem);
  auto rgeval = problem.empty() ? read_table(kRgevalCsv, problem) : decltype(nl2gql){};
  if (!problem.empty()) {
    corpus.problem = problem;
    return corpus;
  }
  std::unordered_map<std::string, size_t> schema_index;  // by SDL text
  auto schema_of = [&](const std::string& sdl) -> size_t {
    auto [it, inserted] = schema_index.try_emplace(sdl, corpus.schemas.size());
    if (inserted) {
      auto built = schema::Schema::build(sdl);
      if (!built.ok()) {
        corpus.problem = "a dataset schema does not build in the default dialect: " +
                         built.error().front().message;
        corpus.schemas.push_back(nullptr);
      } else {
        corpus.schemas.push_back(std::move(built).value());
      }
    }
    return it->second;
  };
  for (const auto& row : nl2gql) {
    size_t schema = schema_of(row.at("schema"));
    std::string id = row.at("id");
    corpus.items.push_back({"nl2gql", "nl2gql/" + id + "/gt_query", schema, row.at("gt_query")});
    const std::string& alternative = row.at("gt_query_2");
    if (!alternative.empty()) {
      corpus.items.push_back({"nl2gql", "nl2gql/" + id + "/gt_query_2", schema, alternative});
    }
  }
  for (size_t r = 0; r < rgeval.size(); ++r) {
    size_t schema = schema_of(rgeval[r].at("Schema Content"));
    std::string n = std::to_string(r + 1);
    corpus.items.push_back(
        {"rgeval", "rgeval/" + n + "/query1", schema, rgeval[r].at("Query1 Content")});
    corpus.items.push_back(
        {"rgeval", "rgeval/" + n + "/query2", schema, rgeval[r].at("Query2 Content")});
  }
  return corpus;
}

const Corpus& corpus() {
  static const Corpus kCorpus = load_corpus();
  return kCorpus;
}

struct Verdict {
  bool valid = false;
  std::vector<std::string> messages;  // errors only, in report order
  std::vector<std::string> errors;    // the same as "message @line:column ..."

  void add(std::string_view message, const std::vector<SourcePos>& locations) {
    messages.emplace_back(message);
    std::string e(message);
    e += " @";
    for (SourcePos p : locations) {
      e.append(" ").append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
    }
    errors.push_back(std::move(e));
  }
};

// gqleval's verdict: parse, validate with every rule, then choose the operation.
Verdict our_verdict(const schema::Schema& schema, std::string_view query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  Verdict v;
  if (!doc.ok()) {
    v.add(doc.error().message, doc.error().locations);
    return v;
  }
  for (const Diagnostic& d : validate::validate(schema, **doc)) {
    if (d.severity == Severity::kError) v.add(d.message, d.locations);
  }
  if (v.messages.empty()) {
    auto op = validate::select_operation(**doc, "");
    if (!op.ok()) v.add(op.error().message, op.error().locations);
  }
  v.valid = v.messages.empty();
  return v;
}

struct GoldenVerdict {
  Verdict verdict;
  std::string stage;
  std::string query_hash;
};

// One golden line into `out`; false when it is not what validate.mjs writes.
bool parse_golden_line(simdjson::dom::parser& parser, const std::string& line, std::string& id,
                       GoldenVerdict& out) {
  simdjson::dom::element record;
  if (parser.parse(line).get(record)) return false;
  std::string_view id_view, stage, hash;
  bool valid = false;
  simdjson::dom::array errors;
  if (record["id"].get(id_view) || record["valid"].get(valid) || record["stage"].get(stage) ||
      record["errors"].get(errors) || record["query_fnv1a"].get(hash)) {
    return false;
  }
  id = std::string(id_view);
  out = GoldenVerdict{};
  out.verdict.valid = valid;
  out.stage = std::string(stage);
  out.query_hash = std::string(hash);
  for (simdjson::dom::element e : errors) {
    std::string_view message;
    simdjson::dom::array locations;
    if (e["message"].get(message) || e["locations"].get(locations)) return false;
    std::vector<SourcePos> positions;
    for (simdjson::dom::element l : locations) {
      uint64_t line = 0, column = 0;
      if (l["line"].get(line) || l["column"].get(column)) return false;
      positions.push_back({static_cast<uint32_t>(line), static_cast<uint32_t>(column)});
    }
    out.verdict.add(message, positions);
  }
  return true;
}

// The golden file, by id; `problem` says why it could not be read.
std::unordered_map<std::string, GoldenVerdict> read_golden(std::string& problem) {
  std::unordered_map<std::string, GoldenVerdict> out;
  std::ifstream in(kGolden);
  if (!in) {
    problem = "missing " + kGolden + "; run tests/js/regen_nl2gql_golden.sh";
    return out;
  }
  simdjson::dom::parser parser;
  size_t line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.empty()) continue;
    std::string id;
    GoldenVerdict g;
    if (!parse_golden_line(parser, line, id, g)) {
      problem = kGolden + ":" + std::to_string(line_number) + ": not a validate.mjs verdict";
      return out;
    }
    out.emplace(std::move(id), std::move(g));
  }
  return out;
}

// The regeneration step (see the header comment): writes graphql-js's input.
TEST(Nl2gqlValidation, WriteGraphqljsInput) {
  const char* path = std::getenv(kWriteInputEnv);
  if (path == nullptr) GTEST_SKIP() << "set " << kWriteInputEnv << " to write graphql-js's input";
  const Corpus& c = corpus();
  ASSERT_TRUE(c.problem.empty()) << c.problem;
  std::vector<std::string> printed;
  for (const auto& s : c.schemas) printed.push_back(s->print_sdl());
  std::ofstream out(path, std::ios::binary);
  ASSERT_TRUE(out) << "cannot write " << path;
  for (const Item& item : c.items) {
    out << "{\"id\":" << json_quote(item.id) << ",\"schema\":" << json_quote(printed[item.schema])
        << ",\"query\":" << json_quote(item.query)
        << ",\"query_fnv1a\":" << json_quote(fnv1a_hex(item.query)) << "}\n";
  }
  ASSERT_TRUE(out.good());
  std::printf("wrote %zu queries over %zu schemas to %s\n", c.items.size(), c.schemas.size(), path);
}

struct Tally {
  size_t total = 0, agree = 0, both_valid = 0, both_invalid = 0;
  size_t only_ours_invalid = 0, only_graphqljs_invalid = 0;
  size_t same_errors = 0;  // both invalid with the same errors (messages and locations)
};

TEST(Nl2gqlValidation, AgreesWithGraphqlJs) {
  const Corpus& c = corpus();
  if (!c.problem.empty() && c.schemas.empty()) GTEST_SKIP() << c.problem;
  ASSERT_TRUE(c.problem.empty()) << c.problem;
  std::string problem;
  auto golden = read_golden(problem);
  ASSERT_TRUE(problem.empty()) << problem;

  std::map<std::string, Tally> tallies;  // by source, plus "all"
  std::vector<std::string> disagreements;
  for (const Item& item : c.items) {
    SCOPED_TRACE(item.id);
    auto it = golden.find(item.id);
    ASSERT_NE(it, golden.end()) << "not in the golden file; regenerate it";
    ASSERT_EQ(it->second.query_hash, fnv1a_hex(item.query))
        << "the dataset changed since the golden file was made; regenerate it";
    const Verdict& theirs = it->second.verdict;
    Verdict ours = our_verdict(*c.schemas[item.schema], item.query);
    // graphql-js interleaves the rules in one traversal; ours run one after another.
    std::vector<std::string> a = ours.errors, b = theirs.errors;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    for (Tally* t : {&tallies[item.source], &tallies["all"]}) {
      ++t->total;
      if (ours.valid == theirs.valid) ++t->agree;
      if (ours.valid && theirs.valid) ++t->both_valid;
      if (!ours.valid && !theirs.valid) ++t->both_invalid;
      if (!ours.valid && theirs.valid) ++t->only_ours_invalid;
      if (ours.valid && !theirs.valid) ++t->only_graphqljs_invalid;
      if (!ours.valid && !theirs.valid && a == b) ++t->same_errors;
    }
    if (ours.valid != theirs.valid) {
      std::string line = item.id + ": gqleval " + (ours.valid ? "valid" : "invalid") +
                         ", graphql-js " +
                         (theirs.valid ? "valid" : "invalid (" + it->second.stage + ")");
      for (const std::string& m : ours.errors) line += "\n    gqleval:    " + m;
      for (const std::string& m : theirs.errors) line += "\n    graphql-js: " + m;
      disagreements.push_back(line);
    }
  }
  for (const auto& [source, t] : tallies) {
    std::printf(
        "%-7s %4zu queries: valid/invalid agree %zu/%zu (%.2f%%); both valid %zu, both invalid "
        "%zu (same errors %zu), only gqleval invalid %zu, only graphql-js invalid %zu\n",
        source.c_str(), t.total, t.agree, t.total,
        100.0 * static_cast<double>(t.agree) / static_cast<double>(std::max<size_t>(t.total, 1)),
        t.both_valid, t.both_invalid, t.same_errors, t.only_ours_invalid, t.only_graphqljs_invalid);
  }
  for (size_t i = 0; i < disagreements.size() && i < 30; ++i) {
    ADD_FAILURE() << disagreements[i];
  }
  EXPECT_EQ(disagreements.size(), 0u);
  EXPECT_EQ(golden.size(), c.items.size()) << "the golden file has ids the corpus no longer has";
}

// The dataset's own references are not all valid: rows 893-896 pass the String
// "22" to an Int argument. gqleval must say so, with graphql-js's message.
TEST(Nl2gqlValidation, InvalidReferencesOfRows893To896) {
  const Corpus& c = corpus();
  if (!c.problem.empty() && c.schemas.empty()) GTEST_SKIP() << c.problem;
  ASSERT_TRUE(c.problem.empty()) << c.problem;
  std::string problem;
  auto golden = read_golden(problem);
  ASSERT_TRUE(problem.empty()) << problem;
  int found = 0;
  for (const Item& item : c.items) {
    for (int row = 893; row <= 896; ++row) {
      if (item.id != "nl2gql/" + std::to_string(row) + "/gt_query") continue;
      SCOPED_TRACE(item.id);
      ++found;
      Verdict ours = our_verdict(*c.schemas[item.schema], item.query);
      EXPECT_FALSE(ours.valid);
      const std::vector<std::string> expected = {"Int cannot represent non-integer value: \"22\""};
      EXPECT_EQ(ours.messages, expected);
      EXPECT_EQ(golden.at(item.id).verdict.messages, expected);
    }
  }
  EXPECT_EQ(found, 4);
}

}  // namespace
}  // namespace gqleval
