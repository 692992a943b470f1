#include "tests/support/equivalence_fixture.h"

#include <charconv>
#include <map>
#include <utility>

namespace gqleval::corpus {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == ',' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != ',' && s[j] != '\t') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_number(std::string_view s, uint32_t* out) {
  s = trim(s);
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// Header keys shared by `=== defaults` and `=== pair`.
struct Headers {
  std::string schema, rules, variables, operation, category;
  std::vector<std::string> options, uses;
};

enum class Section { kNone, kReference, kCandidate, kMissing, kExtra };

class Parser {
 public:
  Parser(std::string_view text, std::string_view file) : text_(text), file_(file) {}

  Result<std::vector<PairFixture>> run() {
    size_t pos = 0;
    while (pos <= text_.size()) {
      size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      ++line_no_;
      if (!line(text_.substr(pos, end - pos))) return Unexpected{std::move(error_)};
      pos = end + 1;
    }
    if (!finish_block()) return Unexpected{std::move(error_)};
    return std::move(pairs_);
  }

 private:
  enum class Block { kTop, kDefaults, kQuery, kPair };

  bool fail(std::string message) {
    error_ = make_error("Fixture", std::string(file_) + ":" + std::to_string(line_no_) + ": " +
                                       std::move(message),
                        SourcePos{line_no_, 1});
    return false;
  }

  bool line(std::string_view raw) {
    std::string_view l = raw;
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (l.starts_with("=== ")) return start_block(trim(l.substr(4)));
    if (l.starts_with("--- ")) return start_section(trim(l.substr(4)));
    const bool in_text = (block_ == Block::kQuery) ||
                         (block_ == Block::kPair &&
                          (section_ == Section::kReference || section_ == Section::kCandidate));
    if (in_text) {
      text_buffer_.append(l).push_back('\n');
      return true;
    }
    std::string_view t = trim(l);
    if (t.empty() || t.front() == '#') return true;
    if (block_ == Block::kPair && (section_ == Section::kMissing || section_ == Section::kExtra)) {
      paths_buffer_.push_back(parse_expected_path(t));
      return true;
    }
    if (block_ == Block::kTop) return fail("text before the first `=== ` block");
    const size_t colon = t.find(':');
    if (colon == std::string_view::npos) return fail("expected `key: value`, got \"" +
                                                     std::string(t) + "\"");
    return header(trim(t.substr(0, colon)), trim(t.substr(colon + 1)));
  }

  bool header(std::string_view key, std::string_view value) {
    Headers& h = block_ == Block::kDefaults ? defaults_ : pair_headers_;
    if (key == "schema") {
      h.schema = value;
    } else if (key == "rules") {
      h.rules = value;
    } else if (key == "options") {
      for (std::string& w : words(value)) h.options.push_back(std::move(w));
    } else if (key == "variables") {
      h.variables = value;
    } else if (key == "operation") {
      h.operation = value;
    } else if (key == "uses") {
      for (std::string& w : words(value)) h.uses.push_back(std::move(w));
    } else if (key == "category") {
      h.category = value;
    } else if (block_ != Block::kPair) {
      return fail("unknown key \"" + std::string(key) + "\" in a defaults block");
    } else if (key == "why") {
      if (!pair_.why.empty()) pair_.why.push_back(' ');
      pair_.why.append(value);
    } else if (key == "reference" || key == "candidate") {
      if (!value.starts_with("@")) return fail(std::string(key) + " must be `@query-name`");
      auto it = queries_.find(std::string(value.substr(1)));
      if (it == queries_.end()) return fail("unknown query \"" + std::string(value) + "\"");
      (key == "reference" ? pair_.reference : pair_.candidate) = it->second;
    } else if (key == "expect") {
      pair_.expect = value;
    } else if (key == "missing" || key == "extra") {
      uint32_t n = 0;
      if (!parse_number(value, &n)) return fail("not a count: \"" + std::string(value) + "\"");
      (key == "missing" ? pair_.missing : pair_.extra) = n;
    } else {
      return fail("unknown key \"" + std::string(key) + "\"");
    }
    return true;
  }

  bool start_block(std::string_view spec) {
    if (!finish_block()) return false;
    section_ = Section::kNone;
    const size_t space = spec.find(' ');
    const std::string_view kind = spec.substr(0, space);
    const std::string_view name =
        space == std::string_view::npos ? std::string_view() : trim(spec.substr(space + 1));
    if (kind == "defaults") {
      if (!name.empty()) return fail("`=== defaults` takes no name");
      block_ = Block::kDefaults;
      defaults_ = Headers();
      return true;
    }
    if (name.empty()) return fail("`=== " + std::string(kind) + "` needs a name");
    if (kind == "query") {
      block_ = Block::kQuery;
      query_name_ = name;
      if (queries_.count(query_name_)) return fail("query \"" + query_name_ + "\" defined twice");
      return true;
    }
    if (kind == "pair") {
      block_ = Block::kPair;
      pair_ = PairFixture();
      pair_.file = file_;
      pair_.line = line_no_;
      pair_.name = name;
      pair_headers_ = defaults_;
      return true;
    }
    return fail("unknown block kind \"" + std::string(kind) + "\"");
  }

