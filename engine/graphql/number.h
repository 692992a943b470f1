// The value of a GraphQL IntValue or FloatValue token's text as a double, as
// graphql-js reads it (JavaScript's parseFloat): the nearest double, +-Infinity
// beyond the range of a double (1e400), a zero below it (1e-400).
#pragma once

#include <string_view>

namespace gqleval::graphql {

// `text` is the text of an IntValue or FloatValue token.
double number_value(std::string_view text);

}  // namespace gqleval::graphql
