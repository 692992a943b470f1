// Fenced code blocks in Markdown text (LLM answers), the one reader of them:
// query_extract.h takes a GraphQL query from them, engine/calls the code of a
// function-calling answer. As CommonMark defines them, with the leniency LLM
// output needs: an opening fence is a line of at least three backticks or
// tildes, indented by any number of spaces or tabs, followed by an info string
// (which, for backtick fences, may not contain a backtick, so
// "```graphql { a } ```" on one line is inline code, not a fence). The block
// ends at a line holding only a fence of the same character at least as long
// (and blanks), or at the end of the text when it is never closed.
// An opening line whose info string is not UTF-8 is no fence; the check is the
// lenient one of the first, RE2-based version (which this one matches byte for
// byte): overlong, surrogate and past-U+10FFFF forms pass, stray continuation
// bytes, C0, C1, F5-FF and cut sequences do not. Blocks do not nest.
// Cost: one pass over the lines from pos to the closing fence, no allocation.
#pragma once

#include <cstddef>
#include <string_view>

namespace gqleval::io {

struct FencedBlock {
  size_t fence_begin = 0;     // offset of the opening fence line
  size_t content_begin = 0;   // offset of the first content line
  size_t content_end = 0;     // offset of the closing fence line (or the text end)
  size_t next = 0;            // where the text after the block starts
  std::string_view language;  // the first word of the info string, as written ("" if none)
  bool closed = false;
};

// The first fenced block that opens at or after pos.
bool find_fenced_block(std::string_view text, size_t pos, FencedBlock& block);

}  // namespace gqleval::io
