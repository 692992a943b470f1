// gqleval report as a nightly job and a leaderboard use it: hand-written
// results files (the members `gqleval score` writes), the table it prints,
// its JSON, Markdown and HTML, the gate's exit codes, and the refusals (exit
// 2, FILE:LINE, nothing written) of inputs that cannot be compared.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_runner.h"

namespace gqleval {
namespace {

using cli_test::CommandRun;
using cli_test::slurp;

const std::string kGolden = std::string(GQLEVAL_SOURCE_DIR) + "/tests/data/report/";

struct Row {
  Row(std::string id_, std::string verdict_, double f1_, std::string missing = "",
      std::string extra = "", std::string topic_ = "a")
      : id(std::move(id_)),
        verdict(std::move(verdict_)),
        f1(f1_),
        missing_path(std::move(missing)),
        extra_path(std::move(extra)),
        topic(std::move(topic_)) {}
  std::string id;
  std::string verdict;
  double f1 = 1;
  std::string missing_path;  // one missing path, or none
  std::string extra_path;
  std::string topic;
  std::string hash = "00000000000000aa";
};

bool passes(const std::string& verdict) {
  return verdict == "equivalent" || verdict == "overfetch_ok";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A results line as `gqleval score --keep-col topic --keep-col reference
// --keep-col candidate` writes it (the members a report reads, and paths).
std::string line(size_t n, const Row& r) {
  const bool compared = r.verdict != "no_query";
  std::string out = "{\"row\":" + std::to_string(n) + ",\"id\":\"" + r.id + "\"";
  if (r.hash == "null") {
    out += ",\"reference_hash\":null";  // a row the score run could not read
  } else if (!r.hash.empty()) {
    out += ",\"reference_hash\":\"" + r.hash + "\"";
  }
  out += ",\"topic\":\"" + r.topic +
         "\",\"reference\":\"query {\\n  user(id: 1) {\\n    name\\n  }\\n}\"," +
         "\"candidate\":\"Sure: <script>alert(1)</script> { user(id: 1) { name } }\"";
  out += ",\"verdict\":\"" + r.verdict + "\",\"pass\":" + (passes(r.verdict) ? "true" : "false");
  out += std::string(",\"compared\":") + (compared ? "true" : "false");
  out += compared ? ",\"missing\":" + std::string(r.missing_path.empty() ? "0" : "1") +
                        ",\"extra\":" + (r.extra_path.empty() ? "0" : "1")
                  : std::string(",\"missing\":null,\"extra\":null");
  out += ",\"precision\":1,\"recall\":1,\"f1\":" + number(r.f1);
  out += compared ? ",\"matched_reference\":0" : ",\"matched_reference\":null";
  out += ",\"missing_paths\":[";
  if (!r.missing_path.empty()) {
    out += "{\"path\":\"" + r.missing_path + "\",\"line\":3,\"column\":5,\"nodes\":1}";
  }
  out += "],\"extra_paths\":[";
  if (!r.extra_path.empty()) {
    out += "{\"path\":\"" + r.extra_path + "\",\"line\":1,\"column\":50,\"nodes\":1}";
  }
  out += "],\"rules_fired\":[],\"errors\":[";
  if (!compared) {
    out +=
        "{\"query\":\"candidate\",\"rule\":\"Extraction\",\"message\":\"no GraphQL query "
        "found\",\"line\":null,\"column\":null}";
  }
  return out + "]}\n";
}

std::string lines(const std::vector<Row>& rows) {
  std::string out;
  for (size_t i = 0; i < rows.size(); ++i) out += line(i, rows[i]);
  return out;
}

// Twelve rows: 8 pass before, 5 after; r9 is fixed, r5-r8 regressed
// (r7 loses all its F1, r5 0.6, r6 0.25, r8 0.1).
std::vector<Row> before_rows() {
  std::vector<Row> rows;
  for (int i = 1; i <= 8; ++i) rows.push_back({"r" + std::to_string(i), "equivalent", 1.0});
  rows.push_back(
      {"r9", "mismatch", 0.5, "query -> user(id: 1) -> name", "query -> user(id: 1) -> id"});
  rows.push_back({"r10", "underfetch", 0.8, "query -> user(id: 1) -> name"});
  rows.push_back({"r11", "no_query", 0});
  rows.push_back({"r12", "overfetch", 0.9, "", "query -> user(id: 1) -> id"});
  for (size_t i = 6; i < rows.size(); ++i) rows[i].topic = "b";
  return rows;
}

std::vector<Row> after_rows() {
  std::vector<Row> rows = before_rows();
  rows[4] = {"r5", "mismatch", 0.4, "query -> user(id: 1) -> name", "query -> user(id: 1) -> id"};
  rows[5] = {"r6", "underfetch", 0.75, "query -> user(id: 1) -> name"};
  rows[6] = {"r7", "no_query", 0, "", "", "b"};
  rows[7] = {"r8", "overfetch", 0.9, "", "query -> user(id: 1) -> id", "b"};
  rows[8] = {"r9", "equivalent", 1.0, "", "", "b"};
  return rows;
}

class CliReport : public cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    put("before.jsonl", lines(before_rows()));
    put("after.jsonl", lines(after_rows()));
  }
  bool exists(const std::string& name) const { return std::filesystem::exists(dir_ + name); }
  // A refusal: exit 2, the message, nothing written.
  void expect_refused(const std::string& runs, const std::string& message) const {
    const CommandRun r = gqleval("report " + runs + " --json o.json --markdown o.md --html o.html");
    EXPECT_EQ(r.exit_code, 2) << runs << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << runs << "\n" << r.err;
    EXPECT_FALSE(exists("o.json") || exists("o.md") || exists("o.html")) << runs;
  }
};

TEST_F(CliReport, TheTableOnStderr) {
  const CommandRun r = gqleval("report before.jsonl after.jsonl --group-by topic");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  // Wilson 8/12: 39.1-86.2%, 5/12: 19.3-68.0%; mean F1 0.850 and 0.729;
  // McNemar on 4 regressed and 1 fixed: 2 * (1 + 5) / 32 = 0.375.
  EXPECT_EQ(r.err, slurp(kGolden + "two_runs.txt"));
}

TEST_F(CliReport, JsonIsEverythingAndTheSeedDecidesTheBytes) {
  ASSERT_EQ(gqleval("report before.jsonl after.jsonl -q --json a.json").exit_code, 0);
  ASSERT_EQ(gqleval("report before.jsonl after.jsonl -q --json b.json").exit_code, 0);
  ASSERT_EQ(gqleval("report before.jsonl after.jsonl -q --json c.json --seed 2").exit_code, 0);
  const std::string a = slurp(dir_ + "a.json");
  EXPECT_EQ(a, slurp(dir_ + "b.json"));
  EXPECT_NE(a, slurp(dir_ + "c.json"));
  std::smatch p;
  ASSERT_TRUE(std::regex_search(a, p, std::regex("\"mcnemar_p\":([0-9.e-]+)"))) << a;
  EXPECT_NEAR(std::stod(p[1]), 0.375, 1e-14);
  EXPECT_NE(a.find("\"pass\":8,\"pass_rate\":0.6666666666666666"), std::string::npos);
  // Most severe first: r7 (F1 1 -> 0), r5 (-0.6), r6 (-0.25), r8 (-0.1).
  std::vector<std::string> order;
  const std::regex id("\\{\"id\":\"(r[0-9]+)\",\"row\"");
  for (std::sregex_iterator it(a.begin(), a.end(), id), end; it != end; ++it) {
    order.push_back((*it)[1]);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"r7", "r5", "r6", "r8"}));
  EXPECT_NE(a.find("\"candidate\":\"Sure: <script>"), std::string::npos);
  EXPECT_NE(a.find("\"missing_paths\":[{\"path\":\"query -> user(id: 1) -> name\",\"line\":3"),
            std::string::npos);
}

