// Runs the pairs of the equivalence corpus (equivalence_fixture.h) through
// the scorer (engine/score/score_pair.h) and checks every expectation:
// the verdict; the missing and extra counts; the top-most missing and extra
// paths (compared as sorted lists; a path's `[n]` and `@line:column` are
// checked where the fixture gives them); and, for every compared pair, that
// the node counts of the listed paths add up to the missing and extra counts
// (the top-most subtrees partition the differing nodes). An `equivalent`
// expectation also requires zero counts and no paths at all.
//
// A failed pair's report lists what the engine said (verdict, counts, paths,
// rules fired, errors) and both normal forms, so that an engine bug can be
// reported with a minimal reproducing pair.
//
// Schemas and rules are read from tests/equivalence/schemas/<name>.graphql and
// tests/equivalence/rules/<file> once and shared.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/score_pair.h"
#include "tests/support/equivalence_fixture.h"

namespace gqleval::corpus {

struct LoadedSchema {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
  std::string error;  // why it could not be loaded; empty when it was
};

class CorpusFiles {
 public:
  explicit CorpusFiles(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }
  // The schema `name` with the rules file `rules` (empty: derived rules only).
  const LoadedSchema& get(const std::string& name, const std::string& rules);

 private:
  std::string root_;
  std::map<std::pair<std::string, std::string>, LoadedSchema> cache_;
};

// The scorer's options for a fixture's option words: `no-cycles`,
// `no-endpoints`, `cycles`, `endpoints`, `rgeval`, `ignore_typename`, `variables_by_name`,
// `delta=N`, `extract`. False (with `error` set) for an unknown word.
bool score_options(const PairFixture& pair, score::ScoreOptions* options, std::string* error);

struct PairOutcome {
  bool passed = false;
  std::string report;  // empty when passed
};

PairOutcome run_pair(CorpusFiles& files, score::Scorer& scorer, const PairFixture& pair);

// print_tree() and the rule firings of one query's normal form under the
// pair's options, or the error that stopped it; for reports.
std::string describe_normal_form(const LoadedSchema& loaded, const score::ScoreOptions& options,
                                 const std::string& query);

}  // namespace gqleval::corpus
