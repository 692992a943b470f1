// The query rewriter (datasets/generator/query_rewriter.h): exact outputs for small
// queries, determinism from the seed, fresh names that cannot clash, the
// guarantees of each equivalent rewrite (the result is valid and, scored
// against the original, `equivalent`), and the safety conditions of the
// labelled mutations (which leaves may be dropped or added, with which label).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "datasets/generator/ast_builder.h"
#include "datasets/generator/query_rewriter.h"
#include "datasets/generator/seeded_random.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/score_pair.h"
#include "engine/validate/validator.h"
#include "io/file.h"

namespace gqleval::rewrite {
namespace {

std::shared_ptr<const schema::Schema> load_schema(const std::string& name) {
  auto text = io::read_file(std::string(GQLEVAL_SOURCE_DIR) + "/tests/equivalence/schemas/" + name +
                            ".graphql");
  if (!text.ok()) return nullptr;
  auto built = schema::Schema::build(text.value());
  return built.ok() ? built.value() : nullptr;
}

const schema::Schema& blog() {
  static const auto s = load_schema("rgeval_blog");
  return *s;
}
const schema::Schema& shop() {
  static const auto s = load_schema("shop");
  return *s;
}
// Mutation options with the rules derived from the schema (no rules file).
MutateOptions with_derived_rules(const schema::Schema& schema, uint64_t seed = 1) {
  static std::map<const schema::Schema*, std::shared_ptr<const normalize::Rewrites>> cache;
  auto& r = cache[&schema];
  if (!r) {
    r = normalize::Rewrites::build(std::shared_ptr<const schema::Schema>(&schema, [](auto*) {}));
  }
  MutateOptions o;
  o.seed = seed;
  o.rewrites = r.get();
  return o;
}
const schema::Schema& media() {
  static const auto s = load_schema("media");
  return *s;
}

// "" when `query` parses and validates against `schema`, else the first problem.
std::string problem(const schema::Schema& schema, const std::string& query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return doc.error().message;
  const Diagnostics d = validate::validate(schema, *doc.value());
  return validate::has_errors(d) ? d.front().message : std::string();
}

std::string rewrite(const schema::Schema& schema, std::string_view query, RewriteOptions options,
                    std::string* variables = nullptr) {
  auto r = rewrite_equivalent(schema, query, options);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok()) return {};
  if (variables) *variables = r->variables_json;
  return r->query;
}

TEST(SeededRandom, IsDeterministicAndInRange) {
  SeededRandom a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
  SeededRandom r(7);
  for (int i = 0; i < 1000; ++i) EXPECT_LT(r.below(3), 3u);
}

TEST(FreshNames, AvoidEveryIdentifierOfTheSource) {
  FreshNames plain("{ users(id: 1) { name } }");
  EXPECT_EQ(plain.alias(), "rwA1");
  EXPECT_EQ(plain.fragment(), "rwF2");
  EXPECT_EQ(plain.variable(), "rwV3");
  FreshNames clash("{ rwA1: users(id: 1) { rwxName: name } }");
  EXPECT_EQ(clash.alias(), "rwxxA1");
}

TEST(QueryRewriter, AliasesEveryFieldWithFreshNames) {
  RewriteOptions o;
  o.alias = true;
  EXPECT_EQ(rewrite(blog(), "{ users(id: 1) { name posts { title } } }", o),
            "{\n"
            "  rwA1: users(id: 1) {\n"
            "    rwA2: name\n"
            "    rwA3: posts {\n"
            "      rwA4: title\n"
            "    }\n"
            "  }\n"
            "}");
}

TEST(QueryRewriter, LiftsLiteralsIntoVariablesWithDefaults) {
  RewriteOptions o;
  o.variables = VariableMode::kDefaults;
  EXPECT_EQ(rewrite(shop(), "mutation { placeOrder(customer: \"c1\", skus: [\"a\"]) { id } }", o),
            "mutation ($rwV1: ID! = \"c1\", $rwV2: [ID!]! = [\"a\"]) {\n"
            "  placeOrder(customer: $rwV1, skus: $rwV2) {\n"
            "    id\n"
            "  }\n"
            "}");
}

TEST(QueryRewriter, LiftsLiteralsIntoJsonVariables) {
  RewriteOptions o;
  o.variables = VariableMode::kJson;
  std::string variables;
  const std::string q =
      rewrite(shop(),
              "query ($s: OrderStatus) { customer(id: 7) { orders(status: $s) { id } } "
              "products(sort: DESC, filter: {tags: [\"a\\\"b\"], price: {max: 1.5}}) "
              "{ name @include(if: true) } }",
              o, &variables);
  EXPECT_EQ(q,
            "query ($s: OrderStatus, $rwV1: ID!, $rwV2: SortOrder, $rwV3: ProductFilter, "
            "$rwV4: Boolean!) {\n"
            "  customer(id: $rwV1) {\n"
            "    orders(status: $s) {\n"
            "      id\n"
            "    }\n"
            "  }\n"
            "  products(sort: $rwV2, filter: $rwV3) {\n"
            "    name @include(if: $rwV4)\n"
            "  }\n"
            "}");
  EXPECT_EQ(variables,
            "{\"rwV1\":7,\"rwV2\":\"DESC\",\"rwV3\":{\"tags\":[\"a\\\"b\"],"
            "\"price\":{\"max\":1.5}},\"rwV4\":true}");
}

TEST(QueryRewriter, FragmentsAtLeastOneNamedAndOneInline) {
  // With no random grouping, the root still gets one named and one inline fragment.
  RewriteOptions o;
  o.fragments = true;
  o.fragment_percent = 0;
  EXPECT_EQ(rewrite(blog(), "{ users(id: 1) { name } }", o),
            "{\n"
            "  ... on Query {\n"
            "    ...rwF1\n"
            "  }\n"
            "}\n"
            "\n"
            "fragment rwF1 on Query {\n"
            "  users(id: 1) {\n"
            "    name\n"
            "  }\n"
            "}");
}

TEST(QueryRewriter, SameSeedSameOutputOtherSeedOtherOutput) {
  const std::string q =
      "{ users(id: 1) { id name email posts { id title content user_id } } "
      "postsList { id title } }";
  RewriteOptions o;
  o.shuffle = o.alias = o.fragments = true;
  o.alias_percent = 50;
  o.seed = 11;
  const std::string first = rewrite(blog(), q, o);
  EXPECT_EQ(first, rewrite(blog(), q, o));
  o.seed = 12;
  EXPECT_NE(first, rewrite(blog(), q, o));
}

// Every combination of rewrites, over many seeds and queries of the three
// schemas: valid, and `equivalent` to the original.
TEST(QueryRewriter, RewritesAreValidAndEquivalent) {
  struct Case {
    const schema::Schema* schema;
    const char* query;
  };
  const Case cases[] = {
      {&blog(), "{ users(id: 1) { id name email posts { title content } } }"},
      {&blog(),
       "query ($b: Boolean!) { a: users(id: 1) { name @include(if: $b) } "
       "usersFilterList(filter: {id: {gt: 2}, name: {like: \"a%\"}}) { id posts { id } } }"},
      {&shop(),
       "{ customer(id: \"1\") { name orders(status: SHIPPED) { id lines { quantity "
       "product { sku price(currency: EUR) { amount } } } } } products(filter: {category: "
       "\"x\", price: {min: 1, max: 2}}, sort: DESC) { name } }"},
      {&media(),
       "{ search(term: \"x\", kinds: [FILM, BOOK]) { __typename ... on Creative { title "
       "credits { name } } ... on Person { name works(kind: FILM) { year } } } "
       "node(id: 3) { id ...N } } fragment N on Creative { year }"},
  };
  score::Scorer scorer;
  for (const Case& c : cases) {
    const auto schema_ptr = std::shared_ptr<const schema::Schema>(c.schema, [](auto*) {});
    const auto rules = normalize::Rewrites::build(schema_ptr);
    for (uint64_t seed = 1; seed <= 25; ++seed) {
      for (int mask = 1; mask < 16; ++mask) {
        RewriteOptions o;
        o.seed = seed;
        o.shuffle = mask & 1;
        o.alias = mask & 2;
        o.alias_percent = 60;
        o.fragments = mask & 4;
        o.variables = (mask & 8) ? (seed % 2 ? VariableMode::kDefaults : VariableMode::kJson)
                                 : VariableMode::kNone;
        auto r = rewrite_equivalent(*c.schema, c.query, o);
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(problem(*c.schema, r->query), "") << r->query;
        score::ScoreOptions so;
        so.extract_candidate = false;
        so.normalize.variables_json = r->variables_json;
        const std::string_view ref = c.query;
        const score::PairResult result =
            scorer.score(*c.schema, rules.get(), std::span(&ref, 1), r->query, so);
        EXPECT_EQ(result.verdict, score::Verdict::kEquivalent)
            << "seed " << seed << " mask " << mask << "\n"
            << c.query << "\n---\n"
            << r->query << "\n"
            << r->variables_json;
      }
    }
  }
}

TEST(QueryMutations, DropsOnlyALeafWhoseNodeIsCertain) {
  // name is conditional and appears twice; only email qualifies, whatever the seed.
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto m = mutate(blog(), "{ users(id: 1) { name @include(if: true) name email } }",
                    MutationKind::kDropLeaf, with_derived_rules(blog(), seed));
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->description, "dropped Users.email");
    EXPECT_EQ(m->expected, score::Verdict::kUnderfetch);
    EXPECT_EQ(m->missing, 1u);
    EXPECT_EQ(m->extra, 0u);
    EXPECT_EQ(m->query, "{\n  users(id: 1) {\n    name @include(if: true)\n    name\n  }\n}");
  }
}

