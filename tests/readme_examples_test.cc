// The examples of README.md and of every page of docs/ run as written
// (tests/support/readme_examples.h says what an example is and which figures
// are masked). Each command runs with `gqleval` the built program (its folder
// first on PATH), through `sh`, from one scratch copy of examples/ beside a
// link to the checkout's datasets/, as the pages say ("the examples run from
// examples/"), so that files the examples write stay out of the checkout. The
// files run in order, README.md first, then docs/ by path, in the same
// scratch copy. Its stdout and stderr, together, must be the lines the page
// shows after it. An exit status above 1 (a usage or I/O error, a command not
// found) is a failure: no example is skipped.
//
// On a mismatch the failure names the file and line, and shows the line diff
// (the page "-", actual "+") and the whole actual output, to paste into the
// page.
//
// The Python and JavaScript blocks of every Markdown file of the project
// (readme_examples.h says which blocks, how their output is shown and how one
// is marked not to run) run too, each as a file, in order, from one scratch
// copy of examples/ of their own: Python with the built module
// (BUILD/python first on PYTHONPATH, the interpreter it was built for),
// JavaScript with node and the built addon (the package is js/, linked as
// node_modules/gqleval beside the file; GQLEVAL_NODE_ADDON names the addon),
// as an ES module where it has import or export lines, else as CommonJS. Any
// exit status but 0 is a failure, and the output is compared as a command's.
// Each prints how many blocks it ran and how many are marked not to run. They
// skip, saying why, where the module or the addon is not built (GQLEVAL_PYTHON
// or GQLEVAL_NODE off) and in a sanitizer build, where either would need ASan's
// runtime preloaded (the Release build runs them; Python.* and JS.* test the
// bindings under the sanitizers).
//
// The pages are also checked as documents: every command has its page with an
// example, every relative link of a Markdown file resolves inside the
// repository (to a heading, where it names one), and no Markdown file cites
// the design notes outside the repository.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

TEST(ReadmeExamples, ErrorsNameTheirFile) {
  const Extracted x = extract_examples("text\n```\n$ gqleval a\n", "docs/commands/score.md");
  ASSERT_EQ(x.errors.size(), 1u);
  EXPECT_EQ(x.errors[0], "docs/commands/score.md:2: a fence that never closes");
}

TEST(ReadmeExamples, ExtractsCodeBlocksTheirOutputAndMarkers) {
  const ExtractedCode x = extract_code_blocks(
      "```python\nprint(1)\n```\n\n```output\n1\n```\n"
      "<!-- not run: needs a cluster -->\n```py\nclient()\n```\n"
      "```js\nimport g from 'gqleval';\n```\n```javascript\nrequire('gqleval');\n```\n"
      "<!-- not run: types only -->\n```ts\nlet x: number;\n```\n"
      "```sh\nls\n```\n```json\n{}\n```\n");
  ASSERT_TRUE(x.errors.empty()) << ::testing::PrintToString(x.errors);
  ASSERT_EQ(x.blocks.size(), 5u);
  EXPECT_EQ(x.blocks[0].line, 1);
  EXPECT_EQ(x.blocks[0].language, Language::kPython);
  EXPECT_EQ(x.blocks[0].code, "print(1)\n");
  EXPECT_EQ(x.blocks[0].expected, "1\n");
  EXPECT_EQ(x.blocks[0].not_run, "");
  EXPECT_EQ(x.blocks[1].line, 9);
  EXPECT_EQ(x.blocks[1].not_run, "needs a cluster");
  EXPECT_EQ(x.blocks[1].expected, "");
  EXPECT_EQ(x.blocks[2].language, Language::kJavaScript);
  EXPECT_TRUE(x.blocks[2].module);
  EXPECT_FALSE(x.blocks[3].module);
  EXPECT_EQ(x.blocks[4].language, Language::kTypeScript);
  EXPECT_EQ(x.blocks[4].not_run, "types only");
}

