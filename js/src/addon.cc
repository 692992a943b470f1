// The compiled half of the npm package `gqleval` (gqleval.node): the engine
// class (engine_object.h) and the library's version and defaults. The
// package's API, its argument checks and its documentation are in index.js
// and index.d.ts. Node-API only (node_api.h, ABI-stable across Node.js
// versions): the addon is context-aware, so worker threads may load it too.
#include <node_api.h>

#include <string_view>

#include "engine/base/version.h"
#include "io/csv_record.h"
#include "js/src/engine_object.h"
#include "js/src/napi_util.h"

namespace gqleval::js {
namespace {

bool set(napi_env env, napi_value exports, const char* name, napi_value value) {
  return value != nullptr &&
         succeeded(env, napi_set_named_property(env, exports, name, value), "exporting");
}

napi_value init(napi_env env, napi_value exports) {
  napi_value max_field_bytes = nullptr;
  napi_create_double(env, static_cast<double>(io::kDefaultMaxFieldBytes), &max_field_bytes);
  if (!set(env, exports, "Engine", define_engine_class(env)) ||
      !set(env, exports, "version", utf8_string(env, version())) ||
      !set(env, exports, "DEFAULT_MAX_FIELD_BYTES", max_field_bytes)) {
    return nullptr;
  }
  return exports;
}

}  // namespace
}  // namespace gqleval::js

NAPI_MODULE_INIT() { return gqleval::js::init(env, exports); }
