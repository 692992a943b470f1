// The answers in a file of their own, as `score` and `calls` read them
// (batch/internal/predictions.h, RunOptions::predictions): --predictions
// FILE, its format and its id column. One reading for both commands.
#pragma once

#include "engine/batch/run_options.h"
#include "engine/batch/run_words.h"
#include "engine/cli/args.h"

namespace gqleval::cli {

inline constexpr FlagSpec kPredictionsFlag = {
    "predictions", "FILE",
    "The answers in a file of their own (CSV, TSV or JSON Lines), joined by id when both "
    "files have an id column, else by row index"};
inline constexpr FlagSpec kPredictionsFormatFlag = {
    "predictions-format", "FORMAT", "csv, tsv or jsonl (default: by extension, then content)"};
inline constexpr FlagSpec kPredictionsIdFlag = {
    "predictions-id-col", "NAME", "The id column of the predictions (default: id, Sno, doc_id)"};

// The flags into `o` (the format into `words`, read with the run's words);
// an id column without a file fails `args`.
void read_predictions_flags(Args& args, batch::RunOptions& o, batch::RunWords& words);

}  // namespace gqleval::cli
