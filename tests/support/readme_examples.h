// The examples of README.md and of every page of docs/ as the README test runs
// them (readme_examples_test.cc).
//
// An example is a line of a fenced block that starts with "$ " (the shell
// prompt): the rest of the line is the command, and the block's lines after it,
// up to the next "$ " line or the end of the block, are its output (stdout and
// stderr together). A fenced block without a "$ " line (a synopsis, a JSON
// file, the setup commands, a benchmark's output) is not an example; a block
// with text before its first "$ " line is malformed, so that a prompt lost in
// an edit is an error and not an example silently dropped.
//
// Masking: some figures change from run to run; mask() replaces them, in the
// README's text and in the output alike, before they are compared:
//   - a number followed by a unit of time, speed or parallelism
//     (" s", " ms", " pairs/s", " rows/s", " thread", " threads") -> "N";
//   - a date YYYY-MM-DD -> "DATE";
//   - "gqleval X.Y.Z (commit C)" -> "gqleval VERSION (commit COMMIT)";
//   - the run's scratch folder (`scratch`, when not empty) -> "$TMP".
// Everything else (counts, shares, verdicts, positions, messages) must match.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gqleval::readme_test {

struct Example {
  int line = 0;          // of the "$ " line in its file, 1-based
  std::string command;   // shell text, without "$ "
  std::string expected;  // the lines shown after it, each ending in '\n'
};

struct Extracted {
  std::vector<Example> examples;
  std::vector<std::string> errors;  // "FILE:LINE: why"
};

// The examples of one Markdown file; `file` (as the repository names it, e.g.
// "docs/commands/score.md") opens each error.
Extracted extract_examples(std::string_view markdown, std::string_view file = "README.md");

std::string mask(std::string_view text, std::string_view scratch = {});

// A line diff of two texts, "-" for expected only, "+" for actual only, " "
// for both: what a maintainer reads to update a page.
std::string line_diff(std::string_view expected, std::string_view actual);

}  // namespace gqleval::readme_test
