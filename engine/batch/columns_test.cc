#include "engine/batch/columns.h"

#include <gtest/gtest.h>

namespace gqleval::batch {
namespace {

const std::vector<std::string> kNl2gql = {
    "id",      "database", "nl",     "schema",       "gt_query",       "gt_query_2", "fragments",
    "aliases", "hops",     "filter", "filter_types", "multi_endpoint", "paraphrase"};
const std::vector<std::string> kRgeval = {"Schema Content", "Query1 Content", "Query2 Content",
                                          "Equal", "Extra Fields"};

TEST(Columns, RgevalHeaderByCommonNames) {
  auto m = resolve_columns(kRgeval, {}, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->schema.name, "Schema Content");
  EXPECT_EQ(m->schema.index, 0u);
  ASSERT_EQ(m->references.size(), 1u);
  EXPECT_EQ(m->references[0].name, "Query1 Content");
  EXPECT_EQ(m->candidate.name, "Query2 Content");
  EXPECT_EQ(m->candidate.index, 2u);
  EXPECT_FALSE(m->id.present());
  EXPECT_FALSE(m->variables.present());
}

TEST(Columns, GraphQLRestBenchRowsAsTheyAre) {
  const std::vector<std::string> bench = {"domain",         "input",          "output",
                                          "function_specs", "GraphQL_schema", "utterance"};
  auto m = resolve_columns(bench, {}, false, RowKind::kCalls);
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->references.size(), 1u);
  EXPECT_EQ(m->references[0].name, "output");
  EXPECT_EQ(m->function_specs.name, "function_specs");
  EXPECT_EQ(m->schema.name, "GraphQL_schema");
  // The answers may come from another file: no candidate is no error here.
  EXPECT_FALSE(m->candidate.present());
  // A named candidate column is taken first, so the common names skip it.
  ColumnSpec spec;
  spec.candidate = "output";
  spec.references = {"utterance"};
  m = resolve_columns(bench, spec, true, RowKind::kCalls);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->candidate.name, "output");
  EXPECT_EQ(m->references[0].name, "utterance");
  EXPECT_FALSE(m->schema.present());  // one schema serves every row
  const std::vector<std::string> answers = {"prediction", "schema"};
  m = resolve_columns(answers, {}, false, RowKind::kCalls);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message,
            "no reference column: looked for output, reference, ground_truth (ignoring case); the "
            "input has the columns: prediction, schema; name the reference column");
}

TEST(Columns, MissingCandidateListsTheColumnsFound) {
  auto m = resolve_columns(kNl2gql, {}, false);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().rule, "Columns");
  EXPECT_EQ(m.error().message,
            "no candidate column: looked for candidate, query2, generated, prediction, "
            "Generated_GraphQL, Query2 Content (ignoring case); the input has the columns: id, "
            "database, nl, schema, gt_query, gt_query_2, fragments, aliases, hops, filter, "
            "filter_types, multi_endpoint, paraphrase; name the candidate column");

  // A caller whose users name columns by keyword arguments, or by flags.
  auto named = resolve_columns(kNl2gql, {}, false, RowKind::kScore, false, OptionNames::keywords());
  ASSERT_FALSE(named.ok());
  EXPECT_TRUE(named.error().message.ends_with("; name one with candidate_col"))
      << named.error().message;
  auto flagged = resolve_columns(kNl2gql, {}, false, RowKind::kScore, false, OptionNames::flags());
  ASSERT_FALSE(flagged.ok());
  EXPECT_TRUE(flagged.error().message.ends_with("; name one with --candidate-col"))
      << flagged.error().message;
}

TEST(Columns, CandidateNamedByFlagIsNotAlsoAReference) {
  ColumnSpec spec;
  spec.candidate = "gt_query_2";
  auto m = resolve_columns(kNl2gql, spec, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->candidate.name, "gt_query_2");
  ASSERT_EQ(m->references.size(), 1u);
  EXPECT_EQ(m->references[0].name, "gt_query");
  EXPECT_EQ(m->schema.name, "schema");
  EXPECT_EQ(m->id.name, "id");
}

TEST(Columns, FurtherReferencesInNumberOrder) {
  std::vector<std::string> names = {"GT_GQL_3", "Refined_Schema", "GT_GQL",  "generated",
                                    "gt_gql_2", "GT_GQL_1",       "GT_GQLx", "Sno"};
  auto m = resolve_columns(names, {}, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->references.size(), 3u);
  EXPECT_EQ(m->references[0].name, "GT_GQL");
  EXPECT_EQ(m->references[1].name, "gt_gql_2");
  EXPECT_EQ(m->references[2].name, "GT_GQL_3");
  EXPECT_EQ(m->schema.name, "Refined_Schema");
  EXPECT_EQ(m->candidate.name, "generated");
  EXPECT_EQ(m->id.name, "Sno");
}

