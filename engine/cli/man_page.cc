#include "engine/cli/man_page.h"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/concat.h"
#include "engine/base/version.h"
#include "engine/cli/args.h"
#include "engine/cli/commands.h"

namespace gqleval::cli {
namespace {

// `text` as roff running text: the escape character, hyphens and quotes
// escaped (\e, \-, \(aq, \(ga: options copy from the page as typed, never as
// typographic hyphens or quotes), and a leading dot made harmless (\&), so
// that no text is read as a request.
std::string roff_text(std::string_view text) {
  std::string out;
  if (text.starts_with('.')) out += "\\&";
  for (const char c : text) {
    switch (c) {
      case '\\': out += "\\e"; break;
      case '-': out += "\\-"; break;
      case '\'': out += "\\(aq"; break;
      case '`': out += "\\(ga"; break;
      default: out += c;
    }
  }
  return out;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return lines;
}

std::string_view trim_start(std::string_view s) {
  while (!s.empty() && s[0] == ' ') s.remove_prefix(1);
  return s;
}

// A row of a table in a help text ("  schema      schema, Refined_Schema, ..."):
// its name and its text; a row indented deeper than `indent` (the table's
// first row) continues the row above it, and has no name.
std::pair<std::string_view, std::string_view> table_row(std::string_view row, size_t indent) {
  const std::string_view text = trim_start(row);
  const size_t gap = text.find("  ");
  if (row.size() - text.size() > indent || gap == std::string_view::npos) return {{}, text};
  return {text.substr(0, gap), trim_start(text.substr(gap))};
}

// A table as a list of tagged paragraphs (.TP), each as wide as the widest
// name: the help's columns, wrapped to the reader's width rather than 80.
void append_table(std::string& out, std::span<const std::string_view> rows) {
  const size_t indent = rows[0].size() - trim_start(rows[0]).size();
  size_t width = 0;
  for (std::string_view row : rows) width = std::max(width, table_row(row, indent).first.size());
  for (std::string_view row : rows) {
    const auto [name, text] = table_row(row, indent);
    if (!name.empty()) {
      out += concat({".TP ", std::to_string(width + 2), "n\n", roff_text(name), "\n"});
    }
    out += roff_text(text) + "\n";
  }
}

// Help text as roff: a blank line starts a paragraph (.PP); the lines of a
// paragraph are filled, as the help's own breaks only fit 80 columns; indented
// lines are a table (score's column names), which ends its paragraph.
void append_paragraphs(std::string& out, std::span<const std::string_view> lines) {
  bool paragraph = false;  // lines before a blank one continue the open paragraph
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) {
      paragraph = true;
      continue;
    }
    if (paragraph) out += ".PP\n";
    paragraph = false;
    if (lines[i][0] != ' ') {
      out += roff_text(lines[i]) + "\n";
      continue;
    }
    size_t end = i;
    while (end < lines.size() && lines[end].starts_with(' ')) ++end;
    append_table(out, lines.subspan(i, end - i));
    i = end - 1;
    paragraph = true;
  }
}

// "\fB\-o\fR, \fB\-\-out\fR \fIPATH\fR": the flag in bold, its value in italics.
std::string flag_tag(const FlagSpec& flag) {
  std::string tag;
  if (flag.short_name != '\0') {
    tag =
        concat({"\\fB", roff_text(concat({"-", std::string_view(&flag.short_name, 1)})), "\\fR, "});
  }
  tag += concat({"\\fB", roff_text(concat({"--", flag.name})), "\\fR"});
  if (!flag.value_name.empty()) tag += concat({" \\fI", roff_text(flag.value_name), "\\fR"});
  return tag;
}

