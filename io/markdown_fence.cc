#include "io/markdown_fence.h"

#include <re2/re2.h>

namespace gqleval::io {
namespace {

const RE2& opening_fence() {
  // Group 1: the fence; group 2: the rest of the line (the info string).
  static const RE2 re("(?m)^[ \\t]*(`{3,}|~{3,})([^\\n]*)$");
  return re;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// True when line (without its '\n') closes a fence of fence_char x fence_len.
bool is_closing_fence(std::string_view line, char fence_char, size_t fence_len) {
  line = trim(line);
  if (line.size() < fence_len) return false;
  for (char c : line) {
    if (c != fence_char) return false;
  }
  return true;
}

}  // namespace

bool find_fenced_block(std::string_view text, size_t pos, FencedBlock& block) {
  re2::StringPiece groups[3];
  while (pos <= text.size() &&
         opening_fence().Match(text, pos, text.size(), RE2::UNANCHORED, groups, 3)) {
    const size_t line_begin = static_cast<size_t>(groups[0].data() - text.data());
    const size_t line_end = line_begin + groups[0].size();
    std::string_view fence(groups[1].data(), groups[1].size());
    std::string_view info = trim(std::string_view(groups[2].data(), groups[2].size()));
    if (fence[0] == '`' && info.find('`') != std::string_view::npos) {
      pos = line_end + 1;  // inline code, not a fence
      continue;
    }
    block.fence_begin = line_begin;
    block.language = info.substr(0, info.find_first_of(" \t{"));
    block.content_begin = line_end < text.size() ? line_end + 1 : text.size();
    block.content_end = text.size();
    block.next = text.size();
    block.closed = false;
    size_t line = block.content_begin;
    while (line < text.size()) {
      size_t nl = text.find('\n', line);
      size_t next = nl == std::string_view::npos ? text.size() : nl + 1;
      if (is_closing_fence(text.substr(line, next - line - (nl == std::string_view::npos ? 0 : 1)),
                           fence[0], fence.size())) {
        block.content_end = line;
        block.next = next;
        block.closed = true;
        break;
      }
      line = next;
    }
    return true;
  }
  return false;
}

}  // namespace gqleval::io
