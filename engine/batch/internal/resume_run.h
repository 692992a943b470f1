// Resuming a score run (BatchOptions::resume): what decides the bytes of its
// results (the fingerprint a resumed run must match), reading the state an
// interrupted run left beside its output (resume_state.h), continuing from
// it (the same run, the same input up to where it stopped: the rows done are
// skipped, the partial results cut back to the last checkpoint), and the
// state of a checkpoint.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/batch_options.h"
#include "engine/batch/internal/artifacts.h"
#include "engine/batch/internal/output_file.h"
#include "engine/batch/internal/resume_state.h"
#include "engine/batch/internal/run_setup.h"
#include "engine/batch/provenance.h"
#include "engine/batch/summary.h"
#include "io/content_hash.h"

namespace gqleval::batch {

// How far a run has got: rows written, where the last of them ends in the
// input, and the rows the artifacts filter picked.
struct RunPosition {
  uint64_t rows = 0;
  uint64_t input_end = 0;
  uint64_t artifact_matches = 0;
};

using Fingerprint = std::vector<std::pair<std::string, std::string>>;

// Everything that decides the bytes of the results: gqleval's build, the
// input, the columns, the options and the hashes of the files they name.
Fingerprint run_fingerprint(const BatchOptions& o, const BatchInput& input,
                            const SchemaSetup& schemas, const Provenance& p);

// The state of an interrupted run beside the output, when --resume is asked
// and there is one; nullopt when the run starts from the first row (said on
// stderr when --resume found nothing to resume).
Result<std::optional<ResumeState>, Diagnostic> read_resume_state(const BatchOptions& o);

// Continues an interrupted run: checks that it is the same run on the same
// input (feeding the input's prefix to `input_hash`), skips the rows it did,
// restores the summary's counts and the artifacts' folders, and opens its
// partial results where its last checkpoint left them; sets `at`.
std::optional<Diagnostic> resume_run(const BatchOptions& o, const ResumeState& state,
                                     const Fingerprint& now, BatchInput& input, OutputFile& output,
                                     Summary& summary, io::ContentHasher& input_hash,
                                     ArtifactWriter* artifacts, RunPosition& at);

// The state of a checkpoint at `at`; `prefix_hash` is the hash of the input up
// to at.input_end (the run's running input hash: the prefix is not read again).
// The caller adds the results' bytes and the summary's counts.
ResumeState checkpoint_state(Fingerprint fingerprint, const BatchInput& input,
                             const RunPosition& at, std::string prefix_hash);

}  // namespace gqleval::batch
