#include "engine/report/row_details.h"

#include <simdjson.h>

#include "engine/base/concat.h"

namespace gqleval::report {
namespace {

using simdjson::dom::element;

constexpr std::string_view kReferenceMembers[] = {"reference", "gt_query", "GT_GQL", "query1",
                                                  "Query1 Content"};

std::optional<uint64_t> count(element row, std::string_view key) {
  uint64_t n = 0;
  if (row[key].get_uint64().get(n) != simdjson::SUCCESS) return std::nullopt;
  return n;
}

uint32_t position(element item, std::string_view key) {
  uint64_t n = 0;
  return item[key].get_uint64().get(n) == simdjson::SUCCESS && n <= UINT32_MAX
             ? static_cast<uint32_t>(n)
             : 0;
}

// The paths of `key`, each named by its `name` member (a coverage row's
// missing coordinates are its "coordinate"s).
std::vector<PathItem> paths(element row, std::string_view key, std::string_view name = "path") {
  std::vector<PathItem> out;
  simdjson::dom::array items;
  if (row[key].get_array().get(items) != simdjson::SUCCESS) return out;
  for (element item : items) {
    PathItem p;
    std::string_view text;
    if (item[name].get_string().get(text) != simdjson::SUCCESS) continue;
    p.path = text;
    p.line = position(item, "line");
    p.column = position(item, "column");
    p.nodes = count(item, "nodes").value_or(0);
    p.operation = count(item, "operation");
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<ArgumentItem> argument_differences(element row) {
  std::vector<ArgumentItem> out;
  simdjson::dom::array items;
  if (row["argument_differences"].get_array().get(items) != simdjson::SUCCESS) return out;
  for (element item : items) {
    ArgumentItem a;
    std::string_view path, text;
    if (item["path"].get_string().get(path) != simdjson::SUCCESS ||
        item["text"].get_string().get(text) != simdjson::SUCCESS) {
      continue;
    }
    a.path = path;
    // The text is `field: changes`; a field's label holds no ": ".
    const size_t colon = text.find(": ");
    a.changes = colon == std::string_view::npos ? text : text.substr(colon + 2);
    a.reference_line = position(item, "reference_line");
    a.candidate_line = position(item, "candidate_line");
    int64_t within = -1;
    if (item["within"].get_int64().get(within) == simdjson::SUCCESS) a.within = within;
    a.missing_index = count(item, "missing_index").value_or(0);
    a.extra_index = count(item, "extra_index").value_or(0);
    a.missing_paths = paths(item, "missing_paths");
    a.extra_paths = paths(item, "extra_paths");
    out.push_back(std::move(a));
  }
  return out;
}

std::optional<std::string> text(element row, std::string_view key) {
  std::string_view s;
  if (key.empty() || row[key].get_string().get(s) != simdjson::SUCCESS) return std::nullopt;
  return std::string(s);
}

std::string first_error(element row) {
  simdjson::dom::array errors;
  if (row["errors"].get_array().get(errors) != simdjson::SUCCESS) return "";
  for (element e : errors) {
    std::string_view rule;
    std::string_view message;
    if (e["rule"].get_string().get(rule) != simdjson::SUCCESS) rule = {};
    if (e["message"].get_string().get(message) != simdjson::SUCCESS) message = {};
    return concat({rule, rule.empty() ? "" : ": ", message});
  }
  return "";
}

}  // namespace

RowDetailReader::RowDetailReader(TextMembers members)
    : members_(std::move(members)), parser_(std::make_unique<simdjson::dom::parser>()) {}

RowDetailReader::~RowDetailReader() = default;

RowDetail RowDetailReader::read(const Run& run, const RunRow& row) {
  const TextMembers& members = members_;
  RowDetail out;
  const std::string_view line = run.line_text(row);
  element doc;
  if (parser_->parse(line.data(), line.size()).get(doc) != simdjson::SUCCESS) return out;
  out.missing = count(doc, "missing");
  out.extra = count(doc, "extra");
  out.matched_reference = count(doc, "matched_reference");
  out.missing_paths = paths(doc, "missing_paths");
  if (doc["missing_coordinates"].error() == simdjson::SUCCESS) {  // a coverage row
    out.missing_paths = paths(doc, "missing_coordinates", "coordinate");
    const auto required = count(doc, "required");
    const auto covered = count(doc, "covered_count");
    if (required && covered) out.missing = *required - *covered;
  }
  out.extra_paths = paths(doc, "extra_paths");
  out.argument_differences = argument_differences(doc);
  out.first_error = first_error(doc);
  if (!members.candidate.empty()) {
    out.candidate = text(doc, members.candidate);
  } else {
    out.candidate = text(doc, run.name);
    if (!out.candidate) out.candidate = text(doc, "candidate");
  }
  if (!members.reference.empty()) {
    out.reference = text(doc, members.reference);
  } else {
    for (std::string_view key : kReferenceMembers) {
      if ((out.reference = text(doc, key))) break;
    }
  }
  return out;
}

}  // namespace gqleval::report
