#include "engine/score/subset_json.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/schema/schema.h"

namespace gqleval::score {
namespace {

constexpr std::string_view kSchema = R"(
type Query { user(id: ID!): User search(text: String): [SearchResult] }
type User { id: ID! name: String email: String friends: [User] }
type Page { id: ID! title: String }
union SearchResult = User | Page
)";

std::string members(std::vector<std::string_view> references, std::string_view candidate) {
  static const std::shared_ptr<const schema::Schema> schema = *schema::Schema::build(kSchema);
  SubsetComparer comparer;
  SubsetOptions options;
  options.extract_right = true;
  std::string out;
  append_subset_members(out, comparer.compare_references(*schema, references, candidate, options));
  return out;
}

TEST(SubsetJson, PassGolden) {
  EXPECT_EQ(
      members({"{ user(id: 1) { name } }", "{ user(id: 1) { id name } }"},
              "{ user(id: 1) { id name email } }"),
      R"j("verdict":"subset","pass":true,"compared":true,"missing":0,"score":1,)j"
      R"j("left_nodes":3,"matched_reference":0,"missing_paths":[],"operations":1,"invalid_operations":0,"errors":[])j");
}

TEST(SubsetJson, MissingGolden) {
  EXPECT_EQ(
      members({"{ user(id: 1) {\n  name\n  friends { id name } } }"},
              "Here:\n```graphql\n{ user(id: 1) { name } }\n```"),
      R"j("verdict":"missing","pass":false,"compared":true,"missing":3,"score":0.5,)j"
      R"j("left_nodes":6,"matched_reference":0,)j"
      R"j("missing_paths":[{"path":"query -> user(id: \"1\") -> friends","line":3,"column":3,"nodes":3}],)j"
      R"j("operations":1,"invalid_operations":0,"errors":[])j");
  // A leaf selected on a type the candidate lacks: one node, its types named,
  // at its first selection.
  EXPECT_EQ(
      members({"{ search(text: \"a\") { ... on User { id } ... on Page { id } } }"},
              "{ search(text: \"a\") { ... on User { id } } }"),
      R"j("verdict":"missing","pass":false,"compared":true,"missing":1,"score":0.6666666666666667,)j"
      R"j("left_nodes":3,"matched_reference":0,)j"
      R"j("missing_paths":[{"path":"query -> search(text: \"a\") -> id on {Page}",)j"
      R"j("line":1,"column":37,"nodes":1}],"operations":1,"invalid_operations":0,"errors":[])j");
}

TEST(SubsetJson, StageOneHasNullCountsAndAZeroScore) {
  EXPECT_EQ(
      members({"{ user(id: 1) { name } }", "{ user(id: 1) { nick } }"}, "no query here"),
      R"j("verdict":"invalid_reference","pass":false,"compared":false,"missing":null,)j"
      R"j("score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],)j"
      R"j("operations":0,"invalid_operations":0,"errors":[{"query":"reference","reference":1,"rule":"FieldsOnCorrectType",)j"
      R"j("message":"Cannot query field \"nick\" on type \"User\".","line":1,"column":17},)j"
      R"j({"query":"candidate","rule":"Extraction",)j"
      R"j("message":"No GraphQL query found in the candidate.","line":null,"column":null}])j");
  EXPECT_EQ(
      members({"{ user(id: 1) { name } }"}, "no query here"),
      R"j("verdict":"no_query","pass":false,"compared":false,"missing":null,)j"
      R"j("score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],)j"
      R"j("operations":0,"invalid_operations":0,"errors":[{"query":"candidate","rule":"Extraction",)j"
      R"j("message":"No GraphQL query found in the candidate.","line":null,"column":null}])j");
  std::string out;
  append_subset_members(out, subset_schema_failure({make_error("Schema", "The schema is empty.")}));
  EXPECT_EQ(
      out,
      R"j("verdict":"invalid_schema","pass":false,"compared":false,"missing":null,)j"
      R"j("score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],)j"
      R"j("operations":0,"invalid_operations":0,"errors":[{"query":"schema","rule":"Schema","message":"The schema is empty.",)j"
      R"j("line":null,"column":null}])j");
}

}  // namespace
}  // namespace gqleval::score
