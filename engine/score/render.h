// Printing a PairResult (score_pair.h): as one JSON object (for tools and the
// batch writer) and as human-readable text (for `gqleval compare`).
//
// JSON, one object, keys in this order:
//   verdict, pass, missing, extra, shared, reference_nodes, candidate_nodes,
//   operation_differs, precision, recall, f1, matched_reference,
//   missing_paths, extra_paths, rules_fired, errors
// where a path is {"path", "line", "column", "nodes"}, a rule firing is
// {"query", ["reference",] "rule", "path", "detail", "line", "column"}, and an
// error is {"query", ["reference",] "rule", "message", "locations": [{"line",
// "column"}]} (graphql-js's shape). "reference" is the 0-based index of the
// reference and appears only when "query" is "reference". For a stage 1
// verdict no comparison took place: the counts, scores and matched_reference
// are null (not 0, so that "nothing matched" and "not compared" differ).
// Missing and extra paths are listed per node; text output groups them.
//
// Text: the verdict, the counts and scores, the grouped missing and extra
// paths (explanation.h) with positions as `FILE:LINE:COLUMN`, the rules that
// fired, and the errors as `FILE:LINE:COLUMN: Rule: message`. FILE is the
// label of the query (RenderLabels: e.g. the file names given on the command
// line).
#pragma once

#include <string>
#include <vector>

#include "engine/score/score_pair.h"

namespace gqleval::score {

// Appends the JSON object (no newline).
void append_json(std::string& out, const PairResult& result);
std::string to_json(const PairResult& result);

struct RenderLabels {
  std::vector<std::string> references;  // by index; missing ones default as below
  std::string candidate = "candidate";
  std::string schema = "schema";
  // "reference" when there is one, "reference[k]" (0-based) when several.
  std::string reference(size_t k, size_t count) const;
};

std::string render_text(const PairResult& result, const RenderLabels& labels = {});

}  // namespace gqleval::score
