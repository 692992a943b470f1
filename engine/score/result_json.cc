#include "engine/score/result_json.h"

#include <cstring>
#include <type_traits>

#include "io/json_writer.h"

namespace gqleval::score {
namespace {

using io::append_number;

// `{"query":...` with the reference's index, or the candidate's operation
// (every operation graded), where there is one.
void append_query(std::string& out, std::string_view query, std::optional<uint32_t> reference,
                  int32_t operation = -1) {
  out.append("{\"query\":");
  io::append_json_string(out, query);
  if (reference) {
    append_json_key(out, "reference");
    append_number(out, *reference);
  }
  if (operation >= 0) {
    append_json_key(out, "operation");
    append_number(out, operation);
  }
}

std::optional<uint32_t> reference_of(QueryRole role, uint32_t reference) {
  if (role != QueryRole::kReference) return std::nullopt;
  return reference;
}

// `[item,item,...]`, each item written by append_item(out, item).
template <class T, class AppendItem>
void append_array(std::string& out, std::span<const T> items, AppendItem append_item) {
  out.push_back('[');
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out.push_back(',');
    append_item(out, items[i]);
  }
  out.push_back(']');
}

// A path of either kind of row: the members have the same names.
template <class Path>
void append_path(std::string& out, const Path& p) {
  out.append("{\"path\":");
  io::append_json_string(out, p.path);
  append_json_position(out, p.pos);
  append_json_key(out, "nodes");
  append_number(out, p.nodes);
  if constexpr (std::is_same_v<Path, SubtreeDiff>) {
    if (p.operation >= 0) {
      append_json_key(out, "operation");
      append_number(out, p.operation);
    }
  }
  out.push_back('}');
}

void append_value_or_null(std::string& out, std::string_view value) {
  if (value.empty()) {
    out.append("null");
  } else {
    io::append_json_string(out, value);
  }
}

// `"<role>_line":L,"<role>_column":C`, null where unknown.
void append_role_position(std::string& out, std::string_view role, SourcePos p) {
  for (const auto& [name, v] : {std::pair{std::string_view("_line"), p.line},
                                std::pair{std::string_view("_column"), p.column}}) {
    out.append(",\"").append(role).append(name).append("\":");
    if (v == 0) {
      out.append("null");
    } else {
      append_number(out, v);
    }
  }
}

void append_change(std::string& out, const ArgumentChange& c) {
  out.append("{\"name\":");
  io::append_json_string(out, c.name);
  append_json_key(out, "reference");
  append_value_or_null(out, c.reference);
  append_json_key(out, "candidate");
  append_value_or_null(out, c.candidate);
  out.push_back('}');
}

void append_argument_difference(std::string& out, const ArgumentDifference& d) {
  out.append("{\"path\":");
  io::append_json_string(out, d.path);
  append_json_key(out, "field");
  io::append_json_string(out, d.field);
  append_json_key(out, "candidate_field");
  io::append_json_string(out, d.candidate_field);
  append_json_key(out, "text");
  io::append_json_string(out, d.text);
  append_json_key(out, "arguments");
  append_array(out, d.changes, append_change);
  append_role_position(out, "reference", d.reference_pos);
  append_role_position(out, "candidate", d.candidate_pos);
  if (d.candidate_operation >= 0) {
    append_json_key(out, "candidate_operation");
    append_number(out, d.candidate_operation);
  }
  append_json_key(out, "reference_nodes");
  append_number(out, d.reference_nodes);
  append_json_key(out, "candidate_nodes");
  append_number(out, d.candidate_nodes);
  append_json_key(out, "missing_index");
  append_number(out, d.missing_index);
  append_json_key(out, "extra_index");
  append_number(out, d.extra_index);
  append_json_key(out, "within");
  if (d.within < 0) {
    out.append("null");
  } else {
    append_number(out, static_cast<uint32_t>(d.within));
  }
  append_json_key(out, "missing_paths");
  append_json_paths(out, d.missing_paths);
  append_json_key(out, "extra_paths");
  append_json_paths(out, d.extra_paths);
  out.push_back('}');
}

void append_firings(std::string& out, const PairResult& r) {
  append_array(out, r.rules_fired, [&r](std::string& o, const FiredRule& f) {
    append_query(o, query_role_name(f.query), reference_of(f.query, reported_reference(r, f)),
                 f.operation);
    append_json_key(o, "rule");
    io::append_json_string(o, f.rule);
    append_json_key(o, "path");
    io::append_json_string(o, f.path);
    append_json_key(o, "detail");
    io::append_json_string(o, f.detail);
    append_json_position(o, f.pos);
    o.push_back('}');
  });
}

}  // namespace

uint32_t reported_reference(const PairResult& r, const FiredRule& f) {
  if (f.query == QueryRole::kReference && r.matched_reference >= 0) {
    return static_cast<uint32_t>(r.matched_reference);
  }
  return f.reference;
}

