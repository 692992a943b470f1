// The rules file format (docs/rules.md): what parses, and the exact error
// for what does not.
#include "engine/normalize/rules_file.h"

#include <gtest/gtest.h>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

std::string error_of(std::string_view json) {
  auto r = RulesFile::parse(json);
  return r.ok() ? "ok" : r.error().rule + ": " + r.error().message;
}

TEST(RulesFileTest, TheBlogExampleParses) {
  auto r = RulesFile::load(testing::source_path("tests/golden/normalize/blog.rules.json"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->inverse_pairs.size(), 2u);
  EXPECT_EQ(r->inverse_pairs[0].type, "User");
  EXPECT_EQ(r->inverse_pairs[0].field, "posts");
  EXPECT_EQ(r->inverse_pairs[0].inverse_type, "Post");
  EXPECT_EQ(r->inverse_pairs[0].inverse, "users");
  ASSERT_EQ(r->endpoints.size(), 1u);
  EXPECT_EQ(r->endpoints[0].canonical, "users");
  EXPECT_EQ(r->endpoints[0].same_as, std::vector<std::string>{"usersById"});
  ASSERT_EQ(r->argument_maps.size(), 1u);
  EXPECT_EQ(r->argument_maps[0].from, "usersFilterList(filter: {id: {eq: $x}})");
  EXPECT_EQ(r->argument_maps[0].to, "users(id: $x)");
  EXPECT_TRUE(r->derive_inverse_pairs);
  EXPECT_TRUE(r->derive_endpoints);
}

TEST(RulesFileTest, EmptyObjectIsNoRules) {
  auto r = RulesFile::parse("{}");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->inverse_pairs.empty() && r->endpoints.empty() && r->argument_maps.empty());
  auto off = RulesFile::parse(R"({"derive": {"inverse_pairs": false, "endpoints": false}})");
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(off->derive_inverse_pairs);
  EXPECT_FALSE(off->derive_endpoints);
}

TEST(RulesFileTest, ShapeErrorsSayWhere) {
  EXPECT_EQ(error_of("[1]"), "RulesFile: rules file: the top level must be a JSON object");
  EXPECT_EQ(error_of("{\"version\": 2}"), "RulesFile: rules file: \"version\" must be 1");
  EXPECT_EQ(error_of("{\"cycles\": []}"),
            "RulesFile: rules file: unknown key \"cycles\" (expected version, description, derive, "
            "inverse_pairs, endpoints, argument_maps, ignore_arguments)");
  EXPECT_EQ(error_of(R"({"inverse_pairs": [{"field": "User.posts", "inverse": "users"}]})"),
            "RulesFile: rules file: \"inverse_pairs\"[0].inverse must name a field as "
            "\"Type.field\", got \"users\"");
  EXPECT_EQ(error_of(R"({"inverse_pairs": [{"field": "User.posts", "back": "Post.users"}]})"),
            "RulesFile: rules file: unknown key \"inverse_pairs\"[0].back");
  EXPECT_EQ(error_of(R"({"endpoints": [{"canonical": "users"}]})"),
            "RulesFile: rules file: \"endpoints\"[0] needs \"canonical\" and a non-empty "
            "\"same_as\"");
  EXPECT_EQ(error_of(R"json({"argument_maps": [{"from": "a(x: $x)"}]})json"),
            "RulesFile: rules file: \"argument_maps\"[0] needs \"from\" and \"to\"");
  EXPECT_EQ(error_of(R"({"derive": {"cycles": true}})"),
            "RulesFile: rules file: unknown key \"derive\".cycles (expected inverse_pairs or "
            "endpoints)");
  EXPECT_EQ(error_of("{\"version\": 1,"),
            "RulesFile: rules file: not valid JSON: The JSON document has an improper structure: "
            "missing or superfluous commas, braces, missing keys, etc.");
}

// Names and argument-map sides are checked when the file is read: a typo is an
// error with the entry's JSON path, not a warning that switches the rule off.
TEST(RulesFileTest, MalformedEndpointNamesAndArgumentMapsAreErrors) {
  EXPECT_EQ(error_of(R"({"endpoints": [{"canonical": "a", "same_as": ["b", "Query.c"]}]})"),
            "RulesFile: rules file: \"endpoints\"[0].same_as[1] must name a root Query field, got "
            "\"Query.c\"");
  EXPECT_EQ(error_of(R"({"endpoints": [{"canonical": "a b", "same_as": ["c"]}]})"),
            "RulesFile: rules file: \"endpoints\"[0].canonical must name a root Query field, got "
            "\"a b\"");
  EXPECT_EQ(
      error_of(R"json({"argument_maps": [{"from": "f(x: {id: $x}", "to": "g(id: $x)"}]})json"),
      "RulesFile: rules file: \"argument_maps\"[0].from \"f(x: {id: $x}\" does not parse: Syntax "
      "Error: Expected Name, found \"}\".");
  EXPECT_EQ(
      error_of(R"json({"argument_maps": [{"from": "f(x: $x)", "to": "g(id: $x, id: $x)"}]})json"),
      "RulesFile: rules file: \"argument_maps\"[0].to \"g(id: $x, id: $x)\" names the argument "
      "\"id\" twice");
  EXPECT_EQ(error_of(R"json({"argument_maps": [{"from": "f(x: $x) g", "to": "g"}]})json"),
            "RulesFile: rules file: \"argument_maps\"[0].from \"f(x: $x) g\" must be one field, as "
            "\"name(argument: value)\"");
  EXPECT_EQ(error_of(R"json({"argument_maps": [{"from": "f(x: $x) { id }", "to": "g"}]})json"),
            "RulesFile: rules file: \"argument_maps\"[0].from \"f(x: $x) { id }\" must be one "
            "field with arguments only (no alias, directive or selections)");
}

TEST(RulesFileTest, MissingFileIsAnError) {
  auto r = RulesFile::load("/nonexistent/rules.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "rules file: cannot read \"/nonexistent/rules.json\"");
}

}  // namespace
}  // namespace gqleval::normalize
