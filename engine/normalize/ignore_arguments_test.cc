// Declared argument insensitivity (docs/semantics.md, Stage 3; rules file key
// `ignore_arguments`): the file's format and errors, how entries resolve
// against a schema (warnings for what it lacks), and normalization both ways:
// a declared argument leaves node identity, every other argument stays.
#include <gtest/gtest.h>

#include <string>

#include "engine/normalize/normalize_test_util.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"

namespace gqleval::normalize {
namespace {

using testing::Harness;

constexpr const char* kSchema =
    "interface Actor { login: String! repos(first: Int): [Repo] }\n"
    "type User implements Actor {\n"
    "  login: String!\n"
    "  repos(first: Int): [Repo]\n"
    "  followers(first: Int, after: String): UserConnection\n"
    "}\n"
    "type Bot implements Actor { login: String! repos(first: Int): [Repo] }\n"
    "type Repo { name: String! }\n"
    "type UserConnection { totalCount: Int! nodes: [User] }\n"
    "type Query { user(login: String!): User actor(login: String!): Actor }\n";

std::string error_of(std::string_view json) {
  auto r = RulesFile::parse(json);
  return r.ok() ? "ok" : r.error().message;
}

RulesFile parsed(std::string_view json) {
  auto r = RulesFile::parse(json);
  EXPECT_TRUE(r.ok()) << r.error().message;
  return r.ok() ? *r : RulesFile{};
}

TEST(IgnoreArguments, CoordinatesParse) {
  const RulesFile f =
      parsed(R"j({"ignore_arguments": ["User.followers(first:)", "A_1.b2(c_3:)"]})j");
  ASSERT_EQ(f.ignore_arguments.size(), 2u);
  EXPECT_EQ(f.ignore_arguments[0].type, "User");
  EXPECT_EQ(f.ignore_arguments[0].field, "followers");
  EXPECT_EQ(f.ignore_arguments[0].argument, "first");
  EXPECT_EQ(f.ignore_arguments[0].where, "\"ignore_arguments\"[0]");
  EXPECT_EQ(f.ignore_arguments[1].argument, "c_3");
}

TEST(IgnoreArguments, AnEntryThatIsNoCoordinateIsAnErrorAtItsJsonPath) {
  for (const char* bad :
       {"User.followers", "User.followers(first)", "followers(first:)", "User.followers(first:)x",
        "User.followers(:)", "User.followers(1a:)", "User.followers(first:, after:)", ""}) {
    EXPECT_EQ(
        error_of(std::string(R"j({"ignore_arguments": ["User.repos(first:)", ")j") + bad + "\"]}"),
        std::string("rules file: \"ignore_arguments\"[1] must name an argument as "
                    "\"Type.field(argument:)\", got \"") +
            bad + "\"")
        << bad;
  }
  EXPECT_EQ(error_of(R"j({"ignore_arguments": [5]})j"),
            "rules file: \"ignore_arguments\"[0] must be a string naming an argument as "
            "\"Type.field(argument:)\"");
  EXPECT_EQ(error_of(R"j({"ignore_arguments": "User.followers(first:)"})j"),
            "rules file: \"ignore_arguments\" must be an array");
}

TEST(IgnoreArguments, EntriesTheSchemaLacksAreWarningsNamingTheEntry) {
  const RulesFile f = parsed(R"j({"ignore_arguments": ["Film.cast(first:)", "User.friends(first:)",
      "User.followers(last:)", "User.followers(first:)"]})j");
  Harness h(kSchema, &f);
  std::string messages;
  for (const Diagnostic& d : h.rewrites().warnings()) messages += d.message + "\n";
  EXPECT_EQ(messages,
            "\"ignore_arguments\"[0]: ignored argument Film.cast(first:) skipped: the schema has "
            "no type \"Film\"\n"
            "\"ignore_arguments\"[1]: ignored argument User.friends(first:) skipped: the schema "
            "has no field User.friends\n"
            "\"ignore_arguments\"[2]: ignored argument User.followers(last:) skipped: "
            "User.followers has no argument \"last\"\n");
  const std::string described = h.rewrites().describe();
  EXPECT_NE(described.find("ignore_argument User.followers(first:)\n"), std::string::npos);
}

TEST(IgnoreArguments, ADeclaredArgumentLeavesTheIdentityAndOnlyIt) {
  const RulesFile f = parsed(R"j({"ignore_arguments": ["User.followers(first:)"]})j");
  Harness declared(kSchema, &f);
  Harness plain(kSchema);
  const char* ten = "{ user(login: \"a\") { followers(first: 10) { totalCount } } }";
  const char* hundred = "{ user(login: \"a\") { followers(first: 100) { totalCount } } }";
  const char* after =
      "{ user(login: \"a\") { followers(first: 10, after: \"x\") { totalCount } } }";
  EXPECT_EQ(declared.normal(ten), declared.normal(hundred));
  EXPECT_EQ(declared.normal(ten),
            "query {\n  user(login: \"a\") {\n    followers {\n      totalCount\n    }\n  }\n}\n");
  EXPECT_NE(declared.normal(ten), declared.normal(after));  // `after` still counts
  EXPECT_NE(plain.normal(ten), plain.normal(hundred));      // undeclared: other data
  EXPECT_EQ(declared.firings(ten),
            "ignore_arguments 1:22 query -> user(login: \"a\") -> followers(first: 10): "
            "arguments declared in the rules file left out of the identity\n");
  // The node keeps what the query wrote, for explanations.
  auto tree = declared.tree(ten);
  ASSERT_TRUE(tree.ok());
  const Node& followers = tree->nodes[2];
  EXPECT_EQ(followers.key, "followers");
  EXPECT_EQ(followers.written, "followers(first: 10)");
  EXPECT_EQ(followers.mapped_by, MappedBy::kIgnoreArguments);
}

TEST(IgnoreArguments, AnInterfaceFieldHoldsForItsImplementations) {
  const RulesFile f = parsed(R"j({"ignore_arguments": ["Actor.repos(first:)"]})j");
  Harness h(kSchema, &f);
  EXPECT_EQ(h.normal("{ actor(login: \"a\") { repos(first: 1) { name } } }"),
            h.normal("{ actor(login: \"a\") { repos(first: 2) { name } } }"));
  EXPECT_EQ(h.normal("{ user(login: \"a\") { repos(first: 1) { name } } }"),
            h.normal("{ user(login: \"a\") { repos { name } } }"));
}

TEST(IgnoreArguments, NoRewritesNoInsensitivity) {
  // `--no-rules` builds no rewrites: every argument counts again.
  const RulesFile f = parsed(R"j({"ignore_arguments": ["User.followers(first:)"]})j");
  Harness h(kSchema, &f);
  const char* ten = "{ user(login: \"a\") { followers(first: 10) { totalCount } } }";
  const char* hundred = "{ user(login: \"a\") { followers(first: 100) { totalCount } } }";
  EXPECT_NE(h.normal(ten, {}, false), h.normal(hundred, {}, false));
}

}  // namespace
}  // namespace gqleval::normalize
