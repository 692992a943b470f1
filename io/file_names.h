// What a file's name says, in one place: its compression (.gz, .zst, .zstd),
// its data format (.csv, .tsv, .jsonl, .ndjson, .json), and the names gqleval
// derives from one: a run's stem (the lm-eval task, a report's run name) and a
// results file's summary beside it. Suffixes compare ignoring ASCII case.
// (What a file's bytes say is io/input_file.h's: compression is told by magic
// bytes, and an input whose name says no format is sniffed.)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval::io {

// Whether `s` ends with `suffix`, ignoring ASCII case.
bool ends_with_ci(std::string_view s, std::string_view suffix);

// `path` without a final .gz, .zst or .zstd: rows.jsonl.gz -> rows.jsonl.
std::string_view strip_compression_suffix(std::string_view path);

// The data format a file's name says, under its compression suffix.
enum class NamedFormat : uint8_t { kUnknown, kCsv, kTsv, kJsonl };
NamedFormat format_of_name(std::string_view path);

// `path` without its compression suffix and then its format suffix:
// runs/ckpt_2.jsonl.gz -> runs/ckpt_2.
std::string_view strip_data_suffixes(std::string_view path);

// The stem of a run's file, its name without folders and data suffixes
// ("nl2gql_test" for "data/nl2gql_test.csv.gz"); "gqleval" for standard
// input ("-") or a name that is all suffix.
std::string run_stem(std::string_view path);

// Whether a results file's name asks for CSV: it ends .csv, in any case
// (other results are JSON Lines). A score run writes by it and merge reads its
// shards by it, so that the two agree.
bool results_name_is_csv(std::string_view results);

// Where a run writes its results until they are complete: RESULTS.partial,
// renamed over RESULTS at the end, so that no reader sees half a file.
std::string partial_path_for(std::string_view results);

// Where an interrupted score run keeps what --resume needs: RESULTS.resume.json.
std::string resume_path_for(std::string_view results);

// A candidate column's results in a run's output folder: DIR/COLUMN.jsonl, or
// DIR/COLUMN.csv.
std::string candidate_results_path(std::string_view dir, std::string_view column, bool csv);

// Where a results file's summary goes beside it: STEM.summary.json
// (part-1.jsonl -> part-1.summary.json; DIR/COLUMN.jsonl ->
// DIR/COLUMN.summary.json).
std::string summary_path_for(std::string_view results);

}  // namespace gqleval::io
