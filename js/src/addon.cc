// The compiled half of the npm package `gqleval` (gqleval.node): the engine
// class and engineFor (engine_object.h), the summaries (summary_calls.h),
// file runs (score_file.h), and the library's version and defaults; each
// converts JavaScript's values for engine/rows, the engine every binding
// calls. The
// package's API, its argument checks and its documentation are in index.js
// and index.d.ts. Node-API only (node_api.h, ABI-stable across Node.js
// versions): the addon is context-aware, so worker threads may load it too.
#include <node_api.h>

#include <string_view>

#include "engine/base/version.h"
#include "engine/rows/row_options.h"
#include "js/src/engine_object.h"
#include "js/src/napi_util.h"
#include "js/src/option_reader.h"
#include "js/src/score_file.h"
#include "js/src/summary_calls.h"

namespace gqleval::js {
namespace {

bool set(napi_env env, napi_value exports, const char* name, napi_value value) {
  return value != nullptr &&
         succeeded(env, napi_set_named_property(env, exports, name, value), "exporting");
}

napi_value init(napi_env env, napi_value exports) {
  napi_value max_field_bytes = nullptr;
  napi_create_double(env, static_cast<double>(rows::kDefaultMaxFieldBytes), &max_field_bytes);
  if (!set(env, exports, "Engine", define_engine_class(env)) ||
      !set(env, exports, "engineFor", define_engine_for(env)) ||
      !set(env, exports, "scoreFile", define_score_file(env)) ||
      !set(env, exports, "readThreads", define_read_threads(env)) ||
      !define_summary_calls(env, exports) ||
      !set(env, exports, "version", utf8_string(env, version())) ||
      !set(env, exports, "DEFAULT_MAX_FIELD_BYTES", max_field_bytes)) {
    return nullptr;
  }
  return exports;
}

}  // namespace
}  // namespace gqleval::js

NAPI_MODULE_INIT() { return gqleval::js::init(env, exports); }
