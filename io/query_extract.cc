#include "io/query_extract.h"

#include <re2/re2.h>

#include <cstring>

#include "engine/base/utf8.h"
#include "io/internal/graphql_skim.h"
#include "io/markdown_fence.h"

namespace gqleval::io {
namespace {

// Blanks, commas and comments, as GraphQL ignores them (at least one, or any).
#define GQ_IGNORED "(?:[\\s,]|#[^\\n\\r]*)*"
#define GQ_SEPARATOR "(?:[\\s,]|#[^\\n\\r]*)+"
#define GQ_NAME "[_A-Za-z][_0-9A-Za-z]*"
#define GQ_FRAGMENT \
  "\\bfragment" GQ_SEPARATOR GQ_NAME GQ_SEPARATOR "on" GQ_SEPARATOR GQ_NAME GQ_IGNORED "[@{]"

enum AnchorKind { kTypeSystem = 1, kOperation = 2, kFragment = 3, kSelectionSet = 4 };

// The anchors of step 2, one group per kind, in AnchorKind order.
const RE2& anchors() {
  static const RE2 re(
      "((?m:^)[ \\t]*(?:extend[ \\t]+)?(?:type|interface|input|enum|schema)\\b[^{}\\n]*\\{)"
      "|(\\b(?:query|mutation|subscription)\\b" GQ_IGNORED "(?:" GQ_NAME GQ_IGNORED
      ")?"
      "(?:\\(" GQ_IGNORED
      "\\$|@|\\{))"
      "|(" GQ_FRAGMENT
      ")"
      "|(\\{" GQ_IGNORED "(?:[_A-Za-z]|\\.\\.\\.))");
  return re;
}

const RE2& fragment_anchor() {
  static const RE2 re("(" GQ_FRAGMENT ")");
  return re;
}

struct Anchor {
  int kind = 0;
  size_t begin = 0;  // where the definition starts
  size_t end = 0;    // end of the regex match
};

// The leftmost match of re in [pos, end). Group k of anchors() is AnchorKind k;
// a regex with one group (fragment_anchor) gives only_kind.
bool find_anchor(const RE2& re, std::string_view text, size_t pos, size_t end,
                 RE2::Anchor anchoring, Anchor& out, int only_kind = 0) {
  re2::StringPiece groups[5];
  int n = re.NumberOfCapturingGroups() + 1;
  if (!re.Match(text, pos, end, anchoring, groups, n)) return false;
  for (int k = 1; k < n; ++k) {
    if (groups[k].data() != nullptr) {
      out.kind = only_kind != 0 ? only_kind : k;
      out.begin = static_cast<size_t>(groups[k].data() - text.data());
      out.end = out.begin + groups[k].size();
      return true;
    }
  }
  return false;
}

// ---- Shortcuts that spare RE2 in the common cases; each gives exactly the
// answer the regex would, or declines (and the regex decides).

enum class Quick { kMatch, kDecline };

// Skips blanks (not comments: a '#' declines, since GQ_IGNORED can end inside
// a comment). Returns the position of the next other character, or end.
size_t skip_blanks(std::string_view text, size_t p, size_t end) {
  while (p < end && skim::is_regex_blank(text[p])) ++p;
  return p;
}

// The leftmost match of anchors() in [begin, end), when the text there starts,
// after blanks, with an operation header or a selection set: the usual bare
// query. Declines on anything else (a comment, prose, a type definition, a
// fragment). Why this is the regex's answer: the positions before p hold only
// blanks and commas, where no alternative can start (the type-system one
// would need its keyword at p, and p holds "{" or an operation keyword), and
// at p the operation alternative comes before the selection-set one.
Quick quick_anchor(std::string_view text, size_t begin, size_t end, Anchor& out) {
  const size_t p = skip_blanks(text, begin, end);
  if (p >= end) return Quick::kDecline;
  if (text[p] == '{') {  // GQ_IGNORED then a name start or "..."
    const size_t q = skip_blanks(text, p + 1, end);
    if (q >= end) return Quick::kDecline;
    if (!skim::is_name_start(text[q]) && text.substr(q, 3) != "...") return Quick::kDecline;
    if (text[q] == '.' && q + 3 > end) return Quick::kDecline;
    out = {kSelectionSet, p, p + 1};
    return Quick::kMatch;
  }
  size_t q = p;
  for (std::string_view keyword : {"query", "mutation", "subscription"}) {
    if (text.substr(p, keyword.size()) == keyword) {
      q = p + keyword.size();
      break;
    }
  }
  if (q == p || q >= end || skim::is_word_char(text[q])) return Quick::kDecline;
  if (p > 0 && skim::is_word_char(text[p - 1])) return Quick::kDecline;  // no \b before
  q = skip_blanks(text, q, end);
  if (q < end && skim::is_name_start(text[q])) {  // the operation name
    while (q < end && skim::is_word_char(text[q])) ++q;
    q = skip_blanks(text, q, end);
  }
  if (q >= end) return Quick::kDecline;
  if (text[q] == '(') {
    q = skip_blanks(text, q + 1, end);
    if (q >= end || text[q] != '$') return Quick::kDecline;
  } else if (text[q] != '{' && text[q] != '@') {
    return Quick::kDecline;
  }
  out = {kOperation, p, q + 1};
  return Quick::kMatch;
}

// find_anchor(anchors(), ..., UNANCHORED, ...) with the shortcut first.
bool find_first_anchor(std::string_view text, size_t pos, size_t end, Anchor& out) {
  if (quick_anchor(text, pos, end, out) == Quick::kMatch) return true;
  return find_anchor(anchors(), text, pos, end, RE2::UNANCHORED, out);
}

// skim::fragment_header at `at`; a match as the fragment anchor there.
skim::Header fragment_at(std::string_view text, size_t at, size_t end, Anchor& out) {
  const char* const base = text.data();
  const char* header_end = nullptr;
  const skim::Header h = skim::fragment_header(base, base + at, base + end, &header_end);
  if (h == skim::Header::kMatch) out = {kFragment, at, static_cast<size_t>(header_end - base)};
  return h;
}

// find_anchor(fragment_anchor(), ...): a match starts at a "fragment", and
// skim::fragment_header reads most headers as the regex does; the regex is
// asked only where that declines (a comment inside the header).
bool find_fragment_anchor(std::string_view text, size_t pos, size_t end, Anchor& out) {
  constexpr std::string_view kWord = "fragment";
  for (size_t at = text.find(kWord, pos); at != std::string_view::npos && at + kWord.size() <= end;
       at = text.find(kWord, at + 1)) {
    const skim::Header h = fragment_at(text, at, end, out);
    if (h == skim::Header::kMatch) return true;
    if (h == skim::Header::kUnsure) {
      return find_anchor(fragment_anchor(), text, pos, end, RE2::UNANCHORED, out, kFragment);
    }
  }
  return false;
}

// find_anchor(anchors(), ..., ANCHOR_START, ...): at a "fragment", only the
// fragment alternative can match, and skim::fragment_header reads it.
bool find_anchor_at(std::string_view text, size_t pos, size_t end, Anchor& out) {
  if (text.substr(pos, end - pos).starts_with("fragment")) {
    const skim::Header h = fragment_at(text, pos, end, out);
    if (h != skim::Header::kUnsure) return h == skim::Header::kMatch;
  }
  return find_anchor(anchors(), text, pos, end, RE2::ANCHOR_START, out);
}

constexpr size_t kUnbalanced = static_cast<size_t>(-1);

// One past the end of the definition at anchor, or kUnbalanced.
size_t definition_end(std::string_view text, const Anchor& anchor, size_t end) {
  const char* base = text.data();
  const char* stop = anchor.kind == kSelectionSet
                         ? skim::match_braces(base + anchor.begin, base + end)
                         : skim::definition_end(base + anchor.begin, base + end);
  return stop == nullptr ? kUnbalanced : static_cast<size_t>(stop - base);
}

// Writes [p, end) to out with every character but line breaks replaced by as
// many spaces as its UTF-16 length, so that lines and columns stay the same.
size_t blank_out(const char* p, const char* end, char* out) {
  char* o = out;
  while (p < end) {
    if (*p == '\n' || *p == '\r') {
      *o++ = *p++;
      continue;
    }
    const utf8::Decoded d = utf8::decode(p, end);
    for (uint32_t i = 0; i < utf8::utf16_units(d.code_point); ++i) *o++ = ' ';
    p += d.length;
  }
  return static_cast<size_t>(o - out);
}

// Step 2 on [begin, end) of text.
Extraction extract_from(std::string_view text, size_t begin, size_t end, ExtractionSource source,
                        Arena& arena) {
  const char* const base = text.data();
  Extraction result;
  result.source = source;
  // A fenced block is GraphQL text: what its comments and strings say is not
  // a query (`# Returns { name }`). Prose has no such structure ('#' heads a
  // Markdown title there), so only a block's anchors are checked.
  const bool code = source == ExtractionSource::kFencedBlock;
  size_t in_code = begin;  // a position known to be outside comments and strings
  auto commented = [&](const Anchor& a, size_t& resume) {
    if (!code) return false;
    const char* at = skim::code_position(base + in_code, base + a.begin, base + end);
    in_code = resume = static_cast<size_t>(at - base);
    return resume != a.begin;
  };
  Anchor anchor;
  for (size_t pos = begin;;) {
    if (!find_first_anchor(text, pos, end, anchor)) return Extraction{};
    if (commented(anchor, pos)) continue;
    if (anchor.kind != kTypeSystem) break;
    const char* close = skim::match_braces(base + anchor.end - 1, base + end);
    if (close == nullptr) return Extraction{};  // a type definition that never closes
    pos = in_code = static_cast<size_t>(close - base);
  }
  result.found = true;
  result.offset = anchor.begin;
  auto to_end = [&] {
    result.query = text.substr(result.offset, end - result.offset);
    return result;
  };
  size_t stop = definition_end(text, anchor, end);
  if (stop == kUnbalanced) return to_end();
  // The definitions written right after it.
  for (;;) {
    auto next = static_cast<size_t>(skim::skip_ignored(base + stop, base + end) - base);
    Anchor following;
    if (next >= end || !find_anchor_at(text, next, end, following) ||
        following.kind == kTypeSystem) {
      break;
    }
    stop = definition_end(text, following, end);
    if (stop == kUnbalanced) return to_end();
  }
  // Fragment definitions that follow later: join them, blanking what lies between.
  char* joined = nullptr;
  size_t joined_size = 0;
  size_t last = stop;
  Anchor fragment;
  in_code = stop;
  for (size_t search = stop; search < end && find_fragment_anchor(text, search, end, fragment);) {
    if (commented(fragment, search)) continue;
    size_t fragment_end = definition_end(text, fragment, end);
    if (fragment_end == kUnbalanced) fragment_end = end;
    if (joined == nullptr) {
      // Blanking never lengthens text, so the span up to end is enough room.
      joined = static_cast<char*>(arena.allocate(end - result.offset, 1));
      joined_size = stop - result.offset;
      std::memcpy(joined, base + result.offset, joined_size);
    }
    joined_size += blank_out(base + last, base + fragment.begin, joined + joined_size);
    std::memcpy(joined + joined_size, base + fragment.begin, fragment_end - fragment.begin);
    joined_size += fragment_end - fragment.begin;
    last = search = in_code = fragment_end;
  }
  if (joined != nullptr) {
    result.query = std::string_view(joined, joined_size);
    result.joined = true;
  } else {
    result.query = text.substr(result.offset, stop - result.offset);
  }
  return result;
}

bool is_query_language(std::string_view language) {
  auto equals_ignoring_case = [](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      char c = a[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != b[i]) return false;
    }
    return true;
  };
  return language.empty() || equals_ignoring_case(language, "graphql") ||
         equals_ignoring_case(language, "gql");
}

}  // namespace

