// JavaScript values to the engine's options (engine/rows/option_values.h),
// and the engine's errors to JavaScript's exceptions. The JavaScript thread
// only.
#pragma once

#include <node_api.h>

#include <optional>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/rows/option_values.h"

namespace gqleval::js {

// `value` as an option value: undefined absent, a boolean, a number, a
// string, an Array of strings as a list of texts; anything else (null
// included) kOther, named as the package's messages name types ("null", "an
// Array", "object").
rows::OptionValue option_value(napi_env env, napi_value value);

// Throws the exception the engine's diagnostic asks for: TypeError for rule
// "TypeError", RangeError for every other; returns nullptr.
napi_value throw_diagnostic(napi_env env, const Diagnostic& error);

// Sets every own enumerable option of `options` (an object, or undefined or
// null for none) with `set` (rows::set_row_option or rows::set_file_option);
// false with the first bad one's exception thrown. `keys`, when it is an
// Array, names them (Object.keys(options), which JavaScript lists several
// times faster than Node-API does: compare() reads its options every call).
template <class Target>
bool read_options(napi_env env, napi_value options, Target& target,
                  std::optional<Diagnostic> (*set)(Target&, std::string_view,
                                                   const rows::OptionValue&),
                  napi_value keys = nullptr);

// readThreads(value): the engine's reading of a `threads` option
// (rows::read_threads): the number, 0 for undefined (every core), or a
// TypeError or RangeError thrown. For the module's exports.
napi_value define_read_threads(napi_env env);

}  // namespace gqleval::js
