#include "engine/normalize/internal/name_evidence.h"

#include <array>
#include <vector>

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

// field_names_type on folded names.
bool names_type_folded(std::string_view field, std::string_view type) {
  return !field.empty() && (field == type || is_plural_of(field, type));
}

// Whether folded `name` names the folded `type` as a relation field of a
// generated schema does: as field_names_type, or, for a type named after a
// plural table (Hasura's `datasets`), its singular (`dataset`).
bool names_table(std::string_view name, std::string_view type) {
  return names_type_folded(name, type) || is_plural_of(type, name);
}

// What generators append to a collection field's name: PostGraphile's simple
// collections (`postsList`, `postsByAuthorIdList`), the simplify inflector's
// connections under pgOmitListSuffix (`postsConnection`) and Hasura's
// aggregate field of an array relationship (`runs_aggregate`, whose `nodes`
// are the runs).
constexpr std::array<std::string_view, 3> kCollectionSuffixes = {"list", "connection", "aggregate"};

// Whether `test` holds for folded `name` or for `name` without one of the
// kCollectionSuffixes it ends with (what is left not empty).
template <typename Test>
bool with_or_without_collection_suffix(std::string_view name, Test test) {
  if (test(name)) return true;
  for (std::string_view suffix : kCollectionSuffixes) {
    if (name.size() > suffix.size() && ends_with(name, suffix) &&
        test(name.substr(0, name.size() - suffix.size()))) {
      return true;
    }
  }
  return false;
}

// Whether folded `forward` names B as a collection of a generated schema
// does: names_table, with or without one of kCollectionSuffixes.
bool names_collection(std::string_view forward, std::string_view b) {
  return with_or_without_collection_suffix(
      forward, [&](std::string_view stem) { return names_table(stem, b); });
}

// The key columns of a keyed relation field, folded `<head>by<columns>`
// (PostGraphile's `postsByAuthorIdAndOrgId`, Hasura's `authorByAuthorId`),
// for each way of reading a head that names `type`: `lobbyByOwnerId` splits
// at its second "by".
std::vector<std::string_view> key_columns(std::string_view name, std::string_view type) {
  std::vector<std::string_view> out;
  for (size_t at = name.find("by"); at != std::string_view::npos; at = name.find("by", at + 1)) {
    if (at + 2 < name.size() && names_table(name.substr(0, at), type)) {
      out.push_back(name.substr(at + 2));
    }
  }
  return out;
}

// The suffixes that PostGraphile's simplify inflector strips from a key
// column to name its relation (getBaseName: `author_id` -> `author`), folded.
constexpr std::array<std::string_view, 5> kKeySuffixes = {"rowid", "id", "uuid", "fk", "pk"};

// Whether folded `back` is the simplify inflector's name for the relation
// over the folded key `columns`: each column's base name, in order
// (`authorid` -> `author`; `organizationidandteamidandgoaluuid` ->
// `organizationteamgoal`). Tries every "and" as a separator, since a column
// may itself contain one (`brandid`).
bool names_key_bases(std::string_view columns, std::string_view back) {
  for (size_t end = 1; end <= columns.size(); ++end) {
    const bool last = end == columns.size();
    if (!last && columns.substr(end, 3) != "and") continue;
    const std::string_view part = columns.substr(0, end);
    for (std::string_view suffix : kKeySuffixes) {
      if (part.size() <= suffix.size() || !ends_with(part, suffix)) continue;
      const std::string_view base = part.substr(0, part.size() - suffix.size());
      if (!starts_with(back, base)) continue;
      const std::string_view rest = back.substr(base.size());
      if (last ? rest.empty() : !rest.empty() && names_key_bases(columns.substr(end + 3), rest)) {
        return true;
      }
    }
  }
  return false;
}

