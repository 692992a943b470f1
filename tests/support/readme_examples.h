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
//
// Code blocks: a fenced block whose info string's first word is python (py),
// js (javascript, mjs, cjs) or ts (typescript) is a program, run whole as a
// file (readme_examples_test.cc says with what). The output it prints (stdout
// and stderr together) is the block fenced ```output that follows it, with
// nothing but blank lines between; with no such block it must print nothing.
// A block that cannot run as written (a fragment, a cluster, a network) says
// so on the line right before its fence:
//   <!-- not run: the reason -->
// and is counted and reported as not run, never dropped silently. A
// TypeScript block is not run: it must carry the marker. Errors: a marker with
// no reason, or not right before a code block; an output block after no code
// block that runs; a code block fenced off the start of its line (which would
// not be found).
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

enum class Language { kPython, kJavaScript, kTypeScript };

struct CodeBlock {
  int line = 0;  // of its opening fence, 1-based
  Language language = Language::kPython;
  bool module = false;   // JavaScript with import or export lines (an ES module)
  std::string code;      // its lines, each ending in '\n'
  std::string expected;  // the lines of its ```output block
  std::string not_run;   // the marker's reason; empty for a block that runs
};

struct ExtractedCode {
  std::vector<CodeBlock> blocks;
  std::vector<std::string> errors;  // "FILE:LINE: why"
};

// The Python, JavaScript and TypeScript blocks of one Markdown file.
ExtractedCode extract_code_blocks(std::string_view markdown, std::string_view file = "README.md");

std::string mask(std::string_view text, std::string_view scratch = {});

// A line diff of two texts, "-" for expected only, "+" for actual only, " "
// for both: what a maintainer reads to update a page.
std::string line_diff(std::string_view expected, std::string_view actual);

}  // namespace gqleval::readme_test
