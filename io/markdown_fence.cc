#include "io/markdown_fence.h"

namespace gqleval::io {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// True when s is UTF-8 in the lenient sense the fence rules keep (they were
// first written as an RE2 pattern, whose "any character but a newline" accepts
// exactly this): ASCII, or a lead byte C2-DF, E0-EF or F0-F4 followed by one,
// two or three continuation bytes. Overlong three- and four-byte forms,
// surrogates and code points past U+10FFFF pass; stray continuation bytes,
// C0, C1, F5-FF and cut sequences do not.
bool is_lenient_utf8(std::string_view s) {
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    size_t continuations = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuations = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuations = 2;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuations = 3;
    } else {
      return false;
    }
    if (n - i - 1 < continuations) return false;
    for (size_t k = 1; k <= continuations; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += continuations + 1;
  }
  return true;
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

// The end of the line starting at line_begin: its '\n' or the text end.
size_t line_end_of(std::string_view text, size_t line_begin) {
  const size_t nl = text.find('\n', line_begin);
  return nl == std::string_view::npos ? text.size() : nl;
}

// Fills block's fence, language and content_begin when the line
// [line_begin, line_end) opens a fence; otherwise leaves block alone.
bool opens_fence(std::string_view text, size_t line_begin, size_t line_end, FencedBlock& block,
                 std::string_view& fence) {
  size_t i = line_begin;
  while (i < line_end && (text[i] == ' ' || text[i] == '\t')) ++i;
  if (i == line_end || (text[i] != '`' && text[i] != '~')) return false;
  const char fence_char = text[i];
  size_t fence_end = i;
  while (fence_end < line_end && text[fence_end] == fence_char) ++fence_end;
  if (fence_end - i < 3) return false;
  const std::string_view rest = text.substr(fence_end, line_end - fence_end);
  if (!is_lenient_utf8(rest)) return false;
  const std::string_view info = trim(rest);
  if (fence_char == '`' && info.find('`') != std::string_view::npos) {
    return false;  // inline code, not a fence
  }
  fence = text.substr(i, fence_end - i);
  block.fence_begin = line_begin;
  block.language = info.substr(0, info.find_first_of(" \t{"));
  block.content_begin = line_end < text.size() ? line_end + 1 : text.size();
  return true;
}

}  // namespace

bool find_fenced_block(std::string_view text, size_t pos, FencedBlock& block) {
  // An opening fence starts a line: pos itself only when a line starts there.
  size_t line = pos;
  if (line > text.size()) return false;
  if (line != 0 && text[line - 1] != '\n') {
    const size_t nl = text.find('\n', line);
    if (nl == std::string_view::npos) return false;
    line = nl + 1;
  }
  std::string_view fence;
  while (line < text.size()) {
    const size_t end = line_end_of(text, line);
    if (opens_fence(text, line, end, block, fence)) break;
    line = end + 1;
  }
  if (fence.empty()) return false;
  block.content_end = text.size();
  block.next = text.size();
  block.closed = false;
  for (line = block.content_begin; line < text.size();) {
    const size_t end = line_end_of(text, line);
    const size_t next = end < text.size() ? end + 1 : text.size();
    if (is_closing_fence(text.substr(line, end - line), fence[0], fence.size())) {
      block.content_end = line;
      block.next = next;
      block.closed = true;
      break;
    }
    line = next;
  }
  return true;
}

}  // namespace gqleval::io
