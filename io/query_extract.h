// extract_query: finds the GraphQL query in an LLM's answer, exactly as
// docs/semantics.md stage 1 point 1 says, so the parser sees the query and not the
// prose around it.
//
// 1. The first fenced code block (markdown_fence.h) whose language is
//    "graphql", "gql" (any case) or empty and that contains an executable
//    definition; the query is taken from the block's content by step 2.
// 2. Otherwise, in the whole text, the first anchor of an executable
//    definition:
//      - "query" / "mutation" / "subscription" as a word, shaped like an
//        operation header: an optional name, then "($", "@" or "{";
//      - "fragment Name on Type" followed by "@" or "{";
//      - a "{" that opens a selection set: a name or "..." follows after
//        blanks, commas and comments (so JSON such as {"a": 1} is skipped).
//    A type-system definition at the start of a line ("type X ... {",
//    "interface", "input", "enum", "schema", optionally after "extend") is
//    skipped whole: its "{" opens fields, not a selection set (an LLM that
//    repeats the schema before its query must not have the schema taken).
//    From the anchor, the region runs to the brace that closes its selection
//    set; strings, block strings and comments do not count. Then the
//    definitions written right after it (only blanks, commas and comments
//    between) join the region, and then every fragment definition found
//    later in the text is added.
//    A region that never balances runs to the end of the text (or of the
//    fenced block), so its syntax error says what is missing. The spec says
//    this for keyword anchors; we do the same for a "{" anchor, the reading
//    that reports a truncated answer as invalid rather than as no query.
// Nothing found: found = false (verdict no_query).
//
// Output: when the query is one contiguous region, it is a view into text.
// When later fragments are added, the query is built in the arena as the text
// from the first region to the last, with every character between regions
// replaced by spaces (as many as its UTF-16 length) and line breaks kept. So
// in both cases a line and column in the query map to the text by the same
// rule (position_in_text), and diagnostics point into the answer as written.
//
// Cost: RE2 scans (linear time) and one pass of the brace scanner per region.
// The common shapes skip RE2 with exact shortcuts: text without "```" or "~~~"
// has no fence; a region that starts (after blanks) with "{" or an operation
// header is its own first anchor; text without "fragment" has no later
// fragment definition.
// Thread-safe (the regexes are compiled once and shared).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"

namespace gqleval::io {

enum class ExtractionSource : uint8_t {
  kNone,         // nothing found
  kFencedBlock,  // from a fenced code block
  kText,         // from the text outside (or without) fences
};

struct Extraction {
  bool found = false;
  std::string_view query;  // view into text, or into the arena when joined
  size_t offset = 0;       // byte offset in text where the query starts
  ExtractionSource source = ExtractionSource::kNone;
  bool joined = false;  // later fragment definitions were added (query in the arena)
};

Extraction extract_query(std::string_view text, Arena& arena);

// The position in text of a position (1-based line, UTF-16 column, as
// diagnostics count) in extraction.query. Lines end at "\r\n", "\n" or "\r", as
// in GraphQL.
SourcePos position_in_text(std::string_view text, const Extraction& extraction, SourcePos in_query);

std::string_view extraction_source_name(ExtractionSource source);

}  // namespace gqleval::io
