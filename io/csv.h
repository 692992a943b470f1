// parse_csv: a strict RFC 4180 reader that turns a whole CSV text into owned
// rows. Meant for tests, rule files and other small inputs; batch runs use
// CsvReader (csv_reader.h), which follows the same grammar (see csv_splitter.h)
// but reports bad records one by one instead of failing.
//
// Grammar: records end at LF or CRLF (a lone CR is data); fields are separated
// by ','; a field that starts with '"' is quoted and may hold ',', CR, LF and
// doubled quotes ("" decodes to "). A UTF-8 byte-order mark at the start is
// skipped. An empty line (no bytes before its line break) is not a record, so a
// trailing newline or blank separator lines add no rows. A final record without
// a line break is kept. Rows may have different numbers of fields, and fields
// have no size limit.
//
// Errors (rule "CSV"; the first bad record fails the parse, and within it the
// first fault): a quote inside an unquoted field, text after a closing quote,
// an unterminated quoted field (pointing at its opening quote), invalid UTF-8.
// Positions are 1-based lines and 1-based columns in UTF-16 code units, as
// everywhere in gqleval; the BOM takes no column.
// Cost: one pass, O(n) time; the rows own copies of their fields.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::io {

struct CsvRow {
  std::vector<std::string> fields;
  uint64_t line = 0;  // 1-based line on which the record starts
};

Result<std::vector<CsvRow>, Diagnostic> parse_csv(std::string_view text);

}  // namespace gqleval::io
