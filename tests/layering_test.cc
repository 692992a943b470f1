// The shape of the code, checked from its #include lines: each layer includes
// only the layers below it (docs/architecture.md), a header in a layer's internal/
// folder is included only by that layer, and the scorer's public header
// (engine/score/score_pair.h) pulls in nothing of the validator, the
// normalizer's machinery or the kernels, so an embedder sees a small API.
// Test code (*_test.cc, *_benchmark.cc, test_util.h) may reach into its own
// layer's internals, like the layer itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = GQLEVAL_SOURCE_DIR;

// The layers, each with the layers it may include (itself always).
const std::map<std::string, std::set<std::string>> kLayers = {
    {"engine/base", {}},
    {"kernels", {}},
    {"io", {"engine/base"}},
    {"engine/graphql", {"engine/base"}},
    {"engine/python_subset", {"engine/base"}},
    {"engine/schema", {"engine/graphql", "engine/base"}},
    {"engine/introspection", {"engine/schema", "engine/graphql", "engine/base"}},
    {"engine/validate", {"engine/schema", "engine/graphql", "engine/base"}},
    {"engine/normalize", {"engine/validate", "engine/schema", "engine/graphql", "engine/base"}},
    {"engine/calls",
     {"engine/python_subset", "engine/schema", "engine/graphql", "engine/base", "io"}},
    {"engine/score",
     {"engine/normalize", "engine/validate", "engine/schema", "engine/graphql", "engine/base",
      "kernels", "io"}},
    {"engine/sources",
     {"engine/introspection", "engine/schema", "engine/graphql", "engine/base", "io"}},
    // The batch engine runs every row kind: score and validate rows, and
    // calls rows (engine/calls, over engine/python_subset).
    {"engine/batch",
     {"engine/sources", "engine/introspection", "engine/score", "engine/calls",
      "engine/python_subset", "engine/normalize", "engine/validate", "engine/schema",
      "engine/graphql", "engine/base", "kernels", "io"}},
    {"engine/runs",
     {"engine/batch", "engine/sources", "engine/introspection", "engine/score", "engine/normalize",
      "engine/validate", "engine/schema", "engine/graphql", "engine/base", "kernels", "io"}},
    // The engine of the language bindings (python/, js/): rows in memory.
    {"engine/rows",
     {"engine/batch", "engine/sources", "engine/introspection", "engine/score", "engine/calls",
      "engine/python_subset", "engine/normalize", "engine/validate", "engine/schema",
      "engine/graphql", "engine/base", "kernels", "io"}},
    // The language bindings: their language's values converted for
    // engine/rows, which gives them everything else (docs/hacking.md).
    {"python/src", {"engine/rows", "engine/base"}},
    {"js/src", {"engine/rows", "engine/base"}},
    {"engine/report",
     {"engine/batch", "engine/sources", "engine/introspection", "engine/score", "engine/normalize",
      "engine/validate", "engine/schema", "engine/graphql", "engine/base", "kernels", "io"}},
};

// The layer a repository path belongs to, or "" for code above the layers
// (the CLI, tests, benchmarks, tools).
std::string layer_of(const std::string& path) {
  std::string best;
  for (const auto& [layer, deps] : kLayers) {
    if (path.rfind(layer + "/", 0) == 0 && layer.size() > best.size()) best = layer;
  }
  return best;
}

bool is_test_code(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  return name.ends_with("_test.cc") || name.ends_with("_benchmark.cc") ||
         name.ends_with("test_util.h");
}

std::vector<std::string> project_includes(const std::string& path) {
  static const std::regex include(R"re(^\s*#\s*include\s+"([^"]+)")re");
  std::ifstream in(kRoot / path);
  std::vector<std::string> out;
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, include)) out.push_back(m[1]);
  }
  return out;
}

