// Small helpers over Node-API's C interface (node_api.h), one convention for
// the addon: a helper that fails has thrown a JavaScript exception (or one
// was pending already) and returns false or nullptr, and its caller returns
// nullptr to JavaScript at once, where the exception surfaces.
#pragma once

#include <node_api.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace gqleval::js {

// True when `status` is napi_ok; else throws an Error naming `what` unless
// an exception is pending already.
bool succeeded(napi_env env, napi_status status, std::string_view what);

// Throws a TypeError, RangeError or Error with `message`; returns nullptr for
// the caller to return.
napi_value throw_type_error(napi_env env, const std::string& message);
napi_value throw_range_error(napi_env env, const std::string& message);
napi_value throw_error(napi_env env, const std::string& message);

// What a cell of JavaScript is: a string, a missing value (null or
// undefined: an empty cell, as a JSON Lines null is to the CLI) or anything
// else.
enum class CellKind { kText, kMissing, kOther };

// Appends the UTF-8 of a string `value` to `out` (V8 writes a lone surrogate
// as U+FFFD); nothing for null or undefined. kOther leaves `out` as it was;
// a Node-API failure throws and returns kOther too (check
// napi_is_exception_pending to tell them apart when it matters).
CellKind append_cell(napi_env env, napi_value value, std::string& out);

// Whether a JavaScript exception is pending (a helper threw, or a call into
// JavaScript did).
bool exception_pending(napi_env env);

// append_cell for a cell that must be text: true for a string, null or
// undefined; anything else is a TypeError "WHAT must be a string, null or
// undefined" (`what()` names the cell, called only then) and false.
template <class Name>
bool append_text(napi_env env, napi_value value, std::string& out, const Name& what) {
  if (append_cell(env, value, out) != CellKind::kOther) return true;
  if (!exception_pending(env)) {
    throw_type_error(env, std::string(what()) + " must be a string, null or undefined");
  }
  return false;
}

// A whole number from 0 to `max` in `out`; else a TypeError ("WHAT must be a
// number") or a RangeError ("WHAT must be a whole number from 0 to MAX") and
// false.
bool whole_number(napi_env env, napi_value value, const char* what, double max, double& out);

// The arguments of a call, at most N of them (missing ones are undefined),
// and its `this`; `ok` false with the exception thrown when they cannot be
// read.
template <size_t N>
struct Args {
  std::array<napi_value, N> argv{};
  napi_value self = nullptr;
  bool ok = false;
  Args(napi_env env, napi_callback_info info) {
    size_t argc = N;
    ok = succeeded(env, napi_get_cb_info(env, info, &argc, argv.data(), &self, nullptr), "a call");
    napi_value undefined = nullptr;
    napi_get_undefined(env, &undefined);
    for (size_t k = argc; k < N; ++k) argv[k] = undefined;
  }
};

// `object[name]`, or nullptr (an exception thrown) when it cannot be read.
napi_value property(napi_env env, napi_value object, const char* name);

// Whether `value` is undefined or null.
bool is_missing(napi_env env, napi_value value);

// A string made of UTF-8 text; nullptr (thrown) on failure.
napi_value utf8_string(napi_env env, std::string_view text);

// A function named `name` calling `callback`, for the module's exports;
// nullptr (thrown) on failure.
napi_value make_function(napi_env env, const char* name, napi_callback callback);

// A Promise settled by work run off the JavaScript thread: `execute` on a
// pool thread, then `complete` on the JavaScript thread, which settles
// `*deferred` and deletes `*work`. Both are given `data`. nullptr (thrown)
// when the work cannot be queued; else the caller's `data` belongs to
// `complete`.
napi_value queue_work(napi_env env, const char* name, napi_async_execute_callback execute,
                      napi_async_complete_callback complete, void* data, napi_deferred* deferred,
                      napi_async_work* work);

}  // namespace gqleval::js
