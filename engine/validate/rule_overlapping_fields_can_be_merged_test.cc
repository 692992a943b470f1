// OverlappingFieldsCanBeMerged: the rule alone (options.rules), against
//  - cases whose expected errors were produced by graphql-js 16.15.0 itself (the
//    table below: argument comparison, meta fields, exclusive parents, fragment
//    memos, buckets large enough to take the class path, truncation);
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
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kRule = "OverlappingFieldsCanBeMerged";
constexpr std::string_view kSuffix =
    ". Use different aliases on the fields to fetch both if this was intentional.";

// A smaller cousin of graphql-js's testSchema.
constexpr std::string_view kSchema = R"gql(
interface Pet {
  name(surname: Boolean): String
}
type Dog implements Pet {
  name(surname: Boolean): String
  nickname: String
  barkVolume: Int
  doesKnowCommand(dogCommand: DogCommand): Boolean
  isAtLocation(x: Int, y: Int): Boolean
  owner: Human
  friends: [Dog]
}
type Cat implements Pet {
  name(surname: Boolean): String
  nickname: String
  meowVolume: Int
  owner: Human
}
union CatOrDog = Cat | Dog
type Human {
  name: String
  relatives: [Human]
  pets: [Pet]
}
enum DogCommand {
  SIT
  DOWN
  HEEL
}
input Filter {
  a: Int
  b: String
  c: [Int]
}
type Query {
  dog: Dog
  cat: Cat
  pet: Pet
  catOrDog: CatOrDog
  human: Human
  dogs(filter: Filter, first: Int, name: String): [Dog]
}
)gql";

struct Error {
  std::string message;
  std::vector<SourcePos> locations;
  friend bool operator==(const Error&, const Error&) = default;
};

void PrintTo(const Error& e, std::ostream* os) {
  *os << "\n  " << e.message << " at";
  for (SourcePos p : e.locations) *os << " " << p.line << ":" << p.column;
}

std::shared_ptr<const schema::Schema> build_schema(std::string_view sdl) {
  auto built = schema::Schema::build(sdl);
  if (!built.ok()) {
    ADD_FAILURE() << "schema does not build: " << built.error().front().message;
    return nullptr;
  }
  return std::move(built).value();
}

// The rule's errors on `query`, in report order.
std::vector<Error> overlap_errors(const schema::Schema& schema, std::string_view query,
                                  size_t max_errors = 100) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) {
    ADD_FAILURE() << "query does not parse: " << doc.error().message;
    return {};
  }
  ValidateOptions options;
  options.rules = {std::string(kRule)};
  options.max_errors = max_errors;
  std::vector<Error> out;
  for (const Diagnostic& d : validate(schema, **doc, options)) {
    EXPECT_EQ(d.rule, kRule);
    out.push_back({d.message, d.locations});
  }
  return out;
}

// ------------------------------------------------------------------ graphql-js table

struct Expected {
  std::string key;
  std::string reason;
  std::vector<SourcePos> locations;
};

struct Case {
  const char* name;
  const char* query;
  std::vector<Expected> errors;
};

