// The rule fixtures: every engine/validate/fixtures/<Rule>/<case>.graphql is
// one test (so ctest lists each), run with the rule of its folder alone
// (the folder AllRules runs every rule) and compared with <case>.expected.
//
// A fixture's first line names its schema, a file of testdata/schemas/, and
// any options, comma-separated after it:
//   # schema: values, hide-suggestions, max-errors 1000, lenient
// (the line counts: the document's own lines start at line 2). A document that
// other rules must judge too names them rather than being copied into their
// folders: `also RULE` runs RULE alone as well (`also RULE hide-suggestions`:
// with hideSuggestions), after the folder's rule. The expected file holds the
// diagnostics as `gqleval validate` prints them without the file name,
// `line:column: Rule: message` once per location, or the single line `valid`;
// with several runs, each run's lines follow a line `--- RULE` (or
// `--- RULE, hide-suggestions`). Unless the fixture says otherwise, the
// expectation is graphql-js 16.15.0's output for the same schema, document and
// rule.
//
// GQLEVAL_UPDATE_FIXTURES=1 rewrites every .expected from the current output
// (review the diff before committing it). Without it a test fails when the
// output differs, when a .graphql has no .expected (or the reverse), and when
// the fixture folder is missing or empty.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/rule.h"
#include "engine/validate/test_util.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtureDir = testing::kValidateSourceDir / "fixtures";
constexpr std::string_view kAllRules = "AllRules";

// One test: a fixture, or a problem of the fixture folder that must fail.
struct Fixture {
  std::string rule;     // the folder
  std::string name;     // the file name without extension
  std::string problem;  // non-empty: the test fails with this
  fs::path path() const { return kFixtureDir / rule / (name + ".graphql"); }
  fs::path expected_path() const { return kFixtureDir / rule / (name + ".expected"); }
};

void PrintTo(const Fixture& f, std::ostream* os) { *os << f.rule << "/" << f.name; }

std::vector<Fixture> discover() {
  std::vector<Fixture> found;
  std::error_code ec;
  if (!fs::is_directory(kFixtureDir, ec)) {
    return {{"", "missing", "no fixture folder " + kFixtureDir.string()}};
  }
  for (const fs::directory_entry& file : fs::recursive_directory_iterator(kFixtureDir)) {
    if (!file.is_regular_file()) continue;
    const fs::path& p = file.path();
    Fixture f{p.parent_path().filename().string(), p.stem().string(), ""};
    if (p.parent_path().parent_path() != kFixtureDir) {
      f.problem = "a fixture must stand in fixtures/<Rule>/: " + p.string();
    } else if (p.extension() == ".expected") {
      if (fs::exists(f.path())) continue;  // the .graphql's test reads it
      f.problem = "an expected file without its document: " + p.string();
    } else if (p.extension() != ".graphql") {
      f.problem = "not a fixture file: " + p.string();
    }
    found.push_back(std::move(f));
  }
  if (found.empty()) return {{"", "empty", "no fixture under " + kFixtureDir.string()}};
  std::sort(found.begin(), found.end(), [](const Fixture& a, const Fixture& b) {
    return a.rule != b.rule ? a.rule < b.rule : a.name < b.name;
  });
  return found;
}

std::string test_name(const ::testing::TestParamInfo<Fixture>& info) {
  std::string name =
      info.param.rule.empty() ? info.param.name : info.param.rule + "_" + info.param.name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// One validation of a fixture's document: a rule (or all) and its options.
struct Run {
  std::string rule;
  ValidateOptions options;
};

// The first line of a fixture: its schema's name and the runs it asks for.
struct Header {
  std::string schema;
  std::vector<Run> runs;
  std::string error;
};

Header read_header(std::string_view document, const std::string& rule) {
  Header h;
  constexpr std::string_view kPrefix = "# schema: ";
  std::string_view line = document.substr(0, document.find('\n'));
  if (line.substr(0, kPrefix.size()) != kPrefix) {
    h.error = "the first line must be `# schema: NAME[, OPTION...]`";
    return h;
  }
  std::stringstream items{std::string(line.substr(kPrefix.size()))};
  std::getline(items, h.schema, ',');
  h.runs.push_back({rule, {}});
  for (std::string item; std::getline(items, item, ',');) {
    item.erase(0, item.find_first_not_of(' '));
    ValidateOptions& first = h.runs.front().options;
    if (item == "hide-suggestions") {
      first.hide_suggestions = true;
    } else if (item == "lenient") {
      first.lenient = true;
    } else if (item.rfind("max-errors ", 0) == 0) {
      first.max_errors = std::stoul(item.substr(11));
    } else if (item.rfind("also ", 0) == 0) {
      std::stringstream words{item.substr(5)};
      Run extra{"", first};
      std::string option;
      words >> extra.rule >> option;
      extra.options.hide_suggestions = option == "hide-suggestions";
      if (find_rule(extra.rule) == nullptr || !(option.empty() || extra.options.hide_suggestions)) {
        h.error = "unknown rule or option in `" + item + "`";
      }
      h.runs.push_back(std::move(extra));
    } else {
      h.error = "unknown option `" + item + "`";
    }
  }
  return h;
}

// The diagnostics of one run as the CLI prints them, or "valid".
std::string run(const schema::Schema& schema, std::string_view document, Run r) {
  if (r.rule != kAllRules) r.options.rules = {r.rule};
  Arena arena;
  auto doc = graphql::parse(document, arena);
  if (!doc.ok()) return format_diagnostic(doc.error());
  std::string out;
  for (const Diagnostic& d : validate(schema, **doc, r.options)) out += format_diagnostic(d);
  return out.empty() ? "valid\n" : out;
}

// Every run of the fixture, each after its heading when there are several.
std::string run_all(const schema::Schema& schema, std::string_view document,
                    const std::vector<Run>& runs) {
  if (runs.size() == 1) return run(schema, document, runs.front());
  std::string out;
  for (const Run& r : runs) {
    out.append("--- ").append(r.rule);
    out.append(r.options.hide_suggestions ? ", hide-suggestions\n" : "\n");
    out += run(schema, document, r);
  }
  return out;
}

class RuleFixture : public ::testing::TestWithParam<Fixture> {};

TEST_P(RuleFixture, MatchesExpected) {
  const Fixture& f = GetParam();
  ASSERT_TRUE(f.problem.empty()) << f.problem;
  ASSERT_TRUE(f.rule == kAllRules || find_rule(f.rule) != nullptr)
      << "the folder " << f.rule << " names no rule";
  std::string document;
  ASSERT_TRUE(testing::read_file(f.path(), document)) << f.path();
  Header header = read_header(document, f.rule);
  ASSERT_TRUE(header.error.empty()) << f.path() << ": " << header.error;
  const schema::Schema* schema = testing::testdata_schema(header.schema);
  ASSERT_NE(schema, nullptr);
  const std::string actual = run_all(*schema, document, header.runs);
  const char* update = std::getenv("GQLEVAL_UPDATE_FIXTURES");
  if (update != nullptr && std::string_view(update) == "1") {
    std::ofstream(f.expected_path(), std::ios::binary) << actual;
    return;
  }
  std::string expected;
  ASSERT_TRUE(testing::read_file(f.expected_path(), expected))
      << "no " << f.expected_path() << " (GQLEVAL_UPDATE_FIXTURES=1 writes it)";
  EXPECT_EQ(actual, expected) << f.path();
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RuleFixture, ::testing::ValuesIn(discover()), test_name);

}  // namespace
}  // namespace gqleval::validate
