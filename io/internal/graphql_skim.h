// A light GraphQL scanner for query extraction: it skips the tokens that can
// hide braces (strings, block strings, comments) and matches braces, without
// building tokens or checking the grammar. The parser proper does that later;
// here we only need to know where a definition that an LLM wrote ends.
//
// Rules follow the GraphQL lexical grammar: ignored tokens are white space,
// line terminators, commas, the BOM and comments ('#' to the end of the line);
// a string ends at its closing quote or, unterminated, at the end of its line
// (a string cannot span lines, so a stray quote in prose cannot hide the rest
// of the text); a block string ends at an unescaped """ or at the end of the
// text. All functions work on [p, end) and never read outside it.
#pragma once

namespace gqleval::io::skim {

// p advanced past ignored tokens.
const char* skip_ignored(const char* p, const char* end);

// p is at '"': one past the string or block string (see above).
const char* skip_string(const char* p, const char* end);

// Whether `target` is GraphQL code, as read from `from` (a position in code:
// not inside a comment or string): target itself if it is, else one past the
// comment or string that holds it, the next place where code may start.
const char* code_position(const char* from, const char* target, const char* end);

// p is at '{': one past the matching '}', or nullptr if the text ends first.
const char* match_braces(const char* p, const char* end);

// p is at the keyword of an operation or fragment definition: one past the
// closing brace of its selection set (the first '{' outside parentheses), or
// nullptr if there is none or it never closes.
const char* definition_end(const char* p, const char* end);

// The character classes of query extraction's regex and of the shortcuts
// that stand in for it (query_extract.cc, fragment_header below): ASCII word
// characters as RE2's \b sees them, GraphQL name starts, and [\s,] (RE2's \s
// is space, \t, \n, \f, \r). Inline: they sit in the shortcuts' loops.
inline bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
inline bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool is_regex_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ',';
}

// Whether a fragment definition's header starts at p: the word "fragment"
// (not after a letter, digit or '_'), a name, "on", a type name, each apart,
// then '@' or '{' after blanks, exactly as query extraction's regex reads it
// (GQ_FRAGMENT, query_extract.cc). kMatch sets *header_end one past the '@' or
// '{'. Blanks and commas are read here; at a comment ('#') it declines
// (kUnsure) and the caller asks the regex.
enum class Header { kMatch, kNoMatch, kUnsure };
Header fragment_header(const char* begin, const char* p, const char* end, const char** header_end);

}  // namespace gqleval::io::skim
