// OverlappingFieldsCanBeMerged beyond its fixtures (fixtures/OverlappingFieldsCanBeMerged):
//  - the 49 graphql-js conformance cases of the rule (shared/conformance), exactly;
//  - large selections, which must stay fast (bucketing and classes).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/utf8.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/test_util.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kRule = "OverlappingFieldsCanBeMerged";

struct Error {
  std::string message;
  std::vector<SourcePos> locations;
  friend bool operator==(const Error&, const Error&) = default;
};

void PrintTo(const Error& e, std::ostream* os) {
  *os << "\n  " << e.message << " at";
  for (SourcePos p : e.locations) *os << " " << p.line << ":" << p.column;
}

// The rule's errors on `query`, in report order.
std::vector<Error> overlap_errors(const schema::Schema& schema, std::string_view query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) {
    ADD_FAILURE() << "query does not parse: " << doc.error().message;
    return {};
  }
  ValidateOptions options;
  options.rules = {std::string(kRule)};
  std::vector<Error> out;
  for (const Diagnostic& d : validate(schema, **doc, options)) {
    EXPECT_EQ(d.rule, kRule);
    out.push_back({d.message, d.locations});
  }
  return out;
}

// ------------------------------------------------------------------ conformance

// Just enough JSON for the conformance files: objects, arrays, strings (with
// escapes and surrogate pairs), numbers (kept as text), true, false, null.
struct JsonMember;

struct Json {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  std::string text;  // kNumber, kString
  std::vector<Json> items;
  // A struct declared after Json, not std::pair<std::string, Json>: clang
  // with libstdc++ needs the element complete where Json is first built.
  std::vector<JsonMember> members;

  const Json& operator[](std::string_view key) const;
};

struct JsonMember {
  JsonMember(std::string k, Json v) : first(std::move(k)), second(std::move(v)) {}
  std::string first;
  Json second;
};

const Json& Json::operator[](std::string_view key) const {
  static const Json kMissing;
  for (const auto& [k, v] : members) {
    if (k == key) return v;
  }
  return kMissing;
}

class JsonReader {
 public:
  explicit JsonReader(std::string_view s) : s_(s) {}

  bool read(Json& out) {
    if (!value(out)) return false;
    space();
    return i_ == s_.size();
  }

