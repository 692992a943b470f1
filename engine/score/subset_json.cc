#include "engine/score/subset_json.h"

#include "engine/score/result_json.h"
#include "io/json_writer.h"

namespace gqleval::score {

namespace {

// The members between the verdict and the errors' value: `,"pass":...,"errors":`.
void append_members_after_verdict(std::string& out, const SubsetRow& row) {
  const SubsetResult& r = row.result;
  const bool compared = is_compared(row.verdict);
  append_json_key(out, "pass");
  out.append(row.verdict == SubsetVerdict::kSubset ? "true" : "false");
  append_json_key(out, "compared");
  out.append(compared ? "true" : "false");
  // Counts are null when nothing was compared; the score is 0, the value the
  // summary averages.
  auto count = [&](std::string_view name, uint64_t v) {
    append_json_key(out, name);
    if (compared) {
      io::append_number(out, v);
    } else {
      out.append("null");
    }
  };
  count("missing", r.missing_nodes);
  append_json_key(out, "score");
  io::append_json_real(out, compared ? r.score : 0.0);
  count("left_nodes", r.left_nodes);
  append_json_key(out, "matched_reference");
  if (row.matched_reference == kNoReference) {
    out.append("null");
  } else {
    io::append_number(out, row.matched_reference);
  }
  append_json_key(out, "missing_paths");
  append_json_paths(out, std::span<const SubsetMissing>(r.missing));
  append_json_operations(out, row.operations, row.invalid_operations);
  append_json_key(out, "errors");
}

}  // namespace

void append_subset_members(std::string& out, const SubsetRow& row) {
  out.append("\"verdict\":");
  io::append_json_string(out, subset_verdict_name(row.verdict));
  append_members_after_verdict(out, row);
  append_json_errors(out, row.result.errors);
}

void append_uncompared_subset_members(std::string& out, std::string_view verdict,
                                      std::string_view query, const Diagnostic& error) {
  out.append("\"verdict\":");
  io::append_json_string(out, verdict);
  // A default row is a stage 1 one: no pass, nothing compared, no reference.
  append_members_after_verdict(out, SubsetRow{});
  out.push_back('[');
  append_json_error(out, query, std::nullopt, error);
  out.push_back(']');
}

}  // namespace gqleval::score
