// The conventions every gqleval command shares: `gqleval help COMMAND`, the
// short flags (-o, -j, -q), --progress, and --version.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/support/cli_runner.h"

namespace {

using gqleval::cli_test::CommandRun;
using gqleval::cli_test::slurp;

const std::string kRows = std::string(GQLEVAL_SOURCE_DIR) + "/examples/rgeval_style.csv";

class CliConventions : public gqleval::cli_test::CliFolderTest {};

TEST_F(CliConventions, HelpCommandPrintsTheCommandsHelp) {
  for (const char* command : {"validate", "score", "compare"}) {
    SCOPED_TRACE(command);
    const CommandRun help = gqleval(std::string("help ") + command);
    const CommandRun flag = gqleval(std::string(command) + " --help");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(help.err, "");
    EXPECT_EQ(help.out, flag.out);
    EXPECT_NE(help.out.find("Usage: gqleval " + std::string(command)), std::string::npos);
  }
  const CommandRun general = gqleval("help");
  EXPECT_EQ(general.exit_code, 0);
  EXPECT_EQ(general.out, gqleval("--help").out);
  EXPECT_NE(general.out.find("gqleval help <command>"), std::string::npos);
}

TEST_F(CliConventions, HelpForAnUnknownCommandIsAUsageError) {
  const CommandRun r = gqleval("help nosuch");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "gqleval help: unknown command 'nosuch'; the commands are validate, score, compare, "
            "schema, subset, report, merge, calls (see 'gqleval --help')\n");
}

TEST_F(CliConventions, HelpListsTheShortLetters) {
  const std::string score = gqleval("score --help").out;
  EXPECT_NE(score.find("\n  -o, --out PATH "), std::string::npos) << score;
  EXPECT_NE(score.find("\n  -j, --threads N "), std::string::npos) << score;
  EXPECT_NE(score.find("\n  -q, --quiet "), std::string::npos) << score;
  EXPECT_NE(score.find("\n      --progress MODE "), std::string::npos) << score;
  EXPECT_NE(score.find("\n  -h, --help "), std::string::npos) << score;
  const std::string validate = gqleval("validate --help").out;
  EXPECT_NE(validate.find("\n  -o, --out PATH "), std::string::npos) << validate;
  EXPECT_NE(validate.find("\n      --progress MODE "), std::string::npos) << validate;
}

TEST_F(CliConventions, ShortFlagsAreTheLongOnes) {
  const CommandRun longs = gqleval("score '" + kRows + "' --out long.jsonl --threads 1 --quiet");
  ASSERT_EQ(longs.exit_code, 0) << longs.err;
  const CommandRun spaced = gqleval("score '" + kRows + "' -o short.jsonl -j 1 -q");
  EXPECT_EQ(spaced.exit_code, 0) << spaced.err;
  EXPECT_EQ(spaced.err, "");
  const CommandRun glued = gqleval("score '" + kRows + "' -oglued.jsonl -j1 -q");
  EXPECT_EQ(glued.exit_code, 0) << glued.err;
  const std::string expected = slurp(dir_ + "long.jsonl");
  EXPECT_NE(expected.find("\"verdict\""), std::string::npos);
  EXPECT_EQ(slurp(dir_ + "short.jsonl"), expected);
  EXPECT_EQ(slurp(dir_ + "glued.jsonl"), expected);
}

TEST_F(CliConventions, WrongShortFlagsAreUsageErrors) {
  const CommandRun unknown = gqleval("score x.csv -x");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "gqleval score: unknown flag '-x' (see 'gqleval score --help')\n");
  const CommandRun compare = gqleval("compare --schema s.graphql a b -o out");
  EXPECT_EQ(compare.exit_code, 2);  // compare writes no file
  EXPECT_NE(compare.err.find("unknown flag '-o'"), std::string::npos) << compare.err;
  const CommandRun valued = gqleval("score x.csv -q1");
  EXPECT_EQ(valued.exit_code, 2);
  EXPECT_NE(valued.err.find("flag '-q' takes no value"), std::string::npos) << valued.err;
  const CommandRun missing = gqleval("score x.csv -j");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("flag '-j' needs a value (N)"), std::string::npos) << missing.err;
}

TEST_F(CliConventions, ProgressModes) {
  const CommandRun bad = gqleval("score '" + kRows + "' -o r.jsonl --progress dots");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "gqleval score: --progress must be auto, bar, lines or none, not 'dots' (see "
            "'gqleval score --help')\n");
  const CommandRun validate =
      gqleval("validate --input '" + kRows + "' --query-col 'Query1 Content' --progress=sometimes");
  EXPECT_EQ(validate.exit_code, 2);
  EXPECT_NE(validate.err.find("--progress must be auto, bar, lines or none"), std::string::npos);
  // A run shorter than the 10 s interval prints no progress line to a log; the
  // summary is the first line.
  const CommandRun lines = gqleval("score '" + kRows + "' -o r.jsonl --progress lines");
  EXPECT_EQ(lines.exit_code, 0) << lines.err;
  EXPECT_EQ(lines.err.rfind("gqleval score: 6 rows in ", 0), 0u) << lines.err;
  const CommandRun quiet = gqleval("score '" + kRows + "' -o r.jsonl -q --progress none");
  EXPECT_EQ(quiet.err, "");
}

TEST_F(CliConventions, VersionNamesTheCommit) {
  const CommandRun r = gqleval("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(std::regex_match(r.out, std::regex("gqleval [0-9]+\\.[0-9]+\\.[0-9]+ \\(commit "
                                                 "([0-9a-f]{7,}|unknown)\\)\n")))
      << r.out;
}

}  // namespace
