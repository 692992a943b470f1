// JsonPath: a dotted path with array indexes into a JSON Lines record, such as
// `doc.schema`, `filtered_resps[0]`, `resps[0][0]` or `a.b[2].c`, so that a
// column can name a value nested in each record (lm-evaluation-harness sample
// logs keep the schema under "doc" and the answer in "filtered_resps").
//
// Grammar: a member name, then any number of `.name` or `[N]` steps, at least
// one. A name is one or more bytes other than '.', '[' and ']'; N is decimal
// digits. Anything else (`a[`, `a..b`, `.a`, `a.`, `a[x]`, `[0]`, a lone name)
// is not a path: the caller then takes the text as a plain column name.
//
// Lookup is JsonlRecordParser::find_path (jsonl_record.h), on the record the
// parser read last. Parsing a path allocates; it runs once per run.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gqleval::io {

struct JsonPathStep {
  std::string member;  // a member name; empty for an index step
  size_t index = 0;    // the array index of an index step
  bool is_index = false;
};

using JsonPath = std::vector<JsonPathStep>;

// The steps of `text`, the first a member name; nullopt when `text` is not a
// path (see above).
std::optional<JsonPath> parse_json_path(std::string_view text);

}  // namespace gqleval::io
