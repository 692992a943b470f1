// What a report shows of one row beyond its counts: the missing and extra
// paths, the argument differences, the counts, the first error, and the query texts when the
// results carry them. Read again from the row's line in its file (run_file.h keeps where each line
// is), only for the rows a report lists.
//
// The results hold the texts only as kept input columns (`gqleval score
// --keep-col COLUMN`). The candidate's text is the member named by
// --candidate-member, else the member named as the run (a wide input scored
// with one results file per candidate column, `DIR/<column>.jsonl`, keeping
// that column), else "candidate". The reference's is --reference-member, else
// the first of "reference", "gt_query", "GT_GQL", "query1", "Query1 Content"
// that the row has.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/report/run_file.h"

namespace simdjson::dom {
class parser;
}  // namespace simdjson::dom

namespace gqleval::report {

struct PathItem {
  std::string path;
  uint32_t line = 0;  // 0: unknown
  uint32_t column = 0;
  uint64_t nodes = 0;
  // The candidate's operation it is in (--answer all): line and column are
  // in that operation's text, which is the cell's own only for a document.
  std::optional<uint64_t> operation;
};

// One of the row's argument differences (the results' argument_differences):
// the same field with other arguments, and what differs inside it.
struct ArgumentItem {
  std::string path;             // the field, as the reference wrote the way to it
  std::string changes;          // `first 10 -> 100`
  uint32_t reference_line = 0;  // 0: unknown
  uint32_t candidate_line = 0;
  int64_t within = -1;         // the difference it was found inside; -1: none
  uint64_t missing_index = 0;  // the paired paths, in the list `within` names
  uint64_t extra_index = 0;
  std::vector<PathItem> missing_paths;  // inside, as if the arguments were equal
  std::vector<PathItem> extra_paths;
};

struct RowDetail {
  std::optional<uint64_t> missing;  // null when not compared
  std::optional<uint64_t> extra;    // an equivalence row's
  std::optional<uint64_t> matched_reference;
  std::vector<PathItem> missing_paths;
  std::vector<PathItem> extra_paths;
  std::vector<ArgumentItem> argument_differences;
  std::string first_error;               // "RULE: message" of a row not compared
  std::optional<std::string> candidate;  // the text, when the results carry it
  std::optional<std::string> reference;
};

struct TextMembers {
  std::string candidate;  // "" for the defaults above
  std::string reference;
};

// Reads rows' details, with one JSON parser for all of them.
class RowDetailReader {
 public:
  explicit RowDetailReader(TextMembers members);
  RowDetailReader(const RowDetailReader&) = delete;
  RowDetailReader& operator=(const RowDetailReader&) = delete;
  ~RowDetailReader();

  // The details of `row` of `run`. A line that no longer reads as it did
  // (the file changed while the report ran) gives what could be read.
  RowDetail read(const Run& run, const RunRow& row);

 private:
  TextMembers members_;
  std::unique_ptr<simdjson::dom::parser> parser_;
};

}  // namespace gqleval::report
