#include "bench/baseline/response_match.h"

#include <gtest/gtest.h>

namespace gqleval::baseline {
namespace {

bool match(std::string_view a, std::string_view b) {
  auto x = parse_json(a);
  auto y = parse_json(b);
  EXPECT_TRUE(x.ok() && y.ok());
  return responses_match(*x, *y);
}

TEST(ResponseMatch, KeyOrderIgnored) {
  EXPECT_TRUE(match(R"({"a":1,"b":{"c":2,"d":3}})", R"({"b":{"d":3,"c":2},"a":1})"));
  EXPECT_FALSE(match(R"({"a":1,"b":2})", R"({"a":1,"c":2})"));
  EXPECT_FALSE(match(R"({"a":1})", R"({"a":1,"b":null})"));
}

TEST(ResponseMatch, ListOrderIgnoredWithPairwiseMatching) {
  EXPECT_TRUE(match(R"([1,2,3])", R"([3,1,2])"));
  EXPECT_TRUE(match(R"([{"id":1},{"id":2}])", R"([{"id":2},{"id":1}])"));
  // Each item is used once: multisets, not sets.
  EXPECT_FALSE(match(R"([1,1,2])", R"([1,2,2])"));
  EXPECT_FALSE(match(R"([1,2])", R"([1,2,2])"));
}

TEST(ResponseMatch, ScalarsByValue) {
  EXPECT_TRUE(match("1", "1.0"));
  EXPECT_FALSE(match("1", "\"1\""));
  EXPECT_FALSE(match("null", "false"));
  EXPECT_TRUE(match("null", "null"));
  EXPECT_FALSE(match("[]", "{}"));
}

TEST(JsonValue, SerializeRoundTrip) {
  const std::string text = R"({"a":[1,2.5,"x\ny",true,null],"b":{}})";
  auto v = parse_json(text);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(to_json(*v), text);
  EXPECT_FALSE(parse_json("{").ok());
  EXPECT_EQ(parse_json("{").error().rule, "JSON");
}

}  // namespace
}  // namespace gqleval::baseline
