// A function-calling answer, standardized (issue #15's definitions,
// docs/commands/calls.md): the API calls in program order with their
// arguments, which calls read which responses, and every access chain read
// from a response, so that two answers compare by what they call and read,
// not by how they name things.
//
//   - An API call is a call whose callee names one of the row's functions.
//     Its response is named by the function and its occurrence among that
//     function's calls (`GET_me#0`), whatever variable holds it.
//   - A plain variable assigned an expression (not an API call) stands for
//     that expression where later code uses it; comprehension and `for`
//     variables are renamed by position. A comprehension's are `_v0`, `_v1`,
//     ... in order of binding within it, a nested comprehension's numbered on
//     from its enclosing one's, so that the same comprehension reads the same
//     wherever it is; a `for` statement's are `_f0`, `_f1`, ... in order of
//     binding within the program (they outlive their loop).
//   - Positional arguments take the parameter names of the function, in the
//     order its spec lists them (`#N` past the last; `*` for `*args`, `**`
//     for `**kwargs` that is not a dict display, whose keys are expanded).
//   - An argument's value is its expression printed in one canonical form
//     after renaming: strings in double quotes with escapes normalized, ints
//     and floats by value (`1` is not `1.0`), containers and operators
//     written one way, no redundant parentheses.
//   - An access chain is what an expression reads from a response: fields
//     (`.f`, or `["f"]`), indexes `[i]`, slices, and iteration (a
//     comprehension or `for` over it). A chain whose last field is called (a
//     method: `.lower()`) ends before that field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/calls/function_specs.h"
#include "engine/python_subset/ast.h"

namespace gqleval::calls {

struct Argument {
  std::string function;
  std::string parameter;
  std::string value;  // canonical text
  SourcePos pos;      // of the value in the snippet
};

struct ApiCall {
  std::string function;
  uint32_t occurrence = 0;  // among this function's calls, from 0
  std::vector<Argument> arguments;
  std::vector<uint32_t> reads;  // the calls whose responses its arguments read, sorted
  SourcePos pos;
  std::string id() const { return function + "#" + std::to_string(occurrence); }
};

struct PathStep {
  enum class Kind : uint8_t { kField, kIndex, kSlice, kEach };
  Kind kind = Kind::kField;
  std::string name;  // kField
  SourcePos pos;
};

struct AccessPath {
  uint32_t call = 0;  // the call whose response it reads
  std::vector<PathStep> steps;
  SourcePos pos;
};

struct Program {
  std::vector<ApiCall> calls;
  std::vector<AccessPath> paths;
  // The function of each call in program order.
  std::vector<std::string> sequence() const;
};

Program standardize(const python_subset::Module& module, const FunctionSpecs& functions);

// A path as the reader wrote it, after renaming: `GET_me#0.items[0].id`,
// `GET_me#0.items[*]` for an iteration.
std::string path_text(const ApiCall& call, const AccessPath& path);

}  // namespace gqleval::calls
