// Canonical values on their own: printing, equality, symbol markers.
#include "engine/normalize/internal/canonical_value.h"

#include <gtest/gtest.h>

namespace gqleval::normalize {
namespace {

TEST(CanonicalValueTest, StringsEscapeControlCharactersSoMarkersCannotAppear) {
  const std::string text = std::string("a\"b\\c\n\t\x01\x03\x7f") + "é";
  CValue s{CKind::kString, false, 0, text, {}, {}};
  std::string out;
  append_value(out, s);
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\u0001\\u0003\\u007fé\"");
  EXPECT_EQ(out.find(kSymbolMarker), std::string::npos);
}

TEST(CanonicalValueTest, SymbolMarkersRoundTrip) {
  for (uint32_t index : {0u, 1u, 15u, 16u, 255u, 4095u, kMaxSymbols}) {
    std::string out = "x";
    append_symbol_marker(out, index);
    ASSERT_EQ(out.size(), 1 + kSymbolMarkerSize);
    EXPECT_EQ(out[1], kSymbolMarker);
    EXPECT_EQ(read_symbol_marker(out, 1), index);
  }
}

TEST(CanonicalValueTest, PrintingAndEquality) {
  CValue one{CKind::kInt, false, 0, "1", {}, {}};
  CValue two{CKind::kInt, false, 0, "2", {}, {}};
  CValue s1{CKind::kString, false, 0, "1", {}, {}};
  CValue sym{CKind::kSymbol, false, 3, {}, {}, {}};
  const CValue* items[] = {&one, &s1};
  CValue list{CKind::kList, false, 0, {}, items, {}};
  CField fields[] = {{"a", &list}, {"b", &sym}};
  CValue obj{CKind::kObject, false, 0, {}, {}, fields};
  std::string out;
  append_value(out, obj);
  std::string expected = "{a: [1, \"1\"], b: ";
  append_symbol_marker(expected, 3);
  expected += "}";
  EXPECT_EQ(out, expected);
  EXPECT_TRUE(has_symbol(obj));
  EXPECT_FALSE(has_symbol(list));
  EXPECT_TRUE(values_equal(obj, obj));
  EXPECT_FALSE(values_equal(one, s1));  // Int 1 and String "1" differ (coercion decides)
  EXPECT_FALSE(values_equal(one, two));
  CArgument args[] = {{"id", &one}, {"q", &s1}};
  out.clear();
  append_arguments(out, args);
  EXPECT_EQ(out, "(id: 1, q: \"1\")");
  EXPECT_TRUE(arguments_equal(args, args));
  CArgument other[] = {{"id", &two}, {"q", &s1}};
  EXPECT_FALSE(arguments_equal(args, other));
}

}  // namespace
}  // namespace gqleval::normalize
