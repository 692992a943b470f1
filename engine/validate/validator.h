// The validator: checks an executable document against a schema with every
// rule of graphql-js 16 `specifiedRules` plus OperationTypeExistence (rule.h),
// and picks the operation to run as graphql-js execution does.
//
// validate() runs the rules one after another in specifiedRules order; each
// rule's diagnostics come in graphql-js order, with graphql-js 16's messages
// and locations, tagged with the rule name. (graphql-js runs all rules in one
// interleaved traversal, so with several rules the ORDER of diagnostics across
// rules differs from graphql-js; the set is the same unless max_errors cuts it.)
// Options: a subset of rules by name (which may also name the optional custom
// rules NoDeprecatedCustom and NoSchemaIntrospectionCustom), lenient mode (cosmetic rules warn),
// the error limit. An unknown rule name in options.rules is itself an error (rule "Validation").
// Cost: with all rules, a document of fields and literal arguments only is
// first offered to certify_simple_document() (simple_document.h), one walk that
// passes it when it is valid; any other document, or one it cannot certify,
// costs one recorded walk, replayed by each rule (context.h). A
// Validator keeps its ValidationWorkspace from one document to the next, so a
// warm Validator validates a valid document without heap allocation; validate()
// uses one Validator per thread.
#pragma once

#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/validate/internal/context.h"

namespace gqleval::validate {

// A reusable validator: validate() as below, on buffers kept between calls.
// Not thread-safe: one per thread.
class Validator {
 public:
  Diagnostics validate(const schema::Schema& schema, const ast::Document& document,
                       const ValidateOptions& options = {});

 private:
  ValidationWorkspace workspace_;
};

// Validator::validate() on a thread-local Validator.
Diagnostics validate(const schema::Schema& schema, const ast::Document& document,
                     const ValidateOptions& options = {});

// True when some diagnostic is an error (warnings do not make a document invalid).
bool has_errors(const Diagnostics& diagnostics);

// graphql-js execution's choice of operation: with an empty operation_name the
// document must hold exactly one operation ("Must provide an operation.",
// "Must provide operation name if query contains multiple operations."); with a
// name, the last operation of that name (`Unknown operation named "X".`).
// Errors carry rule "OperationSelection" and no location, as graphql-js.
Result<const ast::OperationDefinition*> select_operation(const ast::Document& document,
                                                         std::string_view operation_name);

}  // namespace gqleval::validate
