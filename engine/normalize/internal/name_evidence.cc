#include "engine/normalize/internal/name_evidence.h"

#include <array>

namespace gqleval::normalize {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool is_vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

// Whether folded `word` is a plural of folded `singular`: the regular English
// forms (-s; -es after s, x, z, ch, sh; consonant y -> ies; f, fe -> ves) and
// the two irregular nouns that API schemas use (person, child), also as the
// end of a compound (`salesPerson`, `salespeople`).
bool is_plural_of(std::string_view word, std::string_view singular) {
  if (singular.empty()) return false;
  const std::string s(singular);
  if (word == s + "s") return true;
  if ((ends_with(s, "s") || ends_with(s, "x") || ends_with(s, "z") || ends_with(s, "ch") ||
       ends_with(s, "sh")) &&
      word == s + "es") {
    return true;
  }
  if (s.size() >= 2 && s.back() == 'y' && !is_vowel(s[s.size() - 2]) &&
      word == s.substr(0, s.size() - 1) + "ies") {
    return true;
  }
  if (ends_with(s, "f") && word == s.substr(0, s.size() - 1) + "ves") return true;
  if (ends_with(s, "fe") && word == s.substr(0, s.size() - 2) + "ves") return true;
  constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kIrregular = {
      {{"person", "people"}, {"child", "children"}}};
  for (const auto& [one, many] : kIrregular) {
    if (ends_with(s, one) && word == s.substr(0, s.size() - one.size()) + std::string(many)) {
      return true;
    }
  }
  return false;
}

// Consumes the folded argument names from `rest`, in order, each but the
// first optionally after `and`; true when nothing is left.
bool consume_arguments(std::string_view rest, std::span<const std::string_view> arguments) {
  if (arguments.empty()) return rest.empty();
  const std::string name = fold_name(arguments.front());
  if (name.empty()) return false;
  if (!starts_with(rest, name)) return false;
  rest.remove_prefix(name.size());
  const auto more = arguments.subspan(1);
  if (consume_arguments(rest, more)) return true;
  return !more.empty() && starts_with(rest, "and") && consume_arguments(rest.substr(3), more);
}

bool is_fkey_name(std::string_view raw) {
  if (raw.size() < 5) return false;
  const std::string tail = fold_name(raw.substr(raw.size() - 5));
  return raw[raw.size() - 5] == '_' && tail == "fkey";
}

// The folded stem of a StepZen foreign-key lookup (`farm` for
// `farmUsingCompetition_record_farm_id_fkey`): what comes before `Using`, as
// StepZen writes it, in a name that ends in `_fkey`; empty for other names.
// The capital U keeps a stem that contains "using" (housing) whole.
std::string fkey_stem(std::string_view raw) {
  if (!is_fkey_name(raw)) return {};
  const size_t at = raw.find("Using");
  if (at == std::string_view::npos || at == 0) return {};
  return fold_name(raw.substr(0, at));
}

}  // namespace

std::string fold_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (c == '_') continue;
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

bool field_names_type(std::string_view field, std::string_view type) {
  const std::string f = fold_name(field);
  const std::string t = fold_name(type);
  return !f.empty() && (f == t || is_plural_of(f, t));
}

bool is_keyed_lookup(std::string_view keyed, std::string_view base,
                     std::span<const std::string_view> arguments) {
  if (arguments.empty()) return false;
  const std::string k = fold_name(keyed);
  const std::string b = fold_name(base);
  if (b.empty() || !starts_with(k, b) || k.substr(b.size(), 2) != "by") return false;
  return consume_arguments(std::string_view(k).substr(b.size() + 2), arguments);
}

bool are_foreign_key_lookups(std::string_view a, std::string_view b) {
  if (fold_name(a) == fold_name(b)) return false;
  const std::string stem_a = fkey_stem(a);
  const std::string stem_b = fkey_stem(b);
  if (!stem_a.empty() && !stem_b.empty()) return stem_a == stem_b;
  if (!stem_b.empty()) return stem_b == fold_name(a);
  if (!stem_a.empty()) return stem_a == fold_name(b);
  return false;
}

}  // namespace gqleval::normalize
