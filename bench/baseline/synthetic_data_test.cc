#include "bench/baseline/synthetic_data.h"

#include <gtest/gtest.h>

#include "bench/baseline/test_util.h"

namespace gqleval::baseline {
namespace {

std::string all_users(const schema::Schema& s, const SyntheticData& d) {
  return testing::run_query(s, d,
                            "{ users { id name age role posts { id title likes } best { id } } }");
}

TEST(SyntheticData, DeterministicBySeed) {
  auto s = testing::test_schema();
  const SyntheticData a = SyntheticData::build(*s, testing::small_data(7));
  const SyntheticData b = SyntheticData::build(*s, testing::small_data(7));
  const SyntheticData c = SyntheticData::build(*s, testing::small_data(8));
  EXPECT_EQ(all_users(*s, a), all_users(*s, b));
  EXPECT_NE(all_users(*s, a), all_users(*s, c));
}

TEST(SyntheticData, CountsKeysAndFanout) {
  auto s = testing::test_schema();
  DataOptions o = testing::small_data();
  o.objects = 4;
  o.fanout = 3;
  const SyntheticData d = SyntheticData::build(*s, o);
  const schema::TypeId user = s->find_type("User");
  const schema::TypeId post = s->find_type("Post");
  ASSERT_EQ(d.objects(user).size(), 4u);
  EXPECT_EQ(d.objects(s->query_type()).size(), 1u);
  EXPECT_EQ(d.objects(s->find_type("Node")).size(), 0u);  // interfaces hold no objects
  EXPECT_EQ(d.objects(s->find_type("__Schema")).size(), 0u);
  const uint32_t key = d.key_slot(user);
  ASSERT_NE(key, schema::kNone);
  EXPECT_EQ(s->field(s->type(user).fields[key]).name, "id");
  const uint32_t posts = d.slot(user, s->find_field(user, "posts"));
  for (uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(d.object(user, i).fields[key].string, std::to_string(i + 1));
    const DataValue& list = d.object(user, i).fields[posts];
    ASSERT_EQ(list.kind, DataValue::Kind::kList);
    EXPECT_EQ(list.items.size(), 3u);
    for (const DataValue& p : list.items) EXPECT_EQ(p.object_type, post);
  }
}

TEST(SyntheticData, NullRateMakesNullableValuesNull) {
  auto s = testing::test_schema();
  DataOptions o = testing::small_data();
  o.null_rate = 1;
  const SyntheticData d = SyntheticData::build(*s, o);
  EXPECT_EQ(testing::run_query(*s, d, "{ user(id: 2) { id name age posts { id } } }"),
            R"({"data":{"user":{"id":"2","name":null,"age":null,"posts":null}}})");
}

TEST(SyntheticData, IdLikeNames) {
  EXPECT_TRUE(is_id_like_name("id"));
  EXPECT_TRUE(is_id_like_name("ID"));
  EXPECT_TRUE(is_id_like_name("city_id"));
  EXPECT_TRUE(is_id_like_name("userId"));
  EXPECT_TRUE(is_id_like_name("stuid"));
  EXPECT_FALSE(is_id_like_name("name"));
  EXPECT_FALSE(is_id_like_name("identity"));
}

}  // namespace
}  // namespace gqleval::baseline