TEST(ReadmeExamples, CodeBlocksAreRunOrMarkedNeverDropped) {
  const ExtractedCode x = extract_code_blocks(
      "<!-- not run -->\n```python\na\n```\n"         // no reason
      "<!-- not run: why -->\n\n```python\nb\n```\n"  // not right before
      "```ts\nlet x = 1;\n```\n"                      // TypeScript unmarked
      "- item\n\n    ```python\n    c\n    ```\n",    // indented
      "docs/python.md");
  EXPECT_EQ(x.errors, (std::vector<std::string>{
                          "docs/python.md:1: a marker names its reason: <!-- not run: why -->",
                          "docs/python.md:5: a \"not run\" marker must be the line right before "
                          "its code block",
                          "docs/python.md:10: a TypeScript block is not run here: mark it <!-- "
                          "not run: why --> on the line before",
                          "docs/python.md:15: a code block fenced off the start of its line is not "
                          "run: fence it at the start",
                      }));
  const ExtractedCode y = extract_code_blocks("```\n$ ls\n```\n```output\nx\n```\n", "README.md");
  EXPECT_EQ(y.errors, (std::vector<std::string>{
                          "README.md:4: an output block must follow a python or js block that runs",
                      }));
  const ExtractedCode z = extract_code_blocks(
      "<!-- not run: a fragment -->\n```js\nf()\n```\n```output\nx\n```\n", "README.md");
  EXPECT_EQ(z.errors, (std::vector<std::string>{
                          "README.md:5: an output block after a block that is not run",
                      }));
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

// The Markdown files whose examples run: README.md, then every page under
// docs/ (recursively), by path; each as the repository names it.
std::vector<std::string> example_files() {
  std::vector<std::string> pages;
  if (fs::is_directory(kSource / "docs")) {
    for (const auto& e : fs::recursive_directory_iterator(kSource / "docs")) {
      if (e.is_regular_file() && e.path().extension() == ".md") {
        pages.push_back(fs::relative(e.path(), kSource).generic_string());
      }
    }
  }
  std::sort(pages.begin(), pages.end());
  pages.insert(pages.begin(), "README.md");
  return pages;
}

// Every Markdown file of the project (not of a build folder or of installed
// packages), as the repository names it.
std::vector<std::string> markdown_files() {
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(kSource);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with(".") || name.starts_with("build") ||
                               name == "node_modules" || name == "results")) {
      it.disable_recursion_pending();
    } else if (it->is_regular_file() && it->path().extension() == ".md") {
      out.push_back(fs::relative(it->path(), kSource).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A heading's anchor as GitHub makes it: lower case, spaces to '-', letters,
// digits, '-' and '_' kept, everything else dropped.
std::string anchor_of(std::string_view heading) {
  std::string out;
  for (const char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_') {
      out.push_back(static_cast<char>(std::tolower(u)));
    } else if (c == ' ') {
      out.push_back('-');
    } else if (u >= 0x80) {
      out.push_back(c);
    }
  }
  return out;
}

// The anchors of a Markdown file's headings (outside fenced blocks).
std::set<std::string> anchors_of(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  std::string line;
  bool fenced = false;
  while (std::getline(in, line)) {
    if (line.starts_with("```")) fenced = !fenced;
    if (fenced || !line.starts_with("#")) continue;
    const size_t start = line.find_first_not_of('#');
    if (start == std::string::npos || line[start] != ' ') continue;
    out.insert(anchor_of(std::string_view(line).substr(start + 1)));
  }
  return out;
}

TEST(ReadmeExamples, AnchorsAreGitHubs) {
  EXPECT_EQ(anchor_of("Stage 3: schema-aware rewrites"), "stage-3-schema-aware-rewrites");
  EXPECT_EQ(anchor_of("`gqleval calls`, and its rows"), "gqleval-calls-and-its-rows");
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

// Lays out a copy of examples/ in `scratch`, with datasets/ beside it as in the
// checkout, and returns the folder the documents' examples run in.
fs::path lay_out_examples(const Scratch& scratch) {
  fs::copy(kSource / "examples", scratch.path / "examples", fs::copy_options::recursive);
  fs::create_directory_symlink(kSource / "datasets", scratch.path / "datasets");
  return scratch.path / "examples";
}

struct ShellRun {
  int exit_code = -1;   // -1: it did not exit
  std::string printed;  // stdout and stderr together
};

// Runs the shell command line `command` with its output kept in `scratch`.
ShellRun run_in_shell(const std::string& command, const Scratch& scratch) {
  const fs::path output = scratch.path / "output.txt";
  const std::string shell = command + " >'" + output.string() + "' 2>&1";
  const int status = std::system(shell.c_str());
  return ShellRun{WIFEXITED(status) ? WEXITSTATUS(status) : -1, cli_test::slurp(output.string())};
}

// Expects what a run printed to be the output a document shows (`shown`, in
// `file`'s `block`), both masked.
void expect_shown_output(const std::string& shown, const ShellRun& run, const Scratch& scratch,
                         const std::string& file, const std::string& block) {
  const std::string want = mask(shown, scratch.path.string());
  const std::string got = mask(run.printed, scratch.path.string());
  EXPECT_EQ(want, got) << file << block << " (-) against the output (+), masked:\n"
                       << line_diff(want, got) << "the output as printed:\n"
                       << run.printed;
}

TEST(ReadmeExamples, EveryExampleRunsAsWritten) {
  const std::vector<std::string> files = example_files();
  // README.md and the pages of docs/: an index, the contract, the commands.
  ASSERT_GE(files.size(), 10u) << "docs/ not found under " << kSource;

  Scratch scratch;
  ASSERT_FALSE(scratch.path.empty());
  const fs::path examples = lay_out_examples(scratch);
  const fs::path bin_dir = fs::path(GQLEVAL_BINARY).parent_path();
  const fs::path script = scratch.path / "example.sh";

  size_t total = 0;
  for (const std::string& file : files) {
    const Extracted x = extract_examples(cli_test::slurp((kSource / file).string()), file);
    for (const std::string& e : x.errors) ADD_FAILURE() << e;
    // The README's tour shows at least compare, score and report; an extractor
    // that finds nothing must not pass.
    if (file == "README.md") {
      EXPECT_GE(x.examples.size(), 4u) << file;
    }
    std::printf("[ examples ] %s: %zu\n", file.c_str(), x.examples.size());
    total += x.examples.size();

    for (const Example& e : x.examples) {
      SCOPED_TRACE(file + ":" + std::to_string(e.line) + ": $ " + e.command);
      std::ofstream(script) << "cd '" << examples.string() << "' && PATH='" << bin_dir.string()
                            << "':\"$PATH\" && " << e.command << "\n";
      const ShellRun run = run_in_shell("sh '" + script.string() + "'", scratch);
      EXPECT_LE(run.exit_code, 1) << "the example cannot run (exit " << run.exit_code << "):\n"
                                  << run.printed;
      EXPECT_GE(run.exit_code, 0);
      expect_shown_output(e.expected, run, scratch, file, "");
    }
  }
  std::printf("[ examples ] %zu examples in %zu files\n", total, files.size());
}

// How the code blocks of one language run here: the program and the shell
// assignments before it, or why they cannot run in this build.
struct BlockRunner {
  Language language;
  std::string name;         // "Python", "JavaScript"
  std::string environment;  // "NAME='value' ..." before the program
  std::string program;      // the interpreter
  std::string absent;       // why the blocks cannot run in this build, or ""
};

std::string file_name_for(const CodeBlock& block) {
  if (block.language == Language::kPython) return "example.py";
  return block.module ? "example.mjs" : "example.cjs";
}

void run_code_blocks(const BlockRunner& runner) {
  if (!runner.absent.empty()) {
    std::printf("[ examples ] %s blocks not run: %s\n", runner.name.c_str(), runner.absent.c_str());
    GTEST_SKIP() << "the " << runner.name << " blocks are not run: " << runner.absent;
  }
  Scratch scratch;
  ASSERT_FALSE(scratch.path.empty());
  const fs::path examples = lay_out_examples(scratch);
  fs::create_directory(scratch.path / "node_modules");
  fs::create_directory_symlink(kSource / "js", scratch.path / "node_modules" / "gqleval");
  const fs::path bin_dir = fs::path(GQLEVAL_BINARY).parent_path();

  size_t run = 0, not_run = 0, files = 0;
  for (const std::string& file : markdown_files()) {
    const ExtractedCode x = extract_code_blocks(cli_test::slurp((kSource / file).string()), file);
    for (const std::string& e : x.errors) ADD_FAILURE() << e;
    size_t file_run = 0, file_not_run = 0;
    for (const CodeBlock& block : x.blocks) {
      if (block.language != runner.language) continue;
      const std::string where = file + ":" + std::to_string(block.line);
      if (!block.not_run.empty()) {
        std::printf("[ examples ] %s: not run: %s\n", where.c_str(), block.not_run.c_str());
        ++file_not_run;
        continue;
      }
      ++file_run;
      SCOPED_TRACE(where + ": the " + runner.name + " block");
      const fs::path program = scratch.path / file_name_for(block);
      std::ofstream(program) << block.code;
      const ShellRun run = run_in_shell("cd '" + examples.string() + "' && PATH='" +
                                            bin_dir.string() + "':\"$PATH\" " + runner.environment +
                                            " '" + runner.program + "' '" + program.string() + "'",
                                        scratch);
      EXPECT_EQ(run.exit_code, 0) << "the block fails (exit " << run.exit_code << "):\n"
                                  << run.printed;
      expect_shown_output(block.expected, run, scratch, file, "'s output block");
    }
    if (file_run + file_not_run > 0) {
      std::printf("[ examples ] %s: %zu %s blocks run, %zu not run\n", file.c_str(), file_run,
                  runner.name.c_str(), file_not_run);
      ++files;
    }
    run += file_run;
    not_run += file_not_run;
  }
  std::printf("[ examples ] %s: %zu blocks run, %zu not run, in %zu files\n", runner.name.c_str(),
              run, not_run, files);
  // The README shows the module and the package at work: an extractor that
  // finds nothing must not pass.
  EXPECT_GE(run, 2u) << "no " << runner.name << " block found: is the extractor looking?";
}

TEST(ReadmeExamples, EveryPythonBlockRunsAsWritten) {
  run_code_blocks(
      {Language::kPython, "Python",
       std::string("PYTHONDONTWRITEBYTECODE=1 PYTHONPATH='") + GQLEVAL_DOC_PYTHONPATH + "'",
       GQLEVAL_DOC_PYTHON, GQLEVAL_DOC_PYTHON_ABSENT});
}

TEST(ReadmeExamples, EveryJavaScriptBlockRunsAsWritten) {
  run_code_blocks({Language::kJavaScript, "JavaScript",
                   std::string("GQLEVAL_NODE_ADDON='") + GQLEVAL_DOC_NODE_ADDON + "'",
                   GQLEVAL_DOC_NODE, GQLEVAL_DOC_NODE_ABSENT});
}

TEST(ReadmeExamples, EveryCommandHasItsPageWithAnExample) {
  for (const char* command :
       {"validate", "compare", "subset", "score", "report", "merge", "calls", "schema"}) {
    const std::string file = std::string("docs/commands/") + command + ".md";
    ASSERT_TRUE(fs::exists(kSource / file)) << file;
    const Extracted x = extract_examples(cli_test::slurp((kSource / file).string()), file);
    EXPECT_GE(x.examples.size(), 1u) << file << " runs no example";
  }
}

// Every relative link of every Markdown file names a file or folder of the
// repository, and a heading of that file where it names one (#anchor).
TEST(ReadmeExamples, LinksResolveInsideTheRepository) {
  static const std::regex link(R"(\]\(([^()\s]+)\))");
  const fs::path root = fs::weakly_canonical(kSource);
  std::vector<std::string> broken;
  size_t links = 0;
  for (const std::string& file : markdown_files()) {
    const std::string text = cli_test::slurp((kSource / file).string());
    for (std::sregex_iterator m(text.begin(), text.end(), link), end; m != end; ++m) {
      const std::string target = (*m)[1];
      if (target.starts_with("http://") || target.starts_with("https://") ||
          target.starts_with("mailto:")) {
        continue;
      }
      ++links;
      const size_t hash = target.find('#');
      const std::string path = target.substr(0, hash);
      const std::string anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
      const fs::path to = path.empty()
                              ? kSource / file
                              : fs::weakly_canonical((kSource / file).parent_path() / path);
      const std::string inside = fs::relative(to, root).generic_string();
      if (inside.starts_with("..") || !fs::exists(to)) {
        broken.push_back(file + ": " + target);
      } else if (!anchor.empty() && !anchors_of(cli_test::slurp(to.string())).contains(anchor)) {
        broken.push_back(file + ": " + target + " (no such heading)");
      }
    }
  }
  EXPECT_GT(links, 20u) << "no links found: is the check looking?";
  EXPECT_TRUE(broken.empty()) << ::testing::PrintToString(broken);
}

// The project's documents stand alone: none cites the design notes that live
// outside the repository (the verdict contract is docs/semantics.md).
TEST(ReadmeExamples, NoDocumentCitesTheDesignNotesOutsideTheRepository) {
  std::vector<std::string> citations;
  for (const std::string& file : markdown_files()) {
    const std::string text = cli_test::slurp((kSource / file).string());
    for (const char* outside : {"shared/design", "SEMANTICS.md", "ARCHITECTURE.md", "STYLE.md"}) {
      if (text.find(outside) != std::string::npos) citations.push_back(file + ": " + outside);
    }
  }
  EXPECT_TRUE(citations.empty()) << ::testing::PrintToString(citations);
}

}  // namespace
}  // namespace gqleval::readme_test
