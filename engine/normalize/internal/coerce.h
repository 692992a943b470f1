// Input coercion to canonical values (canonical_value.h), per the spec's
// "Input Coercion" sections, for the three sources of input values:
//   - literals in a validated document (arguments, directive arguments, list
//     and object literals, default values of the schema and of variables);
//   - variable values given as JSON (parsed by simdjson), which are checked:
//     a value that cannot be coerced is an error naming the variable;
//   - variables met inside literals, which a VariableResolver decides (a
//     bound value, or a symbol when the variable has no value).
//
// Costs: one arena allocation per non-trivial value; Int, String and Enum
// texts are views into the source (no copy); a Float is printed once.
// Errors are values: the coercing functions return nullptr and error() says
// why. Literals of a validated document never fail; JSON values may.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/internal/canonical_value.h"
#include "engine/schema/schema.h"

namespace simdjson::dom {
class element;
}

namespace gqleval::normalize {

class ValueCoercer;

// Decides what a `$variable` inside a literal stands for.
class VariableResolver {
 public:
  virtual ~VariableResolver() = default;
  // The canonical value of `variable` at a position of type `location`, or
  // nullptr after coercer.fail(...) was called.
  virtual const CValue* resolve(ValueCoercer& coercer, const ast::Value& variable,
                                schema::TypeRef location) = 0;
};

class ValueCoercer {
 public:
  ValueCoercer(const schema::Schema& schema, Arena& arena) : schema_(schema), arena_(arena) {}

  void set_resolver(VariableResolver* resolver) { resolver_ = resolver; }
  const schema::Schema& schema() const { return schema_; }

  // A literal at a position of the given type (validated: it fits the type).
  const CValue* coerce_literal(const ast::Value& value, schema::TypeRef type);
  // A JSON variable value; `variable` (without '$') and `pos` (where it is
  // used) locate the value in error messages.
  const CValue* coerce_json(const simdjson::dom::element& value, schema::TypeRef type,
                            std::string_view variable, SourcePos pos);

  // Coerces the given arguments against their definitions into `out`, sorted
  // by name, leaving out each argument equal to its declared default.
  // Arguments the definitions do not know are ignored (validation reports
  // them). False on error.
  bool coerce_arguments(std::span<const ast::Argument* const> given,
                        std::span<const schema::InputValue> definitions,
                        std::vector<CArgument>& out);

  // The canonical form of a definition's default value, nullptr when none.
  const CValue* default_of(const schema::InputValue& definition);

  const CValue* make_symbol(uint32_t index);
  const CValue* make_null();

  // Records a failure, unless one is recorded already (resolvers call it
  // too), and returns nullptr.
  std::nullptr_t fail(std::string_view rule, std::string message, SourcePos pos);
  // The failure, after a coercing function returned nullptr (or false).
  const Diagnostic& error() const { return *error_; }

 private:
  const CValue* literal_scalar(const ast::Value& value, const schema::TypeDef& td);
  const CValue* literal_generic(const ast::Value& value);
  const CValue* literal_object(const ast::Value& value, const schema::TypeDef& td);
  struct JsonSite {
    std::string_view variable;
    SourcePos pos;
  };
  const CValue* json_value(const simdjson::dom::element& value, schema::TypeRef type,
                           const JsonSite& site);
  const CValue* json_scalar(const simdjson::dom::element& value, const schema::TypeDef& td,
                            const JsonSite& site);
  const CValue* json_int(const simdjson::dom::element& value, const JsonSite& site);
  const CValue* json_float(const simdjson::dom::element& value, const JsonSite& site);
  const CValue* json_string(const simdjson::dom::element& value, const JsonSite& site);
  const CValue* json_boolean(const simdjson::dom::element& value, const JsonSite& site);
  const CValue* json_id(const simdjson::dom::element& value, const JsonSite& site);
  const CValue* json_generic(const simdjson::dom::element& value);
  const CValue* json_object(const simdjson::dom::element& value, const schema::TypeDef& td,
                            const JsonSite& site);
  std::nullptr_t json_invalid(const simdjson::dom::element& value, const JsonSite& site,
                              const std::string& detail);
  std::span<const CField> sorted_fields(std::span<CField> fields);
  const CValue* make(CKind kind, std::string_view text = {});
  const CValue* float_value(double d);

  const schema::Schema& schema_;
  Arena& arena_;
  VariableResolver* resolver_ = nullptr;
  std::optional<Diagnostic> error_;
};

}  // namespace gqleval::normalize
