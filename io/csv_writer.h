// CSV output (RFC 4180) for result files: a field is quoted when it holds a
// ',', a '"', a CR or an LF, with each '"' doubled; other fields are written as
// they are. Records end with LF. What this writes, parse_csv and CsvReader read
// back to the same fields.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gqleval::io {

void append_csv_field(std::string& out, std::string_view field);

// The fields joined by ',' and an LF. A record of one empty field is written
// as "" so that it is not an empty line (which readers skip).
void append_csv_record(std::string& out, std::span<const std::string_view> fields);

}  // namespace gqleval::io
