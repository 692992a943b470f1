// Artifacts of a run, in a folder DIR: for the rows the run picks (failing
// rows by default, at most a limit of them, the first in input order), a
// folder DIR/row-NNNNNNNN (the 0-based data row, zero-padded to eight digits
// so that folders sort in row order) that shows how the verdict came about and
// replays it, for a person debugging a dataset or a model:
//
//   schema.graphql             the row's schema
//   reference.graphql          the reference as given (reference-K.graphql,
//                              K = 0, 1, ..., when the row has several)
//   candidate.txt              the candidate text as given
//   variables.json             the row's variable values, when it has some
//   candidate.graphql          the query extracted from it (when one was found;
//                              not for an answer of several operations)
//   reference.normal.graphql   the normal form (normalize/printer.h) of the
//   candidate.normal.graphql   matched reference (else the first) and of the
//                              candidate, when they validate (with --answer
//                              all, its valid operations' merged tree)
//   graph.dot                  both trees as Graphviz DOT, side by side;
//                              reference nodes the candidate lacks are red
//                              (missing), candidate nodes the reference lacks
//                              are orange (extra), shared nodes black
//   explanation.txt            the verdict as `gqleval compare` prints it
//   result.json                the pair's result as JSON: a score row's
//                              members (score/result_json.h)
//   replay.sh                  reruns `gqleval compare` on these files with
//                              the run's options (`GQLEVAL=path/to/gqleval
//                              sh replay.sh`; extra arguments such as --json
//                              are passed on)
//
// and DIR/rules.json, a copy of the run's rules file, when it has one.
//
// The limit holds exactly and picks the same rows for any number of threads:
// the writer keeps the set of rows written so far that are the first `limit`
// picked rows among those seen; a row beyond all of them when the set is full
// is skipped, and a row that arrives out of order (a later shard finished
// first) evicts the last one, whose folder is removed. So at the end the
// folders are those of the first `limit` picked rows in input order, and
// folders are only written and removed within the window of rows in flight.
// Writing is best effort: a folder that cannot be written is reported on
// stderr once and the run goes on. Thread-safe (each row has its own folder;
// the scratch is per call; the set is under a mutex taken twice per written
// row).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "engine/batch/schema_cache.h"
#include "engine/normalize/normal_tree.h"
#include "engine/score/score_pair.h"

namespace gqleval::batch {

struct ArtifactSettings {
  std::string dir;
  bool want_pass = false;
  bool want_fail = true;
  uint64_t limit = 0;          // 0: no limit
  std::string replay_options;  // `gqleval compare` flags that repeat the run's options
  std::string rules_file;      // copied to DIR/rules.json; empty: none
};

class ArtifactWriter {
 public:
  explicit ArtifactWriter(ArtifactSettings settings) : settings_(std::move(settings)) {}

  // Creates the top folder and copies the rules file; an error (rule "IO")
  // when it cannot.
  std::optional<Diagnostic> prepare() const;

  // Whether the filter picks a row that passes (or not).
  bool picks(bool pass) const { return pass ? settings_.want_pass : settings_.want_fail; }

  // Writes the row's folder unless the limit has been reached by earlier rows.
  void write(uint64_t row, const SchemaEntry& schema, std::span<const std::string_view> references,
             std::string_view candidate, const score::ScoreOptions& options,
             const score::PairResult& result);

  // Rows whose folders are kept, once the run is over.
  uint64_t written() const;
  const std::string& dir() const { return settings_.dir; }

  // For a resumed run that starts at `first_row`: the folders of earlier rows
  // that are in DIR are kept (and count toward the limit), those of later
  // rows, written after the interrupted run's last checkpoint, are removed.
  void resume(uint64_t first_row);

 private:
  std::string folder(uint64_t row) const;

  // Whether row may be written (see above); marks it as being written.
  bool claim(uint64_t row);
  // The row's folder is written: removes it when an earlier row evicted it.
  void finish(uint64_t row);
  void write_folder(const std::string& folder, const SchemaEntry& schema,
                    std::span<const std::string_view> references, std::string_view candidate,
                    const score::ScoreOptions& options, const score::PairResult& result) const;

  ArtifactSettings settings_;
  mutable std::mutex mutex_;
  std::set<uint64_t> kept_;     // with a limit: the first picked rows seen
  std::set<uint64_t> writing_;  // claimed, folder not finished
  uint64_t written_ = 0;        // without a limit
  mutable std::atomic<bool> warned_{false};
};

// Two normal trees as one Graphviz digraph; nodes of `reference` not in
// `candidate` are red, nodes of `candidate` not in `reference` orange (nodes
// are the same when their identity and parent chain are: Node::hash).
std::string trees_to_dot(const normalize::NormalTree* reference,
                         const normalize::NormalTree* candidate);

}  // namespace gqleval::batch
