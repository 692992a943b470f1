#include "engine/sources/schema_sources.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace gqleval::sources {
namespace {

namespace fs = std::filesystem;

class SchemaSources : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("gqleval_sources_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string put(const std::string& name, const std::string& text) {
    const fs::path p = root_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  Result<LoadedSchema, Diagnostic> load(std::vector<std::string> sources) const {
    return load_schema(sources);
  }
  fs::path root_;
};

TEST_F(SchemaSources, SeveralFilesAreOneDocumentInTheOrderGiven) {
  const std::string a = put("a.graphql", "type Query { a: A }");
  const std::string b = put("b.graphql", "type A {\n  x: Int\n}\n");
  auto loaded = load({a, b});
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->sdl, "type Query { a: A }\ntype A {\n  x: Int\n}\n");
  ASSERT_EQ(loaded->parts.size(), 2u);
  EXPECT_EQ(loaded->where({3, 3}), b + ":2:3");
  EXPECT_EQ(loaded->where({1, 14}), a + ":1:14");
}

TEST_F(SchemaSources, GlobsAreSortedAndMayCrossFolders) {
  put("schema/z.graphql", "type Z { z: Int }\n");
  put("schema/types/a.graphql", "type A { a: Int }\n");
  put("schema/types/deep/b.graphql", "type B { b: Int }\n");
  put("schema/notes.txt", "not a schema\n");
  auto loaded = load({path("schema/**/*.graphql")});
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  ASSERT_EQ(loaded->parts.size(), 3u);
  EXPECT_EQ(loaded->parts[0].file, path("schema/types/a.graphql"));
  EXPECT_EQ(loaded->parts[1].file, path("schema/types/deep/b.graphql"));
  EXPECT_EQ(loaded->parts[2].file, path("schema/z.graphql"));
  auto top = load({path("schema/*.graphql")});
  ASSERT_TRUE(top.ok());
  ASSERT_EQ(top->parts.size(), 1u);
}

TEST_F(SchemaSources, AGlobThatMatchesNothingIsAnError) {
  auto loaded = load({path("nowhere/*.graphql")});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message, "no file matches " + path("nowhere/*.graphql"));
}

TEST_F(SchemaSources, StepZenProjectsFollowTheirSdlIncludes) {
  put("proj/index.graphql",
      "schema @sdl(files: [\"customers/customer.graphql\", \"orders.graphql\"],\n"
      "  executables: [{document: \"ops.graphql\", persist: false}]) {\n  query: Query\n}\n");
  put("proj/customers/customer.graphql",
      "schema @sdl(files: [\"../common.graphql\"]) { query: Query }\n"
      "type Customer { id: ID! }\n");
  put("proj/common.graphql", "scalar Money\n");
  put("proj/orders.graphql",
      "schema @sdl(files: [\"common.graphql\"]) { query: Query }\n"
      "type Query { customer(id: ID!): Customer }\n");
  put("proj/ops.graphql", "query { customer(id: 1) { id } }\n");
  for (const std::string& source : {path("proj"), path("proj/index.graphql")}) {
    auto loaded = load({source});
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    std::vector<std::string> files;
    for (const SchemaPart& p : loaded->parts) files.push_back(fs::path(p.file).filename().string());
    // Each file once, an including file before what it includes; no executables.
    EXPECT_EQ(files, (std::vector<std::string>{"index.graphql", "customer.graphql",
                                               "common.graphql", "orders.graphql"}));
    EXPECT_EQ(loaded->parts[1].included_by, loaded->parts[0].file);
  }
}

TEST_F(SchemaSources, AMissingIncludeNamesTheIncludingFile) {
  const std::string index =
      put("p/index.graphql",
          "schema @sdl(files: [\"a.graphql\", \"gone.graphql\"]) { query: Query }\n");
  put("p/a.graphql", "type Query { a: Int }\n");
  auto loaded = load({index});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message, index +
                                        ":1:34: @sdl names a file that cannot be read: cannot "
                                        "open '" +
                                        path("p/gone.graphql") + "': No such file or directory");
}

TEST_F(SchemaSources, AnIncludeCycleIsAnError) {
  const std::string index =
      put("c/index.graphql", "schema @sdl(files: [\"a.graphql\"]) { query: Query }\n");
  put("c/a.graphql", "schema @sdl(files: [\"b.graphql\"]) { query: Query }\n");
  put("c/b.graphql",
      "schema @sdl(files: [\"a.graphql\"]) { query: Query }\ntype Query { a: Int }\n");
  auto loaded = load({index});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message, path("c/b.graphql") +
                                        ":1:21: include cycle: " + path("c/a.graphql") + " -> " +
                                        path("c/b.graphql") + " -> " + path("c/a.graphql"));
}

TEST_F(SchemaSources, AFolderWithoutIndexAndAMissingFile) {
  fs::create_directories(root_ / "empty");
  auto folder = load({path("empty")});
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().message,
            "the folder " + path("empty") + " has no index.graphql (a StepZen project's schema)");
  auto missing = load({path("absent.graphql")});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("absent.graphql"), std::string::npos);
}

TEST_F(SchemaSources, IntrospectionJsonIsReadAsTheSdlItDescribes) {
  const std::string json = put(
      "schema.json",
      R"({"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":null,)"
      R"("subscriptionType":null,"types":[{"kind":"OBJECT","name":"Query","fields":[{"name":"a",)"
      R"("args":[],"type":{"kind":"SCALAR","name":"Int","ofType":null},"isDeprecated":false,)"
      R"("deprecationReason":null}],"interfaces":[],"description":null},{"kind":"SCALAR",)"
      R"("name":"Int","description":null}],"directives":[]}}})");
  const std::string more = put("more.graphql", "extend type Query { b: String }\n");
  auto loaded = load({json, more});
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->sdl, "type Query {\n  a: Int\n}\nextend type Query { b: String }\n");
  EXPECT_TRUE(loaded->parts[0].introspection);
  EXPECT_FALSE(loaded->parts[1].introspection);
}

TEST_F(SchemaSources, JsonThatIsNotIntrospectionAndBrokenIntrospection) {
  const std::string other = put("other.json", "  {\"types\": []}\n");
  auto loaded = load({other});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message,
            other +
                " is neither SDL nor introspection JSON (JSON with no \"__schema\" member, nor "
                "{\"data\": {\"__schema\": ...}})");
  const std::string broken = put(
      "broken.json", R"({"__schema":{"queryType":{"name":"Query"},"types":[{"name":"Query"}]}})");
  auto bad = load({broken});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rule, "Introspection");
  EXPECT_NE(bad.error().message.find(broken + ": __schema.types[0]: a type without \"kind\""),
            std::string::npos)
      << bad.error().message;
}

}  // namespace
}  // namespace gqleval::sources
