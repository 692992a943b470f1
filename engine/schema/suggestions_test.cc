// Suggestions as graphql-js makes them (expected lists computed with
// graphql-js's suggestionList and didYouMean).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/schema/suggestions.h"

namespace gqleval::schema {
namespace {

using Names = std::vector<std::string_view>;

TEST(SuggestionsTest, ListsCloseOptionsByDistanceThenNaturally) {
  Names options = {"String", "Int", "Float", "Boolean", "ID", "Query", "User", "Users", "user"};
  EXPECT_EQ(suggestion_list("Strin", options), (Names{"String"}));
  EXPECT_EQ(suggestion_list("Usr", options), (Names{"User", "user", "Users"}));
  EXPECT_EQ(suggestion_list("USER", options), (Names{"User", "Users", "user"}));
  EXPECT_EQ(suggestion_list("Foo", options), (Names{}));
  EXPECT_EQ(suggestion_list("DateTime", options), (Names{}));
  EXPECT_EQ(suggestion_list("Int", options), (Names{"Int", "ID"}));
  // Adjacent transpositions count as one edit.
  EXPECT_EQ(suggestion_list("Qeury", options), (Names{"Query"}));
  // Duplicated options are listed once.
  EXPECT_EQ(suggestion_list("ab", Names{"ab", "ab"}), (Names{"ab"}));
}

TEST(SuggestionsTest, DidYouMean) {
  EXPECT_EQ(did_you_mean(Names{}), "");
  EXPECT_EQ(did_you_mean(Names{"A"}), " Did you mean \"A\"?");
  EXPECT_EQ(did_you_mean(Names{"A", "B"}), " Did you mean \"A\" or \"B\"?");
  EXPECT_EQ(did_you_mean(Names{"A", "B", "C"}), " Did you mean \"A\", \"B\", or \"C\"?");
  EXPECT_EQ(did_you_mean(Names{"A", "B", "C", "D", "E", "F"}),
            " Did you mean \"A\", \"B\", \"C\", \"D\", or \"E\"?");
  EXPECT_EQ(did_you_mean(Names{"A"}, "the enum value"), " Did you mean the enum value \"A\"?");
}

TEST(SuggestionsTest, NaturalCompare) {
  EXPECT_LT(natural_compare("a2", "a10"), 0);
  EXPECT_GT(natural_compare("a10", "a2"), 0);
  EXPECT_EQ(natural_compare("abc", "abc"), 0);
  EXPECT_LT(natural_compare("ab", "abc"), 0);
  EXPECT_LT(natural_compare("B", "a"), 0);  // by code unit, upper case first
  EXPECT_LT(natural_compare("a0", "a01"), 0);
}

}  // namespace
}  // namespace gqleval::schema
