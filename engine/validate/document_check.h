// One query document read as a server reads it before running it: parsed,
// validated against the schema (every rule, or the ones asked for), and its
// operation picked as graphql-js execution picks it. The one path that
// `gqleval validate` (files and rows), the Python module's validate and the
// scorer's front end (score/query_front_end.h) take.
//
// The operation. graphql-js's execute() runs the operation the name names,
// and with no name the only one (validator.h, select_operation). A scorer
// gives one name for a reference and a candidate alike, so for it a document
// of one operation runs that one, whatever its name (OperationName::
// kWhenSeveral). With a subset of rules asked for, no operation is picked:
// the caller asked for those rules only.
//
// Costs: the parse and the validation (Validator reuses its workspace); the
// document lives in `arena`, which the caller resets.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {

enum class OperationName : uint8_t {
  kAlways,       // the name, when given, must name an operation (graphql-js execute())
  kWhenSeveral,  // the name picks among several; one operation runs whatever its name
};

struct DocumentCheck {
  const ast::Document* document = nullptr;              // null when it does not parse
  const ast::OperationDefinition* operation = nullptr;  // null when anything failed
  Diagnostics diagnostics;                    // the syntax error, or validation's (warnings too)
  std::optional<Diagnostic> operation_error;  // no operation to run (a valid document)
  // Every problem, in order: the diagnostics, then the operation's error.
  Diagnostics all() const;
};

DocumentCheck check_document(Validator& validator, const schema::Schema& schema,
                             std::string_view text, const ValidateOptions& options,
                             std::string_view operation_name, OperationName rule, Arena& arena);

}  // namespace gqleval::validate