void append_json_key(std::string& out, std::string_view name) {
  // One growth and one copy (a row writes about twenty keys).
  const size_t at = out.size();
  out.resize(at + name.size() + 4);
  char* p = out.data() + at;
  p[0] = ',';
  p[1] = '"';
  std::memcpy(p + 2, name.data(), name.size());
  p[2 + name.size()] = '"';
  p[3 + name.size()] = ':';
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
                       const Diagnostic& d, int32_t operation) {
  append_query(out, query, reference, operation);
  append_json_key(out, "rule");
  io::append_json_string(out, d.rule);
  append_json_key(out, "message");
  io::append_json_string(out, d.message);
  append_json_position(out, d.pos());
  out.push_back('}');
}

void append_json_operations(std::string& out, uint32_t operations, uint32_t invalid) {
  if (operations == 1 && invalid == 0) {  // nearly every row: one copy
    out.append(",\"operations\":1,\"invalid_operations\":0");
    return;
  }
  append_json_key(out, "operations");
  append_number(out, operations);
  append_json_key(out, "invalid_operations");
  append_number(out, invalid);
}

void append_json_paths(std::string& out, std::span<const SubtreeDiff> paths) {
  append_array(out, paths, append_path<SubtreeDiff>);
}

void append_json_paths(std::string& out, std::span<const SubsetMissing> paths) {
  append_array(out, paths, append_path<SubsetMissing>);
}

void append_json_errors(std::string& out, std::span<const QueryDiagnostic> errors) {
  append_array(out, errors, [](std::string& o, const QueryDiagnostic& e) {
    append_json_error(o, query_role_name(e.query), reference_of(e.query, e.reference), e.diagnostic,
                      e.operation);
  });
}

namespace {

// The members between the verdict and the errors' value: `,"pass":...,"errors":`.
// A row writes twenty members: each key is written with the value or key
// beside it in one copy where that is fixed text (the row of an equivalent
// pair is eight copies and three numbers).
void append_members_after_verdict(std::string& out, const PairResult& r) {
  const bool compared = !is_stage1(r.verdict);
  if (compared) {
    out.append(r.pass ? ",\"pass\":true,\"compared\":true,\"missing\":"
                      : ",\"pass\":false,\"compared\":true,\"missing\":");
    append_number(out, r.missing);
    out.append(",\"extra\":");
    append_number(out, r.extra);
    out.append(",\"precision\":");
    io::append_json_real(out, r.precision);
    out.append(",\"recall\":");
    io::append_json_real(out, r.recall);
    out.append(",\"f1\":");
    io::append_json_real(out, r.f1);
  } else {
    // Counts are null when nothing was compared; scores are 0, the value the
    // summary averages.
    out.append(r.pass ? ",\"pass\":true" : ",\"pass\":false");
    out.append(
        ",\"compared\":false,\"missing\":null,\"extra\":null,\"precision\":0,\"recall\":0,"
        "\"f1\":0");
  }
  out.append(",\"matched_reference\":");
  if (r.matched_reference == kNoReference) {
    out.append("null");
  } else {
    append_number(out, r.matched_reference);
  }
  if (r.missing_paths.empty() && r.extra_paths.empty() && r.argument_differences.empty()) {
    out.append(",\"missing_paths\":[],\"extra_paths\":[],\"argument_differences\":[]");
  } else {
    append_json_key(out, "missing_paths");
    append_json_paths(out, r.missing_paths);
    append_json_key(out, "extra_paths");
    append_json_paths(out, r.extra_paths);
    append_json_key(out, "argument_differences");
    append_array(out, r.argument_differences, append_argument_difference);
  }
  if (r.rules_fired.empty()) {
    out.append(",\"rules_fired\":[]");
  } else {
    append_json_key(out, "rules_fired");
    append_firings(out, r);
  }
  append_json_operations(out, r.operations, r.invalid_operations);
  append_json_key(out, "errors");
}

}  // namespace

void append_result_members(std::string& out, const PairResult& r) {
  // A verdict's name is a plain identifier: nothing to escape.
  out.append("\"verdict\":\"").append(verdict_name(r.verdict)).push_back('"');
  append_members_after_verdict(out, r);
  append_json_errors(out, r.errors);
}

void append_uncompared_members(std::string& out, std::string_view verdict, std::string_view query,
                               const Diagnostic& error) {
  out.append("\"verdict\":");
  io::append_json_string(out, verdict);
  // A default result is a stage 1 one: no pass, nothing compared, no reference.
  append_members_after_verdict(out, PairResult{});
  out.push_back('[');
  append_json_error(out, query, std::nullopt, error);
  out.push_back(']');
}

void append_result_object(std::string& out, const PairResult& result,
                          std::optional<std::string_view> rule_profile, bool variables_by_name) {
  out.append("{\"results_version\":");
  append_number(out, kResultsVersion);
  out.push_back(',');
  append_result_members(out, result);
  if (rule_profile) {
    append_json_key(out, "rules");
    io::append_json_string(out, *rule_profile);
    append_json_key(out, "variables_by_name");
    out.append(variables_by_name ? "true" : "false");
  }
  out.push_back('}');
}

}  // namespace gqleval::score
