#include "engine/rows/option_values.h"

#include <cmath>
#include <span>
#include <utility>

#include "engine/base/concat.h"
#include "engine/rows/file_run.h"
#include "engine/rows/row_options.h"
#include "io/json_writer.h"

namespace gqleval::rows {
namespace {

using Type = OptionValue::Type;

enum class Kind : uint8_t { kCount, kFlag, kText, kTexts };

// An option of Target: its key (the flag without dashes), what it takes and
// where it goes. A kTexts option takes one text or a list of them.
template <class Target>
struct Spec {
  std::string_view key;
  Kind kind;
  double min = 0;  // a kCount's range
  double max = 0;
  void (*set)(Target&, const OptionValue&);
};

constexpr double kMaxUint32 = 4294967295.0;
constexpr double kMaxSafe = 9007199254740991.0;  // 2^53 - 1: every binding's numbers hold it
constexpr double kMaxCacheMb = 1073741824.0;     // as --schema-cache-mb

// The default rule set is no request, as the flag left out: a subset run
// refuses a rule set asked for, not the default one.
std::optional<std::string> rule_set_word(const OptionValue& v) {
  if (v.text == "cycles,endpoints") return std::nullopt;
  return v.text;
}

std::vector<std::string> texts_of(const OptionValue& v) {
  return v.type == Type::kText ? std::vector<std::string>{v.text} : v.texts;
}

// What `kind` takes, in the words of the binding's language: Python's for
// keywords, JavaScript's for camel case.
std::string_view expected(Kind kind, const OptionNames& names) {
  const bool keywords = names.style() == OptionNames::Style::kKeywords;
  switch (kind) {
    case Kind::kCount: return keywords ? "an int" : "a number";
    case Kind::kFlag: return keywords ? "a bool" : "a boolean";
    case Kind::kText: return keywords ? "a str" : "a string";
    case Kind::kTexts:
      return keywords ? "a str or a list of str" : "a string or an Array of strings";
  }
  return {};
}

bool fits(Kind kind, Type type) {
  switch (kind) {
    case Kind::kCount: return type == Type::kNumber;
    case Kind::kFlag: return type == Type::kBool;
    case Kind::kText: return type == Type::kText;
    case Kind::kTexts: return type == Type::kText || type == Type::kTextList;
  }
  return false;
}

// The value checked against the option's kind and limits.
std::optional<Diagnostic> check(std::string_view key, Kind kind, double min, double max,
                                const OptionValue& v, const OptionNames& names) {
  const std::string name = names.name(key);
  if (!fits(kind, v.type)) {
    return make_error("TypeError",
                      concat({name, " must be ", expected(kind, names), ", not ", v.type_name}));
  }
  if (kind == Kind::kCount &&
      (std::floor(v.number) != v.number || v.number < min || v.number > max)) {
    std::string given;
    io::append_json_real(given, v.number);
    std::string low;
    std::string high;
    io::append_json_real(low, min);
    io::append_json_real(high, max);
    return make_error("RangeError", concat({name, " must be a whole number from ", low, " to ",
                                            high, ", not ", given}));
  }
  return std::nullopt;
}

// Whether the binding's users name the option `key` `name` (OptionNames::
// name() without building the name: a binding reads options on every call).
bool names_key(const OptionNames& names, std::string_view key, std::string_view name) {
  using Style = OptionNames::Style;
  if (names.style() != Style::kKeywords && names.style() != Style::kCamelCase) {
    return names.name(key) == name;
  }
  size_t at = 0;
  for (size_t k = 0; k < key.size(); ++k, ++at) {
    char c = key[k];
    if (c == '-' && names.style() == Style::kCamelCase && k + 1 < key.size()) {
      c = static_cast<char>(key[++k] - 'a' + 'A');
    } else if (c == '-') {
      c = '_';
    }
    if (at >= name.size() || name[at] != c) return false;
  }
  return at == name.size();
}

// The spec of the option the binding names `name`, or null.
template <class Target>
const Spec<Target>* find(std::span<const Spec<Target>> specs, const OptionNames& names,
                         std::string_view name) {
  for (const Spec<Target>& spec : specs) {
    if (names_key(names, spec.key, name)) return &spec;
  }
  return nullptr;
}

template <class Target>
std::optional<Diagnostic> apply(const Spec<Target>& spec, Target& target, const OptionNames& names,
                                const OptionValue& value) {
  if (value.type == Type::kAbsent) return std::nullopt;
  if (auto bad = check(spec.key, spec.kind, spec.min, spec.max, value, names)) return bad;
  spec.set(target, value);
  return std::nullopt;
}

template <class Target>
void append_names(std::string& known, std::span<const Spec<Target>> specs,
                  const OptionNames& names) {
  for (const Spec<Target>& spec : specs) {
    known += known.empty() ? "" : ", ";
    known += names.name(spec.key);
  }
}

Diagnostic unknown(std::string_view name, const std::string& known) {
  return make_error("TypeError",
                    concat({"unknown option '", name, "' (the options: ", known, ")"}));
}

using R = RowOptions;
using F = FileRunOptions;
using V = OptionValue;

constexpr Spec<R> kRowSpecs[] = {
    {"delta", Kind::kCount, 0, kMaxUint32, [](R& o, const V& v) { o.delta = uint32_t(v.number); }},
    {"rules", Kind::kText, 0, 0, [](R& o, const V& v) { o.rules_file = v.text; }},
    {"rule-set", Kind::kText, 0, 0, [](R& o, const V& v) { o.rule_set = rule_set_word(v); }},
    {"mode", Kind::kText, 0, 0, [](R& o, const V& v) { o.mode = v.text; }},
    {"answer", Kind::kText, 0, 0, [](R& o, const V& v) { o.answer = v.text; }},
    {"extract", Kind::kFlag, 0, 0, [](R& o, const V& v) { o.extract = v.flag; }},
    {"ignore-typename", Kind::kFlag, 0, 0, [](R& o, const V& v) { o.ignore_typename = v.flag; }},
    {"variables-by-name", Kind::kFlag, 0, 0,
     [](R& o, const V& v) { o.variables_by_name = v.flag; }},
    {"strict-schema", Kind::kFlag, 0, 0, [](R& o, const V& v) { o.strict_schema = v.flag; }},
    {"operation", Kind::kText, 0, 0, [](R& o, const V& v) { o.operation = v.text; }},
    {"max-field-bytes", Kind::kCount, 0, kMaxSafe,
     [](R& o, const V& v) { o.max_field_bytes = size_t(v.number); }},
    {"schema-cache-mb", Kind::kCount, 0, kMaxCacheMb,
     [](R& o, const V& v) { o.schema_cache_mb = uint64_t(v.number); }},
};

constexpr Spec<F> kFileSpecs[] = {
    {"out", Kind::kText, 0, 0, [](F& o, const V& v) { o.out = v.text; }},
    {"out-format", Kind::kText, 0, 0, [](F& o, const V& v) { o.out_format = v.text; }},
    {"format", Kind::kText, 0, 0, [](F& o, const V& v) { o.format = v.text; }},
    {"schema", Kind::kTexts, 0, 0, [](F& o, const V& v) { o.schema = texts_of(v); }},
    {"schema-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.schema_col = v.text; }},
    {"schema-path-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.schema_path_col = v.text; }},
    {"reference-col", Kind::kTexts, 0, 0, [](F& o, const V& v) { o.reference_col = texts_of(v); }},
    {"candidate-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.candidate_col = v.text; }},
    {"id-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.id_col = v.text; }},
    {"variables-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.variables_col = v.text; }},
    {"group-by", Kind::kTexts, 0, 0, [](F& o, const V& v) { o.group_by = texts_of(v); }},
    {"keep-col", Kind::kTexts, 0, 0, [](F& o, const V& v) { o.keep_col = texts_of(v); }},
    {"required-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.required_col = v.text; }},
    {"excluded-col", Kind::kText, 0, 0, [](F& o, const V& v) { o.excluded_col = v.text; }},
    {"predictions", Kind::kText, 0, 0, [](F& o, const V& v) { o.predictions = v.text; }},
    {"predictions-format", Kind::kText, 0, 0,
     [](F& o, const V& v) { o.predictions_format = v.text; }},
    {"predictions-id-col", Kind::kText, 0, 0,
     [](F& o, const V& v) { o.predictions_id_col = v.text; }},
    {"threads", Kind::kCount, 1, kMaxThreads,
     [](F& o, const V& v) { o.threads = unsigned(v.number); }},
    {"fail-under", Kind::kTexts, 0, 0, [](F& o, const V& v) { o.fail_under = texts_of(v); }},
    {"summary-format", Kind::kText, 0, 0, [](F& o, const V& v) { o.summary_format = v.text; }},
    {"task", Kind::kText, 0, 0, [](F& o, const V& v) { o.task = v.text; }},
    {"resume", Kind::kFlag, 0, 0, [](F& o, const V& v) { o.resume = v.flag; }},
};

}  // namespace

std::optional<Diagnostic> set_row_option(RowOptions& options, std::string_view name,
                                         const OptionValue& value) {
  const OptionNames& names = options.names;
  if (const Spec<R>* spec = find<R>(kRowSpecs, names, name)) {
    return apply(*spec, options, names, value);
  }
  std::string known;
  append_names<R>(known, kRowSpecs, names);
  return unknown(name, known);
}

// A file run takes an engine's options (its `scoring`) and its own.
std::optional<Diagnostic> set_file_option(FileRunOptions& options, std::string_view name,
                                          const OptionValue& value) {
  const OptionNames& names = options.scoring.names;
  if (const Spec<R>* spec = find<R>(kRowSpecs, names, name)) {
    return apply(*spec, options.scoring, names, value);
  }
  if (const Spec<F>* spec = find<F>(kFileSpecs, names, name)) {
    return apply(*spec, options, names, value);
  }
  std::string known;
  append_names<R>(known, kRowSpecs, names);
  append_names<F>(known, kFileSpecs, names);
  return unknown(name, known);
}

Result<unsigned, Diagnostic> read_threads(const OptionValue& value, const OptionNames& names) {
  if (value.type == Type::kAbsent) return 0U;
  if (auto bad = check("threads", Kind::kCount, 1, kMaxThreads, value, names)) {
    return Unexpected{std::move(*bad)};
  }
  return static_cast<unsigned>(value.number);
}

}  // namespace gqleval::rows
