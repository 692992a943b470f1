// The coverage gate's rules, each pinned: fragments spread and unspread, an
// interface and its implementations, arguments by literal and by variable,
// aliases, introspection, the union carve-out, several operations (one
// invalid among them), a split answer, coordinates derived from a reference,
// and bad lists and answers.
#include "engine/score/coverage.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/score/coordinates.h"

namespace gqleval::score {
namespace {

constexpr std::string_view kSdl = R"(
type Query {
  repository(owner: String!, name: String!): Repository
  viewer: User
  node(id: ID!): Node
  search(text: String!): [SearchResult]
}
interface Node { id: ID! }
type Repository implements Node {
  id: ID!
  name: String
  issues(first: Int, after: String): IssueConnection
  owner: User
}
type User implements Node {
  id: ID!
  login: String
  repositories(first: Int): [Repository]
}
type IssueConnection { nodes: [Issue] totalCount: Int }
type Issue implements Node { id: ID! title: String }
union SearchResult = Repository | User
scalar Date
)";

const schema::Schema& farm() {
  static const auto schema = *schema::Schema::build(kSdl);
  return *schema;
}

struct Grade {
  std::vector<std::string> required;
  std::vector<std::string> excluded;
  CoverageOptions options;
};

CoverageRow grade(const Grade& g, std::string_view answer) {
  CoverageGrader grader;
  CoverageTask task;
  task.listed = true;
  task.required = g.required;
  task.excluded = g.excluded;
  return grader.grade(farm(), task, answer, g.options);
}

std::vector<std::string> missing(const CoverageRow& row) {
  std::vector<std::string> out;
  for (const MissingCoordinate& m : row.missing) out.push_back(m.coordinate);
  return out;
}

TEST(Coordinates, ResolveNamesEachFault) {
  EXPECT_EQ(resolve_coordinate(farm(), " Repository.issues(first:) ")->text,
            "Repository.issues(first:)");
  EXPECT_EQ(resolve_coordinate(farm(), "Repository issues").error().message,
            "'Repository issues' is not a schema coordinate: write Type, Type.field or "
            "Type.field(argument:)");
  EXPECT_EQ(resolve_coordinate(farm(), "Repo.name").error().message,
            "the schema has no type 'Repo'");
  EXPECT_EQ(resolve_coordinate(farm(), "Repository.isues").error().message,
            "Repository has no field 'isues'");
  EXPECT_EQ(resolve_coordinate(farm(), "Repository.issues(frist:)").error().message,
            "Repository.issues has no argument 'frist'");
  EXPECT_EQ(resolve_coordinate(farm(), "Date.day").error().message,
            "Date is a scalar: it has no fields");
  EXPECT_EQ(resolve_coordinate(farm(), "Repository.__typename").error().message,
            "Repository has no field '__typename'");
  EXPECT_EQ(resolve_coordinate(farm(), "Repository.issues(first)").error().rule,
            "InvalidCoordinate");
}

TEST(Coordinates, ListsAreJsonArraysOrOneALine) {
  EXPECT_EQ(*read_coordinate_list("[\"Query.viewer\", \"User.login\"]"),
            (std::vector<std::string>{"Query.viewer", "User.login"}));
  EXPECT_EQ(*read_coordinate_list("Query.viewer\n\n  User.login  \n"),
            (std::vector<std::string>{"Query.viewer", "User.login"}));
  EXPECT_TRUE(read_coordinate_list("  ")->empty());
  EXPECT_EQ(read_coordinate_list("[\"Query.viewer\", 3]").error().message,
            "entry 1 of the list is not a string");
  EXPECT_EQ(read_coordinate_list("[oops").error().rule, "InvalidCoordinates");
}

TEST(Coverage, FragmentsCountWhenSpreadOnly) {
  const Grade g{{"Query.viewer", "User.login"}, {}, {}};
  const CoverageRow spread = grade(g, "{ viewer { ...U } } fragment U on User { login }");
  EXPECT_EQ(spread.verdict, CoverageVerdict::kCovered);
  EXPECT_EQ(spread.recall, 1);
  // Defined but never spread: it covers nothing (and the document is invalid
  // as graphql-js reads it: an unused fragment), so no operation is valid.
  const CoverageRow unspread = grade(g, "{ viewer { id } } fragment U on User { login }");
  EXPECT_EQ(unspread.verdict, CoverageVerdict::kInvalidCandidate);
  const CoverageRow inline_only = grade(g, "{ viewer { ... on User { login } } }");
  EXPECT_EQ(inline_only.verdict, CoverageVerdict::kCovered);
}

TEST(Coverage, AnInterfaceAndItsImplementationsReachEachOther) {
  // Node.id selected through an implementation, and Repository.id through
  // the interface Repository implements.
  const CoverageRow via_impl =
      grade({{"Node.id"}, {}, {}}, "{ node(id: 1) { ... on Repository { id } } }");
  EXPECT_EQ(via_impl.verdict, CoverageVerdict::kCovered);
  const CoverageRow via_interface = grade({{"Repository.id"}, {}, {}}, "{ node(id: 1) { id } }");
  EXPECT_EQ(via_interface.verdict, CoverageVerdict::kCovered);
  // Another implementation's field is not this one's.
  const CoverageRow other =
      grade({{"Repository.id"}, {}, {}}, "{ node(id: 1) { ... on User { id } } }");
  EXPECT_EQ(missing(other), std::vector<std::string>{"Repository.id"});
}

TEST(Coverage, ArgumentsCountLiterallyOrByVariableAndAliasesDoNot) {
  const Grade g{{"Repository.issues(first:)", "Repository.issues"}, {}, {}};
  const std::string_view literal =
      "{ repository(owner: \"a\", name: \"b\") { all: issues(first: 5) { totalCount } } }";
  EXPECT_EQ(grade(g, literal).verdict, CoverageVerdict::kCovered);
  const std::string_view variable =
      "query ($n: Int) { repository(owner: \"a\", name: \"b\") { issues(first: $n) { totalCount } "
      "} }";
  EXPECT_EQ(grade(g, variable).verdict, CoverageVerdict::kCovered);
  const CoverageRow without =
      grade(g, "{ repository(owner: \"a\", name: \"b\") { issues { totalCount } } }");
  EXPECT_EQ(without.verdict, CoverageVerdict::kNotCovered);
  ASSERT_EQ(missing(without), std::vector<std::string>{"Repository.issues(first:)"});
  EXPECT_EQ(without.missing[0].nearest, "Repository.issues at 1:39 without first");
  EXPECT_EQ(without.required, 2u);
  EXPECT_EQ(without.covered, 1u);
  EXPECT_EQ(without.recall, 0.5);
}

TEST(Coverage, IntrospectionNeverCountsAndTheNearestPlaceIsNamed) {
  const CoverageRow row = grade({{"Repository", "Repository.name"}, {}, {}},
                                "{ repository(owner: \"a\", name: \"b\") { __typename } }");
  EXPECT_EQ(missing(row), (std::vector<std::string>{"Repository", "Repository.name"}));
  const CoverageRow near =
      grade({{"Repository.name"}, {}, {}}, "{ repository(owner: \"a\", name: \"b\") { id } }");
  EXPECT_EQ(near.missing[0].nearest, "Repository at 1:39 (id)");
}

TEST(Coverage, ABareUnionIsUnsatisfiableNotMissed) {
  const CoverageRow row = grade({{"SearchResult", "Query.search"}, {"User.login"}, {}},
                                "{ search(text: \"x\") { ... on User { login } } }");
  EXPECT_EQ(row.verdict, CoverageVerdict::kCovered);
  EXPECT_EQ(row.unsatisfiable, std::vector<std::string>{"SearchResult"});
  EXPECT_EQ(row.required, 1u);
  // An excluded coordinate the answer covers is reported, never gated.
  EXPECT_EQ(row.over_selected, std::vector<std::string>{"User.login"});
}

TEST(Coverage, SeveralOperationsCoverTogetherAndAnInvalidOneIsLeftOut) {
  Grade g{{"Query.viewer", "User.login", "Query.repository", "Repository.name"}, {}, {}};
  const std::string_view split =
      R"(["{ viewer { login } }", "{ repository(owner: \"a\", name: \"b\") { name } }"])";
  // One operation (the default) reads the first query it finds in the text...
  EXPECT_EQ(missing(grade(g, split)),
            (std::vector<std::string>{"Query.repository", "Repository.name"}));
  // ...nor do the parts cover alone.
  EXPECT_EQ(grade(g, "{ viewer { login } }").verdict, CoverageVerdict::kNotCovered);
  g.options.all_operations = true;
  const CoverageRow together = grade(g, split);
  EXPECT_EQ(together.verdict, CoverageVerdict::kCovered);
  EXPECT_EQ(together.operations, 2u);
  // One document of three operations, the second invalid: reported with its
  // index, the others graded.
  const CoverageRow document = grade(g,
                                     "query A { viewer { login } }\n"
                                     "query B { viewer { nope } }\n"
                                     "query C { repository(owner: \"a\", name: \"b\") { name } }");
  EXPECT_EQ(document.verdict, CoverageVerdict::kCovered);
  EXPECT_EQ(document.operations, 3u);
  EXPECT_EQ(document.invalid_operations, 1u);
  ASSERT_EQ(document.errors.size(), 1u);
  EXPECT_EQ(document.errors[0].query, "candidate");
  EXPECT_EQ(document.errors[0].index, 1);
  EXPECT_EQ(document.errors[0].diagnostic.rule, "FieldsOnCorrectType");
  EXPECT_EQ(document.errors[0].diagnostic.pos().line, 2u);
}

TEST(Coverage, TheReferencesOwnCoordinatesAreItsExplicitList) {
  CoverageGrader grader;
  std::vector<CoverageError> errors;
  const std::string_view reference =
      "query ($n: Int) { repository(owner: \"a\", name: \"b\") { name issues(first: $n) { "
      "nodes { title } } } }";
  const std::vector<std::string> derived = grader.derive(farm(), reference, {}, errors);
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(derived, (std::vector<std::string>{"Issue.title", "IssueConnection.nodes",
                                               "Query.repository", "Query.repository(name:)",
                                               "Query.repository(owner:)", "Repository.issues",
                                               "Repository.issues(first:)", "Repository.name"}));
  CoverageTask derived_task;
  derived_task.reference = reference;
  CoverageTask listed;
  listed.listed = true;
  listed.required = derived;
  for (std::string_view answer :
       {reference, std::string_view("{ repository(owner: \"a\", name: \"b\") { name } }")}) {
    const CoverageRow a = grader.grade(farm(), derived_task, answer, {});
    const CoverageRow b = grader.grade(farm(), listed, answer, {});
    EXPECT_EQ(a.verdict, b.verdict);
    EXPECT_EQ(missing(a), missing(b));
    EXPECT_EQ(a.recall, b.recall);
  }
  EXPECT_EQ(grader.grade(farm(), derived_task, reference, {}).verdict, CoverageVerdict::kCovered);
}

TEST(Coverage, BadListsAndAnswersAreVerdictsThatSayWhy) {
  const CoverageRow bad_list = grade(
      {{"Query.viewer", "Repository issues", "User.nope"}, {"Nope"}, {}}, "{ viewer { id } }");
  EXPECT_EQ(bad_list.verdict, CoverageVerdict::kInvalidReference);
  ASSERT_EQ(bad_list.errors.size(), 3u);
  EXPECT_EQ(bad_list.errors[0].query, "required");
  EXPECT_EQ(bad_list.errors[0].index, 1);
  EXPECT_EQ(bad_list.errors[1].diagnostic.message, "User has no field 'nope'");
  EXPECT_EQ(bad_list.errors[2].query, "excluded");
  EXPECT_EQ(bad_list.errors[2].index, 0);

  Grade all{{"Query.viewer"}, {}, {}};
  all.options.all_operations = true;
  const CoverageRow not_an_array = grade(all, "[1, 2");
  EXPECT_EQ(not_an_array.verdict, CoverageVerdict::kInvalidCandidate);
  EXPECT_EQ(not_an_array.errors[0].diagnostic.message,
            "the answer is neither a query nor a JSON array of query texts");
  const CoverageRow not_strings = grade(all, "[\"{ viewer { id } }\", 2]");
  EXPECT_EQ(not_strings.errors[0].diagnostic.message,
            "entry 1 of the answer's array is not a string");
  EXPECT_EQ(grade(all, "no query here").verdict, CoverageVerdict::kNoQuery);
  CoverageTask task;
  task.reference = "{ nope }";
  CoverageGrader grader;
  const CoverageRow bad_reference = grader.grade(farm(), task, "{ viewer { id } }", {});
  EXPECT_EQ(bad_reference.verdict, CoverageVerdict::kInvalidReference);
  EXPECT_EQ(bad_reference.errors[0].query, "reference");
}

}  // namespace
}  // namespace gqleval::score