// One command's subsection: its usage (the help's first paragraph, "Usage: "
// dropped, continuation lines joined), its description, then its options,
// the flags --help lists and --help itself.
void append_command(std::string& out, const Command& command) {
  const CommandHelp help = command.help();
  const std::vector<std::string_view> lines = split_lines(help.text);
  size_t i = 0;
  std::string usage;
  for (; i < lines.size() && !lines[i].empty(); ++i) {
    std::string_view line = trim_start(lines[i]);
    if (i == 0 && line.starts_with("Usage: ")) line.remove_prefix(7);
    if (!usage.empty()) usage += ' ';
    usage += line;
  }
  out += concat({".SS ", command.name, "\n"});
  const std::string program = concat({"gqleval ", command.name});
  if (usage.starts_with(program)) {
    out += concat({"\\fB", roff_text(program), "\\fR", roff_text(usage.substr(program.size()))});
  } else {
    out += roff_text(usage);
  }
  out += "\n";
  append_paragraphs(out, std::span(lines).subspan(i));
  out += ".PP\nOptions:\n";
  for (const FlagSpec& flag : help.flags) {
    out += concat({".TP\n", flag_tag(flag), "\n", roff_text(flag_help(flag)), "\n"});
  }
  out += concat({".TP\n", flag_tag(kHelpFlag), "\n", roff_text(flag_help(kHelpFlag)), "\n"});
}

// NAME, SYNOPSIS and DESCRIPTION: `gqleval --help` as a manual says it.
void append_program(std::string& out) {
  std::string_view description = program_description();
  std::string name_line(description.substr(0, description.find_first_of(":\n")));
  if (!name_line.empty() && name_line[0] >= 'A' && name_line[0] <= 'Z') {
    name_line[0] = static_cast<char>(name_line[0] - 'A' + 'a');  // man's NAME is lower case
  }
  out += concat({".SH NAME\ngqleval \\- ", roff_text(name_line), "\n"});
  out +=
      ".SH SYNOPSIS\n"
      ".B gqleval\n.I command\n.RI [ options ]\n.br\n"
      ".B gqleval help\n.RI [ command ]\n.br\n"
      ".B gqleval \\-\\-version\n"
      ".SH DESCRIPTION\n";
  append_paragraphs(out, split_lines(description));
  out += ".PP\nCommands:\n";
  for (const Command& command : commands()) {
    out += concat({".TP\n.B ", command.name, "\n", roff_text(command.summary), "\n"});
  }
  append_paragraphs(out, split_lines(concat({"\n", program_help_hint()})));
}

// EXIT STATUS, ENVIRONMENT and SEE ALSO, which no help text has whole: each
// command's section says its own exit status.
void append_closing(std::string& out) {
  const auto status = [&out](int code, std::string_view meaning) {
    out += concat({".TP\n.B ", std::to_string(code), "\n", roff_text(meaning), "\n"});
  };
  out += concat({".SH EXIT STATUS\n",
                 roff_text("Each command's section above gives its own; in general:"), "\n"});
  status(kExitOk,
         "success: the queries are valid, the pair passes, the run completed (score and calls: "
         "whatever the verdicts)");
  status(kExitNegative,
         "a negative result: an invalid query, a pair that does not pass, a gate that fails");
  status(kExitUsage, "a usage or I/O error");
  out += concat({".TP\n.B 128 + N\n",
                 roff_text("score or calls stopped by the signal N (SIGINT, SIGTERM); the rows "
                           "done are in the results file's .partial"),
                 "\n"});
  out += concat({".SH ENVIRONMENT\n.TP\n.B TMPDIR\n",
                 roff_text("Where an input read from standard input or a pipe, or a compressed "
                           "one, is copied (decompressed) before it is read (default: /tmp)"),
                 "\n"});
  out += concat({".SH SEE ALSO\n",
                 roff_text("gqleval help COMMAND: the help each command's section above is "
                           "written from. "
                           "README.md and docs/ in gqleval's sources (a page per command, the "
                           "verdict contract in docs/semantics.md); docs/results.schema.json "
                           "there, the JSON Schema of the results."),
                 "\n"});
}

}  // namespace

std::string man_page() {
  std::string out = concat({
      ".\\\" The manual page of gqleval, written by `gqleval help --man` from the\n"
      ".\\\" texts of `gqleval help` (engine/cli/man_page.h): edit those, not this.\n"
      ".TH GQLEVAL 1 \"\" \"gqleval ",
      roff_text(version()),
      "\" \"User Commands\"\n"
      // No hyphenation and a ragged right: flags and paths stay whole.
      ".nh\n.ad l\n",
  });
  append_program(out);
  out += ".SH COMMANDS\n";
  for (const Command& command : commands()) append_command(out, command);
  append_closing(out);
  return out;
}

}  // namespace gqleval::cli