TEST_F(CliReport, RowsArePairedByIdWhateverTheirOrder) {
  std::vector<Row> shuffled = after_rows();
  std::swap(shuffled[0], shuffled[11]);
  std::swap(shuffled[4], shuffled[7]);
  put("shuffled/after.jsonl", lines(shuffled));
  const CommandRun a = gqleval("report before.jsonl after.jsonl --show 0");
  const CommandRun b = gqleval("report before.jsonl shuffled/after.jsonl --show 0");
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.err, b.err);
  EXPECT_NE(a.err.find("paired by id"), std::string::npos);
}

TEST_F(CliReport, RowsWithoutAnIdColumnArePairedByRowNumber) {
  std::vector<Row> before = before_rows();
  std::vector<Row> after = after_rows();
  for (size_t i = 0; i < before.size(); ++i) {
    before[i].id = std::to_string(i + 2) + ":00000000000000a" + std::to_string(i % 10);
    after[i].id = std::to_string(i + 2) + ":00000000000000b" + std::to_string(i % 10);
  }
  put("before.jsonl", lines(before));
  put("after.jsonl", lines(after));
  const CommandRun r = gqleval("report before.jsonl after.jsonl --show 0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("paired by row number"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\nafter               1          4      0.375 "), std::string::npos)
      << r.err;
}

