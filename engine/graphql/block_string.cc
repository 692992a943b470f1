#include "engine/graphql/block_string.h"

#include <algorithm>
#include <cstddef>

#include "engine/base/utf8.h"
#include "engine/graphql/printer.h"

namespace gqleval::graphql {

namespace {

bool is_white_space(char c) { return c == ' ' || c == '\t'; }

// Calls fn(line) for each line of text, split at "\r\n", "\n" and "\r".
template <class Fn>
void for_each_line(std::string_view text, Fn fn) {
  size_t begin = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '\n' && c != '\r') continue;
    fn(text.substr(begin, i - begin));
    if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    begin = i + 1;
  }
  fn(text.substr(begin));
}

size_t leading_white_space(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && is_white_space(line[i])) ++i;
  return i;
}

// Appends line with each \""" turned into """, scanning left to right as the
// lexer does (so \\""" keeps one backslash).
void append_unescaped(std::string_view line, std::string& out) {
  size_t run = 0;
  for (size_t i = 0; i + 3 < line.size(); ++i) {
    if (line[i] == '\\' && line[i + 1] == '"' && line[i + 2] == '"' && line[i + 3] == '"') {
      utf8::append_sanitized(out, line.substr(run, i - run));
      run = i + 1;  // drop only the backslash
      i += 3;
    }
  }
  utf8::append_sanitized(out, line.substr(run));
}

}  // namespace

void append_block_string_value(std::string_view raw, std::string& out) {
  // First pass: the common indentation of the non-blank lines after the first,
  // and the range of non-blank lines.
  size_t common_indent = SIZE_MAX;
  size_t first_non_blank = SIZE_MAX;
  size_t last_non_blank = 0;
  size_t index = 0;
  for_each_line(raw, [&](std::string_view line) {
    size_t indent = leading_white_space(line);
    if (indent < line.size()) {
      if (first_non_blank == SIZE_MAX) first_non_blank = index;
      last_non_blank = index;
      if (index != 0) common_indent = std::min(common_indent, indent);
    }
    ++index;
  });
  if (first_non_blank == SIZE_MAX) return;  // only blank lines: the empty string

  index = 0;
  for_each_line(raw, [&](std::string_view line) {
    if (index >= first_non_blank && index <= last_non_blank) {
      if (index != first_non_blank) out.push_back('\n');
      if (index != 0) line.remove_prefix(std::min(common_indent, line.size()));
      append_unescaped(line, out);
    }
    ++index;
  });
}

std::string print_block_string(std::string_view value) {
  std::string escaped;
  escaped.reserve(value.size() + 8);
  for (size_t i = 0; i < value.size(); ++i) {
    if (value.compare(i, 3, "\"\"\"") == 0) {
      escaped.append("\\\"\"\"");
      i += 2;
    } else {
      escaped.push_back(value[i]);
    }
  }

  size_t line_count = 0;
  bool rest_indented = true;  // every line after the first is empty or starts with white space
  for_each_line(escaped, [&](std::string_view line) {
    if (line_count++ > 0 && !line.empty() && !is_white_space(line[0])) rest_indented = false;
  });
  bool single_line = line_count == 1;
  bool force_leading_newline = line_count > 1 && rest_indented;
  bool trailing_triple_quotes = escaped.size() >= 4 && escaped.ends_with("\\\"\"\"");
  bool trailing_quote = value.ends_with('"') && !trailing_triple_quotes;
  bool trailing_slash = value.ends_with('\\');
  bool force_trailing_newline = trailing_quote || trailing_slash;
  bool multiple_lines = !single_line || utf8::utf16_length(value) > 70 || force_trailing_newline ||
                        force_leading_newline || trailing_triple_quotes;
  bool skip_leading_newline = single_line && !value.empty() && is_white_space(value[0]);

  std::string out = "\"\"\"";
  if ((multiple_lines && !skip_leading_newline) || force_leading_newline) out.push_back('\n');
  out.append(escaped);
  if (multiple_lines || force_trailing_newline) out.push_back('\n');
  out.append("\"\"\"");
  return out;
}

bool printable_as_block_string(std::string_view value) {
  if (value.empty()) return true;
  bool is_empty_line = true;
  bool has_indent = false;
  bool has_common_indent = true;
  bool seen_non_empty_line = false;
  for (char ch : value) {
    auto c = static_cast<unsigned char>(ch);
    if (c < 0x10 && c != '\t' && c != '\n') return false;  // graphql-js: \0-\x08, \x0B-\x0F
    if (c == '\n') {
      if (is_empty_line && !seen_non_empty_line) return false;  // a leading newline
      seen_non_empty_line = true;
      is_empty_line = true;
      has_indent = false;
    } else if (c == '\t' || c == ' ') {
      has_indent = has_indent || is_empty_line;
    } else {
      has_common_indent = has_common_indent && has_indent;
      is_empty_line = false;
    }
  }
  if (is_empty_line) return false;                             // trailing empty lines
  if (has_common_indent && seen_non_empty_line) return false;  // an internal indent
  return true;
}

void append_description(std::string& out, std::string_view text, std::string_view indentation,
                        bool first_in_block) {
  if (text.empty()) return;
  const std::string literal =
      printable_as_block_string(text) ? print_block_string(text) : print_string(text);
  if (!indentation.empty() && !first_in_block) out.push_back('\n');
  out.append(indentation);
  for (char c : literal) {
    out.push_back(c);
    if (c == '\n') out.append(indentation);
  }
  out.push_back('\n');
}

}  // namespace gqleval::graphql
