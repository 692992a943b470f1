// canonical_sdl(): texts that differ only in comments, whitespace and the order
// of their definitions share one canonical text; anything that changes the
// schema (a field, a description, a directive, an argument default) does not;
// a document that defines a name twice keeps its order.
#include "engine/schema/canonical_sdl.h"

#include <string>

#include <gtest/gtest.h>

#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

constexpr std::string_view kSdl =
    "type Query { user(id: Int = 1): User users: [User] }\n"
    "\"A user\"\n"
    "type User { id: Int! name: String }\n"
    "extend type User { email: String }\n";

std::string canon(std::string_view sdl) {
  auto c = canonical_sdl(sdl);
  EXPECT_TRUE(c.has_value()) << sdl;
  return c.value_or("");
}

TEST(CanonicalSdl, CommentsWhitespaceAndOrderDoNotCount) {
  const std::string base = canon(kSdl);
  EXPECT_EQ(canon(std::string(kSdl) + "# variant 17\n"), base);
  EXPECT_EQ(canon("# tenant 4\n\n\n  type   Query{user(id:Int=1):User,users:[User]}\n"
                  "\"A user\" type User{id:Int!,name:String}  extend type User{email:String}"),
            base);
  EXPECT_EQ(canon("extend type User { email: String }\n"
                  "\"A user\"\ntype User { id: Int! name: String }\n"
                  "type Query { user(id: Int = 1): User users: [User] }\n"),
            base);
}

TEST(CanonicalSdl, WhatChangesTheSchemaCounts) {
  const std::string base = canon(kSdl);
  const std::string_view changed[] = {
      "type Query { user(id: Int = 2): User users: [User] }\n\"A user\"\n"
      "type User { id: Int! name: String }\nextend type User { email: String }\n",
      "type Query { user(id: Int = 1): User users: [User] }\n\"A person\"\n"
      "type User { id: Int! name: String }\nextend type User { email: String }\n",
      "type Query { user(id: Int = 1): User users: [User] }\n\"A user\"\n"
      "type User { id: Int! name: String @deprecated }\nextend type User { email: String }\n",
      "type Query { user(id: Int = 1): User users: [User] }\n\"A user\"\n"
      "type User { name: String id: Int! }\nextend type User { email: String }\n",
  };
  for (std::string_view sdl : changed) EXPECT_NE(canon(sdl), base) << sdl;
}

TEST(CanonicalSdl, ANameDefinedTwiceKeepsItsOrder) {
  const std::string a = canon("type Query { a: Int }\ntype B { x: Int }\ntype B { x: Int }\n");
  const std::string b = canon("type B { x: Int }\ntype Query { a: Int }\ntype B { x: Int }\n");
  EXPECT_NE(a, b);
}

TEST(CanonicalSdl, NoCanonicalFormWhenItDoesNotParse) {
  EXPECT_FALSE(canonical_sdl("type Query { a: }").has_value());
}

// The schema built from the canonical text is the one built from the source:
// printed (printSchema keeps the definitions' order, so the printed texts are
// compared by their canonical form), they are the same.
TEST(CanonicalSdl, BuildsTheSameSchema) {
  auto original = testing::must_build(kSdl);
  auto canonical = testing::must_build(canon(kSdl));
  EXPECT_EQ(canon(canonical->print_sdl()), canon(original->print_sdl()));
}

}  // namespace
}  // namespace gqleval::schema
