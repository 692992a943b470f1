// JsonlRecordParser: reads one JSON Lines record (a JSON object) into named
// fields, for rows such as {"schema": "...", "reference": "...", "candidate":
// "...", "variables": {"id": 1}}.
//
// A string member gives its decoded value; any other member (a number, true,
// null, an object such as "variables", an array) gives its raw JSON text as
// written, so a later stage can parse it. Names and string values are views
// into the input buffer when they contain no escapes; an escaped name is
// decoded into the arena and an escaped value is a view of the parser's
// decoded copy (valid until the next parse; no copy of a large cell); raw
// texts are always views into the buffer. Members keep their order;
// duplicate names are kept (find_json_field says which one wins).
//
// The record is validated completely (simdjson's DOM parser): invalid UTF-8
// (reported at its first bad byte, also when the JSON is bad too), invalid
// JSON, and a value that is not an object each make the record bad with a
// status, never stopping a run.
//
// A column may also name a nested value by a path (json_path.h): find_path()
// reads it from the DOM of the record parsed last.
//
// Cost: one simdjson parse (which checks UTF-8 and copies the line into the
// parser's padded buffer; our own UTF-8 scan runs only on a record simdjson
// refuses, to find the bad byte) and one light pass to find the raw extents of
// the members, which skips a string 64 bytes at a time. A parser is not thread-safe: one per
// worker; it keeps its buffers between records, so steady-state parsing does not allocate.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "io/json_path.h"
#include "io/record_shard.h"

namespace simdjson::dom {
class parser;
}  // namespace simdjson::dom

namespace gqleval::io {

struct JsonField {
  std::string_view name;   // decoded
  std::string_view value;  // decoded string, or the raw JSON text of any other value
  bool is_string = false;
};

enum class JsonlIssue : uint8_t {
  kNone,
  kInvalidUtf8,
  kInvalidJson,
  kNotAnObject,
};

struct JsonlRecordStatus {
  JsonlIssue issue = JsonlIssue::kNone;
  uint64_t offset = 0;      // buffer offset of the fault, when known (UTF-8)
  std::string_view detail;  // simdjson's message for kInvalidJson
  bool ok() const { return issue == JsonlIssue::kNone; }
};

class JsonlRecordParser {
 public:
  JsonlRecordParser();
  JsonlRecordParser(JsonlRecordParser&&) noexcept;
  JsonlRecordParser& operator=(JsonlRecordParser&&) noexcept;
  ~JsonlRecordParser();

  // Parses the record at span of buffer into fields (cleared first).
  JsonlRecordStatus parse(std::string_view buffer, const RecordSpan& span, Arena& arena,
                          std::vector<JsonField>& fields);

  // The value at `path` in the record parsed last, nullopt when that record
  // did not parse or lacks the path (a missing member, an index past the end,
  // a step into a value that is not an object or array). Names match as in
  // find_json_field. A string reads decoded (a view into the parser, valid
  // until the next parse: no copy); any other value reads as its minified
  // JSON text, copied into `arena` (a JSON null is the text "null").
  std::optional<JsonField> find_path(const JsonPath& path, Arena& arena) const;

 private:
  std::unique_ptr<simdjson::dom::parser> parser_;
  bool parsed_ = false;  // whether the record parsed last is an object
};

// The member called name: an exact match wins over one that differs in ASCII
// case or surrounding blanks; among equal matches the last wins, as with
// JSON.parse.
std::optional<size_t> find_json_field(const std::vector<JsonField>& fields, std::string_view name);

// Whether every member name of the record `line` is one of `known`, by a
// light scan that neither validates the JSON nor decodes anything: false when
// a name is new, holds an escape, or the line does not look like an object.
// Finding a file's columns (the names of its valid records) parses only the
// records for which this is false, so a file whose every record has the same
// members is read at the speed of a byte scan.
bool all_member_names_known(std::string_view line, const std::vector<std::string>& known);

std::string_view jsonl_issue_name(JsonlIssue issue);

// The diagnostic for a bad record (rule "JSONL"). Column 0 (unknown) for
// invalid JSON, as simdjson does not report where.
Diagnostic describe_jsonl_issue(std::string_view buffer, const RecordSpan& span,
                                const JsonlRecordStatus& status);

}  // namespace gqleval::io
