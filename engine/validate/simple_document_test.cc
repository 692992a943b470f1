// certify_simple_document() on the cases it must refuse, one rule each, and
// on the documents it exists for. Each refused case is also one the full
// validator rejects (so refusing it costs nothing); tests/simple_document_test.cc
// checks the certificate against the rules on every dataset query and their
// mutations.
#include "engine/validate/simple_document.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kSchema = R"(
scalar JSON
enum Sort { ASC DESC }
input Range { lo: Int hi: Int! }
input Filter { range: Range sort: Sort = ASC tags: [String!] }
interface Named { name: String }
type User implements Named { id: ID! name: String friends(first: Int = 10): [User] }
union Thing = User
type Query {
  user(id: ID!): User
  users(filter: Filter, meta: JSON): [User]
  named: Named
  thing: Thing
  j(x: JSON): Int
}
)";

class Certificate : public ::testing::Test {
 protected:
  // "certified", else the full validator's first error rule ("valid" when none).
  std::string verdict(std::string_view query) {
    arena_.reset();
    auto doc = graphql::parse(query, arena_);
    EXPECT_TRUE(doc.ok()) << query;
    if (!doc.ok()) return "syntax";
    const bool certified = certify_simple_document(*schema_, **doc);
    ValidateOptions rules;
    rules.certify_simple = false;
    const Diagnostics d = validator_.validate(*schema_, **doc, rules);
    if (certified) {
      EXPECT_FALSE(has_errors(d)) << "certified an invalid document: " << query;
      return "certified";
    }
    return has_errors(d) ? d.front().rule : "valid";
  }

  std::shared_ptr<const schema::Schema> schema_ = schema::Schema::build(kSchema).value();
  Arena arena_;
  Validator validator_;
};

TEST_F(Certificate, CertifiesFieldsAndLiteralArguments) {
  EXPECT_EQ(verdict("{ user(id: 1) { id name friends(first: 2) { name } } }"), "certified");
  EXPECT_EQ(verdict("query Q { a: user(id: \"1\") { __typename name } b: named { name } }"),
            "certified");
  EXPECT_EQ(verdict("{ users(filter: {range: {hi: 3}, tags: \"x\", sort: DESC}) { id } }"),
            "certified");
  EXPECT_EQ(verdict("{ j(x: {a: [1, {b: 2}], c: null}) }"), "certified");
  EXPECT_EQ(verdict("{ thing { __typename } }"), "certified");
}

TEST_F(Certificate, RefusesWhatAnyRuleRejects) {
  EXPECT_EQ(verdict("{ user(id: 1) { nope } }"), "FieldsOnCorrectType");
  EXPECT_EQ(verdict("{ user(id: 1) }"), "ScalarLeafs");
  EXPECT_EQ(verdict("{ user(id: 1) { id { x } } }"), "ScalarLeafs");
  EXPECT_EQ(verdict("{ user { id } }"), "ProvidedRequiredArguments");
  EXPECT_EQ(verdict("{ user(id: 1, id: 2) { id } }"), "UniqueArgumentNames");
  EXPECT_EQ(verdict("{ user(id: 1, x: 2) { id } }"), "KnownArgumentNames");
  EXPECT_EQ(verdict("{ user(id: 1.5) { id } }"), "ValuesOfCorrectType");
  EXPECT_EQ(verdict("{ users(filter: {range: {lo: 1}}) { id } }"), "ValuesOfCorrectType");
  EXPECT_EQ(verdict("{ users(filter: {sort: \"ASC\"}) { id } }"), "ValuesOfCorrectType");
  EXPECT_EQ(verdict("{ users(filter: {tags: [null]}) { id } }"), "ValuesOfCorrectType");
  EXPECT_EQ(verdict("{ users(filter: {range: {hi: 1, hi: 2}}) { id } }"), "UniqueInputFieldNames");
  // A custom scalar takes any literal, but an object literal still names each
  // field once, at any depth.
  EXPECT_EQ(verdict("{ j(x: {a: 1, a: 2}) }"), "UniqueInputFieldNames");
  EXPECT_EQ(verdict("{ users(meta: [{b: {c: 1, c: 1}}]) { id } }"), "UniqueInputFieldNames");
  EXPECT_EQ(verdict("{ user(id: 1) { id } user(id: 2) { id } }"), "OverlappingFieldsCanBeMerged");
  EXPECT_EQ(verdict("{ thing { name } }"), "FieldsOnCorrectType");
  EXPECT_EQ(verdict("mutation { user(id: 1) { id } }"), "OperationTypeExistence");
}

// Fragments spread on a selection set of their own type, and inline fragments
// on it (or with no type), with their fields counted among the set's.
TEST_F(Certificate, CertifiesFragmentsOnTheirOwnType) {
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } } fragment F on User { id }"), "certified");
  EXPECT_EQ(verdict("query Q { a: user(id: 1) { ...F } b: user(id: 2) { ...F name } }\n"
                    "fragment F on User { id friends { ...G } } fragment G on User { name }"),
            "certified");
  EXPECT_EQ(verdict("{ user(id: 1) { ... on User { id } ... { name } } }"), "certified");
  EXPECT_EQ(verdict("{ named { ...N } } fragment N on Named { name }"), "certified");
}

TEST_F(Certificate, RefusesWhatAFragmentRuleRejects) {
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } }"), "KnownFragmentNames");
  EXPECT_EQ(verdict("{ user(id: 1) { id } } fragment F on User { id }"), "NoUnusedFragments");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } } fragment F on User { ...G }"
                    " fragment G on User { ...F }"),
            "NoFragmentCycles");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } } fragment F on User { id } fragment F on User { id }"),
            "UniqueFragmentNames");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } } fragment F on Nope { id }"), "KnownTypeNames");
  EXPECT_EQ(verdict("{ user(id: 1) { id ...F } } fragment F on User { id: name }"),
            "OverlappingFieldsCanBeMerged");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F ... on User { id: name } } } fragment F on User { id }"),
            "OverlappingFieldsCanBeMerged");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F } } fragment F on User { nope }"), "FieldsOnCorrectType");
}

TEST_F(Certificate, LeavesOtherShapesToTheRules) {
  // Valid, but not of the certified shape: the rules decide.
  EXPECT_EQ(verdict("{ named { ...F } } fragment F on User { id }"), "valid");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F ...F } } fragment F on User { id }"), "valid");
  EXPECT_EQ(verdict("{ user(id: 1) { ... on Named { name } } }"), "valid");
  EXPECT_EQ(verdict("{ user(id: 1) { ...F @include(if: true) } } fragment F on User { id }"),
            "valid");
  EXPECT_EQ(verdict("query($i: ID!) { user(id: $i) { id } }"), "valid");
  EXPECT_EQ(verdict("{ user(id: 1) { id @include(if: true) } }"), "valid");
  EXPECT_EQ(verdict("{ user(id: 1) { id id } }"), "valid");
  EXPECT_EQ(verdict("{ __schema { queryType { name } } }"), "valid");
}

}  // namespace
}  // namespace gqleval::validate