TEST(QueryMutations, RefusesWhenNoLeafIsSafe) {
  auto error_of = [](const schema::Schema& s, std::string_view q, MutationKind k) {
    auto m = mutate(s, q, k, with_derived_rules(s));
    return m.ok() ? "mutated: " + m->query : m.error().message;
  };
  // The only leaf of its selection set.
  EXPECT_EQ(error_of(blog(), "{ users(id: 1) { name } }", MutationKind::kDropLeaf),
            "no leaf can be dropped safely");
  // Under an interface a leaf is a node per implementation.
  EXPECT_EQ(error_of(media(), "{ creative(id: 1) { title year } }", MutationKind::kDropLeaf),
            "no leaf can be dropped safely");
  // A fragment spread twice: its leaves are reached twice, and the two roots
  // may be one node (the variable may be 1).
  EXPECT_EQ(error_of(blog(),
                     "query ($x: Int!) { a: users(id: 1) { ...U } b: users(id: $x) { ...U } } "
                     "fragment U on Users { name email }",
                     MutationKind::kDropLeaf),
            "no leaf can be dropped safely");
  // With roots that are certainly two nodes, the spreads are expanded in
  // place and one leaf of one copy is dropped.
  EXPECT_EQ(error_of(blog(),
                     "{ a: users(id: 1) { ...U } b: users(id: 2) { ...U } } "
                     "fragment U on Users { name email }",
                     MutationKind::kDropLeaf),
            "mutated: {\n  a: users(id: 1) {\n    ... on Users {\n      name\n      email\n"
            "    }\n  }\n  b: users(id: 2) {\n    ... on Users {\n      email\n    }\n  }\n}");
  // Roots that may be one node: an ID written as 1 and as "1"; two members
  // of an endpoint group (customer, customerById) with the same argument.
  EXPECT_EQ(error_of(shop(),
                     "{ a: customer(id: 1) { name email } b: customer(id: \"1\") { name email } }",
                     MutationKind::kDropLeaf),
            "no leaf can be dropped safely");
  EXPECT_EQ(
      error_of(shop(), "{ customerById(id: 1) { name email } customer(id: 1) { name email } }",
               MutationKind::kDropLeaf),
      "no leaf can be dropped safely");
  // Two root fields no rule joins are two nodes.
  EXPECT_EQ(error_of(shop(), "{ customer(id: 1) { name } order(id: 1) { id status } }",
                     MutationKind::kDropLeaf)
                .substr(0, 8),
            "mutated:");
  // Without the rules, any two root fields may be one node.
  auto unknown = mutate(shop(),
                        "{ a: customer(id: 1) { name email } b: customer(id: 2) { name "
                        "email } }",
                        MutationKind::kDropLeaf, {});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "no leaf can be dropped safely");
  // The same field on the same type elsewhere (here through a back-reference).
  EXPECT_EQ(error_of(blog(), "{ users(id: 1) { name posts { title users { name } } } }",
                     MutationKind::kDropLeaf),
            "mutated: {\n  users(id: 1) {\n    name\n    posts {\n      users {\n"
            "        name\n      }\n    }\n  }\n}");
  // Root fields only: nothing to add to.
  EXPECT_EQ(
      error_of(blog(), "{ users(id: 1) { posts { title } } }", MutationKind::kAddLeaf).substr(0, 8),
      "mutated:");
  EXPECT_EQ(error_of(blog(), "query A { users(id: 1) { name } } query B { postsList { id } }",
                     MutationKind::kDropLeaf),
            "the document must hold exactly one operation");
}

TEST(QueryMutations, AddsAnUnselectedScalarOfTheConcreteType) {
  // Users has email, id, name and posts; posts is not a leaf, id and name are
  // taken, so email is added, under a fresh alias because the response key
  // "email" is in use.
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto m = mutate(blog(), "{ users(id: 1) { email: name id } }", MutationKind::kAddLeaf,
                    with_derived_rules(blog(), seed));
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->description, "added Users.email");
    EXPECT_EQ(m->expected, score::Verdict::kOverfetch);
    EXPECT_EQ(m->missing, 0u);
    EXPECT_EQ(m->extra, 1u);
    EXPECT_EQ(m->query, "{\n  users(id: 1) {\n    email: name\n    id\n    rwA1: email\n  }\n}");
  }
  auto none = mutate(blog(), "{ users(id: 1) { id name email } }", MutationKind::kAddLeaf,
                     with_derived_rules(blog()));
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, "no leaf can be added safely");
}

}  // namespace
}  // namespace gqleval::rewrite
