#include "io/json_writer.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace gqleval::io {
namespace {

std::string json_quoted(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

TEST(AppendJsonString, EscapesPerRfc8259) {
  EXPECT_EQ(json_quoted(""), R"("")");
  EXPECT_EQ(json_quoted("plain text that is longer than sixteen bytes"),
            R"("plain text that is longer than sixteen bytes")");
  EXPECT_EQ(json_quoted("a\"b\\c"), R"("a\"b\\c")");
  EXPECT_EQ(json_quoted("\b\f\n\r\t"), R"("\b\f\n\r\t")");
  EXPECT_EQ(json_quoted(std::string("\x00\x01\x1f\x7f", 4)), "\"\\u0000\\u0001\\u001f\x7f\"");
  EXPECT_EQ(json_quoted("/"), R"("/")");
}

TEST(AppendJsonString, ValidUtf8PassesThrough) {
  EXPECT_EQ(json_quoted("caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80 \xE2\x80\xA8"),
            "\"caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80 \xE2\x80\xA8\"");
}

TEST(AppendJsonString, MalformedUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(json_quoted("a\xFF"
                        "b"),
            "\"a\xEF\xBF\xBD"
            "b\"");
  EXPECT_EQ(json_quoted("\xF0\x9F\x98"), "\"\xEF\xBF\xBD\"");  // one maximal subpart
  EXPECT_EQ(json_quoted("\xED\xA0\x80"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // surrogate
}

// Whatever the bytes, the output is a JSON string that simdjson accepts, and
// for valid UTF-8 it decodes back to the input.
TEST(AppendJsonString, RoundTripsThroughSimdjson) {
  std::mt19937 rng(3);
  simdjson::dom::parser parser;
  for (int iter = 0; iter < 20000; ++iter) {
    std::string s;
    size_t len = rng() % 40;
    for (size_t i = 0; i < len; ++i) {
      int kind = static_cast<int>(rng() % 4);
      s.push_back(kind == 0   ? static_cast<char>(rng() % 0x20)
                  : kind == 1 ? static_cast<char>(rng() % 256)
                  : kind == 2 ? "\"\\"[rng() % 2]
                              : static_cast<char>('a' + rng() % 26));
    }
    std::string json = json_quoted(s);
    std::string_view decoded;
    ASSERT_EQ(parser.parse(json).get(decoded), simdjson::SUCCESS) << testing::PrintToString(s);
    if (simdjson::validate_utf8(s.data(), s.size())) {
      ASSERT_EQ(decoded, s);
    }
  }
}

TEST(JsonWriter, ObjectsArraysAndScalars) {
  std::string out;
  JsonWriter w(out);
  w.begin_object()
      .key("row")
      .num(17)
      .key("neg")
      .num(-3LL)
      .key("big")
      .num(uint64_t{18446744073709551615u})
      .key("f1")
      .num(0.5)
      .key("nan")
      .num(std::nan(""))
      .key("inf")
      .num(std::numeric_limits<double>::infinity())
      .key("ok")
      .boolean(true)
      .key("flag")
      .num(false)
      .key("none")
      .null()
      .key("verdict")
      .str("equivalent")
      .key("vars")
      .raw(R"({"id": 1})")
      .key("list")
      .begin_array()
      .num(1)
      .str("two")
      .begin_object()
      .end_object()
      .begin_array()
      .end_array()
      .end_array()
      .key("empty")
      .begin_object()
      .end_object()
      .end_object();
  EXPECT_EQ(out, R"({"row":17,"neg":-3,"big":18446744073709551615,"f1":0.5,"nan":null,"inf":null,)"
                 R"("ok":true,"flag":false,"none":null,"verdict":"equivalent","vars":{"id": 1},)"
                 R"("list":[1,"two",{},[]],"empty":{}})");
  EXPECT_EQ(w.depth(), 0u);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.parse(out).get(doc), simdjson::SUCCESS);
}

TEST(JsonWriter, KeysAreEscapedAndShortestDoublesRoundTrip) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("a\"b\n").num(0.1).key("e").num(1e21).end_object();
  EXPECT_EQ(out, R"({"a\"b\n":0.1,"e":1e+21})");
}

// 1 and 0 (most scores) are written without std::to_chars: the same texts.
TEST(AppendJsonReal, ShortestTextsAndNullForNonFinite) {
  auto text = [](double v) {
    std::string out;
    append_json_real(out, v);
    return out;
  };
  EXPECT_EQ(text(1.0), "1");
  EXPECT_EQ(text(0.0), "0");
  EXPECT_EQ(text(-0.0), "-0");
  EXPECT_EQ(text(-1.0), "-1");
  EXPECT_EQ(text(2.0), "2");
  EXPECT_EQ(text(0.5), "0.5");
  EXPECT_EQ(text(2.0 / 3.0), "0.6666666666666666");
  EXPECT_EQ(text(1.0 + 1e-15), "1.000000000000001");
  EXPECT_EQ(text(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(text(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(JsonWriter, AppendsToExistingText) {
  std::string out = "prefix ";
  JsonWriter(out).begin_array().str("x").end_array();
  out.push_back('\n');
  EXPECT_EQ(out, "prefix [\"x\"]\n");
}

}  // namespace
}  // namespace gqleval::io
