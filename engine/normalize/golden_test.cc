// Golden files for normalization: every tests/golden/normalize/*.golden
// fixture is one test (schema, rules, query in; expected normal form and rule
// firings out). The format and how to regenerate the expectations are in
// tests/golden/normalize/README.md. With GQLEVAL_UPDATE_GOLDEN=1 in the
// environment the test rewrites the expected sections instead of comparing
// them; review the result as a diff before committing it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

namespace fs = std::filesystem;
using testing::read_text_file;
using testing::source_path;

const char* kGoldenDir = "tests/golden/normalize";

// A `schema:` or `rules:` value with a '/' in it is a path from the repository
// root, so that a fixture can use the equivalence corpus's schema and rules
// (tests/equivalence/) and each exists once. Without one, `schema:` names
// tests/golden/schemas/<name>.graphql and `rules:` a file beside the fixtures.
bool is_repository_path(const std::string& value) { return value.find('/') != std::string::npos; }

std::string schema_path(const std::string& value) {
  return is_repository_path(value) ? source_path(value)
                                   : source_path("tests/golden/schemas/" + value + ".graphql");
}

std::string rules_path(const std::string& value) {
  return is_repository_path(value) ? source_path(value) : source_path(kGoldenDir) + "/" + value;
}

struct Fixture {
  std::map<std::string, std::string> header;  // key: value lines before the first section
  std::string header_text;                    // the header as written
  std::vector<std::pair<std::string, std::string>> sections;  // "=== name" -> body
  std::string section(const std::string& name) const {
    for (const auto& [n, body] : sections) {
      if (n == name) return body;
    }
    return {};
  }
};

Fixture parse_fixture(const std::string& text) {
  Fixture f;
  std::istringstream in(text);
  std::string line;
  std::string* body = nullptr;
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      f.sections.emplace_back(line.substr(4), "");
      body = &f.sections.back().second;
      continue;
    }
    if (body != nullptr) {
      body->append(line).push_back('\n');
      continue;
    }
    f.header_text.append(line).push_back('\n');
    if (line.empty() || line[0] == '#') continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    size_t v = colon + 1;
    while (v < line.size() && line[v] == ' ') ++v;
    f.header[line.substr(0, colon)] = line.substr(v);
  }
  return f;
}

std::vector<std::string> fixture_names() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(source_path(kGoldenDir), ec)) {
    if (e.path().extension() == ".golden") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class GoldenTest : public ::testing::TestWithParam<std::string> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenTest);  // ThereAreFixtures says why

TEST_P(GoldenTest, NormalForm) {
  const std::string path = source_path(kGoldenDir) + "/" + GetParam() + ".golden";
  const Fixture f = parse_fixture(read_text_file(path));
  ASSERT_TRUE(f.header.count("schema")) << path << ": no \"schema:\" line";
  std::unique_ptr<RulesFile> rules;
  if (f.header.count("rules")) {
    auto r = RulesFile::load(rules_path(f.header.at("rules")));
    ASSERT_TRUE(r.ok()) << r.error().message;
    rules = std::make_unique<RulesFile>(std::move(*r));
  }
  const std::string schema = read_text_file(schema_path(f.header.at("schema")));
  ASSERT_FALSE(schema.empty()) << path << ": no schema at " << schema_path(f.header.at("schema"));
  testing::Harness h(schema, rules.get());
  ASSERT_TRUE(h.ok());

  NormalizeOptions options;
  std::string variables = f.header.count("variables") ? f.header.at("variables") : "";
  options.variables_json = variables;
  if (f.header.count("options")) {
    std::istringstream words(f.header.at("options"));
    std::string w;
    while (words >> w) {
      if (w == "ignore_typename") {
        options.ignore_typename = true;
      } else if (w.rfind("no-", 0) == 0) {
        ASSERT_TRUE(set_rule(options.rules, w.substr(3), false)) << "unknown option " << w;
      } else {
        ASSERT_TRUE(set_rule(options.rules, w, true)) << "unknown option " << w;
      }
    }
  }
  const std::string query = f.section("query");
  ASSERT_FALSE(query.empty()) << path << ": no \"=== query\" section";
  const std::string operation = f.header.count("operation") ? f.header.at("operation") : "";

  std::string normal;
  std::string firings;
  auto t = h.tree(query, options, true, operation);
  if (t.ok()) {
    normal = print_tree(*t);
    firings = print_firings(*t);
  } else {
    normal = "error: " + t.error().rule + ": " + t.error().message + " @" +
             std::to_string(t.error().pos().line) + ":" + std::to_string(t.error().pos().column) +
             "\n";
  }

  const char* update = std::getenv("GQLEVAL_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::string out = f.header_text + "=== query\n" + query + "=== normal\n" + normal;
    if (!firings.empty()) out += "=== firings\n" + firings;
    std::ofstream(path, std::ios::binary) << out;
    GTEST_SKIP() << "rewrote " << path;
  }
  EXPECT_EQ(normal, f.section("normal")) << path;
  EXPECT_EQ(firings, f.section("firings")) << path;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, GoldenTest, ::testing::ValuesIn(fixture_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(GoldenFixturesTest, ThereAreFixtures) { EXPECT_GE(fixture_names().size(), 10u); }

}  // namespace
}  // namespace gqleval::normalize
