// One GraphQLRestBench row scored: the candidate's code found in the model's
// text (fenced blocks labelled `python`/`py`/`python3` or unlabelled, in
// order, joined; else the whole text), both programs parsed
// (engine/python_subset) and standardized (program.h), compared (metrics.h),
// and the candidate's response paths checked against the row's schema
// (response_paths.h).
//
// Verdicts: `scored`; `no_code` (nothing but blanks to read); `unparseable`
// (the candidate, or the reference, is not Python of the subset: its error
// at line:column, every metric 0).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/calls/function_specs.h"
#include "engine/calls/metrics.h"
#include "engine/calls/program.h"
#include "engine/calls/response_paths.h"
#include "engine/schema/schema.h"

namespace gqleval::calls {

enum class CallsVerdict : uint8_t { kScored, kUnparseable, kNoCode };
std::string_view calls_verdict_name(CallsVerdict v);  // "scored", "unparseable", "no_code"

// What a row's error is about, as a score row says it: "reference",
// "candidate", "schema" or "row" (a malformed record); the diagnostic's rule
// is the reader's ("SyntaxError", "Unsupported", ...) or the name.
struct CallsError {
  std::string query;
  Diagnostic diagnostic;
};

struct CallsRow {
  CallsVerdict verdict = CallsVerdict::kScored;
  // Unless scored, every metric is 0, but arg_calls_total and the reference's
  // components are the reference's (0 and none when it does not parse).
  CallsComparison comparison;
  std::vector<InvalidPath> invalid_paths;  // the candidate's (none without a schema)
  std::vector<CallsError> errors;          // each at its line:column
};

// The code of a model's answer: the content of its fenced blocks
// (io/markdown_fence.h: backticks or tildes, CommonMark's rules) whose
// language is `python`, `py`, `python3` or none, in order, with a blank line
// between two blocks; the whole text when there is no such block. An unclosed
// block runs to the end of the text.
std::string extract_code(std::string_view text);

// The functions a row offers: its specs, and the Query fields of its schema
// that the specs lack (parameters in the field's argument order).
FunctionSpecs row_functions(const FunctionSpecs& specs, const schema::Schema* schema);

// Both sides standardized, for their dependency graphs (--artifacts); a side
// that does not parse has no calls.
struct CallsPrograms {
  Program reference;
  Program candidate;
};

// `schema` may be null (a row without GraphQL_schema): paths are not checked.
// `programs`, when given, receives both programs.
CallsRow score_calls(const FunctionSpecs& functions, const schema::Schema* schema,
                     std::string_view reference, std::string_view candidate_text,
                     CallsPrograms* programs = nullptr);

}  // namespace gqleval::calls
