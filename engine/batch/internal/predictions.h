// The answers of a `gqleval calls` run read from a file of their own
// (--predictions): a model's outputs, one record per input row, apart from
// the dataset that holds the references.
//
// The file is a CSV, TSV or JSON Lines file, read as every batch input is
// (batch_input.h). Its answer column is the one named (--candidate-col), else
// the first of the calls candidate names, or `output` (the name a model's
// outputs most often carry), else its only column. A prediction answers the
// input row with the same id when both files have an id column, else the
// input row with the same index (the two files must then have as many rows).
//
// The answers are read once, before the run, into one buffer (memory: their
// bytes), so that workers look them up without locks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/option_names.h"
#include "engine/batch/run_options.h"

namespace gqleval::batch {

struct PredictionsOptions {
  std::string path;
  InputFormat format = InputFormat::kAuto;
  size_t max_field_bytes = io::kDefaultMaxFieldBytes;
  std::string candidate;  // the answer column; empty: by its common names
  std::string id;         // the id column; empty: by its common names
  OptionNames names;      // how messages name the options that name them
};

class Predictions {
 public:
  // Errors: the file cannot be read, it has no answer column (or not the one
  // named), or two of its records have the same id.
  static Result<Predictions, Diagnostic> load(const PredictionsOptions& options);

  // Whether the file has an id column; join_by_id() then answers rows by
  // their id rather than their index.
  bool has_ids() const { return has_ids_; }
  void join_by_id() { by_id_ = true; }
  bool joined_by_id() const { return by_id_; }
  uint64_t size() const { return answers_.size(); }
  const std::string& path() const { return path_; }

  static constexpr uint64_t kNone = static_cast<uint64_t>(-1);
  // The prediction that answers the input row `row` whose id is `id`; kNone
  // when there is none.
  uint64_t find(uint64_t row, std::string_view id) const;
  std::string_view text(uint64_t index) const;
  // The reason a record could not be read, or null.
  const Diagnostic* bad(uint64_t index) const;
  std::string_view id(uint64_t index) const { return id_text_[index]; }

 private:
  struct Entry {
    uint64_t offset = 0;
    uint64_t size = 0;
    int32_t bad = -1;  // index into bad_, or -1
  };

  std::string path_;
  std::string text_;  // the answers, back to back
  std::vector<Entry> answers_;
  std::vector<Diagnostic> bad_;
  bool has_ids_ = false;
  std::vector<std::string> id_text_;  // per record, when it has
  std::unordered_map<std::string_view, uint64_t> ids_;
  bool by_id_ = false;
};

// The predictions of a run (RunOptions::predictions), joined by id when the
// input has an id column too (`columns`, the input's). Errors: those of
// Predictions::load.
Result<std::unique_ptr<Predictions>, Diagnostic> load_run_predictions(const RunOptions& o,
                                                                      const ColumnMap& columns);

// What the workers of a run did with its predictions: those they looked up
// (a join by id), and the rows they found none for (with the first ids).
struct PredictionUse {
  std::vector<bool> asked;
  uint64_t unanswered = 0;
  std::vector<std::string> unanswered_ids;  // at most 3
  void merge(const PredictionUse& other);
};

// What a run should tell about the join of its predictions once its `rows`
// are done: predictions that answered no row (by id: those not asked), rows
// that had none (by id), or a count that differs from the input's (by
// index); `no_answer` says what a row without a prediction became.
void predictions_warnings(const Predictions& p, uint64_t rows, const PredictionUse& use,
                          std::string_view no_answer, std::vector<std::string>& warnings);

}  // namespace gqleval::batch
