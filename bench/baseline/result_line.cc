#include "bench/baseline/result_line.h"

#include <charconv>

#include "io/json_writer.h"

namespace gqleval::baseline {
namespace {

void key(std::string& out, std::string_view name) {
  out.append(",\"");
  out.append(name);
  out.append("\":");
}

template <class T>
void number(std::string& out, T value) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, static_cast<size_t>(r.ptr - buf));
}

void position(std::string& out, SourcePos p) {
  key(out, "line");
  if (p.line == 0)
    out.append("null");
  else
    number(out, p.line);
  key(out, "column");
  if (p.column == 0)
    out.append("null");
  else
    number(out, p.column);
}

void head(std::string& out, const batch::RowKey& k, std::string_view verdict, bool pass) {
  out.append("{\"row\":");
  number(out, k.row);
  key(out, "id");
  if (k.has_id)
    io::append_json_string(out, k.id);
  else
    out.append("null");
  key(out, "verdict");
  io::append_json_string(out, verdict);
  key(out, "pass");
  out.append(pass ? "true" : "false");
}

void error(std::string& out, std::string_view query, const score::QueryDiagnostic* q,
           const Diagnostic& d) {
  out.append("{\"query\":");
  io::append_json_string(out, query);
  if (q != nullptr && q->query == score::QueryRole::kReference) {
    key(out, "reference");
    number(out, q->reference);
  }
  key(out, "rule");
  io::append_json_string(out, d.rule);
  key(out, "message");
  io::append_json_string(out, d.message);
  position(out, d.pos());
  out.push_back('}');
}

}  // namespace

void append_result_line(std::string& out, const batch::RowKey& k, const BaselineResult& r) {
  head(out, k, score::verdict_name(r.verdict), r.pass);
  const bool compared = !score::is_stage1(r.verdict);
  key(out, "matched_reference");
  if (r.matched_reference == score::kNoReference)
    out.append("null");
  else
    number(out, r.matched_reference);
  const std::pair<std::string_view, uint64_t> counts[] = {{"reference_bytes", r.reference_bytes},
                                                          {"candidate_bytes", r.candidate_bytes},
                                                          {"reference_leaves", r.reference_leaves},
                                                          {"candidate_leaves", r.candidate_leaves}};
  for (const auto& [name, value] : counts) {
    key(out, name);
    if (compared)
      number(out, value);
    else
      out.append("null");
  }
  if (!r.reference_response.empty() || !r.candidate_response.empty()) {
    key(out, "reference_response");
    io::append_json_string(out, r.reference_response);
    key(out, "candidate_response");
    io::append_json_string(out, r.candidate_response);
  }
  key(out, "errors");
  out.push_back('[');
  for (size_t i = 0; i < r.errors.size(); ++i) {
    if (i) out.push_back(',');
    error(out, score::query_role_name(r.errors[i].query), &r.errors[i], r.errors[i].diagnostic);
  }
  out.append("]}\n");
}

void append_bad_row_line(std::string& out, const batch::RowKey& k, std::string_view reason,
                         const Diagnostic& d) {
  head(out, k, batch::outcome_name(batch::kBadRow), false);
  key(out, "reason");
  io::append_json_string(out, reason);
  out.append(
      ",\"matched_reference\":null,\"reference_bytes\":null,\"candidate_bytes\":null,"
      "\"reference_leaves\":null,\"candidate_leaves\":null,\"errors\":[");
  error(out, "row", nullptr, d);
  out.append("]}\n");
}

}  // namespace gqleval::baseline