TEST_F(CliReport, RunsOfOtherReferencesAreRefused) {
  std::vector<Row> after = after_rows();
  after[2].hash = "00000000000000ab";
  put("after.jsonl", lines(after));
  expect_refused("before.jsonl after.jsonl",
                 "the runs were not made from the same references: after.jsonl:3 (id 'r3') was "
                 "scored against another schema or other references than before.jsonl:3 "
                 "(reference_hash 00000000000000ab, not 00000000000000aa)");
}

TEST_F(CliReport, ARowWithANullHashIsNotChecked) {
  std::vector<Row> after = after_rows();
  after[2].hash = "null";
  put("after.jsonl", lines(after));
  const CommandRun r = gqleval("report before.jsonl after.jsonl -q");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

TEST_F(CliReport, OlderResultsWithoutTheHashArePairedWithAWarning) {
  std::vector<Row> before = before_rows();
  for (Row& r : before) r.hash.clear();
  put("before.jsonl", lines(before));
  const CommandRun r = gqleval("report before.jsonl after.jsonl -q");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "WARNING: before (before.jsonl) has rows without reference_hash (results of an older "
            "gqleval): its rows are paired by id alone, and that they were scored against the "
            "same references is not checked\n");
}

TEST_F(CliReport, BadInputsAreRefusedWithFileAndLine) {
  std::string cut = lines(after_rows());
  cut.resize(cut.size() - 40);
  put("cut.jsonl", cut);
  expect_refused("before.jsonl cut.jsonl",
                 "cut.jsonl:12: the last line is cut short (no newline at its end, and not "
                 "complete JSON");
  std::vector<Row> fewer = after_rows();
  fewer.erase(fewer.begin() + 3);
  put("fewer.jsonl", lines(fewer));
  expect_refused("before.jsonl fewer.jsonl",
                 "fewer.jsonl lacks the row with id 'r4' (before.jsonl:4): the runs must score "
                 "the same rows");
  std::vector<Row> more = after_rows();
  more.push_back({"r13", "equivalent", 1});
  put("more.jsonl", lines(more));
  expect_refused("before.jsonl more.jsonl",
                 "more.jsonl:13: id 'r13' is not in before.jsonl: the runs must score the same "
                 "rows");
  put("summary.json", "{\"results_version\":1,\"mode\":\"equivalence\",\"rows\":12}\n");
  expect_refused("before.jsonl summary.json",
                 "summary.json:1: a summary or a `compare --json` result, not a results file");
  put("validate.jsonl", "{\"row\":0,\"id\":\"r1\",\"valid\":true,\"errors\":[]}\n");
  expect_refused("before.jsonl validate.jsonl",
                 "validate.jsonl:1: a row of `gqleval validate --input` results");
  put("r.csv", "row,id,verdict\n0,r1,equivalent\n");
  expect_refused("before.jsonl r.csv", "r.csv:1: not a JSON Lines results row");
  put("bad.jsonl", lines(before_rows()) + "{\"row\":12,\"id\":\"r13\",\"pass\":true}\n");
  expect_refused("before.jsonl bad.jsonl",
                 "bad.jsonl:13: a results row has no \"verdict\" of the right type");
  put("subset.jsonl",
      std::regex_replace(lines(before_rows()), std::regex("\"f1\":"), "\"score\":"));
  expect_refused("before.jsonl subset.jsonl",
                 "subset.jsonl holds subset rows and before.jsonl equivalence rows: a report "
                 "compares runs of one mode");
  put("empty.jsonl", "");
  expect_refused("before.jsonl empty.jsonl", "empty.jsonl: no results rows (the file is empty)");
  expect_refused("before.jsonl gone.jsonl", "gone.jsonl");
  expect_refused("before.jsonl", "1 run given; a report compares two runs or more");
  expect_refused("before.jsonl after.jsonl --baseline nightly",
                 "--baseline nightly names no run; the runs are before, after");
  expect_refused("before.jsonl before.jsonl", "two runs are named 'before'");
  expect_refused("before.jsonl after.jsonl --name one", "1 --name for 2 runs");
}

