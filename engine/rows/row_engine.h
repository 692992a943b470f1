// RowEngine: the batch engine for rows held in memory, as the language
// bindings hand them over (views into Python's str objects, or into the UTF-8
// copies of JavaScript strings), with the semantics of a `gqleval score` row
// (both score through batch/row_core.h) so that a row scored here and the
// same row in a file scored by the CLI give the same result members:
//
//   a cell longer than max_field_bytes, or a variables cell that is not a
//   JSON object, makes a bad_row -> the row's schema from the shared
//   SchemaCache (keyed by text, built once, canonical forms shared) -> the
//   row core (batch/row_core.h): the references (the primary always, further
//   ones only where not blank, a matched index naming the reference's
//   position in the row), the variables, the candidate scored in the mode
//   -> the result members, written by the CLI's own serializers.
//
// What it writes is one JSON object per row, `{"verdict":...,"errors":[...]}`:
// the members of a score result line, without the line's head (row, id and
// the keys of a file run), which belong to a file.
//
// Thread-safety: every method may be called from any number of threads at
// once. Each call borrows a Worker (a Scorer, its schema memo and scratch)
// from a pool and gives it back, so a RowEngine shared by Python threads
// scores in parallel once they release the GIL (and so do Node.js's worker
// threads), and a warm call allocates nothing beyond its output.
// score_rows() runs a oneTBB parallel loop in its own task_arena of
// `threads` threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/result.h"
#include "engine/batch/schema_cache.h"
#include "engine/rows/row_options.h"
#include "engine/rows/row_table.h"

namespace gqleval::rows {

class RowEngine {
 public:
  explicit RowEngine(std::unique_ptr<const CheckedOptions> options);
  ~RowEngine();
  RowEngine(const RowEngine&) = delete;
  RowEngine& operator=(const RowEngine&) = delete;

  const RowOptions& options() const { return options_->options; }

  // Appends the row's result object to `out`; a row that check_row()
  // refuses is its error, and nothing is appended.
  std::optional<Diagnostic> score(const RowCells& row, std::string& out);

  // Rows [first, first + count) of `table` on `threads` threads (0: all
  // cores; more than the machine has, as `gqleval score -j` runs them),
  // appended to `results` in row order. A row equal to an earlier one of
  // these (every cell) is scored once: `results.firsts` names that row, and
  // the repeat's text is empty. A table that check_table() refuses is its
  // error, and no row is scored.
  std::optional<Diagnostic> score_rows(const RowTable& table, size_t first, size_t count,
                                       unsigned threads, RowResults& results);

  // `query` validated against `schema` as `gqleval validate` validates a row:
  // appends `{"valid":...,"errors":[{"query","rule","message","line",
  // "column"}...]}`, the errors being the schema's when it does not build.
  void validate(std::string_view schema, std::string_view query, std::string& out);
  // The rules the engine derives from `schema`'s names, as the JSON text of a
  // rules file (normalize/derived_rules.h), as `gqleval schema --rules` prints
  // them; false with the schema's first error in `out` when it does not build.
  bool derived_rules(std::string_view schema, std::string& out);

 private:
  struct Worker;
  class Lease;

  void score_row(Worker& worker, const RowCells& row, std::string& out);
  std::unique_ptr<Worker> acquire();
  void release(std::unique_ptr<Worker> worker);

  std::unique_ptr<const CheckedOptions> options_;
  batch::SchemaCache cache_;
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<Worker>> pool_;
};

}  // namespace gqleval::rows