TEST(Columns, ReferenceFlagsAreExactlyTheReferences) {
  ColumnSpec spec;
  spec.references = {"gt_query_2", "GT_QUERY"};
  spec.candidate = "nl";
  auto m = resolve_columns(kNl2gql, spec, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->references.size(), 2u);
  EXPECT_EQ(m->references[0].name, "gt_query_2");
  EXPECT_EQ(m->references[1].name, "gt_query");
}

TEST(Columns, CaseAndBlanksAreIgnored) {
  std::vector<std::string> names = {" SCHEMA ", "Reference", "CANDIDATE", "Variables"};
  auto m = resolve_columns(names, {}, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->schema.index, 0u);
  EXPECT_EQ(m->references[0].index, 1u);
  EXPECT_EQ(m->candidate.index, 2u);
  EXPECT_EQ(m->variables.index, 3u);
}

TEST(Columns, FlagNamingAnAbsentColumnIsAnError) {
  ColumnSpec spec;
  spec.candidate = "answer";
  auto m = resolve_columns(kRgeval, spec, false);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message,
            "the column 'answer' given as the candidate column is not in the input (or is "
            "already used for another role); the input has the columns: Schema Content, Query1 "
            "Content, Query2 Content, Equal, Extra Fields");

  auto named =
      resolve_columns(kRgeval, spec, false, RowKind::kScore, false, OptionNames::keywords());
  ASSERT_FALSE(named.ok());
  EXPECT_TRUE(named.error().message.starts_with(
      "the column 'answer' named by candidate_col is not in the input"))
      << named.error().message;
}

TEST(Columns, SchemaFileReplacesTheSchemaColumn) {
  std::vector<std::string> names = {"reference", "candidate"};
  EXPECT_FALSE(resolve_columns(names, {}, false).ok());
  auto m = resolve_columns(names, {}, true);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_FALSE(m->schema.present());
  EXPECT_FALSE(m->schema_path.present());

  auto with_column = resolve_columns(kRgeval, {}, true);
  ASSERT_TRUE(with_column.ok());
  EXPECT_FALSE(with_column->schema.present());
}

TEST(Columns, MissingSchemaSaysHowToGiveOne) {
  std::vector<std::string> names = {"reference", "candidate"};
  auto m = resolve_columns(names, {}, false);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message,
            "no schema column: looked for schema, Refined_Schema, Schema Content and the path "
            "columns schema_path, schema_file (ignoring case); the input has the columns: "
            "reference, candidate; name the schema column, or give one schema for every row");

  auto named = resolve_columns(names, {}, false, RowKind::kScore, false, OptionNames::keywords());
  ASSERT_FALSE(named.ok());
  EXPECT_TRUE(named.error().message.ends_with(
      "; name one with schema_col, or give one schema for every row with schema"))
      << named.error().message;
}

TEST(Columns, SchemaPathColumnWhenThereIsNoSchemaText) {
  std::vector<std::string> names = {"schema_file", "query1", "query2"};
  auto m = resolve_columns(names, {}, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_FALSE(m->schema.present());
  EXPECT_EQ(m->schema_path.name, "schema_file");
}

TEST(Columns, GroupByColumns) {
  ColumnSpec spec;
  spec.candidate = "gt_query_2";
  spec.group_by = {"HOPS", "database"};
  auto m = resolve_columns(kNl2gql, spec, false);
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->group_by.size(), 2u);
  EXPECT_EQ(m->group_by[0].name, "hops");
  EXPECT_EQ(m->group_by[0].index, 8u);
  EXPECT_EQ(m->group_by[1].name, "database");

  spec.group_by = {"difficulty"};
  auto bad = resolve_columns(kNl2gql, spec, false);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("the column 'difficulty' given as the group-by column is "
                                     "not in the input"),
            std::string::npos);
}

