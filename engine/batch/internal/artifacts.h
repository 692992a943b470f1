// Artifacts of a run, in a folder DIR: for each row, a folder DIR/row-N (N the 0-based data row)
// that shows how the verdict came about, for a person debugging a dataset or
// a model:
//
//   reference.graphql          the reference as given (reference-K.graphql,
//                              K = 0, 1, ..., when the row has several)
//   candidate.txt              the candidate text as given
//   candidate.graphql          the query extracted from it (when one was found)
//   reference.normal.graphql   the normal form (normalize/printer.h) of the
//   candidate.normal.graphql   matched reference (else the first) and of the
//                              candidate, when they validate
//   graph.dot                  both trees as Graphviz DOT, side by side;
//                              reference nodes the candidate lacks are red
//                              (missing), candidate nodes the reference lacks
//                              are orange (extra), shared nodes black
//   explanation.txt            the verdict as `gqleval compare` prints it
//   result.json                the pair's result as JSON: a score row's
//                              members (score/result_json.h)
//
// Off by default: it redoes stage 1 and 2 for the pair and writes several
// files per row, so it costs far more than scoring. Writing is best effort:
// a folder that cannot be written is reported on stderr once and the run goes
// on. Thread-safe (each row has its own folder; the scratch is per call).
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/batch/schema_cache.h"
#include "engine/normalize/normal_tree.h"
#include "engine/score/score_pair.h"

namespace gqleval::batch {

class ArtifactWriter {
 public:
  explicit ArtifactWriter(std::string dir) : dir_(std::move(dir)) {}

  // Creates the top folder; false (with a message) when it cannot.
  bool prepare(std::string* error) const;

  void write(uint64_t row, const SchemaEntry& schema, std::span<const std::string_view> references,
             std::string_view candidate, const score::ScoreOptions& options,
             const score::PairResult& result) const;

 private:
  std::string dir_;
  mutable std::atomic<bool> warned_{false};
};

// Two normal trees as one Graphviz digraph; nodes of `reference` not in
// `candidate` are red, nodes of `candidate` not in `reference` orange (nodes
// are the same when their identity and parent chain are: Node::hash).
std::string trees_to_dot(const normalize::NormalTree* reference,
                         const normalize::NormalTree* candidate);

}  // namespace gqleval::batch
