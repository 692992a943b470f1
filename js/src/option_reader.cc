#include "js/src/option_reader.h"

#include <string>

#include "engine/rows/file_run.h"
#include "engine/rows/row_options.h"
#include "js/src/napi_util.h"

namespace gqleval::js {
namespace {

using Type = rows::OptionValue::Type;

std::string type_name(napi_env env, napi_value value, napi_valuetype type) {
  bool array = false;
  napi_is_array(env, value, &array);
  if (array) return "an Array";
  switch (type) {
    case napi_undefined: return "undefined";
    case napi_null: return "null";
    case napi_boolean: return "boolean";
    case napi_number: return "number";
    case napi_string: return "string";
    case napi_symbol: return "symbol";
    case napi_function: return "function";
    case napi_bigint: return "bigint";
    default: return "object";
  }
}

// An Array of strings into v.texts; false (v left kOther) for any other item.
bool read_texts(napi_env env, napi_value array, rows::OptionValue& v) {
  uint32_t length = 0;
  napi_get_array_length(env, array, &length);
  for (uint32_t k = 0; k < length; ++k) {
    napi_value item = nullptr;
    std::string text;
    if (napi_get_element(env, array, k, &item) != napi_ok ||
        append_cell(env, item, text) != CellKind::kText) {
      return false;
    }
    v.texts.push_back(std::move(text));
  }
  v.type = Type::kTextList;
  return true;
}

}  // namespace

rows::OptionValue option_value(napi_env env, napi_value value) {
  rows::OptionValue v;
  napi_valuetype type = napi_undefined;
  napi_typeof(env, value, &type);
  v.type_name = type_name(env, value, type);
  switch (type) {
    case napi_undefined: break;
    case napi_boolean:
      v.type = Type::kBool;
      napi_get_value_bool(env, value, &v.flag);
      break;
    case napi_number:
      v.type = Type::kNumber;
      napi_get_value_double(env, value, &v.number);
      break;
    case napi_string:
      v.type = Type::kText;
      append_cell(env, value, v.text);
      break;
    default: {
      bool array = false;
      napi_is_array(env, value, &array);
      v.type = Type::kOther;
      if (array) read_texts(env, value, v);
    }
  }
  return v;
}

napi_value throw_diagnostic(napi_env env, const Diagnostic& error) {
  if (error.rule == "TypeError") return throw_type_error(env, error.message);
  return throw_range_error(env, error.message);
}

template <class Target>
bool read_options(napi_env env, napi_value options, Target& target,
                  std::optional<Diagnostic> (*set)(Target&, std::string_view,
                                                   const rows::OptionValue&),
                  napi_value keys) {
  if (is_missing(env, options)) return true;
  napi_valuetype type = napi_undefined;
  napi_typeof(env, options, &type);
  if (type != napi_object) {
    throw_type_error(env, "options must be an object, not " + type_name(env, options, type));
    return false;
  }
  bool listed = false;
  if (keys != nullptr) napi_is_array(env, keys, &listed);
  if (!listed &&
      !succeeded(env,
                 napi_get_all_property_names(
                     env, options, napi_key_own_only,
                     static_cast<napi_key_filter>(napi_key_enumerable | napi_key_skip_symbols),
                     napi_key_numbers_to_strings, &keys),
                 "reading the options")) {
    return false;
  }
  uint32_t count = 0;
  napi_get_array_length(env, keys, &count);
  for (uint32_t k = 0; k < count; ++k) {
    napi_value key = nullptr;
    napi_value value = nullptr;
    std::string name;
    if (!succeeded(env, napi_get_element(env, keys, k, &key), "reading the options") ||
        !succeeded(env, napi_get_property(env, options, key, &value), "reading the options")) {
      return false;
    }
    append_cell(env, key, name);
    if (auto error = set(target, name, option_value(env, value))) {
      throw_diagnostic(env, *error);
      return false;
    }
  }
  return true;
}

namespace {

napi_value read_threads_call(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  if (!args.ok) return nullptr;
  auto threads =
      rows::read_threads(option_value(env, args.argv[0]), rows::OptionNames::camel_case());
  if (!threads) return throw_diagnostic(env, threads.error());
  napi_value out = nullptr;
  napi_create_uint32(env, *threads, &out);
  return out;
}

}  // namespace

napi_value define_read_threads(napi_env env) {
  return make_function(env, "readThreads", read_threads_call);
}

template bool read_options<rows::RowOptions>(
    napi_env, napi_value, rows::RowOptions&,
    std::optional<Diagnostic> (*)(rows::RowOptions&, std::string_view, const rows::OptionValue&),
    napi_value);
template bool read_options<rows::FileRunOptions>(
    napi_env, napi_value, rows::FileRunOptions&,
    std::optional<Diagnostic> (*)(rows::FileRunOptions&, std::string_view,
                                  const rows::OptionValue&),
    napi_value);

}  // namespace gqleval::js