std::vector<std::string> source_files() {
  std::vector<std::string> out;
  for (const char* top :
       {"engine", "io", "kernels", "bench", "datasets", "tests", "examples", "python", "js"}) {
    if (!fs::exists(kRoot / top)) continue;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / top)) {
      const std::string ext = e.path().extension().string();
      if (e.path().generic_string().find("/node_modules/") != std::string::npos) continue;
      if (e.is_regular_file() && (ext == ".cc" || ext == ".h")) {
        out.push_back(fs::relative(e.path(), kRoot).generic_string());
      }
    }
  }
  return out;
}

TEST(Layering, EachLayerIncludesOnlyTheLayersBelow) {
  const auto files = source_files();
  ASSERT_GT(files.size(), 200u) << "source tree not found at " << kRoot;
  std::vector<std::string> violations;
  for (const std::string& file : files) {
    const std::string from = layer_of(file);
    if (from.empty() || is_test_code(file)) continue;
    const std::set<std::string>& allowed = kLayers.at(from);
    for (const std::string& inc : project_includes(file)) {
      const std::string to = layer_of(inc);
      if (to.empty() && inc.rfind("testing/", 0) != 0) {
        violations.push_back(file + " includes " + inc + ", above every layer");
      } else if (!to.empty() && to != from && !allowed.contains(to)) {
        violations.push_back(file + " (" + from + ") includes " + inc + " (" + to + ")");
      }
    }
  }
  EXPECT_TRUE(violations.empty()) << ::testing::PrintToString(violations);
}

// The bindings are read: a binding that included the batch layer (or any
// engine layer but engine/rows) would fail the test above.
TEST(Layering, TheBindingsAreLayersOverTheRowsEngine) {
  size_t python = 0;
  size_t js = 0;
  for (const std::string& file : source_files()) {
    python += layer_of(file) == "python/src" ? 1 : 0;
    js += layer_of(file) == "js/src" ? 1 : 0;
  }
  EXPECT_GT(python, 3u) << "python/src not read";
  EXPECT_GT(js, 3u) << "js/src not read";
  EXPECT_EQ(kLayers.at("python/src"), kLayers.at("js/src"));
  EXPECT_FALSE(kLayers.at("python/src").contains("engine/batch"));
}

TEST(Layering, InternalHeadersStayInTheirLayer) {
  std::vector<std::string> violations;
  size_t internal_includes = 0;
  for (const std::string& file : source_files()) {
    for (const std::string& inc : project_includes(file)) {
      const size_t at = inc.find("/internal/");
      if (at == std::string::npos) continue;
      ++internal_includes;
      const std::string owner = inc.substr(0, at);
      if (file.rfind(owner + "/", 0) != 0) violations.push_back(file + " includes " + inc);
    }
  }
  EXPECT_GT(internal_includes, 0u) << "no internal/ header is included: is the check looking?";
  EXPECT_TRUE(violations.empty()) << ::testing::PrintToString(violations);
}

// Every project header that `header` includes, directly or not.
std::set<std::string> closure(const std::string& header) {
  std::set<std::string> seen;
  std::vector<std::string> todo = {header};
  while (!todo.empty()) {
    const std::string h = todo.back();
    todo.pop_back();
    if (!seen.insert(h).second) continue;
    for (const std::string& inc : project_includes(h)) todo.push_back(inc);
  }
  return seen;
}

TEST(Layering, TheScorerHeaderIsSmall) {
  const std::set<std::string> expected = {"engine/score/score_pair.h", "engine/score/pair_result.h",
                                          "engine/score/verdict.h",    "engine/normalize/options.h",
                                          "engine/base/diagnostic.h",  "engine/base/result.h"};
  EXPECT_EQ(closure("engine/score/score_pair.h"), expected);
}

TEST(Layering, TheEmbedExampleIncludesOnlyTheScorerHeader) {
  EXPECT_EQ(project_includes("examples/embed/main.cc"),
            std::vector<std::string>{"engine/score/score_pair.h"});
}

}  // namespace