TEST_F(CliReport, TheNightlyGate) {
  // Not significant (p = 0.375): the gate passes; 4 regressed rows exceed 3.
  CommandRun r = gqleval("report before.jsonl after.jsonl -q --fail-on-regression");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  r = gqleval("report before.jsonl after.jsonl -q --fail-on-regression --max-regressed 3");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "gqleval report: after fails the gate: 4 rows regressed, more than --max-regressed "
            "3\n");
  EXPECT_EQ(gqleval("report before.jsonl after.jsonl -q --max-regressed 4").exit_code, 0);
  // 40 rows, 12 regressed and none fixed: p = 2 / 2^12.
  std::vector<Row> a;
  std::vector<Row> b;
  for (int i = 0; i < 40; ++i) {
    a.push_back({"q" + std::to_string(i), "equivalent", 1});
    b.push_back({"q" + std::to_string(i), i < 12 ? "mismatch" : "equivalent", i < 12 ? 0.5 : 1});
  }
  put("yesterday.jsonl", lines(a));
  put("today.jsonl", lines(b));
  r = gqleval(
      "report today.jsonl yesterday.jsonl --baseline yesterday --fail-on-regression -q --html "
      "g.html");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "gqleval report: today fails the gate: pass rate 70.0% against 100.0% for yesterday, "
            "McNemar p = 0.000488 < 0.05 (12 regressed, 0 fixed)\n");
  EXPECT_NE(slurp(dir_ + "g.html").find("Gate failed: <b>today</b>"), std::string::npos);
  // Better than the baseline: never a failure, however significant.
  r = gqleval("report today.jsonl yesterday.jsonl --fail-on-regression -q");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(gqleval("report today.jsonl yesterday.jsonl --alpha 2").exit_code, 2);
}