Extraction extract_query(std::string_view text, Arena& arena) {
  // A fence needs three backticks or tildes in a row; most bare answers have none.
  const bool may_have_fence =
      text.find("```") != std::string_view::npos || text.find("~~~") != std::string_view::npos;
  FencedBlock block;
  for (size_t pos = 0; may_have_fence && pos < text.size() && find_fenced_block(text, pos, block);
       pos = block.next) {
    if (!is_query_language(block.language)) continue;
    Extraction e = extract_from(text, block.content_begin, block.content_end,
                                ExtractionSource::kFencedBlock, arena);
    if (e.found) return e;
  }
  return extract_from(text, 0, text.size(), ExtractionSource::kText, arena);
}

SourcePos position_in_text(std::string_view text, const Extraction& extraction,
                           SourcePos in_query) {
  if (in_query.line == 0) return in_query;  // unknown stays unknown
  // The position of extraction.offset in text, GraphQL style.
  uint32_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < extraction.offset && i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
      ++line;
      line_start = i + 1;
    }
  }
  auto column = static_cast<uint32_t>(
      1 + utf8::utf16_length(text.substr(line_start, extraction.offset - line_start)));
  if (in_query.line == 1) return {line, column + in_query.column - 1};
  return {line + in_query.line - 1, in_query.column};
}

std::string_view extraction_source_name(ExtractionSource source) {
  switch (source) {
    case ExtractionSource::kNone: return "none";
    case ExtractionSource::kFencedBlock: return "fenced_block";
    case ExtractionSource::kText: return "text";
  }
  return "unknown";
}

}  // namespace gqleval::io
