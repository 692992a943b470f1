#include "js/src/score_file.h"

#include <exception>
#include <memory>
#include <string>

#include "engine/rows/file_run.h"
#include "js/src/napi_util.h"
#include "js/src/option_reader.h"

namespace gqleval::js {
namespace {

struct FileWork {
  rows::FileRunOptions options;
  Result<rows::FileRunReport, Diagnostic> report = Unexpected{Diagnostic{}};
  napi_deferred deferred = nullptr;
  napi_async_work work = nullptr;
};

void execute(napi_env /*env*/, void* data) {
  auto* w = static_cast<FileWork*>(data);
  try {
    w->report = rows::run_file(w->options);
  } catch (const std::exception& e) {
    w->report = Unexpected{make_error("Usage", e.what())};
  }
}

void complete(napi_env env, napi_status status, void* data) {
  std::unique_ptr<FileWork> w(static_cast<FileWork*>(data));
  napi_delete_async_work(env, w->work);
  if (status == napi_ok && w->report) {
    const std::string text = "{\"summary\":" + w->report->summary_json +
                             ",\"gatesMet\":" + (w->report->gates_met ? "true" : "false") + "}";
    napi_value value = utf8_string(env, text);
    if (value != nullptr) {
      napi_resolve_deferred(env, w->deferred, value);
      return;
    }
  }
  const Diagnostic d =
      status != napi_ok ? make_error("Usage", "the work was cancelled")
                        : (w->report ? make_error("Usage", "the summary does not fit in a string")
                                     : w->report.error());
  napi_value message = utf8_string(env, "gqleval: " + d.message);
  napi_value code = utf8_string(env, d.rule == "IO" ? "IO" : "Usage");
  napi_value error = nullptr;
  napi_create_error(env, code, message, &error);
  napi_reject_deferred(env, w->deferred, error);
}

napi_value score_file(napi_env env, napi_callback_info info) {
  Args<2> args(env, info);
  if (!args.ok) return nullptr;
  auto w = std::make_unique<FileWork>();
  w->options.scoring.names = rows::OptionNames::camel_case();
  if (append_cell(env, args.argv[0], w->options.input) != CellKind::kText) {
    return exception_pending(env) ? nullptr : throw_type_error(env, "path must be a string");
  }
  if (!read_options(env, args.argv[1], w->options, rows::set_file_option)) return nullptr;
  napi_value promise =
      queue_work(env, "gqleval.scoreFile", execute, complete, w.get(), &w->deferred, &w->work);
  if (promise != nullptr) static_cast<void>(w.release());  // complete() frees it
  return promise;
}

}  // namespace

napi_value define_score_file(napi_env env) { return make_function(env, "scoreFile", score_file); }

}  // namespace gqleval::js
