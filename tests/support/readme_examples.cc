#include "tests/support/readme_examples.h"

#include <algorithm>
#include <regex>
#include <string>

namespace gqleval::readme_test {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

bool is_fence(std::string_view line) { return line.starts_with("```"); }
bool is_prompt(std::string_view line) { return line.starts_with("$ "); }

// One fenced block, its lines between the fences; `first` is the file's line
// of the first of them.
void take_block(const std::vector<std::string_view>& body, int first, std::string_view file,
                Extracted& out) {
  bool any_prompt = false;
  for (std::string_view line : body) any_prompt = any_prompt || is_prompt(line);
  if (!any_prompt) return;
  bool in_example = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const int line_number = first + static_cast<int>(i);
    if (is_prompt(body[i])) {
      out.examples.push_back(Example{line_number, std::string(body[i].substr(2)), ""});
      in_example = true;
    } else if (!in_example) {
      out.errors.push_back(std::string(file) + ":" + std::to_string(line_number) +
                           ": a block of examples must start with a \"$ \" line");
      return;
    } else {
      out.examples.back().expected.append(body[i]).push_back('\n');
    }
  }
}

}  // namespace

Extracted extract_examples(std::string_view markdown, std::string_view file) {
  Extracted out;
  const std::vector<std::string_view> lines = split_lines(markdown);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!is_fence(lines[i])) continue;
    size_t end = i + 1;
    while (end < lines.size() && !is_fence(lines[end])) ++end;
    if (end == lines.size()) {
      out.errors.push_back(std::string(file) + ":" + std::to_string(i + 1) +
                           ": a fence that never closes");
      break;
    }
    take_block({lines.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                lines.begin() + static_cast<std::ptrdiff_t>(end)},
               static_cast<int>(i) + 2, file, out);
    i = end;
  }
  return out;
}

std::string mask(std::string_view text, std::string_view scratch) {
  std::string s(text);
  if (!scratch.empty()) {
    for (size_t at = s.find(scratch); at != std::string::npos; at = s.find(scratch, at)) {
      s.replace(at, scratch.size(), "$TMP");
    }
  }
  static const std::regex kVolatile(R"([0-9][0-9,.]*(?= (s|ms|pairs/s|rows/s|threads?)\b))");
  static const std::regex kDate(R"(\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b)");
  static const std::regex kVersion(R"(gqleval [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-z]+\))");
  s = std::regex_replace(s, kVolatile, "N");
  s = std::regex_replace(s, kDate, "DATE");
  s = std::regex_replace(s, kVersion, "gqleval VERSION (commit COMMIT)");
  return s;
}

std::string line_diff(std::string_view expected, std::string_view actual) {
  const std::vector<std::string_view> a = split_lines(expected);
  const std::vector<std::string_view> b = split_lines(actual);
  // Longest common subsequence by table: outputs are a few dozen lines.
  std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = a.size(); i-- > 0;) {
    for (size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::string out;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      out.append(" ").append(a[i++]).push_back('\n');
      ++j;
    } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.append("-").append(a[i++]).push_back('\n');  // the page's lines first
    } else {
      out.append("+").append(b[j++]).push_back('\n');
    }
  }
  return out;
}

}  // namespace gqleval::readme_test