// Produced by running graphql-js 16.15.0 (validate with OverlappingFieldsCanBeMergedRule
// only) on kSchema and each query; reviewed by hand.
const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      {"int_vs_float",
       "{ dogs(first: 1) { name } dogs(first: 1.0) { name } }",
       {{"dogs", "they have differing arguments", {{1, 3}, {1, 27}}}}},
      {"block_string",
       "{ dogs(name: \"a\") { name } dogs(name: \"\"\"a\"\"\") { name } }",
       {{"dogs", "they have differing arguments", {{1, 3}, {1, 28}}}}},
      {"same_variable",
       "query ($n: String) { dogs(name: $n) { name } dogs(name: $n) { name } }",
       {}},
      {"different_variables",
       "query ($n: String, $m: String) { dogs(name: $n) { name } dogs(name: $m) { "
       "name } }",
       {{"dogs", "they have differing arguments", {{1, 34}, {1, 58}}}}},
      {"object_field_order",
       "{ dogs(filter: {a: 1, b: \"x\"}) { name } dogs(filter: {b: \"x\", a: 1}) { name "
       "} }",
       {}},
      {"list_order",
       "{ dogs(filter: {c: [1, 2]}) { name } dogs(filter: {c: [2, 1]}) { name } }",
       {{"dogs", "they have differing arguments", {{1, 3}, {1, 38}}}}},
      {"argument_order",
       "{ dogs(first: 1, name: \"x\") { name } dogs(name: \"x\", first: 1) { name } }",
       {}},
      {"enum_vs_string",
       "{ dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: \"SIT\") "
       "} }",
       {{"doesKnowCommand", "they have differing arguments", {{1, 9}, {1, 42}}}}},
      {"typename_has_no_definition",
       "{ pet { ... on Dog { t: __typename } ... on Cat { t: name } } }",
       {}},
      {"exclusive_types_still_conflict",
       "{ pet { ... on Dog { t: name } ... on Cat { t: meowVolume } } }",
       {{"t", "they return conflicting types \"String\" and \"Int\"", {{1, 22}, {1, 45}}}}},
      {"typename_vs_field",
       "{ pet { t: __typename t: name } }",
       {{"t", "\"__typename\" and \"name\" are different fields", {{1, 9}, {1, 23}}}}},
      {"last_fragment_definition_wins",
       "{ dog { ...F x: name } }\n"
       "fragment F on Dog { x: nickname }\n"
       "fragment F on Dog { x: name }",
       {}},
      {"composite_vs_leaf",
       "{ catOrDog { ... on Dog { owner { n: name } } ... on Cat { owner: nickname "
       "} } }",
       {{"owner", "they return conflicting types \"Human\" and \"String\"", {{1, 27}, {1, 60}}}}},
      {"exclusive_deep_types",
       "{ pet { ... on Dog { owner { x: name } } ... on Cat { owner { x: relatives "
       "{ name } } } } }",
       {{"owner",
         "subfields \"x\" conflict because they return conflicting types \"String\" and "
         "\"[Human]\"",
         {{1, 22}, {1, 30}, {1, 55}, {1, 63}}}}},
      {"exclusive_deep_names_allowed",
       "{ pet { ... on Dog { owner { x: name } } ... on Cat { owner { x: __typename "
       "} } } }",
       {}},
      {"unknown_parent",
       "{ unknown { a: x a: y } }",
       {{"a", "\"x\" and \"y\" are different fields", {{1, 13}, {1, 18}}}}},
      {"single_inline_fragment",
       "{ dog { ... { x: name x: nickname } } }",
       {{"x", "\"name\" and \"nickname\" are different fields", {{1, 15}, {1, 23}}}}},
      {"nested_inline_fragments",
       "{ dog { ... on Dog { ... on Pet { x: name } } x: nickname } }",
       {{"x", "\"name\" and \"nickname\" are different fields", {{1, 35}, {1, 47}}}}},
      {"unknown_fragment_type",
       "{ dog { x: name ...F } }\n"
       "fragment F on Unknown { x: a }",
       {{"x", "\"name\" and \"a\" are different fields", {{1, 9}, {2, 25}}}}},
      {"large_bucket_leaves",
       "{ dog { name name name name name name name name name name x: name x: "
       "nickname name name x: name name(surname: true) name } }",
       {{"name", "they have differing arguments", {{1, 9}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 14}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 19}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 24}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 29}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 34}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 39}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 44}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 49}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 54}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 79}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 84}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 97}, {1, 117}}},
        {"x", "\"name\" and \"nickname\" are different fields", {{1, 59}, {1, 67}}},
        {"x", "\"nickname\" and \"name\" are different fields", {{1, 67}, {1, 89}}}}},
      {"large_bucket_composites",
       "{ dog { owner { name } owner { name } owner { name } owner { name } owner { "
       "n: name } owner { name } owner { name } owner { name } owner { name } owner "
       "{ name: relatives { name } } } }",
       {{"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 9}, {1, 17}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 24}, {1, 32}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 39}, {1, 47}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 54}, {1, 62}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 87}, {1, 95}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 102}, {1, 110}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 117}, {1, 125}, {1, 147}, {1, 155}}},
        {"owner",
         "subfields \"name\" conflict because \"name\" and \"relatives\" are different fields",
         {{1, 132}, {1, 140}, {1, 147}, {1, 155}}}}},
      {"large_buckets_between",
       "{ dog { ...F name name name name name name name name name(surname: true) } "
       "}\n"
       "fragment F on Dog { name name name name name name name name name name }",
       {{"name", "they have differing arguments", {{1, 14}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 19}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 24}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 29}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 34}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 39}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 44}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 49}, {1, 54}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 21}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 26}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 31}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 36}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 41}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 46}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 51}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 56}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 61}}},
        {"name", "they have differing arguments", {{1, 54}, {2, 66}}}}},
      {"large_bucket_mixed_parents",
       "{ pet { ... on Dog { name } ... on Cat { name } name ... on Dog { name: "
       "nickname } ... on Cat { name: nickname } name ... on Dog { name } ... on "
       "Cat { name(surname: false) } name name } }",
       {{"name", "\"name\" and \"nickname\" are different fields", {{1, 22}, {1, 67}}},
        {"name", "\"name\" and \"nickname\" are different fields", {{1, 42}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 42}, {1, 152}}},
        {"name", "\"name\" and \"nickname\" are different fields", {{1, 49}, {1, 67}}},
        {"name", "\"name\" and \"nickname\" are different fields", {{1, 49}, {1, 97}}},
        {"name", "they have differing arguments", {{1, 49}, {1, 152}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 67}, {1, 114}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 67}, {1, 132}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 67}, {1, 175}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 67}, {1, 180}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 97}, {1, 114}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 97}, {1, 152}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 97}, {1, 175}}},
        {"name", "\"nickname\" and \"name\" are different fields", {{1, 97}, {1, 180}}},
        {"name", "they have differing arguments", {{1, 114}, {1, 152}}},
        {"name", "they have differing arguments", {{1, 152}, {1, 175}}},
        {"name", "they have differing arguments", {{1, 152}, {1, 180}}}}},
      {"fragment_pairs_memoized",
       "{\n"
       "  dog { ...A ...B }\n"
       "  d2: dog { ...B ...A }\n"
       "}\n"
       "fragment A on Dog { x: name ...C }\n"
       "fragment B on Dog { x: nickname }\n"
       "fragment C on Dog { y: name }",
       {{"x", "\"name\" and \"nickname\" are different fields", {{5, 21}, {6, 21}}}}},
      {"spread_in_exclusive_then_shared",
       "{\n"
       "  pet {\n"
       "    ... on Dog { owner { ...H } }\n"
       "    ... on Cat { owner { ...I } }\n"
       "  }\n"
       "  other: pet { ... on Dog { owner { ...H } } }\n"
       "  other: pet { ... on Dog { owner { ...I } } }\n"
       "}\n"
       "fragment H on Human { v: name }\n"
       "fragment I on Human { v: relatives { name } }",
       {{"other",
         "subfields \"owner\" conflict because subfields \"v\" conflict because \"name\" and "
         "\"relatives\" are different fields",
         {{6, 3}, {6, 29}, {9, 23}, {7, 3}, {7, 29}, {10, 23}}}}},
      {"duplicate_argument_names",
       "{ dog { isAtLocation(x: 1, x: 2) isAtLocation(x: 2, y: 1) isAtLocation(x: "
       "2, x: 2) } }",
       {{"isAtLocation", "they have differing arguments", {{1, 9}, {1, 34}}},
        {"isAtLocation", "they have differing arguments", {{1, 9}, {1, 59}}},
        {"isAtLocation", "they have differing arguments", {{1, 34}, {1, 59}}}}},
      {"hashed_buckets_between",
       "{ dog { a0: name a1: name a2: name a3: name a4: name a5: name a6: name a7: "
       "name a8: name a9: name a10: name a11: name a12: name a13: name a14: name "
       "a15: name a16: name a17: name a18: name a19: name ...F } }\n"
       "fragment F on Dog { a19: nickname a18: name a17: name a16: name a15: name "
       "a14: name a13: name a12: name a11: name a10: name a9: name a8: name a7: "
       "name a6: name a5: name a4: name a3: name a2: nickname }",
       {{"a2", "\"name\" and \"nickname\" are different fields", {{1, 27}, {2, 188}}},
        {"a19", "\"name\" and \"nickname\" are different fields", {{1, 189}, {2, 21}}}}},
      {"many_distinct_keys_then_duplicate",
       "{ dog { a0: name a1: name a2: name a3: name a4: name a5: name a6: name a7: "
       "name a8: name a9: name a10: name a11: name a12: name a13: name a14: name "
       "a15: name a16: name a17: name a18: name a19: name a20: name a21: name a22: "
       "name a23: name a24: name a25: name a26: name a27: name a28: name a29: name "
       "a30: name a31: name a32: name a33: name a34: name a35: name a36: name a37: "
       "name a38: name a39: name a7: nickname } }",
       {{"a7", "\"name\" and \"nickname\" are different fields", {{1, 72}, {1, 399}}}}},
      {"fragment_memo_exclusive_then_shared",
       "{ pet { ... on Dog { owner { ...H } } ... on Cat { owner { v: __typename } "
       "} ... on Cat { owner { ...H } } } }\n"
       "fragment H on Human { v: name }",
       {{"owner",
         "subfields \"v\" conflict because \"__typename\" and \"name\" are different fields",
         {{1, 52}, {1, 60}, {1, 91}, {2, 23}}}}},
      {"fragment_pair_memo_exclusive_then_shared",
       "{ pet { ... on Dog { owner { ...H } } ... on Cat { owner { ...T } } ... on "
       "Cat { owner { ...H } } } }\n"
       "fragment H on Human { v: name }\n"
       "fragment T on Human { v: __typename }",
       {{"owner",
         "subfields \"v\" conflict because \"__typename\" and \"name\" are different fields",
         {{1, 52}, {3, 23}, {1, 82}, {2, 23}}}}},
  };
  return kCases;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class OverlapTableTest : public testing::TestWithParam<Case> {};