TEST_F(CliReport, AFolderOfRunsInNaturalOrder) {
  put("out/ckpt_10.jsonl", lines(after_rows()));
  put("out/ckpt_2.jsonl", lines(before_rows()));
  put("out/ckpt_2.summary.json", "{\"results_version\":1}\n");
  const CommandRun r = gqleval("report out --show 0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("baseline ckpt_2;"), std::string::npos) << r.err;
  EXPECT_LT(r.err.find("ckpt_2 "), r.err.find("ckpt_10 "));
  const CommandRun named = gqleval("report out --name old --name new --baseline new --show 0");
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_NE(named.err.find("against new"), std::string::npos) << named.err;
}

TEST_F(CliReport, MarkdownAndHtml) {
  const CommandRun r = gqleval(
      "report before.jsonl after.jsonl -q --group-by topic --markdown r.md --html r.html "
      "--title 'Nightly <run>'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = slurp(dir_ + "r.md");
  EXPECT_EQ(md.substr(0, 16), "# Nightly <run>\n");
  EXPECT_NE(md.find("| after | 12 | 5 | 41.7% | 19.3-68.0% | 0.729 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| after | 1 | 4 | 0.375 | -25.0% |"), std::string::npos) << md;
  EXPECT_NE(md.find("### Regressed in after: 4 rows"), std::string::npos);
  const std::string html = slurp(dir_ + "r.html");
  EXPECT_EQ(html.substr(0, 15), "<!DOCTYPE html>");
  EXPECT_NE(html.find("<title>Nightly &lt;run&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("id=\"leaderboard-table\""), std::string::npos);
  EXPECT_NE(html.find("Sure: &lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  // Self-contained: nothing is fetched from anywhere.
  for (const char* remote : {"http:", "https:", "src=", "href=", "@import", "url("}) {
    EXPECT_EQ(html.find(remote), std::string::npos) << remote;
  }
}

class CliCoverageReport : public cli_test::CliFolderTest {};

// Coverage runs compare as the other modes do, by their recall: an agent's
// answers graded one operation each, then all of them together.
TEST_F(CliCoverageReport, RunsCompareByRecall) {
  const std::string examples = std::string(GQLEVAL_SOURCE_DIR) + "/examples/";
  const std::string score = "score " + examples + "agent_questions.jsonl --predictions " +
                            examples + "agent_log.jsonl --schema " + examples +
                            "github.graphql --mode coverage --required-col required "
                            "--excluded-col excluded --candidate-col answer -q ";
  ASSERT_EQ(gqleval(score + "-o one.jsonl").exit_code, 0);
  ASSERT_EQ(gqleval(score + "--answer all -o all.jsonl").exit_code, 0);
  const CommandRun r = gqleval("report one.jsonl all.jsonl --json r.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = r.out + r.err;
  EXPECT_NE(text.find("mean recall"), std::string::npos) << text;
  EXPECT_NE(text.find("recall diff"), std::string::npos) << text;
  const std::string json = read("r.json");
  EXPECT_NE(json.find("\"mode\":\"coverage\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"mean_recall\""), std::string::npos) << json;
  // One operation each reads only the first query of q2's array: all of them
  // together fix it (q3's document of three operations is no valid one alone).
  EXPECT_NE(json.find("\"fixed\":"), std::string::npos) << json;
  // A coverage run is compared with coverage runs only.
  ASSERT_EQ(gqleval("score " + examples + "agent_questions.jsonl --predictions " + examples +
                    "agent_log.jsonl --schema " + examples +
                    "github.graphql --reference-col question --candidate-col answer -q -o eq.jsonl")
                .exit_code,
            0);
  const CommandRun mixed = gqleval("report one.jsonl eq.jsonl");
  EXPECT_EQ(mixed.exit_code, 2);
}

// Equivalence runs of agent answers (--answer all): a regressed row's extra
// path names its operation; its position marks the cell's text where the
// cell is a document, never where it is a JSON array of texts (each
// operation's positions are in its own text there).
TEST_F(CliCoverageReport, AnswerPathsNameTheirOperation) {
  const std::string examples = std::string(GQLEVAL_SOURCE_DIR) + "/examples/";
  // A JSON string of `text` (quotes and line breaks escaped: all it holds).
  const auto quoted = [](const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
      if (c == '"' || c == '\\') out += '\\';
      out += c == '\n' ? std::string("\\n") : std::string(1, c);
    }
    return out + "\"";
  };
  const std::string followers = "{ viewer { followers(first: 1) { nodes { login } } } }";
  const auto rows = [&](const std::string& answer) {
    return "{\"id\":\"a\",\"reference\":" + quoted(followers) + ",\"answer\":" + quoted(answer) +
           "}\n";
  };
  put("base.jsonl", rows(followers));
  // (In the array, the column of `login` in its own text falls on `name` in
  // the cell's: a position taken for the cell's would mark it.)
  put("doc.jsonl", rows("query A { viewer { name login } }\nquery B " + followers));
  put("array.jsonl",
      rows("[" + quoted("{ viewer { name login } }") + ", " + quoted(followers) + "]"));
  for (const std::string run : {"base", "doc", "array"}) {
    ASSERT_EQ(gqleval("score " + run + ".jsonl --schema " + examples +
                      "github.graphql --reference-col reference --candidate-col answer --answer "
                      "all --keep-col answer -q -o " +
                      run + ".out.jsonl")
                  .exit_code,
              0);
  }
  for (const std::string run : {"doc", "array"}) {
    const CommandRun r =
        gqleval("report base.out.jsonl " + run +
                ".out.jsonl --candidate-member answer --json r.json --html r.html");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string json = read("r.json");
    EXPECT_NE(json.find(R"("path":"query -> viewer -> login","line":1,)"), std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("nodes":1,"operation":0})"), std::string::npos) << json;
    const std::string html = read("r.html");
    EXPECT_NE(html.find("extra query -&gt; viewer -&gt; login (operation 0, line 1)"),
              std::string::npos)
        << html;
    if (run == "doc") {
      EXPECT_NE(html.find("{ name <mark>login</mark> }"), std::string::npos) << html;
    } else {
      EXPECT_EQ(html.find("<mark>"), std::string::npos) << html;
    }
  }
}

}  // namespace
}  // namespace gqleval
