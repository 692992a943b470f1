// The default verdict on schemas of other styles than the research datasets'
// (docs/semantics.md, Stage 3): Relay connections as ways between types, the
// "latest of many" field that is no back-reference, and a rules-file pair
// through something that is no connection. The schema is modelled on an
// e-commerce platform's: `User.checkout` is "the last open checkout of this
// user", beside the connection of all of them.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.h"

namespace {

using gqleval::cli_test::CommandRun;

class CliSchemaStyles : public gqleval::cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    put("shop.graphql",
        "type User {\n  id: ID!\n  email: String\n  \"The last open checkout of this user.\"\n"
        "  checkout: Checkout\n"
        "  checkouts(first: Int, after: String): CheckoutCountableConnection\n}\n"
        "type Checkout { id: ID! created: String user: User }\n"
        "type CheckoutCountableEdge { cursor: String! node: Checkout! }\n"
        "type PageInfo { hasNextPage: Boolean! endCursor: String }\n"
        "type CheckoutCountableConnection { edges: [CheckoutCountableEdge!]! pageInfo: PageInfo!\n"
        "  totalCount: Int }\n"
        "type Query { checkout(id: ID!): Checkout user(id: ID!): User }\n");
    put("uref.graphql",
        "{ user(id: \"U\") { email checkouts(first: 5) { totalCount edges { cursor node { id } } "
        "} } }\n");
    put("ucand.graphql",
        "{ user(id: \"U\") { checkouts(first: 5) { totalCount edges { cursor node { id user { "
        "email } } } } } }\n");
  }
};

TEST_F(CliSchemaStyles, TheCustomersLatestCheckoutIsNotThisCheckout) {
  put("ref.graphql", "{ checkout(id: \"X\") { id created user { email } } }\n");
  put("latest.graphql", "{ checkout(id: \"X\") { user { email checkout { id created } } } }\n");
  const CommandRun r = gqleval("compare --schema shop.graphql ref.graphql latest.graphql");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "verdict: mismatch (fail)\n"
            "missing 2, extra 3, shared 3 (reference 5 nodes, candidate 6 nodes)\n"
            "precision 0.500, recall 0.600, F1 0.545\n"
            "missing (in the reference, not in the candidate):\n"
            "  query -> checkout(id: \"X\") -> created  (1 node, at ref.graphql:1:26)\n"
            "  query -> checkout(id: \"X\") -> id  (1 node, at ref.graphql:1:23)\n"
            "extra (in the candidate, not in the reference):\n"
            "  query -> checkout(id: \"X\") -> user -> checkout  (3 nodes, at "
            "latest.graphql:1:36)\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliSchemaStyles, BackReferencesFoldThroughAConnection) {
  const CommandRun r = gqleval("compare --schema shop.graphql uref.graphql ucand.graphql");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "verdict: equivalent (pass)\n"
            "missing 0, extra 0, shared 8 (reference 8 nodes, candidate 8 nodes)\n"
            "precision 1.000, recall 1.000, F1 1.000\n"
            "rules fired:\n"
            "  ucand.graphql:1:77: cycles: query -> user(id: \"U\") -> checkouts(first: 5) -> "
            "edges -> node -> user: Checkout.user is the inverse of User.checkouts; its "
            "selections moved to user(id: \"U\")\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliSchemaStyles, TheDerivedPairsAreBothWaysToCheckoutNeverTheWayBack) {
  const CommandRun r = gqleval("schema shop.graphql --rules");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  \"inverse_pairs\": [\n"
                       "    {\"field\": \"User.checkout\", \"inverse\": \"Checkout.user\"},\n"
                       "    {\"field\": \"User.checkouts\", \"inverse\": \"Checkout.user\"}\n"
                       "  ],\n"),
            std::string::npos)
      << r.out;
}

TEST_F(CliSchemaStyles, ARulesFilePairThroughNoConnectionWarnsAndTheRunGoesOn) {
  put("bad.rules.json",
      R"({"inverse_pairs": [{"field": "User.email", "inverse": "Checkout.user"}]})");
  const CommandRun r =
      gqleval("compare --schema shop.graphql --rules bad.rules.json uref.graphql ucand.graphql");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "bad.rules.json: warning: RulesFile: \"inverse_pairs\"[0]: inverse pair User.email <-> "
            "Checkout.user skipped: User.email must return Checkout, [Checkout] or a connection to "
            "Checkout (edges { node: Checkout } or nodes: [Checkout]), and Checkout.user must "
            "return one User (two different types)\n");
  EXPECT_EQ(r.out.substr(0, 27), "verdict: equivalent (pass)\n");
}

}  // namespace