  bool start_section(std::string_view name) {
    if (block_ != Block::kPair) return fail("a `--- ` section outside a pair");
    if (!finish_section()) return false;
    if (name == "reference") {
      section_ = Section::kReference;
    } else if (name == "candidate") {
      section_ = Section::kCandidate;
    } else if (name == "missing") {
      section_ = Section::kMissing;
    } else if (name == "extra") {
      section_ = Section::kExtra;
    } else {
      return fail("unknown section \"" + std::string(name) + "\"");
    }
    return true;
  }

  static std::string trimmed_text(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) {
      text.pop_back();
    }
    size_t start = 0;
    while (start < text.size() && text[start] == '\n') ++start;
    return text.substr(start);
  }

  bool finish_section() {
    switch (section_) {
      case Section::kReference:
        if (!pair_.reference.empty()) return fail("the reference is given twice");
        pair_.reference = trimmed_text(std::move(text_buffer_));
        break;
      case Section::kCandidate:
        if (!pair_.candidate.empty()) return fail("the candidate is given twice");
        pair_.candidate = trimmed_text(std::move(text_buffer_));
        break;
      case Section::kMissing:
        if (pair_.missing_paths) return fail("`--- missing` is given twice");
        pair_.missing_paths = std::move(paths_buffer_);
        break;
      case Section::kExtra:
        if (pair_.extra_paths) return fail("`--- extra` is given twice");
        pair_.extra_paths = std::move(paths_buffer_);
        break;
      case Section::kNone: break;
    }
    text_buffer_.clear();
    paths_buffer_.clear();
    section_ = Section::kNone;
    return true;
  }

  bool finish_block() {
    if (block_ == Block::kQuery) {
      queries_[query_name_] = trimmed_text(std::move(text_buffer_));
      text_buffer_.clear();
    } else if (block_ == Block::kPair) {
      if (!finish_section()) return false;
      Headers& h = pair_headers_;
      pair_.schema = h.schema;
      pair_.rules = h.rules;
      pair_.options = h.options;
      pair_.variables = h.variables;
      pair_.operation = h.operation;
      pair_.uses = h.uses;
      pair_.category = h.category;
      const std::string where = "pair \"" + pair_.name + "\" (line " +
                                std::to_string(pair_.line) + ")";
      if (pair_.schema.empty()) return fail(where + " has no schema");
      if (pair_.reference.empty()) return fail(where + " has no reference");
      if (pair_.candidate.empty()) return fail(where + " has no candidate");
      if (pair_.expect.empty()) return fail(where + " has no `expect:`");
      pairs_.push_back(std::move(pair_));
    }
    block_ = Block::kTop;
    return true;
  }

  std::string_view text_;
  std::string_view file_;
  uint32_t line_no_ = 0;
  Block block_ = Block::kTop;
  Section section_ = Section::kNone;
  Headers defaults_;
  Headers pair_headers_;
  PairFixture pair_;
  std::string query_name_;
  std::string text_buffer_;
  std::vector<ExpectedPath> paths_buffer_;
  std::map<std::string, std::string> queries_;
  std::vector<PairFixture> pairs_;
  Diagnostic error_;
};

}  // namespace

ExpectedPath parse_expected_path(std::string_view line) {
  ExpectedPath out;
  out.text = line;
  std::string_view rest = trim(line);
  // " @line:column"
  const size_t at = rest.rfind(" @");
  if (at != std::string_view::npos) {
    const std::string_view spec = rest.substr(at + 2);
    const size_t colon = spec.find(':');
    uint32_t l = 0, c = 0;
    if (colon != std::string_view::npos && parse_number(spec.substr(0, colon), &l) &&
        parse_number(spec.substr(colon + 1), &c)) {
      out.pos = SourcePos{l, c};
      rest = trim(rest.substr(0, at));
    }
  }
  // " [n]"
  if (rest.ends_with("]")) {
    const size_t open = rest.rfind(" [");
    uint32_t n = 0;
    if (open != std::string_view::npos &&
        parse_number(rest.substr(open + 2, rest.size() - open - 3), &n)) {
      out.nodes = n;
      rest = trim(rest.substr(0, open));
    }
  }
  out.path = rest;
  return out;
}

Result<std::vector<PairFixture>> parse_fixtures(std::string_view text, std::string_view file) {
  return Parser(text, file).run();
}

}  // namespace gqleval::corpus
