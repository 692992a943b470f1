// --progress MODE for the batch commands (score, validate --input): one flag,
// one help text and one reading of it with --quiet, so both commands agree.
#pragma once

#include "engine/batch/progress.h"
#include "engine/cli/args.h"

namespace gqleval::cli {

inline constexpr FlagSpec kProgressFlag = {
    "progress", "MODE",
    "auto (a bar on a terminal, else a line every 10 s), bar, lines or none (default: auto; "
    "none with --quiet)"};

// The mode --progress and --quiet ask for; an unknown mode fails `args`.
batch::ProgressMode read_progress_flag(Args& args);

}  // namespace gqleval::cli
