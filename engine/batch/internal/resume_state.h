// The side file of a resumable score run: PATH.resume.json beside the results
// PATH (whose rows are meanwhile in PATH.partial; both names are
// io/file_names.h's). A results file holds result rows only, so what a later
// `--resume` needs lives here: what decides the results (the fingerprint:
// gqleval's build, the input, the columns, the options and the hashes of the
// files they name), how far the last checkpoint got (rows, where the last of
// them ends in the input, the hash of the input up to there, the bytes of the
// partial file that hold them) and the summary's counts at that point.
//
// The state is rewritten at each checkpoint through a temporary file and a
// rename, so a kill at any moment leaves either the old state or the new
// one, and the partial file holds at least the bytes the state names (it is
// flushed before the state is written). A resumed run cuts the partial file
// back to those bytes and continues with the next row: its results are the
// same bytes as an uninterrupted run's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/result.h"
#include "engine/batch/summary.h"

namespace gqleval::batch {

struct ResumeState {
  // Name and value of everything that decides the results, in a fixed order.
  std::vector<std::pair<std::string, std::string>> fingerprint;
  uint64_t input_bytes = 0;
  uint64_t rows = 0;              // data rows whose results are in the partial file
  uint64_t input_end = 0;         // offset where the last of them ends in the input
  std::string input_prefix_hash;  // xxh128 of the input's first input_end bytes
  uint64_t results_bytes = 0;     // bytes of the partial file that hold them
  Summary::Counts counts;
  uint64_t artifact_matches = 0;
};

std::string resume_state_json(const ResumeState& state);
// The state from its JSON, or why it cannot be read (rule "IO").
Result<ResumeState, Diagnostic> parse_resume_state(std::string_view json);

// Writes the state through PATH.resume.json.tmp and a rename; an error (rule
// "IO") when it cannot.
std::optional<Diagnostic> write_resume_state(const std::string& results_path,
                                             const ResumeState& state);

// The first difference between the fingerprint of an earlier run and this
// one's, as "NAME was A, now B"; empty when they are the same.
std::string fingerprint_difference(const ResumeState& earlier,
                                   const std::vector<std::pair<std::string, std::string>>& now);

}  // namespace gqleval::batch
