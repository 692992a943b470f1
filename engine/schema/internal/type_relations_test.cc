// Type relations: input/output/composite/abstract/leaf, IsSubType,
// IsTypeSubTypeOf on wrapped types, and the overlap of composite types.
#include <gtest/gtest.h>

#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

using testing::must_build;

constexpr std::string_view kSdl = R"(
interface Node { id: ID! }
interface Media implements Node { id: ID! }
type Book implements Media & Node { id: ID! }
type Movie implements Media & Node { id: ID! }
type Person implements Node { id: ID! }
type Query { a: Int }
union Watchable = Movie
union Readable = Book | Person
union Nothing = Query
enum E { A }
input In { a: Int }
)";

class TypeRelationsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    schema_ = must_build(kSdl);
    ASSERT_TRUE(schema_);
  }
  TypeId id(std::string_view name) const { return schema_->find_type(name); }
  TypeRef named(std::string_view name, uint8_t depth = 0, uint16_t non_null = 0) const {
    return TypeRef{id(name), depth, non_null};
  }
  const Schema& s() const { return *schema_; }
  std::shared_ptr<const Schema> schema_;
};

TEST_F(TypeRelationsTest, KindsOfTypes) {
  EXPECT_TRUE(s().is_input_type(named("In")));
  EXPECT_TRUE(s().is_input_type(named("E", 1, 0b11)));
  EXPECT_TRUE(s().is_input_type(TypeRef{kIntType, 0, 0}));
  EXPECT_FALSE(s().is_input_type(named("Book")));
  EXPECT_FALSE(s().is_input_type(named("Readable", 2, 0)));
  EXPECT_TRUE(s().is_output_type(named("Book", 1, 0)));
  EXPECT_TRUE(s().is_output_type(named("Node")));
  EXPECT_TRUE(s().is_output_type(named("E")));
  EXPECT_FALSE(s().is_output_type(named("In", 1, 1)));
  EXPECT_FALSE(s().is_output_type(TypeRef{}));
  EXPECT_TRUE(s().is_composite(id("Book")) && s().is_composite(id("Node")) &&
              s().is_composite(id("Readable")));
  EXPECT_FALSE(s().is_composite(id("E")) || s().is_composite(id("In")) || s().is_composite(kNone));
  EXPECT_TRUE(s().is_abstract(id("Node")) && s().is_abstract(id("Readable")));
  EXPECT_FALSE(s().is_abstract(id("Book")) || s().is_abstract(kNone));
  EXPECT_TRUE(s().is_leaf(id("E")) && s().is_leaf(kIdType));
  EXPECT_FALSE(s().is_leaf(id("In")) || s().is_leaf(id("Book")));
}

TEST_F(TypeRelationsTest, IsSubType) {
  EXPECT_TRUE(s().is_sub_type(id("Node"), id("Book")));
  EXPECT_TRUE(s().is_sub_type(id("Node"), id("Media")));  // an interface implementing it
  EXPECT_TRUE(s().is_sub_type(id("Media"), id("Movie")));
  EXPECT_FALSE(s().is_sub_type(id("Media"), id("Person")));
  EXPECT_TRUE(s().is_sub_type(id("Readable"), id("Person")));
  EXPECT_FALSE(s().is_sub_type(id("Readable"), id("Movie")));
  EXPECT_TRUE(s().is_sub_type(id("Book"), id("Book")));
  EXPECT_FALSE(s().is_sub_type(id("Book"), id("Node")));
}

TEST_F(TypeRelationsTest, IsTypeSubTypeOf) {
  // Equal types.
  EXPECT_TRUE(s().is_type_sub_type_of(named("Book", 1, 0b11), named("Book", 1, 0b11)));
  // Non-null is a subtype of nullable, not the other way.
  EXPECT_TRUE(s().is_type_sub_type_of(named("Book", 0, 1), named("Book")));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Book"), named("Book", 0, 1)));
  // An implementation is a subtype of its interface, covariantly inside lists.
  EXPECT_TRUE(s().is_type_sub_type_of(named("Book"), named("Node")));
  EXPECT_TRUE(s().is_type_sub_type_of(named("Book", 1, 0b11), named("Media", 1, 0b01)));
  EXPECT_TRUE(s().is_type_sub_type_of(named("Media", 1, 0), named("Node", 1, 0)));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Node"), named("Book")));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Person", 1, 0), named("Media", 1, 0)));
  // Union members.
  EXPECT_TRUE(s().is_type_sub_type_of(named("Person", 0, 1), named("Readable")));
  // List-ness must match.
  EXPECT_FALSE(s().is_type_sub_type_of(named("Book", 1, 0), named("Book")));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Book"), named("Book", 1, 0)));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Book", 2, 0), named("Book", 1, 0)));
  // Inner non-null: [Book!] <: [Book], not [Book] <: [Book!].
  EXPECT_TRUE(s().is_type_sub_type_of(named("Book", 1, 0b10), named("Book", 1, 0)));
  EXPECT_FALSE(s().is_type_sub_type_of(named("Book", 1, 0), named("Book", 1, 0b10)));
  // Scalars only match themselves.
  EXPECT_FALSE(s().is_type_sub_type_of(TypeRef{kIntType, 0, 0}, TypeRef{kFloatType, 0, 0}));
  EXPECT_TRUE(s().is_type_sub_type_of(TypeRef{kIntType, 0, 1}, TypeRef{kIntType, 0, 0}));
}

TEST_F(TypeRelationsTest, TypesOverlap) {
  EXPECT_TRUE(s().types_overlap(id("Book"), id("Book")));
  EXPECT_FALSE(s().types_overlap(id("Book"), id("Movie")));
  EXPECT_TRUE(s().types_overlap(id("Node"), id("Book")));
  EXPECT_TRUE(s().types_overlap(id("Book"), id("Node")));
  EXPECT_TRUE(s().types_overlap(id("Media"), id("Readable")));  // share Book
  EXPECT_FALSE(s().types_overlap(id("Watchable"), id("Readable")));
  EXPECT_TRUE(s().types_overlap(id("Watchable"), id("Media")));  // share Movie
  EXPECT_FALSE(s().types_overlap(id("Person"), id("Media")));
  EXPECT_FALSE(s().types_overlap(id("Nothing"), id("Node")));
  EXPECT_TRUE(s().types_overlap(id("Nothing"), id("Query")));
  EXPECT_TRUE(s().types_overlap(id("Node"), id("Media")));
}

}  // namespace
}  // namespace gqleval::schema
