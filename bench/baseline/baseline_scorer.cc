#include "bench/baseline/baseline_scorer.h"

#include <optional>
#include <utility>

#include "bench/baseline/executor.h"
#include "bench/baseline/response_match.h"
#include "engine/graphql/parser.h"
#include "engine/score/position_map.h"
#include "engine/validate/validator.h"
#include "io/query_extract.h"

namespace gqleval::baseline {
namespace {

using score::QueryRole;
using score::Verdict;

bool is_blank(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ',') return false;
  }
  return true;
}

Diagnostic error_without_location(std::string_view rule, std::string message) {
  Diagnostic d;
  d.rule = std::string(rule);
  d.message = std::move(message);
  return d;
}

size_t operation_count(const ast::Document& doc) {
  size_t n = 0;
  for (const ast::Definition* d : doc.definitions) n += d->kind == ast::DefinitionKind::kOperation;
  return n;
}

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
  score::PositionMap map;
  auto add_error = [&](Diagnostic d) {
    for (SourcePos& pos : d.locations) pos = map.apply(pos);
    result_->errors.push_back({role, index, std::move(d)});
  };
  std::string_view query = text;
  const std::string_view who = role == QueryRole::kCandidate ? "candidate" : "reference";
  if (extract) {
    const io::Extraction e = io::extract_query(text, arena_);
    if (!e.found) {
      result_->errors.push_back(
          {role, index,
           error_without_location("Extraction",
                                  "No GraphQL query found in the " + std::string(who) + ".")});
      p.state = role == QueryRole::kCandidate ? State::kNoQuery : State::kInvalid;
      return p;
    }
    query = e.query;
    map.origin = io::position_in_text(text, e, SourcePos{1, 1});
  } else if (role == QueryRole::kCandidate && is_blank(text)) {
    result_->errors.push_back(
        {role, index, error_without_location("Extraction", "The candidate is empty.")});
    p.state = State::kNoQuery;
    return p;
  }
  auto doc = graphql::parse(query, arena_);
  if (!doc) {
    add_error(std::move(doc.error()));
    return p;
  }
  Diagnostics diags = validate::validate(*schema_, **doc);
  if (validate::has_errors(diags)) {
    for (Diagnostic& d : diags) add_error(std::move(d));
    return p;
  }
  const std::string_view name =
      operation_count(**doc) > 1 ? std::string_view(options_->operation_name) : std::string_view{};
  auto op = validate::select_operation(**doc, name);
  if (!op) {
    add_error(std::move(op.error()));
    return p;
  }
  if (variables_error_ != nullptr) {
    add_error(*variables_error_);
    return p;
  }

  // The server: execute and send JSON text.
  const JsonValue response = execute(*schema_, *data_, **doc, **op, *variables_);
  text_.clear();
  serialize_json(response, text_);
  // The client: parse the JSON text it received.
  auto parsed = parse_json(text_);
  if (!parsed) {  // cannot happen with our own serializer; kept as an error, not a crash
    add_error(std::move(parsed.error()));
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
            {role, index,
             error_without_location("Execution", message ? message->as_string() : "error")});
      }
    }
  }
  p.state = State::kOk;
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
  if (!is_blank(variables_json)) {
    auto parsed = parse_json(variables_json);
    if (!parsed) {
      variables_error = error_without_location(
          "VariableValues", "The variables are not valid JSON: " + parsed.error().message);
    } else if (parsed->kind() != JsonValue::Kind::kObject) {
      variables_error =
          error_without_location("VariableValues", "The variables must be a JSON object.");
    } else {
      variables = std::move(*parsed);
    }
  }
  variables_ = &variables;
  variables_error_ = variables_error ? &*variables_error : nullptr;

  std::vector<Prepared> refs;
  bool any_reference_invalid = references.empty();
  if (references.empty()) {
    result.errors.push_back({QueryRole::kReference, 0,
                             error_without_location("Reference", "No reference query was given.")});
  }
  for (size_t k = 0; k < references.size(); ++k) {
    refs.push_back(run(references[k], QueryRole::kReference, static_cast<uint32_t>(k), false));
    any_reference_invalid = any_reference_invalid || refs.back().state != State::kOk;
  }
  Prepared cand = run(candidate, QueryRole::kCandidate, 0, options.extract_candidate);
  result_ = nullptr;

  if (cand.state != State::kOk) {
    result.verdict = cand.state == State::kNoQuery ? Verdict::kNoQuery : Verdict::kInvalidCandidate;
    if (any_reference_invalid) {
      result.verdict = score::stage1_precedence(result.verdict, Verdict::kInvalidReference);
    }
    return result;
  }
  int32_t first_valid = score::kNoReference;
  for (size_t k = 0; k < refs.size(); ++k) {
    if (refs[k].state != State::kOk) continue;
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
