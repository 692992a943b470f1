#include "engine/calls/score_calls.h"

#include <cctype>
#include <utility>
#include <vector>

#include "engine/calls/program.h"
#include "engine/python/parser.h"

namespace gqleval::calls {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string_view calls_verdict_name(CallsVerdict v) {
  switch (v) {
    case CallsVerdict::kScored: return "scored";
    case CallsVerdict::kUnparseable: return "unparseable";
    case CallsVerdict::kNoCode: return "no_code";
  }
  return "unknown";
}

std::string extract_code(std::string_view text) {
  // The text as lines, each with the offset it starts at.
  std::vector<std::pair<size_t, std::string_view>> lines;
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(at, text.substr(at, end - at));
    at = end + 1;
  }
  auto is_fence = [](std::string_view line) { return trim(line).substr(0, 3) == "```"; };
  std::string code;
  bool any_block = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!is_fence(lines[i].second)) continue;
    const std::string_view label = trim(trim(lines[i].second).substr(3));
    size_t close = i + 1;
    while (close < lines.size() && !is_fence(lines[close].second)) ++close;
    if (label.empty() || label == "python" || label == "py" || label == "python3") {
      if (any_block) code += '\n';
      for (size_t k = i + 1; k < close; ++k) {
        code += lines[k].second;
        code += '\n';
      }
      any_block = true;
    }
    i = close;  // past the closing fence (or the end: an unclosed block runs to it)
  }
  return any_block ? code : std::string(text);
}

FunctionSpecs row_functions(const FunctionSpecs& specs, const schema::Schema* schema) {
  FunctionSpecs out = specs;
  if (schema == nullptr || schema->query_type() == schema::kNone) return out;
  for (schema::FieldId id : schema->type(schema->query_type()).fields) {
    const schema::FieldDef& f = schema->field(id);
    if (f.owner == schema::kNone || out.find(f.name) != nullptr) continue;
    FunctionSpec spec;
    spec.name = std::string(f.name);
    for (const schema::InputValue& a : f.arguments) spec.parameters.emplace_back(a.name);
    out.functions.push_back(std::move(spec));
  }
  return out;
}

CallsRow score_calls(const FunctionSpecs& functions, const schema::Schema* schema,
                     std::string_view reference, std::string_view candidate_text,
                     CallsPrograms* programs) {
  CallsRow row;
  auto ref = python::parse(reference);
  if (!ref.ok()) row.errors.push_back(CallsError{"reference", ref.error()});
  // A row the candidate fails still counts its reference's calls, so that
  // Arg Match (functions) keeps the paper's denominators.
  Program r = ref.ok() ? standardize(**ref, functions) : Program{};
  row.comparison.arg_calls_total = static_cast<uint32_t>(r.calls.size());
  row.comparison.reference_components = components(r);
  const std::string code = extract_code(candidate_text);
  Program c;
  if (trim(code).empty()) {
    row.verdict = CallsVerdict::kNoCode;
  } else if (auto cand = python::parse(code); !cand.ok()) {
    row.errors.push_back(CallsError{"candidate", cand.error()});
    row.verdict = CallsVerdict::kUnparseable;
  } else {
    c = standardize(**cand, functions);
    if (row.errors.empty()) {
      row.comparison = compare_programs(r, c);
      if (schema != nullptr) row.invalid_paths = check_paths(c, *schema);
    } else {
      row.verdict = CallsVerdict::kUnparseable;
    }
  }
  if (programs != nullptr) {
    programs->reference = std::move(r);
    programs->candidate = std::move(c);
  }
  return row;
}

}  // namespace gqleval::calls
