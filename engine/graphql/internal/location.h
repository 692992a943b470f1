// Source positions as graphql-js reports them: a 1-based line, where "\r\n",
// "\r" and "\n" each end a line, and a 1-based column counted in UTF-16 code
// units from the start of the line (Node decodes the file to UTF-16 first).
//
// The lexer tracks positions of tokens incrementally; this function is the
// slow path for errors, O(offset).
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/base/diagnostic.h"

namespace gqleval::graphql {

// The position of the byte at `offset` (offset may equal source.size(), the
// end of the document). Mirrors graphql-js getLocation(): a line terminator
// that starts at or after offset does not count, so an offset inside "\r\n"
// (at the "\n") gives column 0, as graphql-js does.
SourcePos position_at(std::string_view source, size_t offset);

}  // namespace gqleval::graphql
