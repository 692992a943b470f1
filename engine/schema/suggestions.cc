#include "engine/schema/suggestions.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace gqleval::schema {
namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Optimal string alignment distance (Levenshtein plus adjacent transposition)
// between the lower-cased strings, or nullopt when it exceeds `threshold`; the
// early exits are graphql-js's, so that the same options survive.
class LexicalDistance {
 public:
  explicit LexicalDistance(std::string_view input) : input_(input), input_lower_(to_lower(input)) {}

  std::optional<size_t> measure(std::string_view option, size_t threshold) {
    if (option == input_) return 0;
    std::string option_lower = to_lower(option);
    if (option_lower == input_lower_) return 1;  // any case change counts as one edit
    std::string_view a = option_lower;
    std::string_view b = input_lower_;
    if (a.size() < b.size()) std::swap(a, b);
    if (a.size() - b.size() > threshold) return std::nullopt;
    for (auto& row : rows_) row.assign(b.size() + 1, 0);
    for (size_t j = 0; j <= b.size(); ++j) rows_[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      std::vector<size_t>& up = rows_[(i - 1) % 3];
      std::vector<size_t>& cur = rows_[i % 3];
      size_t smallest = cur[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
        size_t cell = std::min({up[j] + 1, cur[j - 1] + 1, up[j - 1] + cost});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
          cell = std::min(cell, rows_[(i - 2) % 3][j - 2] + 1);
        }
        smallest = std::min(smallest, cell);
        cur[j] = cell;
      }
      if (smallest > threshold) return std::nullopt;
    }
    size_t distance = rows_[a.size() % 3][b.size()];
    if (distance > threshold) return std::nullopt;
    return distance;
  }

 private:
  std::string_view input_;
  std::string input_lower_;
  std::vector<size_t> rows_[3];
};

}  // namespace

int natural_compare(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    char ca = a[i], cb = b[j];
    if (is_digit(ca) && is_digit(cb)) {
      // A run of digits reads as a number; like graphql-js, a run that starts
      // with '0' stops after that digit.
      double na = 0, nb = 0;
      do {
        na = na * 10 + (a[i] - '0');
        ++i;
      } while (i < a.size() && is_digit(a[i]) && na > 0);
      do {
        nb = nb * 10 + (b[j] - '0');
        ++j;
      } while (j < b.size() && is_digit(b[j]) && nb > 0);
      if (na < nb) return -1;
      if (na > nb) return 1;
    } else {
      if (ca < cb) return -1;
      if (ca > cb) return 1;
      ++i;
      ++j;
    }
  }
  return static_cast<int>(a.size()) - static_cast<int>(b.size());
}

std::vector<std::string_view> suggestion_list(std::string_view input,
                                              std::span<const std::string_view> options) {
  LexicalDistance distance(input);
  const size_t threshold = input.size() * 2 / 5 + 1;  // floor(0.4 * length) + 1
  std::vector<std::pair<size_t, std::string_view>> found;
  for (std::string_view option : options) {
    auto same = [&](const auto& f) { return f.second == option; };
    if (std::any_of(found.begin(), found.end(), same)) continue;
    if (auto d = distance.measure(option, threshold)) found.emplace_back(*d, option);
  }
  std::sort(found.begin(), found.end(), [](const auto& x, const auto& y) {
    if (x.first != y.first) return x.first < y.first;
    return natural_compare(x.second, y.second) < 0;
  });
  std::vector<std::string_view> out;
  out.reserve(found.size());
  for (const auto& f : found) out.push_back(f.second);
  return out;
}

std::string did_you_mean(std::span<const std::string_view> suggestions,
                         std::string_view sub_message) {
  constexpr size_t kMaxSuggestions = 5;
  if (suggestions.empty()) return {};
  std::string out = " Did you mean ";
  if (!sub_message.empty()) out.append(sub_message).push_back(' ');
  auto quote = [&out](std::string_view s) { out.append("\"").append(s).append("\""); };
  if (suggestions.size() <= 2) {
    quote(suggestions[0]);
    if (suggestions.size() == 2) {
      out.append(" or ");
      quote(suggestions[1]);
    }
    return out.append("?");
  }
  size_t n = std::min(suggestions.size(), kMaxSuggestions);
  for (size_t i = 0; i + 1 < n; ++i) {
    quote(suggestions[i]);
    out.append(", ");
  }
  out.append("or ");
  quote(suggestions[n - 1]);
  return out.append("?");
}

}  // namespace gqleval::schema
