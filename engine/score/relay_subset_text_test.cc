#include "engine/score/relay_subset_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "engine/schema/schema.h"

namespace gqleval::score {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const fs::path kData = fs::path(GQLEVAL_SOURCE_DIR) / "tests/data/relay-subset";

// The cases where gqleval's answer is not Relay's on purpose, each with its
// reason (docs/commands/subset.md, "Where gqleval and Relay differ"); the test checks that they do
// differ, so the list cannot go stale.
std::map<std::string, std::string> deliberate_differences() {
  std::map<std::string, std::string> out;
  std::istringstream lines(read(kData / "differences.txt"));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    out[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return out;
}

// Every case Relay 21.0.1 answered (tests/data/relay-subset/README.md): the
// same stdout, byte for byte, unless the case is a deliberate difference.
TEST(RelaySubsetText, RelaysOwnAnswersWhereRelayIsRight) {
  auto built = schema::Schema::build(read(kData / "schema.graphql"));
  ASSERT_TRUE(built.ok());
  const auto differences = deliberate_differences();
  SubsetComparer comparer;
  size_t same = 0;
  size_t differ = 0;
  for (const auto& entry : fs::directory_iterator(kData / "cases")) {
    if (entry.path().extension() != ".left") continue;
    const std::string name = entry.path().stem().string();
    fs::path base = entry.path();
    const std::string left = read(base);
    const std::string right = read(base.replace_extension(".right"));
    const std::string relay = read(base.replace_extension(".out"));
    const RelaySubsetRun run = run_relay_subset(comparer, **built, left, right);
    const std::string ours =
        run.result.state == SubsetState::kCompared ? "[INFO] " + run.message + "\n" : "(invalid)";
    if (differences.count(name) != 0) {
      EXPECT_NE(ours, relay) << name << " is listed as a difference but matches Relay";
      ++differ;
    } else {
      EXPECT_EQ(ours, relay) << name << ": left\n" << left << "\nright\n" << right;
      ++same;
    }
  }
  EXPECT_GE(same, 20u);
  std::printf("relay-subset cases: %zu as Relay, %zu deliberate differences\n", same, differ);
}

TEST(RelayCodeFrame, ContextLinesGutterAndCarets) {
  std::string out;
  append_relay_code_frame(out, "a\n  bb\nc\nd", 4, 6);
  EXPECT_EQ(out,
            "    1 \xE2\x94\x82 a\n"
            "    2 \xE2\x94\x82   bb\n"
            "      \xE2\x94\x82   ^^\n"
            "    3 \xE2\x94\x82 c\n");
  out.clear();
  append_relay_code_frame(out, "{ a }", 0, 0);  // an empty span: one caret
  EXPECT_EQ(out, "    1 \xE2\x94\x82 { a }\n      \xE2\x94\x82 ^\n");
  out.clear();
  append_relay_code_frame(out, "x", 5, 6);
  EXPECT_EQ(out, "Internal error: Unable to print source, start index (5) out of range.");
}

}  // namespace
}  // namespace gqleval::score
