// Suggestions for misspelled names, as graphql-js words them: suggestion_list()
// picks the options within a lexical distance of 40% of the input's length
// (case changes count as one edit, adjacent transpositions as one), sorted by
// distance and then in natural order ("a2" before "a10"); did_you_mean() turns
// them into the " Did you mean "A", "B", or "C"?" tail of a message (at most
// five, empty when there are none). Used for "Unknown type" and the other
// messages that graphql-js completes with suggestions.
//
// Cost: O(|input| * |option|) per option; only called on the error path.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gqleval::schema {

std::vector<std::string_view> suggestion_list(std::string_view input,
                                              std::span<const std::string_view> options);

// " Did you mean "A" or "B"?"; with a sub_message: " Did you mean <sub> "A"?".
std::string did_you_mean(std::span<const std::string_view> suggestions,
                         std::string_view sub_message = {});

// graphql-js naturalCompare: digit runs compare as numbers. <0, 0 or >0.
int natural_compare(std::string_view a, std::string_view b);

}  // namespace gqleval::schema
