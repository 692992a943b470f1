// Block strings ("""..."""): the specification's BlockStringValue() algorithm,
// which turns the raw text between the quotes into the string's value, and
// graphql-js's printBlockString(), which turns a value back into block-string
// source text.
#pragma once

#include <string>
#include <string_view>

namespace gqleval::graphql {

// Appends the value of a block string to out. `raw` is the source text between
// the opening and closing triple quotes. Lines end at "\r\n", "\n" or "\r";
// the common indentation (spaces and tabs) of every line but the first is
// removed, leading and trailing blank lines are dropped, lines are joined with
// "\n", and each escaped triple quote \""" becomes """. Malformed UTF-8
// becomes U+FFFD. Linear time; allocates only by growing out.
void append_block_string_value(std::string_view raw, std::string& out);

// The block-string source text for value, exactly as graphql-js 16
// printBlockString(value) writes it, including the triple quotes.
std::string print_block_string(std::string_view value);

// graphql-js isPrintableAsBlockString(value): whether value prints as a block
// string and reads back as itself.
bool printable_as_block_string(std::string_view value);

// graphql-js printDescription, appended to out: the description as a block
// string when it can be one, else a string, each line after `indentation`, a
// blank line before it when it is not the first item of an indented block, and
// a final newline. Nothing for an empty description.
void append_description(std::string& out, std::string_view text, std::string_view indentation = {},
                        bool first_in_block = true);

}  // namespace gqleval::graphql
