// String literals in double quotes, for every stage that prints one: the
// GraphQL printer (graphql-js printString), normal-form keys, and JSON output.
//
// All of them write '"' and '\' escaped, \b \f \n \r \t in their short forms
// and the other C0 controls (U+0000..U+001F) as \u00XX; every other character
// is copied as it is. Where the three outputs genuinely differ, a style says
// so:
//
//              hex digits  U+007F  U+0080..U+009F  malformed UTF-8
//   GraphQL    upper case  \u007F  \u0080..        copied
//   canonical  lower case  \u007f  copied          copied
//   JSON       lower case  copied  copied          U+FFFD each
//
// GraphQL follows graphql-js printString byte for byte. JSON follows RFC 8259
// and its output is always valid UTF-8: each malformed sequence (a maximal
// subpart, engine/base/utf8.h) becomes one U+FFFD, so a bad input byte can
// never break a result file. Canonical keys never contain a raw control byte,
// so the symbol marker (0x01) of normal forms cannot appear inside a string.
//
// Cost: runs of plain bytes are found 16 at a time and copied in one append;
// the style is a template argument, so each style is compiled on its own and
// choosing one costs nothing. Only the output string grows; nothing else
// allocates.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval {

// The three styles of the table above.
enum class StringLiteralStyle : uint8_t { kGraphQL, kCanonical, kJson };

// Appends text to out in double quotes, escaped in the given style (each
// style is instantiated in string_literal.cc).
template <StringLiteralStyle kStyle>
void append_string_literal(std::string& out, std::string_view text);

}  // namespace gqleval
