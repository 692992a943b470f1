// Directives (docs/semantics.md, Stage 2): @skip/@include decided statically when
// the condition is known, kept in the node identity when it is an unbound
// variable; any other executable directive kept in the identity.
#include <gtest/gtest.h>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::golden_schema;
using testing::Harness;

class DirectivesTest : public ::testing::Test {
 protected:
  Harness h{golden_schema("media")};
};

TEST_F(DirectivesTest, LiteralConditionsAreDecidedStatically) {
  const std::string plain = h.normal("{ book(id: 1) { isbn } }");
  EXPECT_EQ(h.normal("{ book(id: 1) { title @skip(if: true) isbn } }"), plain);
  EXPECT_EQ(h.normal("{ book(id: 1) { title @include(if: false) isbn } }"), plain);
  EXPECT_EQ(h.normal("{ book(id: 1) { isbn @include(if: true) @skip(if: false) } }"), plain);
  EXPECT_EQ(h.normal("{ book(id: 1) { isbn ...F @skip(if: true) ... @include(if: false) "
                     "{ title } } } fragment F on Book { pages }"),
            plain);
}

TEST_F(DirectivesTest, BoundConditionsAreDecidedStatically) {
  NormalizeOptions options;
  options.variables_json = R"({"c": false})";
  EXPECT_EQ(
      h.normal("query($c: Boolean!) { book(id: 1) { title @include(if: $c) isbn } }", options),
      h.normal("{ book(id: 1) { isbn } }"));
  EXPECT_EQ(h.normal("query($c: Boolean = true) { book(id: 1) { title @skip(if: $c) isbn } }"),
            h.normal("{ book(id: 1) { isbn } }"));
}

TEST_F(DirectivesTest, UnboundConditionBecomesPartOfTheIdentity) {
  EXPECT_EQ(h.normal("query($c: Boolean!) { book(id: 1) { title @include(if: $c) isbn } }"),
            "query {\n"
            "  book(id: \"1\") {\n"
            "    isbn\n"
            "    title @include(if: $1)\n"
            "  }\n"
            "}\n");
  // Conditional and unconditional are two different nodes.
  EXPECT_EQ(h.normal("query($c: Boolean!) { book(id: 1) { title @include(if: $c) title } }"),
            "query {\n"
            "  book(id: \"1\") {\n"
            "    title\n"
            "    title @include(if: $1)\n"
            "  }\n"
            "}\n");
  EXPECT_NE(h.normal("query($c: Boolean!) { book(id: 1) { title @include(if: $c) } }"),
            h.normal("query($c: Boolean!) { book(id: 1) { title @skip(if: $c) } }"));
}

TEST_F(DirectivesTest, FragmentConditionsApplyToEveryFieldInside) {
  EXPECT_EQ(h.normal("query($c: Boolean!) { book(id: 1) { ... @include(if: $c) { title isbn } } }"),
            h.normal("query($c: Boolean!) { book(id: 1) { title @include(if: $c) "
                     "isbn @include(if: $c) } }"));
  EXPECT_EQ(h.normal("query($c: Boolean!) { book(id: 1) { ...F @include(if: $c) } } "
                     "fragment F on Book { title }"),
            "query {\n"
            "  book(id: \"1\") {\n"
            "    title @include(if: $1)\n"
            "  }\n"
            "}\n");
}

TEST_F(DirectivesTest, ConditionAtomsAreASortedSet) {
  EXPECT_EQ(h.normal("query($a: Boolean!, $b: Boolean!) { book(id: 1) { "
                     "... @include(if: $a) { title @skip(if: $b) } } }"),
            h.normal("query($a: Boolean!, $b: Boolean!) { book(id: 1) { "
                     "... @skip(if: $b) { ... @include(if: $a) { title @include(if: $a) } } } }"));
  EXPECT_EQ(h.normal("query($a: Boolean!, $b: Boolean!) { book(id: 1) { "
                     "title @skip(if: $b) @include(if: $a) } }"),
            "query {\n"
            "  book(id: \"1\") {\n"
            "    title @include(if: $1) @skip(if: $2)\n"
            "  }\n"
            "}\n");
}

TEST_F(DirectivesTest, OtherExecutableDirectivesAreKeptCanonically) {
  EXPECT_EQ(h.normal("{ book(id: 1) { title @cached(ttl: 30) } }"),
            "query {\n"
            "  book(id: \"1\") {\n"
            "    title @cached(ttl: 30)\n"
            "  }\n"
            "}\n");
  // A directive argument equal to its default is the same as left out.
  EXPECT_EQ(h.normal("{ book(id: 1) { title @cached(ttl: 60) } }"),
            h.normal("{ book(id: 1) { title @cached } }"));
  EXPECT_NE(h.normal("{ book(id: 1) { title @cached } }"), h.normal("{ book(id: 1) { title } }"));
  // On the operation, the directive is part of the root's identity.
  EXPECT_EQ(h.normal("query @cached(ttl: 5) { book(id: 1) { title } }"),
            "query @cached(ttl: 5) {\n"
            "  book(id: \"1\") {\n"
            "    title\n"
            "  }\n"
            "}\n");
}

}  // namespace
}  // namespace gqleval::normalize