TEST(Columns, ValidateRowsReadTheQueryAndTheSchema) {
  std::vector<std::string> names = {"id", "Schema Content", "query", "candidate"};
  auto m = resolve_columns(names, {}, false, RowKind::kValidate);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->query.index, 2u);
  EXPECT_EQ(m->schema.index, 1u);
  // Score roles are not resolved for validate rows; the id is, as for score.
  EXPECT_FALSE(m->candidate.present());
  EXPECT_TRUE(m->references.empty());
  // The id is found as for score rows.
  EXPECT_EQ(m->id.index, 0u);
  ColumnSpec bad_id;
  bad_id.id = "row";
  auto missing_id = resolve_columns(names, bad_id, false, RowKind::kValidate);
  ASSERT_FALSE(missing_id.ok());
  EXPECT_EQ(missing_id.error().message.rfind("the column 'row' given as the id column", 0), 0u);

  ColumnSpec spec;
  spec.query = "candidate";
  auto named = resolve_columns(names, spec, true, RowKind::kValidate);
  ASSERT_TRUE(named.ok()) << named.error().message;
  EXPECT_EQ(named->query.index, 3u);
  EXPECT_FALSE(named->schema.present());

  ColumnSpec query_is_schema;
  query_is_schema.query = "schema";
  auto taken = resolve_columns(std::vector<std::string>{"schema"}, query_is_schema, false,
                               RowKind::kValidate);
  ASSERT_FALSE(taken.ok());
  EXPECT_NE(
      taken.error().message.find("(ignoring case; 'schema' is already used for another role)"),
      std::string::npos)
      << taken.error().message;

  auto none =
      resolve_columns(std::vector<std::string>{"schema", "text"}, {}, false, RowKind::kValidate);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message,
            "no query column: looked for query (ignoring case); the input has the columns: "
            "schema, text; name the query column");
}

// The members of an lm-evaluation-harness sample log line.
const std::vector<std::string> kHarness = {"doc_id",         "doc", "target", "arguments", "resps",
                                           "filtered_resps", "pass"};

ColumnSpec harness_spec() {
  ColumnSpec spec;
  spec.schema = "doc.schema";
  spec.references = {"target"};
  spec.candidate = "filtered_resps[0]";
  return spec;
}

TEST(Columns, JsonLinesColumnsMayBePaths) {
  ColumnSpec spec = harness_spec();
  spec.id = "DOC.id";                // the first member matches ignoring case
  spec.group_by = {"doc.category"};  // tags may be paths too
  auto m = resolve_columns(kHarness, spec, false, RowKind::kScore, true);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->schema.name, "doc.schema");
  EXPECT_EQ(m->schema.index, 1u);  // the first member's position
  ASSERT_EQ(m->schema.path.size(), 2u);
  EXPECT_EQ(m->schema.path[0].member, "doc");
  EXPECT_EQ(m->schema.path[1].member, "schema");
  ASSERT_EQ(m->references.size(), 1u);
  EXPECT_FALSE(m->references[0].is_path());
  EXPECT_EQ(m->candidate.index, 5u);
  ASSERT_EQ(m->candidate.path.size(), 2u);
  EXPECT_TRUE(m->candidate.path[1].is_index);
  // Paths take no column: doc.schema, doc.id and doc.category all read `doc`.
  EXPECT_EQ(m->id.index, 1u);
  EXPECT_EQ(m->id.path[0].member, "doc");  // as the input spells it
  ASSERT_EQ(m->group_by.size(), 1u);
  EXPECT_EQ(m->group_by[0].name, "doc.category");
}

TEST(Columns, ALiteralDottedMemberWinsOverThePath) {
  const std::vector<std::string> names = {"doc", "doc.schema", "target", "candidate"};
  ColumnSpec spec;
  spec.schema = "doc.schema";
  spec.references = {"target"};
  auto m = resolve_columns(names, spec, false, RowKind::kScore, true);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->schema.index, 1u);
  EXPECT_FALSE(m->schema.is_path());
}

TEST(Columns, PathsAreForJsonLinesOnly) {
  auto m = resolve_columns(kHarness, harness_spec(), false, RowKind::kScore, false);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message,
            "the column 'filtered_resps[0]' given as the candidate column is not in the input (or "
            "is already used for another role); the input has the columns: doc_id, doc, target, "
            "arguments, resps, filtered_resps, pass");
}

TEST(Columns, AnUnknownOrMalformedPathListsTheColumns) {
  for (const char* name : {"docs.schema", "doc..schema", "filtered_resps[", "[0]"}) {
    ColumnSpec spec = harness_spec();
    spec.schema = name;
    auto m = resolve_columns(kHarness, spec, false, RowKind::kScore, true);
    ASSERT_FALSE(m.ok()) << name;
    EXPECT_EQ(m.error().message, "the column '" + std::string(name) +
                                     "' given as the schema column is not in the input (or is "
                                     "already used for another role); the input has the "
                                     "columns: doc_id, doc, target, arguments, resps, "
                                     "filtered_resps, pass");
  }
}

TEST(Columns, CommonNamesAreNeverPaths) {
  // `doc` holds `schema`, but only named columns are read as paths.
  auto m = resolve_columns(kHarness, {}, false, RowKind::kScore, true);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message.rfind("no candidate column", 0), 0u) << m.error().message;
}

}  // namespace
}  // namespace gqleval::batch
