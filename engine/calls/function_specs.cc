#include "engine/calls/function_specs.h"

#include <simdjson.h>

namespace gqleval::calls {

const FunctionSpec* FunctionSpecs::find(std::string_view name) const {
  for (const FunctionSpec& f : functions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

Result<FunctionSpecs, Diagnostic> parse_function_specs(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (auto err = parser.parse(json.data(), json.size()).get(root); err) {
    return Unexpected{make_error("FunctionSpecs", std::string("function_specs is not JSON: ") +
                                                      simdjson::error_message(err))};
  }
  simdjson::dom::array list;
  if (root.get_array().get(list) != simdjson::SUCCESS) {
    return Unexpected{make_error("FunctionSpecs", "function_specs is not a JSON list")};
  }
  FunctionSpecs out;
  for (simdjson::dom::element item : list) {
    std::string_view name;
    if (item["name"].get_string().get(name) != simdjson::SUCCESS) {
      return Unexpected{make_error("FunctionSpecs", "a function spec has no string \"name\"")};
    }
    FunctionSpec spec;
    spec.name = std::string(name);
    simdjson::dom::object properties;
    if (item["parameters"]["properties"].get_object().get(properties) == simdjson::SUCCESS) {
      for (simdjson::dom::key_value_pair p : properties) spec.parameters.emplace_back(p.key);
    }
    out.functions.push_back(std::move(spec));
  }
  return out;
}

}  // namespace gqleval::calls
