// The operations of an answer (docs/semantics.md, "Answers of several
// operations"): what coverage.h, score_pair.h and subset.h read from a
// candidate cell when it is graded whole (--answer all), and what coverage
// reads from it otherwise.
//
// With every operation: the cell is a JSON array of query texts (an agent's
// submitted queries, in order) or one document. Each text is found (in LLM
// prose, with extraction) and parsed; each operation of a document is
// validated on its own: a diagnostic inside an operation leaves that one out,
// one outside every operation (in a fragment it spreads, or about the whole
// document) leaves them all out, and a text that does not parse is one
// operation left out. Operations are numbered over the texts in order; each
// error names its operation, and positions point into its own text as given.
// A cell that starts with `[` and is not an array of strings is unreadable:
// one operation left out, with the reason.
//
// With one operation: the one `operation_name` picks, as
// QueryFrontEnd::read() picks it (index 0).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/position_map.h"
#include "engine/score/query_front_end.h"
#include "engine/validate/document_check.h"
#include "engine/validate/validator.h"

namespace gqleval::score {

struct AnswerOperation {
  const ast::Document* document = nullptr;
  const ast::OperationDefinition* operation = nullptr;
  PositionMap map;     // from its text to the text as given
  uint32_t index = 0;  // among the answer's operations
};

struct AnswerError {
  int32_t operation = -1;  // the operation it leaves out; -1: the cell as a whole
  Diagnostic diagnostic;   // positions in the text as given
};

struct Answer {
  std::vector<AnswerOperation> valid;  // in order
  std::vector<AnswerError> errors;
  uint32_t operations = 0;  // read, the invalid ones included
  uint32_t invalid = 0;
  bool found = false;  // some text held a query (else the answer is no_query)

  void clear();
};

class AnswerReader {
 public:
  // Reads `cell`, the text of `role` (its messages name it), into `out`
  // (cleared first); documents and texts live in `arena`, which the caller
  // resets. When no text holds a query, the first text's reason is the
  // cell's error.
  void read(const schema::Schema& schema, std::string_view cell, QueryRole role,
            bool all_operations, bool extract, std::string_view operation_name, Arena& arena,
            Answer& out);

 private:
  bool split(std::string_view cell, Arena& arena, Answer& out);
  void read_text(const schema::Schema& schema, std::string_view text, QueryRole role,
                 bool all_operations, bool extract, std::string_view operation_name, Arena& arena,
                 Answer& out);
  void add_document(const validate::DocumentCheck& check, const PositionMap& map, Answer& out);

  QueryFrontEnd front_end_;
  validate::Validator validator_;
  simdjson::dom::parser json_;
  std::vector<std::string_view> texts_;
  bool array_ = false;                   // the cell was a JSON array of texts
  std::optional<Diagnostic> not_found_;  // why the first text held no query
  std::vector<QueryDiagnostic> found_errors_;
  std::vector<const ast::OperationDefinition*> ops_;
  std::vector<SourcePos> ends_;
};

}  // namespace gqleval::score
