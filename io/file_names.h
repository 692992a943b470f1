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

// Where a results file's summary goes beside it: STEM.summary.json
// (part-1.jsonl -> part-1.summary.json).
std::string summary_path_for(std::string_view results);

}  // namespace gqleval::io
