#include "bench/baseline/result_line.h"

#include "engine/score/result_json.h"
#include "io/json_writer.h"

namespace gqleval::baseline {
namespace {

using score::append_json_key;

using io::append_number;

void head(std::string& out, const batch::RowKey& k, std::string_view verdict, bool pass) {
  batch::append_json_row_head(out, k);
  out.append("\"verdict\":");
  io::append_json_string(out, verdict);
  append_json_key(out, "pass");
  out.append(pass ? "true" : "false");
}

}  // namespace

void append_result_line(std::string& out, const batch::RowKey& k, const BaselineResult& r) {
  head(out, k, score::verdict_name(r.verdict), r.pass);
  const bool compared = !score::is_stage1(r.verdict);
  append_json_key(out, "matched_reference");
  if (r.matched_reference == score::kNoReference)
    out.append("null");
  else
    append_number(out, r.matched_reference);
  const std::pair<std::string_view, uint64_t> counts[] = {{"reference_bytes", r.reference_bytes},
                                                          {"candidate_bytes", r.candidate_bytes},
                                                          {"reference_leaves", r.reference_leaves},
                                                          {"candidate_leaves", r.candidate_leaves}};
  for (const auto& [name, value] : counts) {
    append_json_key(out, name);
    if (compared)
      append_number(out, value);
    else
      out.append("null");
  }
  if (!r.reference_response.empty() || !r.candidate_response.empty()) {
    append_json_key(out, "reference_response");
    io::append_json_string(out, r.reference_response);
    append_json_key(out, "candidate_response");
    io::append_json_string(out, r.candidate_response);
  }
  append_json_key(out, "errors");
  out.push_back('[');
  for (size_t i = 0; i < r.errors.size(); ++i) {
    if (i) out.push_back(',');
    const score::QueryDiagnostic& e = r.errors[i];
    score::append_json_error(out, score::query_role_name(e.query),
                             e.query == score::QueryRole::kReference
                                 ? std::optional<uint32_t>(e.reference)
                                 : std::nullopt,
                             e.diagnostic);
  }
  out.append("]}\n");
}

void append_bad_row_line(std::string& out, const batch::RowKey& k, const Diagnostic& d) {
  head(out, k, batch::outcome_name(batch::kBadRow), false);
  out.append(
      ",\"matched_reference\":null,\"reference_bytes\":null,\"candidate_bytes\":null,"
      "\"reference_leaves\":null,\"candidate_leaves\":null,\"errors\":[");
  score::append_json_error(out, "row", std::nullopt, d);
  out.append("]}\n");
}

}  // namespace gqleval::baseline
