#include "engine/schema/internal/name_table.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace gqleval::schema {
namespace {

TEST(NameTableTest, FindsWhatWasInsertedPerScope) {
  NameTable t;
  t.insert(1, "id", 10);
  t.insert(2, "id", 20);
  t.insert(NameTable::kNoScope, "id", 30);
  EXPECT_EQ(t.find(1, "id"), 10u);
  EXPECT_EQ(t.find(2, "id"), 20u);
  EXPECT_EQ(t.find(NameTable::kNoScope, "id"), 30u);
  EXPECT_EQ(t.find(3, "id"), NameTable::kMissing);
  EXPECT_EQ(t.find(1, "i"), NameTable::kMissing);
  EXPECT_EQ(t.find(1, "idx"), NameTable::kMissing);
  EXPECT_EQ(t.size(), 3u);
}

TEST(NameTableTest, TheFirstValueOfAPairWins) {
  NameTable t;
  t.insert(0, "a", 1);
  t.insert(0, "a", 2);
  EXPECT_EQ(t.find(0, "a"), 1u);
  EXPECT_EQ(t.size(), 1u);
}

TEST(NameTableTest, EmptyTableAndEmptyName) {
  NameTable t;
  EXPECT_EQ(t.find(0, "a"), NameTable::kMissing);
  t.insert(0, "", 7);
  EXPECT_EQ(t.find(0, ""), 7u);
  EXPECT_EQ(t.find(1, ""), NameTable::kMissing);
}

TEST(NameTableTest, GrowsPastItsReservation) {
  NameTable t;
  t.reserve(4);
  std::vector<std::string> names;
  for (int i = 0; i < 5000; ++i) names.push_back("field_" + std::to_string(i));
  for (uint32_t i = 0; i < names.size(); ++i) t.insert(i % 7, names[i], i);
  EXPECT_EQ(t.size(), names.size());
  for (uint32_t i = 0; i < names.size(); ++i) {
    ASSERT_EQ(t.find(i % 7, names[i]), i) << names[i];
    ASSERT_EQ(t.find((i + 1) % 7, names[i]), NameTable::kMissing) << names[i];
  }
}

TEST(NameTableTest, LongNamesHashAllTheirBytes) {
  NameTable t;
  std::string a(40, 'x'), b(40, 'x');
  b[37] = 'y';
  t.insert(0, a, 1);
  EXPECT_EQ(t.find(0, a), 1u);
  EXPECT_EQ(t.find(0, b), NameTable::kMissing);
  EXPECT_NE(hash_name(a), hash_name(b));
  EXPECT_NE(hash_name("ab"), hash_name("ba"));
  EXPECT_NE(hash_name(""), hash_name(std::string_view("\0", 1)));
}

}  // namespace
}  // namespace gqleval::schema
