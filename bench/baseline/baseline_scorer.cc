#include "bench/baseline/baseline_scorer.h"

#include <optional>
#include <utility>

#include "bench/baseline/executor.h"
#include "bench/baseline/response_match.h"

namespace gqleval::baseline {
namespace {

using score::QueryRole;
using score::Verdict;

using score::QueryState;

}  // namespace

uint64_t count_leaves(const JsonValue& v) {
  switch (v.kind()) {
    case JsonValue::Kind::kNull: return 0;
    case JsonValue::Kind::kArray: {
      uint64_t n = 0;
      for (const JsonValue& x : v.items()) n += count_leaves(x);
      return n;
    }
    case JsonValue::Kind::kObject: {
      uint64_t n = 0;
      for (const JsonValue::Member& m : v.members()) n += count_leaves(m.second);
      return n;
    }
    default: return 1;
  }
}

BaselineScorer::Prepared BaselineScorer::run(std::string_view text, QueryRole role, uint32_t index,
                                             bool extract) {
  Prepared p;
  const score::FrontEndQuery q = front_end_.read(text, role, index, extract, *schema_,
                                                 options_->operation_name, arena_, result_->errors);
  p.state = q.state;
  if (q.state != QueryState::kOk) return p;
  if (variables_error_ != nullptr) {
    score::add_mapped_error(result_->errors, role, index, *variables_error_, q.map);
    p.state = QueryState::kInvalid;
    return p;
  }

  // The server: execute and send JSON text.
  const JsonValue response = execute(*schema_, *data_, *q.document, *q.operation, *variables_);
  text_.clear();
  serialize_json(response, text_);
  // The client: parse the JSON text it received.
  auto parsed = parse_json(text_);
  if (!parsed) {  // cannot happen with our own serializer; kept as an error, not a crash
    score::add_mapped_error(result_->errors, role, index, std::move(parsed.error()), q.map);
    p.state = QueryState::kInvalid;
    return p;
  }
  p.response = std::move(*parsed);
  p.bytes = text_.size();
  p.request_error = p.response.find("data") == nullptr;
  const JsonValue* data = p.response.find("data");
  p.leaves = data == nullptr ? 0 : count_leaves(*data);
  if (options_->keep_responses) p.text = text_;
  if (p.request_error) {
    const JsonValue* errors = p.response.find("errors");
    if (errors != nullptr) {
      for (const JsonValue& e : errors->items()) {
        const JsonValue* message = e.find("message");
        result_->errors.push_back(
            {role, index, make_error("Execution", message ? message->as_string() : "error")});
      }
    }
  }
  p.state = QueryState::kOk;
  return p;
}

BaselineResult BaselineScorer::score(const schema::Schema& schema, const SyntheticData& data,
                                     std::span<const std::string_view> references,
                                     std::string_view candidate, std::string_view variables_json,
                                     const BaselineOptions& options) {
  BaselineResult result;
  schema_ = &schema;
  data_ = &data;
  options_ = &options;
  result_ = &result;
  arena_.reset();

  JsonValue variables;
  std::optional<Diagnostic> variables_error;
  if (!score::is_blank(variables_json)) {
    auto parsed = parse_json(variables_json);
    if (!parsed) {
      variables_error = make_error("VariableValues",
                                   "The variables are not valid JSON: " + parsed.error().message);
    } else if (parsed->kind() != JsonValue::Kind::kObject) {
      variables_error = make_error("VariableValues", "The variables must be a JSON object.");
    } else {
      variables = std::move(*parsed);
    }
  }
  variables_ = &variables;
  variables_error_ = variables_error ? &*variables_error : nullptr;

  std::vector<Prepared> refs;
  bool any_reference_invalid = references.empty();
  if (references.empty()) {
    result.errors.push_back(
        {QueryRole::kReference, 0, make_error("Reference", "No reference query was given.")});
  }
  for (size_t k = 0; k < references.size(); ++k) {
    refs.push_back(run(references[k], QueryRole::kReference, static_cast<uint32_t>(k), false));
    any_reference_invalid = any_reference_invalid || refs.back().state != QueryState::kOk;
  }
  Prepared cand = run(candidate, QueryRole::kCandidate, 0, options.extract_candidate);
  result_ = nullptr;

  if (cand.state != QueryState::kOk) {
    result.verdict =
        cand.state == QueryState::kNoQuery ? Verdict::kNoQuery : Verdict::kInvalidCandidate;
    if (any_reference_invalid) {
      result.verdict = score::stage1_precedence(result.verdict, Verdict::kInvalidReference);
    }
    return result;
  }
  int32_t first_valid = score::kNoReference;
  for (size_t k = 0; k < refs.size(); ++k) {
    if (refs[k].state != QueryState::kOk) continue;
    if (first_valid == score::kNoReference) first_valid = static_cast<int32_t>(k);
    if (!refs[k].request_error && !cand.request_error &&
        responses_match(refs[k].response, cand.response)) {
      result.matched_reference = static_cast<int32_t>(k);
      break;
    }
  }
  if (first_valid == score::kNoReference ||
      (any_reference_invalid && result.matched_reference == score::kNoReference)) {
    result.verdict = Verdict::kInvalidReference;
    return result;
  }
  const bool matched = result.matched_reference != score::kNoReference;
  result.verdict = matched ? Verdict::kEquivalent : Verdict::kMismatch;
  result.pass = matched;
  Prepared& shown = refs[static_cast<size_t>(matched ? result.matched_reference : first_valid)];
  result.reference_bytes = shown.bytes;
  result.candidate_bytes = cand.bytes;
  result.reference_leaves = shown.leaves;
  result.candidate_leaves = cand.leaves;
  if (options.keep_responses) {
    result.reference_response = std::move(shown.text);
    result.candidate_response = std::move(cand.text);
  }
  return result;
}

}  // namespace gqleval::baseline
