#include "engine/score/result_json.h"

#include "io/json_writer.h"

namespace gqleval::score {
namespace {

using io::append_number;

void append_query(std::string& out, std::string_view query, std::optional<uint32_t> reference) {
  out.append("{\"query\":");
  io::append_json_string(out, query);
  if (reference) {
    append_json_key(out, "reference");
    append_number(out, *reference);
  }
}

std::optional<uint32_t> reference_of(QueryRole role, uint32_t reference) {
  if (role != QueryRole::kReference) return std::nullopt;
  return reference;
}

void append_paths(std::string& out, std::span<const SubtreeDiff> paths) {
  out.push_back('[');
  for (size_t i = 0; i < paths.size(); ++i) {
    if (i) out.push_back(',');
    out.append("{\"path\":");
    io::append_json_string(out, paths[i].path);
    append_json_position(out, paths[i].pos);
    append_json_key(out, "nodes");
    append_number(out, paths[i].nodes);
    out.push_back('}');
  }
  out.push_back(']');
}

void append_firings(std::string& out, const PairResult& r) {
  out.push_back('[');
  for (size_t i = 0; i < r.rules_fired.size(); ++i) {
    const FiredRule& f = r.rules_fired[i];
    if (i) out.push_back(',');
    append_query(out, query_role_name(f.query), reference_of(f.query, reported_reference(r, f)));
    append_json_key(out, "rule");
    io::append_json_string(out, f.rule);
    append_json_key(out, "path");
    io::append_json_string(out, f.path);
    append_json_key(out, "detail");
    io::append_json_string(out, f.detail);
    append_json_position(out, f.pos);
    out.push_back('}');
  }
  out.push_back(']');
}

}  // namespace

uint32_t reported_reference(const PairResult& r, const FiredRule& f) {
  if (f.query == QueryRole::kReference && r.matched_reference >= 0) {
    return static_cast<uint32_t>(r.matched_reference);
  }
  return f.reference;
}

void append_json_key(std::string& out, std::string_view name) {
  out.push_back(',');
  out.push_back('"');
  out.append(name);
  out.append("\":");
}

void append_json_position(std::string& out, SourcePos p) {
  append_json_key(out, "line");
  if (p.line == 0) {
    out.append("null");
  } else {
    append_number(out, p.line);
  }
  append_json_key(out, "column");
  if (p.column == 0) {
    out.append("null");
  } else {
    append_number(out, p.column);
  }
}

void append_json_error(std::string& out, std::string_view query, std::optional<uint32_t> reference,
                       const Diagnostic& d) {
  append_query(out, query, reference);
  append_json_key(out, "rule");
  io::append_json_string(out, d.rule);
  append_json_key(out, "message");
  io::append_json_string(out, d.message);
  append_json_position(out, d.pos());
  out.push_back('}');
}

void append_json_errors(std::string& out, std::span<const QueryDiagnostic> errors) {
  out.push_back('[');
  for (size_t i = 0; i < errors.size(); ++i) {
    const QueryDiagnostic& e = errors[i];
    if (i) out.push_back(',');
    append_json_error(out, query_role_name(e.query), reference_of(e.query, e.reference),
                      e.diagnostic);
  }
  out.push_back(']');
}

void append_result_members(std::string& out, const PairResult& r) {
  out.append("\"verdict\":");
  io::append_json_string(out, verdict_name(r.verdict));
  append_json_key(out, "pass");
  out.append(r.pass ? "true" : "false");
  const bool compared = !is_stage1(r.verdict);
  append_json_key(out, "compared");
  out.append(compared ? "true" : "false");
  // Counts are null when nothing was compared; scores are 0, the value the
  // summary averages.
  auto count = [&](std::string_view name, uint64_t v) {
    append_json_key(out, name);
    if (compared) {
      append_number(out, v);
    } else {
      out.append("null");
    }
  };
  auto measure = [&](std::string_view name, double v) {
    append_json_key(out, name);
    io::append_json_real(out, compared ? v : 0.0);
  };
  count("missing", r.missing);
  count("extra", r.extra);
  measure("precision", r.precision);
  measure("recall", r.recall);
  measure("f1", r.f1);
  append_json_key(out, "matched_reference");
  if (r.matched_reference == kNoReference) {
    out.append("null");
  } else {
    append_number(out, r.matched_reference);
  }
  append_json_key(out, "missing_paths");
  append_paths(out, r.missing_paths);
  append_json_key(out, "extra_paths");
  append_paths(out, r.extra_paths);
  append_json_key(out, "rules_fired");
  append_firings(out, r);
  append_json_key(out, "errors");
  append_json_errors(out, r.errors);
}

void append_result_object(std::string& out, const PairResult& result,
                          std::optional<std::string_view> rule_profile) {
  out.append("{\"results_version\":");
  append_number(out, kResultsVersion);
  out.push_back(',');
  append_result_members(out, result);
  if (rule_profile) {
    append_json_key(out, "rules");
    io::append_json_string(out, *rule_profile);
  }
  out.push_back('}');
}

}  // namespace gqleval::score
