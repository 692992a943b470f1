#include "engine/batch/result_format.h"

#include <gtest/gtest.h>

#include "io/csv.h"

namespace gqleval::batch {
namespace {

using score::FiredRule;
using score::PairResult;
using score::QueryRole;
using score::SubtreeDiff;
using score::Verdict;

struct Fixture {
  SubtreeDiff missing[2] = {{"query -> user(id: 1) -> name", {}, {2, 5}, 1},
                            {"query -> user(id: 1) -> posts", {}, {3, 5}, 2}};
  SubtreeDiff extra[1] = {{"query -> users", {}, {0, 0}, 1}};
  FiredRule fired[1] = {{QueryRole::kReference,
                         1,
                         "cycles",
                         "query -> user -> posts -> user",
                         "Post.user is the inverse of User.posts",
                         {4, 7}}};

  PairResult mismatch() const {
    PairResult r;
    r.verdict = Verdict::kMismatch;
    r.missing = 3;
    r.extra = 1;
    r.precision = 0.5;
    r.recall = 0.25;
    r.f1 = 1.0 / 3;
    r.matched_reference = 1;
    r.reference_count = 2;
    r.missing_paths = missing;
    r.extra_paths = extra;
    r.rules_fired = fired;
    r.operations = 1;
    return r;
  }
};

TEST(ResultFormat, JsonlComparedRow) {
  Fixture f;
  std::string out;
  append_row_result(out, OutputFormat::kJsonl, RowKey{17, "q-17", {}, "0123456789abcdef"},
                    f.mismatch());
  EXPECT_EQ(out,
            "{\"row\":17,\"id\":\"q-17\",\"reference_hash\":\"0123456789abcdef\",\"verdict\":"
            "\"mismatch\",\"pass\":false,"
            "\"compared\":true,\"missing\":3,"
            "\"extra\":1,\"precision\":0.5,\"recall\":0.25,\"f1\":0.3333333333333333,"
            "\"matched_reference\":1,\"missing_paths\":[{\"path\":\"query -> user(id: 1) -> "
            "name\",\"line\":2,\"column\":5,\"nodes\":1},{\"path\":\"query -> user(id: 1) -> "
            "posts\",\"line\":3,\"column\":5,\"nodes\":2}],\"extra_paths\":[{\"path\":\"query -> "
            "users\",\"line\":null,\"column\":null,\"nodes\":1}],\"argument_differences\":[],"
            "\"rules_fired\":[{\"query\":"
            "\"reference\",\"reference\":1,\"rule\":\"cycles\",\"path\":\"query -> user -> posts "
            "-> user\",\"detail\":\"Post.user is the inverse of User.posts\",\"line\":4,"
            "\"column\":7}],\"operations\":1,\"invalid_operations\":0,\"errors\":[]}\n");
}

TEST(ResultFormat, JsonlStage1RowHasNullCountsAndZeroScores) {
  PairResult r;
  r.verdict = Verdict::kInvalidCandidate;
  r.operations = 1;
  r.invalid_operations = 1;
  r.errors.push_back({QueryRole::kCandidate, 0,
                      make_error("Syntax", "Syntax Error: Expected Name, found \"}\".", {1, 9})});
  r.errors.push_back({QueryRole::kReference, 2, make_error("Extraction", "none", {})});
  std::string out;
  append_row_result(out, OutputFormat::kJsonl, RowKey{0, "2:00000000000000ff", {}}, r);
  EXPECT_EQ(out,
            "{\"row\":0,\"id\":\"2:00000000000000ff\",\"reference_hash\":null,"
            "\"verdict\":\"invalid_candidate\","
            "\"pass\":false,\"compared\":false,\"missing\":null,\"extra\":null,\"precision\":0,"
            "\"recall\":0,\"f1\":0,"
            "\"matched_reference\":null,\"missing_paths\":[],\"extra_paths\":[],"
            "\"argument_differences\":[],\"rules_fired\":"
            "[],\"operations\":1,\"invalid_operations\":1,\"errors\":[{\"query\":\"candidate\","
            "\"rule\":\"Syntax\",\"message\":\"Syntax "
            "Error: Expected Name, found \\\"}\\\".\",\"line\":1,\"column\":9},{\"query\":"
            "\"reference\",\"reference\":2,\"rule\":\"Extraction\",\"message\":\"none\",\"line\":"
            "null,\"column\":null}]}\n");
}

TEST(ResultFormat, JsonlBadRow) {
  std::string out;
  append_bad_row(out, OutputFormat::kJsonl, RowKey{4, "5", {}},
                 make_error("unterminated_quote", "field 3: unterminated quoted field", {7, 12}));
  EXPECT_EQ(
      out,
      "{\"row\":4,\"id\":\"5\",\"reference_hash\":null,\"verdict\":\"bad_row\",\"pass\":false,"
      "\"compared\":false,"
      "\"missing\":null,\"extra\":null,\"precision\":0,\"recall\":0,\"f1\":0,"
      "\"matched_reference\":null,\"missing_paths\":[],\"extra_paths\":[],"
      "\"argument_differences\":[],\"rules_fired\":"
      "[],\"operations\":0,\"invalid_operations\":0,\"errors\":[{\"query\":\"row\",\"rule\":"
      "\"unterminated_quote\",\"message\":"
      "\"field 3: unterminated quoted field\",\"line\":7,\"column\":12}]}\n");
}

// A subset run's bad row has a subset row's members (subset_json.h).
TEST(ResultFormat, JsonlSubsetBadRow) {
  std::string out;
  append_bad_row(out, OutputFormat::kJsonl, RowKey{4, "5", {}},
                 make_error("invalid_variables", "the variables cell: not JSON", {3, 1}),
                 ScoreMode::kSubset);
  EXPECT_EQ(
      out,
      "{\"row\":4,\"id\":\"5\",\"reference_hash\":null,\"verdict\":\"bad_row\",\"pass\":false,"
      "\"compared\":false,\"missing\":null,\"score\":0,\"left_nodes\":null,"
      "\"matched_reference\":null,\"missing_paths\":[],\"operations\":0,\"invalid_operations\":0,"
      "\"errors\":[{\"query\":\"row\","
      "\"rule\":\"invalid_variables\",\"message\":\"the variables cell: not JSON\",\"line\":3,"
      "\"column\":1}]}\n");
}

TEST(ResultFormat, JsonlInvalidUtf8InIdStaysValidJson) {
  std::string out;
  append_bad_row(out, OutputFormat::kJsonl, RowKey{1, "a\xFF", {}},
                 make_error("invalid_utf8", "field 1: invalid UTF-8", {2, 2}));
  EXPECT_EQ(out.substr(0, 21), "{\"row\":1,\"id\":\"a\xEF\xBF\xBD\",");
}

TEST(ResultFormat, CsvRecordsReadBack) {
  Fixture f;
  std::string out;
  const std::vector<std::string> kept_names = {"model"};
  append_csv_header(out, kept_names);
  const KeptCell model[] = {{"model", "m1", true, false}};
  append_row_result(out, OutputFormat::kCsv, RowKey{17, "q,17", model, "0123456789abcdef"},
                    f.mismatch());
  PairResult stage1;
  stage1.verdict = Verdict::kNoQuery;
  stage1.errors.push_back(
      {QueryRole::kCandidate, 0, make_error("Extraction", "No GraphQL query found.", {})});
  append_row_result(out, OutputFormat::kCsv, RowKey{18, "3:0000000000000001", model}, stage1);
  const KeptCell absent[] = {{"model", "", false, false}};
  append_bad_row(out, OutputFormat::kCsv, RowKey{19, "x", absent},
                 make_error("wrong_field_count", "the record has 2 fields, expected 3", {9, 1}));

  auto rows = io::parse_csv(out);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 4u);
  const std::vector<std::string> header = {"row",
                                           "id",
                                           "reference_hash",
                                           "model",
                                           "verdict",
                                           "pass",
                                           "compared",
                                           "missing",
                                           "extra",
                                           "precision",
                                           "recall",
                                           "f1",
                                           "matched_reference",
                                           "missing_paths",
                                           "extra_paths",
                                           "argument_differences",
                                           "rules_fired",
                                           "operations",
                                           "invalid_operations",
                                           "errors"};
  EXPECT_EQ((*rows)[0].fields, header);
  const std::vector<std::string> compared = {
      "17",
      "q,17",
      "0123456789abcdef",
      "m1",
      "mismatch",
      "false",
      "true",
      "3",
      "1",
      "0.5",
      "0.25",
      "0.3333333333333333",
      "1",
      "query -> user(id: 1) -> name (2:5, 1 node)\nquery -> user(id: 1) -> posts (3:5, 2 nodes)",
      "query -> users (1 node)",
      "",
      "reference[1] cycles at 4:7 query -> user -> posts -> user: Post.user is the inverse of "
      "User.posts",
      "1",
      "0",
      ""};
  EXPECT_EQ((*rows)[1].fields, compared);
  // clang-format off
  const std::vector<std::string> no_query = {
      "18", "3:0000000000000001", "", "m1", "no_query", "false", "false", "", "", "0", "0", "0",
      "", "", "", "", "", "0", "0", "candidate: Extraction: No GraphQL query found."};
  EXPECT_EQ((*rows)[2].fields, no_query);
  const std::vector<std::string> bad = {
      "19", "x", "", "", "bad_row", "false", "false", "", "", "0", "0", "0", "", "", "", "", "",
      "0", "0", "row 9:1: wrong_field_count: the record has 2 fields, expected 3"};
  // clang-format on
  EXPECT_EQ((*rows)[3].fields, bad);
}

TEST(ResultFormat, KeptColumnsFollowTheId) {
  const KeptCell kept[] = {{"model", "m\"1", true, false},
                           {"doc_id", "7", true, true},
                           {"meta", "{\"a\": [1]}", true, true},
                           {"split", "", false, false}};
  std::string out;
  append_json_row_head(out, RowKey{3, "x", kept});
  EXPECT_EQ(out,
            "{\"row\":3,\"id\":\"x\",\"model\":\"m\\\"1\",\"doc_id\":7,\"meta\":{\"a\": [1]},"
            "\"split\":null,");
}

TEST(ResultFormat, ScoreRowsPutRunAndReferenceHashBeforeTheKeptColumns) {
  Fixture f;
  const KeptCell kept[] = {{"model", "m1", true, false}};
  std::string out;
  append_row_result(out, OutputFormat::kJsonl, RowKey{3, "x", kept, "00000000000000ff", "ckpt_2"},
                    f.mismatch());
  EXPECT_EQ(out.substr(0, 92),
            "{\"row\":3,\"id\":\"x\",\"run\":\"ckpt_2\",\"reference_hash\":\"00000000000000ff\","
            "\"model\":\"m1\",\"verdict\":");
  std::string csv;
  const std::vector<std::string> kept_names = {"model"};
  append_csv_header(csv, kept_names, ScoreMode::kEquivalence, true);
  append_row_result(csv, OutputFormat::kCsv, RowKey{3, "x", kept, "00000000000000ff", "ckpt_2"},
                    f.mismatch());
  auto rows = io::parse_csv(csv);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 2u);
  const std::vector<std::string> head((*rows)[0].fields.begin(), (*rows)[0].fields.begin() + 6);
  EXPECT_EQ(head,
            (std::vector<std::string>{"row", "id", "run", "reference_hash", "model", "verdict"}));
  const std::vector<std::string> first((*rows)[1].fields.begin(), (*rows)[1].fields.begin() + 6);
  EXPECT_EQ(first,
            (std::vector<std::string>{"3", "x", "ckpt_2", "00000000000000ff", "m1", "mismatch"}));
  EXPECT_TRUE(is_result_member("reference_hash"));
  EXPECT_TRUE(is_result_member("run"));
}

