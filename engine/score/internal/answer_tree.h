// An answer of several operations as one normal tree (score_pair.h, "Several
// operations"): its operations read (answer_reader.h), the valid ones of the
// first one's kind normalized each, and their trees merged at the root
// (normalize/merge_operations.h). What the scorer and the subset comparer
// take as the candidate when every operation of it is graded.
//
// Left out, each with its error naming the operation: an invalid operation
// (the reader's), an operation of another kind than the first valid one
// (rule OperationKind: a query and a mutation fetch nothing together), one
// that does not normalize (a size limit), and any past the 65,536th (rule
// AnswerLimit: a node names its operation in 16 bits).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/normalize/merge_operations.h"
#include "engine/normalize/normal_tree.h"
#include "engine/normalize/options.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/answer_reader.h"
#include "engine/score/internal/position_map.h"
#include "engine/score/pair_result.h"
#include "engine/score/query_front_end.h"

namespace gqleval::score {

struct AnswerTree {
  QueryState state = QueryState::kInvalid;  // kNoQuery: no text held a query; kInvalid: no
                                            // valid operation
  normalize::NormalTree tree;               // when kOk
  TreePlaces places;                        // a map per operation
  uint32_t operations = 0;                  // read
  uint32_t invalid = 0;                     // of them, left out
};

struct AnswerTreeOptions {
  bool extract = true;  // find each query in LLM text first
  normalize::NormalizeOptions normalize;
  const normalize::Rewrites* rewrites = nullptr;
};

class AnswerTreeReader {
 public:
  // Reads `cell` into `out`, its tree and maps into `arena`; its errors,
  // as the candidate's with their operation, appended to `errors`.
  // `front_end` normalizes.
  void read(const schema::Schema& schema, std::string_view cell, const AnswerTreeOptions& options,
            QueryFrontEnd& front_end, Arena& arena, std::vector<QueryDiagnostic>& errors,
            AnswerTree& out);

 private:
  void normalize_operations(const schema::Schema& schema, const AnswerTreeOptions& options,
                            QueryFrontEnd& front_end, Arena& arena,
                            std::vector<QueryDiagnostic>& errors, AnswerTree& out);

  AnswerReader reader_;
  Answer answer_;
  normalize::OperationMerger merger_;
  std::vector<normalize::NormalTree> trees_;
  std::vector<uint16_t> tree_operations_;
};

}  // namespace gqleval::score
