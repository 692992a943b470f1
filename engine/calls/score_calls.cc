#include "engine/calls/score_calls.h"

#include <cctype>
#include <utility>

#include "engine/calls/program.h"
#include "engine/python_subset/parser.h"
#include "io/markdown_fence.h"

namespace gqleval::calls {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

// The labels of the blocks that hold the code: Python's, or none.
bool is_python_label(std::string_view language) {
  return language.empty() || language == "python" || language == "py" || language == "python3";
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
  std::string code;
  bool any_block = false;
  io::FencedBlock block;
  for (size_t pos = 0; pos < text.size() && io::find_fenced_block(text, pos, block);
       pos = block.next) {
    if (!is_python_label(block.language)) continue;
    if (any_block) code += '\n';
    code += text.substr(block.content_begin, block.content_end - block.content_begin);
    // An unclosed block runs to the end of the text, each of its lines
    // followed by a newline, as in a closed block: the text after the last
    // newline counts as a line, even an empty one.
    if (!block.closed && text[block.content_begin - 1] == '\n') code += '\n';
    any_block = true;
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
  auto ref = python_subset::parse(reference);
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
  } else if (auto cand = python_subset::parse(code); !cand.ok()) {
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
