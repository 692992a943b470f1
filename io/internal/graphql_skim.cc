#include "io/internal/graphql_skim.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gqleval::io::skim {
namespace {

bool is_line_end(char c) { return c == '\n' || c == '\r'; }

const char* skip_comment(const char* p, const char* end) {
  while (p < end && !is_line_end(*p)) ++p;
  return p;
}

bool starts_with_triple_quote(const char* p, const char* end) {
  return end - p >= 3 && p[0] == '"' && p[1] == '"' && p[2] == '"';
}

// The first '{', '}', '"' or '#' at or after p, or end: the only bytes
// that matter to brace matching. 16 bytes a step where SSE2 is there (on
// every x86-64): answers are mostly names and indentation between them.
const char* next_brace_event(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i hash = _mm_set1_epi8('#');
  while (end - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, open), _mm_cmpeq_epi8(x, close)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, hash)));
    const int mask = _mm_movemask_epi8(hit);
    if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  while (p < end && *p != '{' && *p != '}' && *p != '"' && *p != '#') ++p;
  return p;
}

}  // namespace

const char* skip_ignored(const char* p, const char* end) {
  while (p < end) {
    char c = *p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') {
      ++p;
    } else if (c == '#') {
      p = skip_comment(p, end);
    } else if (end - p >= 3 && c == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF') {
      p += 3;
    } else {
      break;
    }
  }
  return p;
}

const char* skip_string(const char* p, const char* end) {
  if (starts_with_triple_quote(p, end)) {
    p += 3;
    while (p < end) {
      if (*p == '\\' && starts_with_triple_quote(p + 1, end)) {
        p += 4;  // \""" is an escaped triple quote
      } else if (starts_with_triple_quote(p, end)) {
        return p + 3;
      } else {
        ++p;
      }
    }
    return end;
  }
  ++p;
  while (p < end) {
    char c = *p;
    if (c == '"') return p + 1;
    if (is_line_end(c)) return p;
    p += (c == '\\' && p + 1 < end && !is_line_end(p[1])) ? 2 : 1;
  }
  return end;
}

const char* code_position(const char* from, const char* target, const char* end) {
  const char* p = from;
  while (p < target) {
    if (*p != '"' && *p != '#') {
      ++p;
      continue;
    }
    p = *p == '"' ? skip_string(p, end) : skip_comment(p, end);
    if (p > target) return p;
  }
  return target;
}

const char* match_braces(const char* p, const char* end) {
  int depth = 0;
  for (;;) {
    p = next_brace_event(p, end);
    if (p == end) break;
    char c = *p;
    if (c == '"') {
      p = skip_string(p, end);
      continue;
    }
    if (c == '#') {
      p = skip_comment(p, end);
      continue;
    }
    if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return p + 1;
    }
    ++p;
  }
  return nullptr;
}

const char* definition_end(const char* p, const char* end) {
  int parens = 0;
  while (p < end) {
    char c = *p;
    if (c == '"') {
      p = skip_string(p, end);
      continue;
    }
    if (c == '#') {
      p = skip_comment(p, end);
      continue;
    }
    if (c == '(') {
      ++parens;
    } else if (c == ')') {
      if (parens > 0) --parens;
    } else if (c == '{' && parens == 0) {
      return match_braces(p, end);
    }
    ++p;
  }
  return nullptr;
}

namespace {

// Reads a run of blanks at *p into *p: kMatch, or kUnsure at a comment, or
// kNoMatch when one is required and there is none.
Header blanks(const char** p, const char* end, bool required) {
  const char* q = *p;
  while (q < end && is_regex_blank(*q)) ++q;
  if (q < end && *q == '#') return Header::kUnsure;
  if (required && q == *p) return Header::kNoMatch;
  *p = q;
  return Header::kMatch;
}

// Reads a name at *p: false when none starts there.
bool name(const char** p, const char* end) {
  if (*p >= end || !is_name_start(**p)) return false;
  while (*p < end && is_word_char(**p)) ++*p;
  return true;
}

}  // namespace

Header fragment_header(const char* begin, const char* p, const char* end, const char** header_end) {
  static constexpr char kWord[] = "fragment";
  constexpr size_t kLength = sizeof kWord - 1;
  if (static_cast<size_t>(end - p) < kLength || std::memcmp(p, kWord, kLength) != 0) {
    return Header::kNoMatch;
  }
  if (p > begin && is_word_char(p[-1])) return Header::kNoMatch;  // \b
  const char* q = p + kLength;
  // Each part in turn; names are read whole (a shorter one would leave a
  // word character where a blank, '@' or '{' must be).
  Header h = blanks(&q, end, true);
  if (h != Header::kMatch) return h;
  if (!name(&q, end)) return Header::kNoMatch;
  if ((h = blanks(&q, end, true)) != Header::kMatch) return h;
  if (end - q < 2 || q[0] != 'o' || q[1] != 'n') return Header::kNoMatch;
  q += 2;
  if ((h = blanks(&q, end, true)) != Header::kMatch) return h;
  if (!name(&q, end)) return Header::kNoMatch;
  if ((h = blanks(&q, end, false)) != Header::kMatch) return h;
  if (q == end || (*q != '@' && *q != '{')) return Header::kNoMatch;
  *header_end = q + 1;
  return Header::kMatch;
}

}  // namespace gqleval::io::skim
