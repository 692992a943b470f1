// How a caller names the options of a run, so that every message of the
// library says what the caller's user wrote: the command line's flags
// (`--rule-set`, `--candidate-col`), the Python module's keywords
// (`rule_set`, `candidate_col`) or the JavaScript package's option names
// (`ruleSet`, `candidateCol`). The default, for an embedder that builds the
// options itself, names options as the command line does (the library's own
// vocabulary, as its documentation uses it) and columns by their role.
//
// An option is named by its key, the flag without its dashes (`rule-set`,
// `fail-under`); a column by its role (columns.h).
//
//   key          flags / default       keywords         camel case
//   rule-set     --rule-set            rule_set         ruleSet
//   with value   --mode subset         mode='subset'    mode: "subset"
//   a column     --candidate-col       candidate_col    candidateCol   (default: none, messages
//   name the role)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval::batch {

enum class ColumnRole : uint8_t;

class OptionNames {
 public:
  enum class Style : uint8_t { kDefault, kFlags, kKeywords, kCamelCase };

  constexpr OptionNames() = default;
  constexpr explicit OptionNames(Style style) : style_(style) {}
  static constexpr OptionNames flags() { return OptionNames(Style::kFlags); }
  static constexpr OptionNames keywords() { return OptionNames(Style::kKeywords); }
  static constexpr OptionNames camel_case() { return OptionNames(Style::kCamelCase); }

  Style style() const { return style_; }
  bool operator==(const OptionNames&) const = default;
  // "--rule-set", "rule_set" or "ruleSet".
  std::string name(std::string_view key) const;
  // "--mode subset", "mode='subset'" or "mode: \"subset\"".
  std::string with_value(std::string_view key, std::string_view value) const;
  // The option that names the column of `role` ("--candidate-col",
  // "candidate_col", for one schema file "--schema FILE" or "schema"); empty
  // by default (the caller's users name no columns).
  std::string column(ColumnRole role) const;
  // The same, or where the caller's users name no columns the role itself
  // ("the candidate column").
  std::string column_or_role(ColumnRole role) const;

 private:
  Style style_ = Style::kDefault;
};

}  // namespace gqleval::batch
