#include "engine/normalize/variables.h"

#include <simdjson.h>

#include <string>
#include <vector>

namespace gqleval::normalize {

struct VariableBindings::Impl {
  struct Binding {
    std::string_view name;
    schema::TypeRef declared;  // the variable's type as the operation declares it
    SourcePos pos;             // of the variable definition
    const ast::Value* default_value = nullptr;
    bool checked = false;  // the JSON value was checked against `declared`
    bool has_json = false;
    simdjson::dom::element json;
  };
  simdjson::dom::parser parser;
  simdjson::dom::object object;  // the last check_json()'s, in the parser's document
  std::vector<Binding> bindings;
};

VariableBindings::VariableBindings() : impl_(std::make_unique<Impl>()) {}
VariableBindings::~VariableBindings() = default;

std::optional<Diagnostic> VariableBindings::bind(const schema::Schema& schema,
                                                 const ast::OperationDefinition& op,
                                                 std::string_view json) {
  impl_->bindings.clear();
  if (op.variables.size() > kMaxSymbols) {
    return make_error(
        "Normalize",
        "The operation defines more than " + std::to_string(kMaxSymbols) + " variables.",
        op.loc.pos());
  }
  for (const ast::VariableDefinition* def : op.variables) {
    Impl::Binding b;
    b.name = def->variable.value;
    if (def->type != nullptr) b.declared = schema.resolve(*def->type);
    b.pos = def->loc.pos();
    b.default_value = def->default_value;
    impl_->bindings.push_back(b);
  }
  if (auto bad = check_json(json)) return bad;
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) return std::nullopt;
  for (simdjson::dom::key_value_pair kv : impl_->object) {
    for (Impl::Binding& b : impl_->bindings) {
      if (b.name == kv.key) {
        b.has_json = true;
        b.json = kv.value;
      }
    }
  }
  return std::nullopt;
}

std::optional<Diagnostic> VariableBindings::check_json(std::string_view json) {
  // Only whitespace means "no variables".
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) return std::nullopt;
  simdjson::dom::element root;
  if (auto err = impl_->parser.parse(json.data(), json.size()).get(root);
      err != simdjson::SUCCESS) {
    return make_error(
        "VariableValues",
        std::string("The variables are not valid JSON: ") + simdjson::error_message(err),
        SourcePos{});
  }
  if (root.get_object().get(impl_->object) != simdjson::SUCCESS) {
    return make_error("VariableValues", "The variables must be a JSON object.", SourcePos{});
  }
  return std::nullopt;
}

const CValue* VariableBindings::resolve(ValueCoercer& coercer, const ast::Value& variable,
                                        schema::TypeRef location) {
  for (uint32_t i = 0; i < impl_->bindings.size(); ++i) {
    Impl::Binding& b = impl_->bindings[i];
    if (b.name != variable.text) continue;
    if (b.has_json) {
      // The spec's CoerceVariableValues checks the value against the declared
      // type, once, whatever the positions it is used at: `$v: Int!` rejects
      // null even where the argument is nullable. The canonical value is then
      // coerced at the position, so that it prints as a literal there would.
      if (!b.checked) {
        if (b.json.is_null() && b.declared.is_non_null()) {
          return coercer.fail("VariableValues",
                              "Variable \"$" + std::string(b.name) + "\" of non-null type \"" +
                                  coercer.schema().type_to_string(b.declared) +
                                  "\" must not be null.",
                              b.pos);
        }
        if (coercer.coerce_json(b.json, b.declared, b.name, b.pos) == nullptr) return nullptr;
        b.checked = true;
      }
      return coercer.coerce_json(b.json, location, b.name, variable.loc.pos());
    }
    if (b.default_value != nullptr) return coercer.coerce_literal(*b.default_value, location);
    return coercer.make_symbol(i);
  }
  return coercer.fail("NoUndefinedVariables",
                      "Variable \"$" + std::string(variable.text) + "\" is not defined.",
                      variable.loc.pos());
}

uint32_t VariableBindings::count() const { return static_cast<uint32_t>(impl_->bindings.size()); }

std::string_view VariableBindings::name(uint32_t index) const {
  return impl_->bindings[index].name;
}

bool VariableBindings::has_value(uint32_t index) const {
  const Impl::Binding& b = impl_->bindings[index];
  return b.has_json || b.default_value != nullptr;
}

}  // namespace gqleval::normalize
