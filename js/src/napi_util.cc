#include "js/src/napi_util.h"

#include <cmath>
#include <cstdint>

namespace gqleval::js {
namespace {

// Strings longer than this (UTF-16 code units) are measured before they are
// copied.
constexpr size_t kMeasureAbove = 65536;

}  // namespace

bool succeeded(napi_env env, napi_status status, std::string_view what) {
  if (status == napi_ok) return true;
  if (!exception_pending(env)) {
    const napi_extended_error_info* info = nullptr;
    napi_get_last_error_info(env, &info);
    std::string message = "gqleval: " + std::string(what) + " failed";
    if (info != nullptr && info->error_message != nullptr) {
      message += std::string(": ") + info->error_message;
    }
    napi_throw_error(env, nullptr, message.c_str());
  }
  return false;
}

napi_value throw_type_error(napi_env env, const std::string& message) {
  napi_throw_type_error(env, nullptr, message.c_str());
  return nullptr;
}

napi_value throw_range_error(napi_env env, const std::string& message) {
  napi_throw_range_error(env, nullptr, message.c_str());
  return nullptr;
}

napi_value throw_error(napi_env env, const std::string& message) {
  napi_throw_error(env, nullptr, message.c_str());
  return nullptr;
}

CellKind append_cell(napi_env env, napi_value value, std::string& out) {
  napi_valuetype type = napi_undefined;
  if (!succeeded(env, napi_typeof(env, value, &type), "reading a cell")) return CellKind::kOther;
  if (type == napi_undefined || type == napi_null) return CellKind::kMissing;
  if (type != napi_string) return CellKind::kOther;
  // Room for the UTF-8 of `units` UTF-16 code units (at most 3 bytes each:
  // a pair of surrogates makes 4, a lone one U+FFFD's 3) and the NUL that
  // Node-API writes: one pass over a short string, not a second to measure
  // it. A long one is measured first, so that its copy takes no more room
  // than it needs.
  size_t units = 0;
  if (!succeeded(env, napi_get_value_string_utf16(env, value, nullptr, 0, &units),
                 "reading a string")) {
    return CellKind::kOther;
  }
  size_t bytes = 3 * units;
  if (units > kMeasureAbove &&
      !succeeded(env, napi_get_value_string_utf8(env, value, nullptr, 0, &bytes),
                 "reading a string")) {
    return CellKind::kOther;
  }
  const size_t at = out.size();
  const size_t room = bytes + 1;
  out.resize(at + room);
  size_t written = 0;
  if (!succeeded(env, napi_get_value_string_utf8(env, value, out.data() + at, room, &written),
                 "reading a string")) {
    out.resize(at);
    return CellKind::kOther;
  }
  out.resize(at + written);
  return CellKind::kText;
}

bool exception_pending(napi_env env) {
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  return pending;
}

bool whole_number(napi_env env, napi_value value, const char* what, double max, double& out) {
  double d = 0;
  if (napi_get_value_double(env, value, &d) != napi_ok) {
    throw_type_error(env, std::string(what) + " must be a number");
    return false;
  }
  if (!(d >= 0 && d <= max && std::floor(d) == d)) {
    throw_range_error(env, std::string(what) + " must be a whole number from 0 to " +
                               std::to_string(static_cast<uint64_t>(max)));
    return false;
  }
  out = d;
  return true;
}

napi_value property(napi_env env, napi_value object, const char* name) {
  napi_value value = nullptr;
  if (!succeeded(env, napi_get_named_property(env, object, name, &value), name)) return nullptr;
  return value;
}

bool is_missing(napi_env env, napi_value value) {
  napi_valuetype type = napi_undefined;
  if (napi_typeof(env, value, &type) != napi_ok) return false;
  return type == napi_undefined || type == napi_null;
}

napi_value utf8_string(napi_env env, std::string_view text) {
  napi_value out = nullptr;
  if (!succeeded(env, napi_create_string_utf8(env, text.data(), text.size(), &out),
                 "making a string")) {
    return nullptr;
  }
  return out;
}

napi_value make_function(napi_env env, const char* name, napi_callback callback) {
  napi_value function = nullptr;
  if (!succeeded(env,
                 napi_create_function(env, name, NAPI_AUTO_LENGTH, callback, nullptr, &function),
                 name)) {
    return nullptr;
  }
  return function;
}

napi_value queue_work(napi_env env, const char* name, napi_async_execute_callback execute,
                      napi_async_complete_callback complete, void* data, napi_deferred* deferred,
                      napi_async_work* work) {
  napi_value promise = nullptr;
  napi_value resource = utf8_string(env, name);
  if (resource == nullptr || !succeeded(env, napi_create_promise(env, deferred, &promise), name) ||
      !succeeded(env, napi_create_async_work(env, nullptr, resource, execute, complete, data, work),
                 name)) {
    return nullptr;
  }
  if (!succeeded(env, napi_queue_async_work(env, *work), name)) {
    napi_delete_async_work(env, *work);
    return nullptr;
  }
  return promise;
}

}  // namespace gqleval::js