// Whether `forward` is the simplify inflector's collection named after the
// opposite of `back` (`authoredPosts` for `author`): its getOppositeBaseName
// defaults, the only pairs it documents.
bool names_opposite(std::string_view forward, std::string_view b, std::string_view back) {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kOpposites = {
      {{"parent", "child"},
       {"child", "parent"},
       {"author", "authored"},
       {"editor", "edited"},
       {"reviewer", "reviewed"}}};
  for (const auto& [base, opposite] : kOpposites) {
    if (back == base && starts_with(forward, opposite) &&
        names_collection(forward.substr(opposite.size()), b)) {
      return true;
    }
  }
  return false;
}

// Whether the folded names are a keyed relation seen from both sides: the
// same key columns on both (PostGraphile's default inflector, Hasura's
// console when the plain name is taken), or, under the simplify inflector,
// `back` named after the columns of `forward` (`Post.author` beside
// `User.postsByAuthorId`). A keyed name on one side only, the other plain
// (`users.postsByAuthorId`, `posts.user`), is no evidence: Hasura's console
// keys a name because another relation between the two tables holds the
// plain one, so the plain `user` is more likely that other relation's.
bool names_keyed_pair(std::string_view a, std::string_view forward, std::string_view b,
                      std::string_view back) {
  const std::vector<std::string_view> back_columns = key_columns(back, a);
  // The forward field's columns may be followed by a collection suffix
  // (`postsByAuthorIdList`).
  const auto names_the_key = [&](std::string_view columns) {
    for (std::string_view other : back_columns) {
      if (columns == other) return true;
    }
    return names_key_bases(columns, back);
  };
  for (std::string_view columns : key_columns(forward, b)) {
    if (with_or_without_collection_suffix(columns, names_the_key)) return true;
  }
  return false;
}

// Hasura's primary-key lookup: folded `keyed` is a table's name followed by
// "bypk" (`runs_by_pk`, `runsByPk`), and folded `base` is that name or its
// singular. Hasura names the lookup after the table as it is, often plural,
// while a hand-written lookup of one row is named in the singular
// (`run(id:)`); the singular only ever stands for the one table, and
// rewrites.cc still requires one return type and one signature.
bool is_primary_key_lookup(std::string_view keyed, std::string_view base) {
  if (!ends_with(keyed, "bypk")) return false;
  const std::string_view table = keyed.substr(0, keyed.size() - 4);
  return !table.empty() && (table == base || is_plural_of(table, base));
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
  return names_type_folded(fold_name(field), fold_name(type));
}

bool is_keyed_lookup(std::string_view keyed, std::string_view base,
                     std::span<const std::string_view> arguments) {
  if (arguments.empty()) return false;
  const std::string k = fold_name(keyed);
  const std::string b = fold_name(base);
  if (b.empty()) return false;
  if (is_primary_key_lookup(k, b)) return true;
  if (!starts_with(k, b) || k.substr(b.size(), 2) != "by") return false;
  return consume_arguments(std::string_view(k).substr(b.size() + 2), arguments);
}

bool names_inverse_pair(std::string_view a_type, std::string_view forward, std::string_view b_type,
                        std::string_view back) {
  const std::string a = fold_name(a_type);
  const std::string b = fold_name(b_type);
  const std::string f = fold_name(forward);
  const std::string g = fold_name(back);
  if (a.empty() || b.empty() || f.empty() || g.empty()) return false;
  return (names_collection(f, b) && names_table(g, a)) || names_opposite(f, b, g) ||
         names_keyed_pair(a, f, b, g);
}

bool names_hierarchy(std::string_view field, std::string_view type) {
  const std::string f = fold_name(field);
  constexpr std::array<std::string_view, 2> kWords = {"child", "descendant"};
  for (std::string_view word : kWords) {
    if (f.find(word) != std::string::npos) return true;
  }
  return starts_with(f, "sub") && names_table(std::string_view(f).substr(3), fold_name(type));
}

bool names_key_of(std::string_view name, std::string_view type) {
  const std::string n = fold_name(name);
  const std::string t = fold_name(type);
  return !t.empty() && (n == t + "id" || n == t + "ids");
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
