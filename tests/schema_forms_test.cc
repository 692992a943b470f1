// Schemas as users have them (issue #20): the form of a schema never changes a
// verdict. The bundled NL2GQL set is scored with each row's schema as SDL text
// in the cell, as introspection JSON in the cell, and as two files named by a
// glob in a schema_path column: the three results files are the same bytes.
// `gqleval schema` builds any source and prints it as SDL or introspection
// JSON; bad sources are exit 2 with a message naming the file.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>

#include "engine/batch/batch_test_util.h"
#include "engine/introspection/introspection.h"
#include "engine/schema/schema.h"
#include "io/json_writer.h"
#include "tests/support/cli_runner.h"

namespace gqleval {
namespace {

using cli_test::CommandRun;
using cli_test::slurp;

class SchemaForms : public cli_test::CliFolderTest {};

// The SDL split in two at the definition that starts nearest its middle (a
// line that starts with a letter or a description's quote: the NL2GQL
// schemas indent their fields).
std::pair<std::string, std::string> split_sdl(const std::string& sdl) {
  size_t best = 0;
  for (size_t at = sdl.find('\n'); at != std::string::npos && at + 1 < sdl.size();
       at = sdl.find('\n', at + 1)) {
    const char c = sdl[at + 1];
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '"') continue;
    const auto distance = [&](size_t x) {
      return x > sdl.size() / 2 ? x - sdl.size() / 2 : sdl.size() / 2 - x;
    };
    if (best == 0 || distance(at + 1) < distance(best)) best = at + 1;
  }
  if (best == 0) return {sdl, ""};
  return {sdl.substr(0, best), sdl.substr(best)};
}

TEST_F(SchemaForms, SdlIntrospectionJsonAndSplitFilesScoreTheSame) {
  std::map<std::string, int> schema_ids;  // SDL -> its folder number
  std::string as_sdl, as_json, as_files;
  for (const batch::testing::Nl2gqlRow& r : batch::testing::nl2gql_rows()) {
    auto [it, fresh] = schema_ids.emplace(r.schema, static_cast<int>(schema_ids.size()));
    const std::string folder = "schemas/" + std::to_string(it->second);
    std::string json;
    {
      auto built = schema::Schema::build(r.schema);
      ASSERT_TRUE(built.ok());
      json = introspection::schema_to_introspection_json(**built);
    }
    if (fresh) {
      auto [first, second] = split_sdl(r.schema);
      ASSERT_FALSE(second.empty());
      put(folder + "/a.graphql", first);
      put(folder + "/b.graphql", second);
    }
    const std::string& candidate = r.candidate.empty() ? r.reference : r.candidate;
    auto row = [&](std::string& out, std::string_view key, std::string_view schema) {
      io::JsonWriter w(out);
      w.begin_object()
          .key("id")
          .str(r.id)
          .key(key)
          .str(schema)
          .key("reference")
          .str(r.reference)
          .key("candidate")
          .str(candidate)
          .end_object();
      out.push_back('\n');
    };
    row(as_sdl, "schema", r.schema);
    row(as_json, "schema", json);
    row(as_files, "schema_path", folder + "/*.graphql");
  }
  ASSERT_EQ(schema_ids.size(), 13u);
  put("sdl.jsonl", as_sdl);
  put("json.jsonl", as_json);
  put("files.jsonl", as_files);
  for (const char* name : {"sdl", "json", "files"}) {
    const CommandRun r =
        gqleval(std::string("score ") + name + ".jsonl -o " + name + ".out.jsonl -q");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
  }
  const std::string sdl_results = slurp(dir_ + "sdl.out.jsonl");
  ASSERT_EQ(std::count(sdl_results.begin(), sdl_results.end(), '\n'), 1164);
  ASSERT_EQ(sdl_results.find("invalid_schema"), std::string::npos);
  EXPECT_TRUE(slurp(dir_ + "json.out.jsonl") == sdl_results)
      << "introspection JSON cells score differently from SDL cells";
  EXPECT_TRUE(slurp(dir_ + "files.out.jsonl") == sdl_results)
      << "a schema split into two files scores differently";
}

TEST_F(SchemaForms, SchemaCommandPrintsSdlOrIntrospection) {
  put("a.graphql", "type Query { user(id: Int!): User }\n");
  put("types/user.graphql", "\"A user\"\ntype User { id: Int! name: String }\n");
  const CommandRun sdl = gqleval("schema a.graphql 'types/*.graphql'");
  EXPECT_EQ(sdl.exit_code, 0) << sdl.err;
  EXPECT_EQ(sdl.out,
            "type Query {\n  user(id: Int!): User\n}\n\n\"\"\"A user\"\"\"\ntype User {\n  id: "
            "Int!\n  name: String\n}\n");
  EXPECT_EQ(sdl.err, "");
  const CommandRun json = gqleval("schema --introspection a.graphql types/user.graphql");
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out.rfind("{\"data\":{\"__schema\":{", 0), 0u) << json.out.substr(0, 80);
  // Read back, it is the same schema.
  put("schema.json", json.out);
  const CommandRun back = gqleval("schema schema.json");
  EXPECT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(back.out, sdl.out);
}

