// BaselineScorer: one row of the naive execute-and-match method, the way a
// practitioner's script runs it against a GraphQL server that is already up
// (here in-process, with no HTTP: generous to the method).
//
//   Stage 1, as gqleval score does it, so that rows line up: extract the
//   candidate from LLM text (io/query_extract.h), parse, validate with every
//   rule, pick the operation; the same verdicts no_query, invalid_candidate,
//   invalid_reference (and invalid_schema from the caller), the same
//   precedence, the same diagnostics (positions mapped into the text as given).
//   Then, for each valid reference and the candidate: execute it over the
//   schema's synthetic data (executor.h), serialize the response to JSON text
//   as the server sends it, and parse that text back as the client does;
//   compare the candidate's parsed response with each reference's
//   (response_match.h: key order and list order ignored, lists matched
//   pairwise). Verdict: equivalent when it matches some valid reference, else
//   mismatch. A request error (a required variable without a value) on either
//   side makes a mismatch with the error listed, as such a row cannot be
//   matched. As in gqleval, an invalid reference turns a mismatch into
//   invalid_reference but cannot take away a match with a valid one.
//
// The row's variables (a JSON object) go to every query; variables text that
// is not a JSON object makes every query fail stage 1 (rule VariableValues),
// as gqleval's normalizer does.
//
// Not thread-safe: one BaselineScorer per worker. Costs: dominated by
// execution, serialization, reparsing and comparison, all proportional to the
// response sizes (root list fields return every object of their type).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/baseline/json_value.h"
#include "bench/baseline/synthetic_data.h"
#include "engine/base/arena.h"
#include "engine/schema/schema.h"
#include "engine/score/query_front_end.h"
#include "engine/score/score_pair.h"
#include "engine/score/verdict.h"

namespace gqleval::baseline {

struct BaselineOptions {
  bool extract_candidate = true;  // as gqleval score's default (--no-extract turns it off)
  std::string operation_name;     // for documents with several operations
  bool keep_responses = false;    // copy the response texts into the result
};

struct BaselineResult {
  score::Verdict verdict = score::Verdict::kInvalidCandidate;
  bool pass = false;
  int32_t matched_reference = score::kNoReference;  // the reference whose response matched
  // Sizes of the responses compared (of the first valid reference when none matched).
  uint64_t reference_bytes = 0;
  uint64_t candidate_bytes = 0;
  // Non-null scalar values in each response: 0 means "no data at all" (empty
  // lists and nulls), where any two queries of the same shape of emptiness match.
  uint64_t reference_leaves = 0;
  uint64_t candidate_leaves = 0;
  std::string reference_response;  // when keep_responses
  std::string candidate_response;
  std::vector<score::QueryDiagnostic> errors;
};

// Non-null scalar values in a JSON tree.
uint64_t count_leaves(const JsonValue& v);

class BaselineScorer {
 public:
  BaselineResult score(const schema::Schema& schema, const SyntheticData& data,
                       std::span<const std::string_view> references, std::string_view candidate,
                       std::string_view variables_json, const BaselineOptions& options);

 private:
  struct Prepared {
    score::QueryState state = score::QueryState::kInvalid;
    JsonValue response;  // parsed back from its JSON text
    uint64_t bytes = 0;
    uint64_t leaves = 0;
    bool request_error = false;
    std::string text;
  };

  Prepared run(std::string_view text, score::QueryRole role, uint32_t index, bool extract);

  // Per call.
  const schema::Schema* schema_ = nullptr;
  const SyntheticData* data_ = nullptr;
  const BaselineOptions* options_ = nullptr;
  const JsonValue* variables_ = nullptr;
  const Diagnostic* variables_error_ = nullptr;
  BaselineResult* result_ = nullptr;

  Arena arena_;
  score::QueryFrontEnd front_end_;
  std::string text_;
};

}  // namespace gqleval::baseline
