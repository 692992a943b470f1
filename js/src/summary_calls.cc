#include "js/src/summary_calls.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rows/row_table.h"
#include "engine/rows/summary_counts.h"
#include "js/src/napi_util.h"
#include "js/src/option_reader.h"

namespace gqleval::js {
namespace {

bool text_argument(napi_env env, napi_value value, const char* name, std::string& out) {
  if (append_cell(env, value, out) == CellKind::kText) return true;
  if (!exception_pending(env)) throw_type_error(env, std::string(name) + " must be a string");
  return false;
}

// An Array's items: each read by `read`, which throws and returns false on
// a bad one.
template <class Read>
bool array_items(napi_env env, napi_value array, const char* name, Read read) {
  bool is_array = false;
  napi_is_array(env, array, &is_array);
  if (!is_array) {
    throw_type_error(env, std::string(name) + " must be an Array");
    return false;
  }
  uint32_t length = 0;
  napi_get_array_length(env, array, &length);
  for (uint32_t k = 0; k < length; ++k) {
    napi_value item = nullptr;
    if (!succeeded(env, napi_get_element(env, array, k, &item), name) || !read(item, k)) {
      return false;
    }
  }
  return true;
}

bool number_item(napi_env env, napi_value item, const char* name, uint32_t k, double& out) {
  if (napi_get_value_double(env, item, &out) == napi_ok) return true;
  throw_type_error(env, std::string(name) + "[" + std::to_string(k) + "] must be a number");
  return false;
}

napi_value count_rows(napi_env env, napi_callback_info info) {
  Args<3> args(env, info);
  const auto& argv = args.argv;
  std::string mode;
  std::vector<std::string> verdicts;
  std::vector<double> values;
  const bool read = args.ok && text_argument(env, argv[0], "mode", mode) &&
                    array_items(env, argv[1], "verdicts",
                                [&](napi_value item, uint32_t) {
                                  verdicts.emplace_back();
                                  return text_argument(env, item, "verdicts[]", verdicts.back());
                                }) &&
                    array_items(env, argv[2], "values", [&](napi_value item, uint32_t k) {
                      values.push_back(0);
                      return number_item(env, item, "values", k, values.back());
                    });
  if (!read) return nullptr;
  const std::vector<std::string_view> views(verdicts.begin(), verdicts.end());
  auto counts = rows::count_rows(mode, rows::OptionNames::camel_case(), views, values);
  if (!counts) return throw_diagnostic(env, counts.error());
  napi_value out = nullptr;
  napi_value outcomes = nullptr;
  napi_value millionths = nullptr;
  napi_value squares = nullptr;
  napi_create_object(env, &out);
  napi_create_array_with_length(env, counts->outcomes.size(), &outcomes);
  for (size_t o = 0; o < counts->outcomes.size(); ++o) {
    napi_value n = nullptr;
    napi_create_double(env, static_cast<double>(counts->outcomes[o]), &n);
    napi_set_element(env, outcomes, static_cast<uint32_t>(o), n);
  }
  napi_create_double(env, static_cast<double>(counts->millionths), &millionths);
  // The sum of squares may pass 64 bits: a BigInt of two words.
  const std::array<uint64_t, 2> words = {static_cast<uint64_t>(counts->squares),
                                         static_cast<uint64_t>(counts->squares >> 64)};
  napi_create_bigint_words(env, 0, words.size(), words.data(), &squares);
  napi_set_named_property(env, out, "outcomes", outcomes);
  napi_set_named_property(env, out, "millionths", millionths);
  napi_set_named_property(env, out, "squares", squares);
  return out;
}

napi_value summary_of_counts(napi_env env, napi_callback_info info) {
  Args<4> args(env, info);
  const auto& argv = args.argv;
  std::string mode;
  rows::SummaryCounts counts;
  double millionths = 0;
  bool read = args.ok && text_argument(env, argv[0], "mode", mode) &&
              array_items(env, argv[1], "outcomes", [&](napi_value item, uint32_t k) {
                double n = 0;
                if (!number_item(env, item, "outcomes", k, n)) return false;
                if (k < counts.outcomes.size()) counts.outcomes[k] = static_cast<uint64_t>(n);
                return true;
              });
  read = read && number_item(env, argv[2], "millionths", 0, millionths);
  if (!read) return nullptr;
  int sign = 0;
  size_t count = 2;
  std::array<uint64_t, 2> words{};
  if (napi_get_value_bigint_words(env, argv[3], &sign, &count, words.data()) != napi_ok) {
    return throw_type_error(env, "squares must be a bigint");
  }
  counts.millionths = static_cast<uint64_t>(millionths);
  counts.squares = (rows::SquareSum{words[1]} << 64) | words[0];
  auto text = rows::summary_json_of(mode, rows::OptionNames::camel_case(), counts);
  if (!text) return throw_diagnostic(env, text.error());
  return utf8_string(env, *text);
}

napi_value result_members(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  std::string mode;
  if (!args.ok || !text_argument(env, args.argv[0], "mode", mode)) return nullptr;
  auto members = rows::result_members(mode, rows::OptionNames::camel_case());
  if (!members) return throw_diagnostic(env, members.error());
  napi_value out = nullptr;
  napi_create_array_with_length(env, members->size(), &out);
  for (size_t k = 0; k < members->size(); ++k) {
    napi_set_element(env, out, static_cast<uint32_t>(k), utf8_string(env, (*members)[k]));
  }
  return out;
}

}  // namespace

bool define_summary_calls(napi_env env, napi_value exports) {
  const napi_property_descriptor functions[] = {
      {"countRows", nullptr, count_rows, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"summaryOfCounts", nullptr, summary_of_counts, nullptr, nullptr, nullptr, napi_default,
       nullptr},
      {"resultMembers", nullptr, result_members, nullptr, nullptr, nullptr, napi_default, nullptr},
  };
  return succeeded(env, napi_define_properties(env, exports, std::size(functions), functions),
                   "exporting");
}

}  // namespace gqleval::js