TEST_F(SchemaForms, SchemaCommandNamesTheFileOfEachError) {
  put("a.graphql", "type Query { user: User }\n");
  put("b.graphql", "\ntype User {\n  id: Nope\n}\n");
  const CommandRun r = gqleval("schema a.graphql b.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "b.graphql:3:7: KnownTypeNames: Unknown type \"Nope\".\n"
            "gqleval schema: the schema does not build (1 errors)\n");
  const CommandRun glob = gqleval("schema 'nowhere/*.graphql'");
  EXPECT_EQ(glob.exit_code, 2);
  EXPECT_EQ(glob.err, "gqleval schema: no file matches nowhere/*.graphql\n");
  put("proj/index.graphql", "schema @sdl(files: [\"gone.graphql\"]) { query: Query }\n");
  const CommandRun missing = gqleval("schema proj");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err,
            "gqleval schema: proj/index.graphql:1:21: @sdl names a file that cannot be read: "
            "cannot open 'proj/gone.graphql': No such file or directory\n");
}

TEST_F(SchemaForms, RelaysSchemaPathsSpelling) {
  put("a.graphql", "type Query { user: User }\n");
  put("b.graphql", "type User { id: Int }\n");
  put("q.graphql", "{ user { id } }\n");
  const CommandRun r = gqleval("validate q.graphql --schemaPaths a.graphql b.graphql");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const CommandRun c = gqleval("compare --schema a.graphql --schema b.graphql q.graphql q.graphql");
  EXPECT_EQ(c.exit_code, 0) << c.err;
}

// A federated supergraph (tests/data/federation/supergraph.graphql, in the
// layout Apollo's composition writes) is the API schema its router serves:
// @inaccessible types, fields, arguments and enum values are gone, and so are
// the join__ and link__ types and the federation directives.
TEST_F(SchemaForms, ASupergraphIsTheApiSchemaItsRouterServes) {
  const std::string supergraph =
      std::string(GQLEVAL_SOURCE_DIR) + "/tests/data/federation/supergraph.graphql";
  const CommandRun printed = gqleval("schema '" + supergraph + "'");
  EXPECT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_EQ(printed.err, "");
  EXPECT_EQ(printed.out,
            "type Product {\n  id: ID!\n  name: String\n  reviews(first: Int): [Review]\n  status: "
            "Status\n}\n\nenum Status {\n  ACTIVE\n}\n\ntype Review {\n  body: String\n}\n\ntype "
            "Query {\n  product(id: ID!): Product\n}\n");
  EXPECT_EQ(printed.out.find("join__"), std::string::npos);
  put("hidden.graphql", "{ product(id: \"1\") { hidden } }\n");
  put("arg.graphql", "{ product(id: \"1\") { reviews(debug: true) { body } } }\n");
  put("ok.graphql", "{ product(id: \"1\") { name reviews(first: 2) { body } status } }\n");
  const CommandRun refused = gqleval("validate --quiet --schema '" + supergraph +
                                     "' hidden.graphql arg.graphql ok.graphql");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.out,
            "hidden.graphql:1:22: FieldsOnCorrectType: Cannot query field \"hidden\" on type "
            "\"Product\".\n"
            "arg.graphql:1:30: KnownArgumentNames: Unknown argument \"debug\" on field "
            "\"Product.reviews\".\n");
}

// A subgraph builds with what the subgraph specification adds: the federation
// directives, _Any, _Service, _Entity (the types with @key) and the root
// fields _service and _entities; a Federation 1 subgraph with no Query type
// gets one.
TEST_F(SchemaForms, ASubgraphHasTheFieldsItsServerAdds) {
  const std::string data = std::string(GQLEVAL_SOURCE_DIR) + "/tests/data/federation/";
  put("v2.graphql",
      "{ _service { sdl } _entities(representations: [{__typename: \"Product\", id: \"1\"}]) "
      "{ ... on Product { name } } product(id: 1) { id } }\n");
  put("v1.graphql",
      "{ _service { sdl } _entities(representations: []) { ... on Review { body } ... on "
      "Product { upc } } }\n");
  put("not_entity.graphql",
      "{ _entities(representations: []) { ... on Query { _service { sdl } } } }\n");
  const CommandRun v2 =
      gqleval("validate --quiet --schema '" + data + "subgraph_v2.graphql' v2.graphql");
  EXPECT_EQ(v2.exit_code, 0) << v2.out << v2.err;
  const CommandRun v1 =
      gqleval("validate --quiet --schema '" + data + "subgraph_v1.graphql' v1.graphql");
  EXPECT_EQ(v1.exit_code, 0) << v1.out << v1.err;
  const CommandRun bad =
      gqleval("validate --quiet --schema '" + data + "subgraph_v1.graphql' not_entity.graphql");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out,
            "not_entity.graphql:1:36: PossibleFragmentSpreads: Fragment cannot be spread here as "
            "objects of type \"_Entity\" can never be of type \"Query\".\n");
  const CommandRun printed = gqleval("schema --quiet '" + data + "subgraph_v1.graphql'");
  EXPECT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_NE(printed.out.find("union _Entity = Product | Review\n\ntype Query {\n  _service: "
                             "_Service!\n  _entities(representations: [_Any!]!): [_Entity]!\n}\n"),
            std::string::npos)
      << printed.out;
  // Strict is graphql-js's buildSchema: no additions, @key unknown.
  const CommandRun strict = gqleval("schema --strict-schema '" + data + "subgraph_v2.graphql'");
  EXPECT_EQ(strict.exit_code, 2);
  EXPECT_NE(strict.err.find("Unknown directive \"@link\"."), std::string::npos) << strict.err;
}

}  // namespace
}  // namespace gqleval
