// README.md's examples run as written (tests/support/readme_examples.h says
// what an example is and which figures are masked). Each command runs with
// `gqleval` the built program (its folder first on PATH), through `sh`, from a
// scratch copy of examples/ beside a link to the checkout's datasets/, as the
// README says ("the examples run from examples/"), so that files the examples
// write stay out of the checkout. Its stdout and stderr, together, must be the
// lines the README shows after it. An exit status above 1 (a usage or I/O
// error, a command not found) is a failure: no example is skipped.
//
// On a mismatch the failure shows the line diff (README "-", actual "+") and
// the whole actual output, to paste into the README.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/cli_runner.h"
#include "tests/support/readme_examples.h"

namespace gqleval::readme_test {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = GQLEVAL_SOURCE_DIR;

TEST(ReadmeExamples, ExtractsPromptsAndTheirOutput) {
  const Extracted x = extract_examples(
      "text\n```sh\nbash scripts/setup.sh\n```\n```\n$ gqleval a\none\ntwo\n$ gqleval b\n```\n");
  ASSERT_TRUE(x.errors.empty());
  ASSERT_EQ(x.examples.size(), 2u);
  EXPECT_EQ(x.examples[0].line, 6);
  EXPECT_EQ(x.examples[0].command, "gqleval a");
  EXPECT_EQ(x.examples[0].expected, "one\ntwo\n");
  EXPECT_EQ(x.examples[1].command, "gqleval b");
  EXPECT_EQ(x.examples[1].expected, "");
}

TEST(ReadmeExamples, OutputBeforeThePromptIsAnError) {
  const Extracted x = extract_examples("```\noutput\n$ gqleval a\n```\n");
  ASSERT_EQ(x.errors.size(), 1u);
  EXPECT_EQ(x.errors[0], "README.md:2: a block of examples must start with a \"$ \" line");
}

TEST(ReadmeExamples, MasksTimesSpeedsThreadsDatesVersionsAndTheScratchFolder) {
  EXPECT_EQ(mask("gqleval score: 1164 rows in 0.03 s (41,755 pairs/s, 2 threads)\n"),
            "gqleval score: 1164 rows in N s (N pairs/s, N threads)\n");
  EXPECT_EQ(mask("120 rows/s, 1 thread, 3 ms"), "N rows/s, N thread, N ms");
  EXPECT_EQ(mask("gqleval 0.1.0 (commit 1e206ef)"), "gqleval VERSION (commit COMMIT)");
  EXPECT_EQ(mask("measured 2026-11-22"), "measured DATE");
  EXPECT_EQ(mask("wrote /tmp/x1/r.jsonl", "/tmp/x1"), "wrote $TMP/r.jsonl");
  // Counts, shares and positions are the result: they stay.
  EXPECT_EQ(
      mask("equivalent  1  0.1%\nmissing 0, extra 1, shared 3 (reference 3 nodes)\nq.graphql:2:38"),
      "equivalent  1  0.1%\nmissing 0, extra 1, shared 3 (reference 3 nodes)\nq.graphql:2:38");
}

TEST(ReadmeExamples, DiffMarksWhatDiffers) {
  EXPECT_EQ(line_diff("a\nb\nc\n", "a\nx\nc\n"), " a\n-b\n+x\n c\n");
  EXPECT_EQ(line_diff("a\n", "a\n"), " a\n");
}

struct Scratch {
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "gqleval_readme_XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path = pattern;
  }
  ~Scratch() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
  fs::path path;
};

TEST(ReadmeExamples, EveryExampleRunsAsWritten) {
  const Extracted x = extract_examples(cli_test::slurp((kSource / "README.md").string()));
  for (const std::string& e : x.errors) ADD_FAILURE() << e;
  // The README shows at least validate, compare and score; an extractor that
  // finds nothing must not pass.
  ASSERT_GE(x.examples.size(), 4u);

  Scratch scratch;
  ASSERT_FALSE(scratch.path.empty());
  fs::copy(kSource / "examples", scratch.path / "examples", fs::copy_options::recursive);
  fs::create_directory_symlink(kSource / "datasets", scratch.path / "datasets");
  const fs::path bin_dir = fs::path(GQLEVAL_BINARY).parent_path();
  const fs::path script = scratch.path / "example.sh";
  const fs::path output = scratch.path / "output.txt";

  for (const Example& e : x.examples) {
    SCOPED_TRACE("README.md:" + std::to_string(e.line) + ": $ " + e.command);
    std::ofstream(script) << "cd '" << (scratch.path / "examples").string() << "' && PATH='"
                          << bin_dir.string() << "':\"$PATH\" && " << e.command << "\n";
    const std::string shell = "sh '" + script.string() + "' >'" + output.string() + "' 2>&1";
    const int status = std::system(shell.c_str());
    const int exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    const std::string actual = cli_test::slurp(output.string());
    EXPECT_LE(exit_code, 1) << "the example cannot run (exit " << exit_code << "):\n" << actual;
    EXPECT_GE(exit_code, 0);
    const std::string want = mask(e.expected, scratch.path.string());
    const std::string got = mask(actual, scratch.path.string());
    EXPECT_EQ(want, got) << "README (-) against the output (+), masked:\n"
                         << line_diff(want, got) << "the output as printed:\n"
                         << actual;
  }
}

}  // namespace
}  // namespace gqleval::readme_test