TEST(ResultFormat, ValidateRows) {
  std::string out;
  append_validate_row(out, RowKey{0, "1", {}}, "query", {});
  Diagnostic warning = make_error("NoUnusedFragments", "unused", {1, 1});
  warning.severity = Severity::kWarning;
  append_validate_row(out, RowKey{1, "2", {}}, "query",
                      {warning, make_error("FieldsOnCorrectType", "Cannot query field", {1, 3})});
  append_validate_row(out, RowKey{2, "3", {}}, "schema", {make_error("Syntax", "bad", {})});
  EXPECT_EQ(
      out,
      "{\"row\":0,\"id\":\"1\",\"valid\":true,\"errors\":[]}\n"
      "{\"row\":1,\"id\":\"2\",\"valid\":false,\"errors\":[{\"query\":\"query\",\"rule\":"
      "\"FieldsOnCorrectType\",\"message\":\"Cannot query field\",\"line\":1,\"column\":3}]}\n"
      "{\"row\":2,\"id\":\"3\",\"valid\":false,\"errors\":[{\"query\":\"schema\",\"rule\":"
      "\"Syntax\",\"message\":\"bad\",\"line\":null,\"column\":null}]}\n");
}

TEST(ResultFormat, ResultMembersAreReserved) {
  EXPECT_TRUE(is_result_member("verdict"));
  EXPECT_TRUE(is_result_member("id"));
  EXPECT_TRUE(is_result_member("valid"));
  EXPECT_FALSE(is_result_member("model"));
}

TEST(ResultFormat, OutcomeNames) {
  EXPECT_EQ(outcome_name(outcome_of(Verdict::kEquivalent)), "equivalent");
  EXPECT_EQ(outcome_name(outcome_of(Verdict::kInvalidSchema)), "invalid_schema");
  EXPECT_EQ(outcome_name(kBadRow), "bad_row");
}

}  // namespace
}  // namespace gqleval::batch