 private:
  void space() {
    while (i_ < s_.size() &&
           (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) {
      ++i_;
    }
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  bool hex4(uint32_t& cp) {
    if (i_ + 4 > s_.size()) return false;
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      cp <<= 4;
      if (c >= '0' && c <= '9')
        cp |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        cp |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        cp |= static_cast<uint32_t>(c - 'A' + 10);
      else
        return false;
    }
    return true;
  }
  bool string(std::string& out) {
    if (s_[i_] != '"') return false;
    ++i_;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (i_ >= s_.size()) return false;
      char e = s_[i_++];
      switch (e) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && literal("\\u")) {
            uint32_t low = 0;
            if (!hex4(low)) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8::append(out, cp);
          break;
        }
        default: out.push_back(e); break;  // \" \\ \/
      }
    }
    if (i_ >= s_.size()) return false;
    ++i_;
    return true;
  }
  bool value(Json& out) {
    space();
    if (i_ >= s_.size()) return false;
    char c = s_[i_];
    if (c == '"') {
      out.kind = Json::kString;
      return string(out.text);
    }
    if (c == '{') {
      out.kind = Json::kObject;
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      while (true) {
        space();
        std::string key;
        if (i_ >= s_.size() || !string(key)) return false;
        space();
        if (i_ >= s_.size() || s_[i_++] != ':') return false;
        Json v;
        if (!value(v)) return false;
        out.members.emplace_back(std::move(key), std::move(v));
        space();
        if (i_ >= s_.size()) return false;
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_] == '}') return ++i_, true;
        return false;
      }
    }
    if (c == '[') {
      out.kind = Json::kArray;
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      while (true) {
        Json v;
        if (!value(v)) return false;
        out.items.push_back(std::move(v));
        space();
        if (i_ >= s_.size()) return false;
        if (s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (s_[i_] == ']') return ++i_, true;
        return false;
      }
    }
    if (literal("true")) return out.kind = Json::kBool, out.boolean = true, true;
    if (literal("false")) return out.kind = Json::kBool, true;
    if (literal("null")) return true;
    size_t start = i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' ||
                              s_[i_] == '+' || s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
    }
    out.kind = Json::kNumber;
    out.text = std::string(s_.substr(start, i_ - start));
    return i_ > start;
  }

  std::string_view s_;
  size_t i_ = 0;
};

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(OverlapConformance, GraphqlJsCasesOfTheRule) {
  const std::string dir = std::string(GQLEVAL_SHARED_DIR) + "/conformance/graphql-js-validation/";
  std::string schemas_text = read_text(dir + "schemas.json");
  std::string cases_text = read_text(dir + "cases.jsonl");
  if (schemas_text.empty() || cases_text.empty()) {
    GTEST_SKIP() << "graphql-js conformance cases not found under " << dir;
  }
  Json schemas;
  ASSERT_TRUE(JsonReader(schemas_text).read(schemas));
  std::vector<std::shared_ptr<const schema::Schema>> built(schemas.items.size());
  int checked = 0;
  std::istringstream lines(cases_text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    Json c;
    ASSERT_TRUE(JsonReader(line).read(c)) << line;
    if (c["rule"].text != kRule) continue;
    SCOPED_TRACE(c["id"].text + " " + c["name"].text);
    size_t index = std::stoul(c["schema"].text);
    ASSERT_LT(index, schemas.items.size());
    std::string sdl = schemas.items[index].text;
    // Cases /25 and /45 expect graphql-js's own testSchema, which has no type `T`
    // or `Type`; the block that gqlparser injected into schema 0 declares them and
    // makes the parents mutually exclusive (see the conformance README).
    bool needs_original = c["id"].text == "OverlappingFieldsCanBeMerged/25" ||
                          c["id"].text == "OverlappingFieldsCanBeMerged/45";
    std::shared_ptr<const schema::Schema> schema;
    if (needs_original) {
      size_t cut = sdl.find("# injected");
      ASSERT_NE(cut, std::string::npos);
      schema = testing::build_schema(sdl.substr(0, cut));
    } else {
      if (!built[index]) built[index] = testing::build_schema(sdl);
      schema = built[index];
    }
    ASSERT_NE(schema, nullptr);
    std::vector<Error> expected;
    for (const Json& e : c["errors"].items) {
      Error error{e["message"].text, {}};
      for (const Json& l : e["locations"].items) {
        error.locations.push_back({static_cast<uint32_t>(std::stoul(l["line"].text)),
                                   static_cast<uint32_t>(std::stoul(l["column"].text))});
      }
      expected.push_back(std::move(error));
    }
    EXPECT_EQ(overlap_errors(*schema, c["query"].text), expected);
    ++checked;
  }
  EXPECT_EQ(checked, 49);
}

// ------------------------------------------------------------------ scale

std::string many_fields(int n, bool duplicates) {
  std::string q = "{ dog { ";
  for (int i = 0; i < n; ++i) {
    if (duplicates) {
      q += (i % 2 == 0) ? "name " : "nickname ";
    } else {
      q.append("f").append(std::to_string(i)).append(": name ");
    }
  }
  return q + "} }";
}

TEST(OverlapScale, LargeSelectionsAreNotComparedPairwise) {
  const schema::Schema* schema = testing::testdata_schema("overlap");
  ASSERT_NE(schema, nullptr);
  // 20,000 fields: with 10,000 copies of each of two fields, comparing pairs
  // would be 2 x 50 million field comparisons (seconds even in a Release
  // build); bucketing and classes make it a few milliseconds. The bound is
  // loose enough for sanitizer builds and a loaded machine, and far below the
  // cost of the pairwise comparison.
  for (bool duplicates : {false, true}) {
    std::string query = many_fields(20000, duplicates);
    auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(overlap_errors(*schema, query).empty());
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(ms, 1500.0) << (duplicates ? "duplicates" : "distinct keys");
  }
}

}  // namespace
}  // namespace gqleval::validate
