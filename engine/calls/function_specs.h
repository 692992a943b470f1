// The functions a GraphQLRestBench row offers its model: `function_specs`, a
// JSON list of {name, description, parameters: {properties: {NAME: ...}}},
// read for the names and the order of each function's parameters (the order
// in which positional arguments are mapped to names).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::calls {

struct FunctionSpec {
  std::string name;
  std::vector<std::string> parameters;  // in the order of `properties`
};

struct FunctionSpecs {
  std::vector<FunctionSpec> functions;
  const FunctionSpec* find(std::string_view name) const;
};

// Errors: not JSON, not a list of objects with a string `name`.
Result<FunctionSpecs, Diagnostic> parse_function_specs(std::string_view json);

}  // namespace gqleval::calls