TEST_P(OverlapTableTest, MatchesGraphqlJs) {
  static const auto schema = build_schema(kSchema);
  ASSERT_NE(schema, nullptr);
  const Case& c = GetParam();
  std::vector<Error> expected;
  for (const Expected& e : c.errors) {
    expected.push_back(
        {"Fields \"" + e.key + "\" conflict because " + e.reason + std::string(kSuffix),
         e.locations});
  }
  EXPECT_EQ(overlap_errors(*schema, c.query), expected);
}

INSTANTIATE_TEST_SUITE_P(GraphqlJs, OverlapTableTest, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// ------------------------------------------------------------------ truncation

TEST(OverlapTruncation, ReasonStopsAfter1000CharactersAndNodesAt20) {
  auto schema = build_schema(kSchema);
  ASSERT_NE(schema, nullptr);
  std::string first = "{ dog { ";
  std::string second = " dog { ";
  std::string reason;
  for (int i = 0; i < 25; ++i) {
    // Appends, not `"a" + std::to_string(i)`: GCC 12 warns falsely (-Wrestrict) on that.
    std::string alias = std::string("a").append(std::to_string(i));
    first.append(alias).append(": name ");
    second.append(alias).append(": nickname ");
    if (reason.size() <= 1000) {
      if (!reason.empty()) reason += " and ";
      reason.append("subfields \"").append(alias);
      reason.append("\" conflict because \"name\" and \"nickname\" are different fields");
    }
  }
  std::string query = first + "}" + second + "} }";
  // graphql-js stops adding subfield reasons once the text passes 1000 characters,
  // then cuts it to 1000 and appends "...".
  ASSERT_GT(reason.size(), 1000u);
  reason = reason.substr(0, 1000) + "...";
  // The first 19 subfields of each side follow the field itself (20 nodes per side).
  std::vector<SourcePos> locations;
  auto add_side = [&](uint32_t field_column, uint32_t first_column, bool nickname) {
    locations.push_back({1, field_column});
    uint32_t column = first_column;
    for (int i = 0; i < 19; ++i) {
      locations.push_back({1, column});
      column += static_cast<uint32_t>(std::to_string(i).size()) + (nickname ? 12 : 8);
    }
  };
  add_side(3, 9, false);
  add_side(static_cast<uint32_t>(first.size() + 3), static_cast<uint32_t>(first.size() + 9), true);
  std::vector<Error> expected = {
      {"Fields \"dog\" conflict because " + reason + std::string(kSuffix), locations}};
  EXPECT_EQ(overlap_errors(*schema, query), expected);
}

TEST(OverlapTruncation, LongResponseKeyIsAbbreviated) {
  auto schema = build_schema(kSchema);
  ASSERT_NE(schema, nullptr);
  std::string key(1005, 'k');
  std::string query = "{ dog { " + key + ": name " + key + ": nickname } }";
  std::vector<Error> expected = {
      {"Fields \"" + std::string(1000, 'k') +
           "...\" conflict because \"name\" and \"nickname\" are different fields" +
           std::string(kSuffix),
       {{1, 9}, {1, 1021}}}};
  EXPECT_EQ(overlap_errors(*schema, query), expected);
}

// ------------------------------------------------------------------ conformance

// Just enough JSON for the conformance files: objects, arrays, strings (with
// escapes and surrogate pairs), numbers (kept as text), true, false, null.
struct Json {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  std::string text;  // kNumber, kString
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json& operator[](std::string_view key) const {
    static const Json kMissing;
    for (const auto& [k, v] : members) {
      if (k == key) return v;
    }
    return kMissing;
  }
};

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
  static void utf8(uint32_t cp, std::string& out) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
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
          utf8(cp, out);
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
      schema = build_schema(sdl.substr(0, cut));
    } else {
      if (!built[index]) built[index] = build_schema(sdl);
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
  auto schema = build_schema(kSchema);
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

TEST(OverlapScale, ManyDuplicatesWithOneConflictReportEveryPair) {
  auto schema = build_schema(kSchema);
  ASSERT_NE(schema, nullptr);
  // 300 copies of `name` and one `name(surname: true)` in the middle: every copy
  // conflicts with the odd one, and only with it, in graphql-js's pair order.
  std::string query = "{ dog { ";
  for (int i = 0; i < 301; ++i) query += (i == 150) ? "name(surname: true) " : "name ";
  query += "} }";
  auto column = [](uint32_t i) { return i <= 150 ? 9 + 5 * i : 9 + 5 * i + 15; };
  std::vector<Error> expected;
  std::string message =
      "Fields \"name\" conflict because they have differing arguments" + std::string(kSuffix);
  for (uint32_t i = 0; i < 150; ++i) expected.push_back({message, {{1, column(i)}, {1, 759}}});
  for (uint32_t j = 151; j < 301; ++j) expected.push_back({message, {{1, 759}, {1, column(j)}}});
  EXPECT_EQ(overlap_errors(*schema, query, /*max_errors=*/1000), expected);
}

}  // namespace
}  // namespace gqleval::validate
