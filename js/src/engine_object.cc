#include "js/src/engine_object.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/batch/option_names.h"
#include "engine/rows/row_options.h"
#include "js/src/napi_util.h"
#include "js/src/score_chunk.h"

namespace gqleval::js {
namespace {

// Tells an Engine made here from any other object passed as `this`.
constexpr napi_type_tag kEngineTag = {0x6771'6c65'7661'6c31ULL, 0x656e'6769'6e65'0001ULL};

// The arguments of a call, at most N of them (missing ones are undefined).
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

EngineBox* unwrap_engine(napi_env env, napi_value self) {
  bool tagged = false;
  if (!succeeded(env, napi_check_object_type_tag(env, self, &kEngineTag, &tagged), "this")) {
    return nullptr;
  }
  if (!tagged) {
    throw_type_error(env, "gqleval: the method was called on an object that is not an Engine");
    return nullptr;
  }
  void* box = nullptr;
  if (!succeeded(env, napi_unwrap(env, self, &box), "unwrapping the engine")) return nullptr;
  return static_cast<EngineBox*>(box);
}

// Option readers: true when the option is absent (the default kept) or was
// read; false with a TypeError or RangeError thrown.
bool read_text(napi_env env, napi_value options, const char* name, std::string& out) {
  napi_value v = property(env, options, name);
  if (v == nullptr) return false;
  if (is_missing(env, v)) return true;
  std::string text;
  if (append_cell(env, v, text) != CellKind::kText) {
    throw_type_error(env, std::string(name) + " must be a string");
    return false;
  }
  out = std::move(text);
  return true;
}

bool read_flag(napi_env env, napi_value options, const char* name, bool& out) {
  napi_value v = property(env, options, name);
  if (v == nullptr) return false;
  if (is_missing(env, v)) return true;
  if (napi_get_value_bool(env, v, &out) != napi_ok) {
    throw_type_error(env, std::string(name) + " must be a boolean");
    return false;
  }
  return true;
}

// A whole number in [0, max].
template <typename T>
bool read_count(napi_env env, napi_value options, const char* name, T& out, double max) {
  napi_value v = property(env, options, name);
  if (v == nullptr) return false;
  if (is_missing(env, v)) return true;
  double d = 0;
  if (!whole_number(env, v, name, max, d)) return false;
  out = static_cast<T>(d);
  return true;
}

bool read_options(napi_env env, napi_value options, rows::RowOptions& o) {
  if (is_missing(env, options)) return true;
  napi_valuetype type = napi_undefined;
  napi_typeof(env, options, &type);
  if (type != napi_object) {
    throw_type_error(env, "options must be an object");
    return false;
  }
  constexpr double kMaxSafe = 9007199254740991.0;  // Number.MAX_SAFE_INTEGER
  return read_count(env, options, "delta", o.delta, 4294967295.0) &&
         read_text(env, options, "rules", o.rules_file) &&
         read_text(env, options, "ruleSet", o.rule_set) &&
         read_text(env, options, "mode", o.mode) && read_flag(env, options, "extract", o.extract) &&
         read_flag(env, options, "ignoreTypename", o.ignore_typename) &&
         read_flag(env, options, "variablesByName", o.variables_by_name) &&
         read_flag(env, options, "strictSchema", o.strict_schema) &&
         read_text(env, options, "operation", o.operation) &&
         read_count(env, options, "maxFieldBytes", o.max_field_bytes, kMaxSafe) &&
         read_count(env, options, "schemaCacheBytes", o.schema_cache_bytes, kMaxSafe);
}

void finalize_engine(napi_env /*env*/, void* data, void* /*hint*/) {
  delete static_cast<EngineBox*>(data);
}

napi_value construct(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  if (!args.ok) return nullptr;
  rows::RowOptions o;
  o.names = batch::OptionNames::camel_case();
  if (!read_options(env, args.argv[0], o)) return nullptr;
  const std::string rules_file = o.rules_file;
  auto checked = rows::check_options(std::move(o));
  if (!checked) {
    // A rules file's error is "PATH: message": named as the option too.
    const std::string& message = checked.error().message;
    const bool about_rules = !rules_file.empty() && message.starts_with(rules_file + ":");
    return throw_range_error(env, (about_rules ? "rules: " : "") + message);
  }
  auto box = std::make_unique<EngineBox>();
  box->engine = std::make_shared<rows::RowEngine>(std::move(*checked));
  if (!succeeded(env, napi_wrap(env, args.self, box.get(), finalize_engine, nullptr, nullptr),
                 "making an Engine")) {
    return nullptr;
  }
  static_cast<void>(box.release());  // owned by the object now: finalize_engine frees it
  if (!succeeded(env, napi_type_tag_object(env, args.self, &kEngineTag), "making an Engine")) {
    return nullptr;
  }
  return args.self;
}

// Appends a cell named `what()` to `box.cells` and records where it ends.
template <class Name>
bool take_cell(napi_env env, napi_value value, const Name& what, EngineBox& box,
               std::vector<size_t>& ends) {
  if (!append_text(env, value, box.cells, what)) return false;
  ends.push_back(box.cells.size());
  return true;
}

// A fixed name for take_cell.
auto named(const char* name) {
  return [name] { return name; };
}

// A reference argument: one cell, or an array of them (at least one).
bool take_references(napi_env env, napi_value value, EngineBox& box, std::vector<size_t>& ends) {
  bool array = false;
  napi_is_array(env, value, &array);
  if (!array) return take_cell(env, value, named("reference"), box, ends);
  uint32_t length = 0;
  napi_get_array_length(env, value, &length);
  if (length == 0) {
    throw_range_error(env, "reference is an empty array: give at least one reference");
    return false;
  }
  for (uint32_t k = 0; k < length; ++k) {
    napi_value item = nullptr;
    if (!succeeded(env, napi_get_element(env, value, k, &item), "reading reference")) return false;
    const auto what = [k] { return "reference[" + std::to_string(k) + "]"; };
    if (!take_cell(env, item, what, box, ends)) return false;
  }
  return true;
}

// The views of box.cells cut at `ends`.
std::vector<std::string_view> cut(const std::string& cells, const std::vector<size_t>& ends) {
  std::vector<std::string_view> out;
  size_t begin = 0;
  for (size_t end : ends) {
    out.emplace_back(cells.data() + begin, end - begin);
    begin = end;
  }
  return out;
}

// Scores box.schema against the reference, candidate and variables at
// `argv` (JavaScript values).
napi_value score_with(napi_env env, EngineBox& box, const napi_value* argv) {
  box.cells.clear();
  std::vector<size_t> ends;  // candidate, variables, then the references
  if (!take_cell(env, argv[1], named("candidate"), box, ends) ||
      !take_cell(env, argv[2], named("variables"), box, ends) ||
      !take_references(env, argv[0], box, ends)) {
    return nullptr;
  }
  const std::vector<std::string_view> cells = cut(box.cells, ends);
  rows::RowCells row;
  row.schema = box.schema;
  row.candidate = cells[0];
  row.variables = cells[1];
  row.references = std::span(cells).subspan(2);
  box.out.clear();
  box.engine->score(row, box.out);
  return utf8_string(env, box.out);
}

napi_value score(napi_env env, napi_callback_info info) {
  Args<4> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->schema.clear();
  box->has_schema = false;
  if (!append_text(env, args.argv[0], box->schema, named("schema"))) return nullptr;
  box->has_schema = true;
  return score_with(env, *box, &args.argv[1]);
}

napi_value score_same_schema(napi_env env, napi_callback_info info) {
  Args<3> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  if (!box->has_schema) return throw_error(env, "gqleval: scoreSameSchema before any score()");
  return score_with(env, *box, args.argv.data());
}

napi_value validate(napi_env env, napi_callback_info info) {
  Args<2> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->cells.clear();
  std::vector<size_t> ends;
  if (!take_cell(env, args.argv[0], named("schema"), *box, ends) ||
      !take_cell(env, args.argv[1], named("query"), *box, ends)) {
    return nullptr;
  }
  const std::vector<std::string_view> cells = cut(box->cells, ends);
  box->out.clear();
  box->engine->validate(cells[0], cells[1], box->out);
  return utf8_string(env, box->out);
}

napi_value derived_rules(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->cells.clear();
  std::vector<size_t> ends;
  if (!take_cell(env, args.argv[0], named("schema"), *box, ends)) return nullptr;
  box->out.clear();
  if (!box->engine->derived_rules(box->cells, box->out)) {
    return throw_error(env, "the schema does not build: " + box->out);
  }
  return utf8_string(env, box->out);
}

napi_value score_chunk_method(napi_env env, napi_callback_info info) {
  Args<4> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  return start_score_chunk(env, box->engine, args.argv);
}

}  // namespace

napi_value define_engine_class(napi_env env) {
  const napi_property_descriptor methods[] = {
      {"score", nullptr, score, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"scoreSameSchema", nullptr, score_same_schema, nullptr, nullptr, nullptr, napi_default,
       nullptr},
      {"validate", nullptr, validate, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"derivedRules", nullptr, derived_rules, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"scoreChunk", nullptr, score_chunk_method, nullptr, nullptr, nullptr, napi_default, nullptr},
  };
  napi_value cls = nullptr;
  if (!succeeded(env,
                 napi_define_class(env, "Engine", NAPI_AUTO_LENGTH, construct, nullptr,
                                   std::size(methods), methods, &cls),
                 "defining Engine")) {
    return nullptr;
  }
  return cls;
}

}  // namespace gqleval::js
