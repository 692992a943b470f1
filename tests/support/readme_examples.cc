#include "tests/support/readme_examples.h"

#include <algorithm>
#include <cctype>
#include <optional>
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

std::string_view trim(std::string_view s) {
  const size_t start = s.find_first_not_of(" \t");
  if (start == std::string_view::npos) return {};
  const size_t end = s.find_last_not_of(" \t");
  return s.substr(start, end - start + 1);
}

// The first word of a fence's info string, in lower case ("" for none).
std::string info_word(std::string_view fence) {
  const size_t after = fence.find_first_not_of('`');
  if (after == std::string_view::npos) return {};
  std::string_view info = trim(fence.substr(after));
  info = info.substr(0, info.find_first_of(" \t{"));
  std::string out(info);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<Language> language_of(std::string_view word) {
  if (word == "python" || word == "py") return Language::kPython;
  if (word == "js" || word == "javascript" || word == "mjs" || word == "cjs") {
    return Language::kJavaScript;
  }
  if (word == "ts" || word == "typescript") return Language::kTypeScript;
  return std::nullopt;
}

constexpr std::string_view kMarkerStart = "<!-- not run";

// The reason of a well-formed marker line ("<!-- not run: why -->"), or
// nullopt.
std::optional<std::string> marker_reason(std::string_view line) {
  line = trim(line);
  constexpr std::string_view open = "<!-- not run:", close = "-->";
  if (!line.starts_with(open) || !line.ends_with(close)) return std::nullopt;
  const std::string_view reason =
      trim(line.substr(open.size(), line.size() - open.size() - close.size()));
  if (reason.empty()) return std::nullopt;
  return std::string(reason);
}

}  // namespace

ExtractedCode extract_code_blocks(std::string_view markdown, std::string_view file) {
  ExtractedCode out;
  const std::vector<std::string_view> lines = split_lines(markdown);
  auto error = [&](size_t index, std::string_view why) {
    out.errors.push_back(std::string(file) + ":" + std::to_string(index + 1) + ": " +
                         std::string(why));
  };
  // The end of the fenced block opening at `start` (its closing fence), or
  // lines.size() when it never closes.
  auto close_of = [&](size_t start) {
    size_t end = start + 1;
    while (end < lines.size() && !is_fence(lines[end])) ++end;
    return end;
  };
  auto body_of = [&](size_t start, size_t end) {
    std::string body;
    for (size_t i = start + 1; i < end; ++i) body.append(lines[i]).push_back('\n');
    return body;
  };
  std::optional<std::string> marker;  // the reason of the line before this one
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    std::optional<std::string> reason;
    if (trim(line).starts_with(kMarkerStart)) {
      reason = marker_reason(line);
      if (!reason) error(i, "a marker names its reason: <!-- not run: why -->");
    }
    if (!is_fence(line)) {
      if (marker) error(i - 1, "a \"not run\" marker must be the line right before its code block");
      marker = reason;
      const std::string_view indented = trim(line);
      if (indented.starts_with("```") && language_of(info_word(indented))) {
        error(i, "a code block fenced off the start of its line is not run: fence it at the start");
      }
      continue;
    }
    const size_t end = close_of(i);
    if (end == lines.size()) {
      error(i, "a fence that never closes");
      break;
    }
    const std::string word = info_word(line);
    const std::optional<Language> language = language_of(word);
    if (!language) {
      if (marker) {
        error(i - 1, "a \"not run\" marker must be right before a python, js or ts block");
      }
      if (word == "output") error(i, "an output block must follow a python or js block that runs");
      marker.reset();
      i = end;
      continue;
    }
    CodeBlock block;
    block.line = static_cast<int>(i) + 1;
    block.language = *language;
    block.code = body_of(i, end);
    block.not_run = marker.value_or("");
    marker.reset();
    if (*language == Language::kJavaScript) {
      static const std::regex kModuleLine(R"((^|\n)(import|export)[\s{*])");
      block.module = std::regex_search(block.code, kModuleLine);
    }
    if (*language == Language::kTypeScript && block.not_run.empty()) {
      error(i,
            "a TypeScript block is not run here: mark it <!-- not run: why --> on the line before");
    }
    // Its output block: the next fence, after blank lines only, fenced
    // ```output.
    size_t next = end + 1;
    while (next < lines.size() && trim(lines[next]).empty()) ++next;
    if (next < lines.size() && is_fence(lines[next]) && info_word(lines[next]) == "output") {
      const size_t output_end = close_of(next);
      if (output_end == lines.size()) {
        error(next, "a fence that never closes");
        out.blocks.push_back(std::move(block));
        break;
      }
      if (!block.not_run.empty()) error(next, "an output block after a block that is not run");
      block.expected = body_of(next, output_end);
      i = output_end;
    } else {
      i = end;
    }
    out.blocks.push_back(std::move(block));
  }
  if (marker) {
    error(lines.size() - 1, "a \"not run\" marker must be the line right before its code block");
  }
  return out;
}

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
