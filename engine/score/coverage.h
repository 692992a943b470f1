// Coverage, beside score_pair.h and subset.h: does an answer traverse every
// schema coordinate (coordinates.h) a row requires? The gate of agent
// benchmarks on big APIs, where a question has no one right query (through
// `viewer` or `user(login:)`, a connection's `nodes` or its `edges { node }`)
// and lists instead what a correct answer must reach.
//
// The required coordinates are the row's list, or where it has none the ones
// its reference traverses (fields and arguments: internal/traversal.h). The
// answer is one operation (the one `operation_name` picks, as score_pair.h
// picks it), or with `all_operations` every operation of the cell, which is
// one document or a JSON array of query texts (an agent's submitted
// queries): each is validated on its own, an invalid one is reported with
// its index and left out, and what the valid ones traverse together counts.
//
// An answer covers `Type.field` when one of its operations selects that
// field on `Type`, or on an interface `Type` implements, or on an
// implementation of the interface `Type` (the same field, reached through
// the other); `Type.field(argument:)` when such a selection passes the
// argument, literally or by variable; a bare `Type` when it selects a field
// on it. A bare union, scalar, enum or input type can be reached by no field
// walk: it is `unsatisfiable`, listed, never counted. Excluded coordinates
// the answer covers are `over_selected`: reported, never in the gate.
//
// Verdicts: covered (nothing missing), not_covered, and the stage 1 verdicts
// of score_pair.h: invalid_schema > invalid_reference (the reference, or an
// entry of the lists that is no coordinate of the schema) > no_query >
// invalid_candidate.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/schema/schema.h"

namespace gqleval::score {

enum class CoverageVerdict : uint8_t {
  kCovered,
  kNotCovered,
  kNoQuery,
  kInvalidCandidate,
  kInvalidReference,
  kInvalidSchema,
};
std::string_view coverage_verdict_name(CoverageVerdict verdict);  // "covered", ...

struct CoverageOptions {
  std::string_view operation_name;  // picks the operation of a document with several
  bool all_operations = false;      // grade every operation of the answer together
  bool extract = true;              // find each query in LLM text first
};

// What a row requires.
struct CoverageTask {
  bool listed = false;                    // `required` is the row's list; else derived
  std::span<const std::string> required;  // coordinate texts
  std::span<const std::string> excluded;
  std::string_view reference;  // the query the required ones derive from when not listed
};

struct MissingCoordinate {
  std::string coordinate;
  std::string nearest;     // where the answer came closest ("Repository.issues at 3:5 without
                           // first"); empty when it did not come near
  SourcePos pos;           // of `nearest`
  int32_t operation = -1;  // the answer's operation `nearest` is in; -1: none
};

// A problem the row has: `query` says with what ("schema", "reference",
// "required", "excluded", "candidate"), `index` which entry of a list or
// which of the answer's operations (-1: none).
struct CoverageError {
  std::string_view query;
  int32_t index = -1;
  Diagnostic diagnostic;
};

struct CoverageRow {
  CoverageVerdict verdict = CoverageVerdict::kInvalidCandidate;
  uint32_t required = 0;  // satisfiable required coordinates
  uint32_t covered = 0;
  double recall = 0;                       // covered / required (1 when nothing is required)
  std::vector<MissingCoordinate> missing;  // sorted by coordinate
  std::vector<std::string> over_selected;  // sorted
  std::vector<std::string> unsatisfiable;  // sorted
  uint32_t operations = 0;                 // the answer's operations read
  uint32_t invalid_operations = 0;         // of them, the invalid ones left out
  std::vector<CoverageError> errors;

  bool compared() const {
    return verdict == CoverageVerdict::kCovered || verdict == CoverageVerdict::kNotCovered;
  }
};

// The row of a schema that does not build.
CoverageRow coverage_schema_failure(const Diagnostics& schema_errors);

// Holds the workspaces (validation, documents); reuse one per thread.
class CoverageGrader {
 public:
  CoverageGrader();
  ~CoverageGrader();
  CoverageGrader(const CoverageGrader&) = delete;
  CoverageGrader& operator=(const CoverageGrader&) = delete;

  CoverageRow grade(const schema::Schema& schema, const CoverageTask& task,
                    std::string_view candidate, const CoverageOptions& options);

  // The coordinates `query` traverses (its fields and the arguments it
  // passes), sorted and unique: a row's required list written out. Empty
  // with `errors` when the query is not valid.
  std::vector<std::string> derive(const schema::Schema& schema, std::string_view query,
                                  const CoverageOptions& options,
                                  std::vector<CoverageError>& errors);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gqleval::score
