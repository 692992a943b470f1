// VariableBindings: what each variable of one operation stands for during one
// normalization (docs/semantics.md, Stage 2, "Variables").
//
//   - a value given in the row's variables (a JSON object, parsed with
//     simdjson) must fit the variable's declared type (the spec's
//     CoerceVariableValues: `$v: Int!` rejects null, `$v: [Int!]` rejects
//     [1, null], errors located at the variable definition), and is then
//     coerced against the type of each position it is used at, so that it
//     prints as a literal there would; a value that does not fit is an error
//     naming the variable;
//   - else the variable's default value, coerced the same way;
//   - else the variable stays a symbol: a CValue of kind kSymbol whose index
//     is the variable's position in the operation's definitions (later
//     renumbered $1, $2, ... by first use in the canonical tree).
// Keys of the JSON object that name no variable of the operation are ignored,
// as graphql-js ignores them.
//
// One VariableBindings can be reused for many operations (its JSON parser keeps
// its buffers); a bind() call replaces the previous bindings.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/internal/coerce.h"
#include "engine/schema/schema.h"

namespace gqleval::normalize {

class VariableBindings final : public VariableResolver {
 public:
  VariableBindings();
  ~VariableBindings() override;
  VariableBindings(const VariableBindings&) = delete;
  VariableBindings& operator=(const VariableBindings&) = delete;

  // Binds the variables of `op` to `json` (a JSON object; empty for none).
  // Errors: invalid JSON, not an object, more variables than symbols can
  // number.
  std::optional<Diagnostic> bind(const schema::Schema& schema, const ast::OperationDefinition& op,
                                 std::string_view json);

  // Whether `json` is variable values at all (a JSON object; blank for none),
  // with bind()'s message when it is not. For a batch row, whose variables
  // cell is checked once before its queries are.
  std::optional<Diagnostic> check_json(std::string_view json);

  const CValue* resolve(ValueCoercer& coercer, const ast::Value& variable,
                        schema::TypeRef location) override;

  uint32_t count() const;  // variables defined by the operation
  std::string_view name(uint32_t index) const;
  bool has_value(uint32_t index) const;  // a JSON value or a default

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gqleval::normalize
