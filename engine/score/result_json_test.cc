#include "engine/score/result_json.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::run;

std::string object(const PairResult& r, std::optional<std::string_view> profile = std::nullopt) {
  std::string out;
  append_result_object(out, r, profile);
  return out;
}

// The reference folds a back-reference (cycles), the candidate reaches the
// user through another endpoint (endpoints) and asks for email, not posts.
TEST(ResultJson, ComparedPairGolden) {
  Scorer s;
  const PairResult r = run(s, {"{ users(id: 1) { username posts { title users { username } } } }"},
                           "{\n  usersById(id: 1) { username email }\n}");
  EXPECT_EQ(
      object(r, "cycles,endpoints"),
      R"j({"results_version":6,"verdict":"mismatch","pass":false,"compared":true,"missing":2,"extra":1,)j"
      R"j("precision":0.6666666666666666,"recall":0.5,"f1":0.5714285714285714,)j"
      R"j("matched_reference":0,)j"
      R"j("missing_paths":[{"path":"query -> users(id: 1) -> posts",)j"
      R"j("line":1,"column":27,"nodes":2}],)j"
      R"j("extra_paths":[{"path":"query -> usersById(id: 1) [endpoints] -> email",)j"
      R"j("line":2,"column":31,"nodes":1}],"argument_differences":[],)j"
      R"j("rules_fired":[{"query":"reference","reference":0,"rule":"cycles",)j"
      R"j("path":"query -> users(id: 1) -> posts -> users",)j"
      R"j("detail":"Post.users is the inverse of User.posts; )j"
      R"j(its selections moved to users(id: 1)","line":1,"column":41},)j"
      R"j({"query":"candidate","rule":"endpoints","path":"query -> usersById(id: 1)",)j"
      R"j("detail":"usersById -> users (same data)","line":2,"column":3}],)j"
      R"j("operations":1,"invalid_operations":0,"errors":[],"rules":"cycles,endpoints","variables_by_name":false})j");
}

// The argument difference of Render.ArgumentDifferenceAndWhatDiffersInside:
// both subtrees stay in the paths; the difference names them by index.
TEST(ResultJson, ArgumentDifferenceGolden) {
  Scorer s;
  const PairResult r = run(s, {"{ allUsers(first: 5) { id username posts { title } } }"},
                           "{ allUsers(first: 50) { id email posts { title } } }");
  std::string members;
  append_result_members(members, r);
  const size_t from = members.find("\"missing_paths\"");
  const size_t to = members.find(",\"rules_fired\"");
  EXPECT_EQ(
      members.substr(from, to - from),
      R"j("missing_paths":[{"path":"query -> allUsers(first: 5)","line":1,"column":3,"nodes":5}],)j"
      R"j("extra_paths":[{"path":"query -> allUsers(first: 50)","line":1,"column":3,"nodes":5}],)j"
      R"j("argument_differences":[{"path":"query -> allUsers","field":"allUsers",)j"
      R"j("candidate_field":"allUsers","text":"allUsers: first 5 -> 50",)j"
      R"j("arguments":[{"name":"first","reference":"5","candidate":"50"}],)j"
      R"j("reference_line":1,"reference_column":3,"candidate_line":1,"candidate_column":3,)j"
      R"j("reference_nodes":5,"candidate_nodes":5,"missing_index":0,"extra_index":0,)j"
      R"j("within":null,)j"
      R"j("missing_paths":[{"path":"query -> allUsers(first: 5) -> username",)j"
      R"j("line":1,"column":27,"nodes":1}],)j"
      R"j("extra_paths":[{"path":"query -> allUsers(first: 50) -> email",)j"
      R"j("line":1,"column":28,"nodes":1}]}])j");
}

TEST(ResultJson, StageOneVerdictHasNullCountsZeroScoresAndFlatErrorPositions) {
  Scorer s;
  const PairResult r =
      run(s, {"{ users(id: 1) { username } }"}, "{ users(id: 1) { username(x: 1) } }");
  EXPECT_EQ(
      object(r),
      R"j({"results_version":6,"verdict":"invalid_candidate","pass":false,"compared":false,"missing":null,"extra":null,)j"
      R"j("precision":0,"recall":0,"f1":0,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"argument_differences":[],"rules_fired":[],)j"
      R"j("operations":1,"invalid_operations":1,"errors":[{"query":"candidate","rule":"KnownArgumentNames",)j"
      R"j("message":"Unknown argument \"x\" on field \"User.username\".",)j"
      R"j("line":1,"column":27}]})j");
}

TEST(ResultJson, UnknownPositionsAreNull) {
  Scorer s;
  const PairResult r = run(s, {"{ users(id: 1) { username } }"}, "no idea");
  EXPECT_EQ(
      object(r),
      R"j({"results_version":6,"verdict":"no_query","pass":false,"compared":false,"missing":null,"extra":null,)j"
      R"j("precision":0,"recall":0,"f1":0,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"argument_differences":[],"rules_fired":[],)j"
      R"j("operations":0,"invalid_operations":0,"errors":[{"query":"candidate","rule":"Extraction",)j"
      R"j("message":"No GraphQL query found in the candidate.",)j"
      R"j("line":null,"column":null}]})j");
}

TEST(ResultJson, SchemaErrors) {
  auto built = schema::Schema::build("type Query { a: Nope }");
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(
      object(schema_failure(built.error())),
      R"j({"results_version":6,"verdict":"invalid_schema","pass":false,"compared":false,"missing":null,"extra":null,)j"
      R"j("precision":0,"recall":0,"f1":0,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"argument_differences":[],"rules_fired":[],)j"
      R"j("operations":0,"invalid_operations":0,"errors":[{"query":"schema","rule":"KnownTypeNames",)j"
      R"j("message":"Unknown type \"Nope\".","line":1,"column":17}]})j");
}

TEST(ResultJson, ReferenceErrorsNameTheirReference) {
  Scorer s;
  const PairResult r = run(s, {"{ users(id: 1) { username } }", "{ users(id: 1) { nope } }"},
                           "{ users(id: 1) { username } }");
  std::string out;
  append_result_members(out, r);
  EXPECT_EQ(
      out,
      R"j("verdict":"invalid_reference","pass":false,"compared":false,"missing":null,"extra":null,)j"
      R"j("precision":0,"recall":0,"f1":0,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"argument_differences":[],"rules_fired":[],)j"
      R"j("operations":1,"invalid_operations":0,"errors":[{"query":"reference","reference":1,"rule":"FieldsOnCorrectType",)j"
      R"j("message":"Cannot query field \"nope\" on type \"User\".",)j"
      R"j("line":1,"column":18}])j");
}

TEST(ResultJson, ReferenceFiringsCarryTheMatchedReference) {
  Scorer s;
  PairResult r = run(s, {"{ users(id: 1) { posts { users { username } } } }"},
                     "{ users(id: 1) { posts { users { username } } } }");
  ASSERT_FALSE(r.rules_fired.empty());
  ASSERT_EQ(r.rules_fired[0].query, QueryRole::kReference);
  r.matched_reference = 3;  // as a caller renumbers it to its input's columns
  EXPECT_EQ(reported_reference(r, r.rules_fired[0]), 3u);
  const std::string json = object(r);
  EXPECT_NE(json.find(R"("rules_fired":[{"query":"reference","reference":3,"rule":"cycles")"),
            std::string::npos)
      << json;
}

}  // namespace
}  // namespace gqleval::score
