#include "engine/batch/batch_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/batch/batch_test_util.h"
#include "io/csv.h"

namespace gqleval::batch {
namespace {

using testing::csv_quote;
using testing::csv_row;
using testing::kTestSchema;
using testing::lines_of;
using testing::Outcome;
using testing::read_file;
using testing::ResultLine;
using testing::run;
using testing::ScratchDir;
using testing::write_file;

// Six rows, one per kind of outcome that does not need a malformed record.
std::string mixed_csv() {
  const std::string s(kTestSchema);
  std::string csv = "id,schema,reference,candidate,hops\n";
  csv += csv_row({"a", s, "{ user(id: 1) { name } }", "query { user(id: 1) { name } }", "1"});
  csv += csv_row({"b", s, "{ user(id: 1) { name } }",
                  "Here you go:\n```graphql\n{ user(id: 1) { name id } }\n```\n", "1"});
  csv += csv_row({"c", s, "{ user(id: 1) { name } }", "I do not know.", "2"});
  csv += csv_row({"d", s, "{ user(id: 1) { name } }", "{ user(id: 1) { nam } }", "2"});
  csv += csv_row({"e", "type Query { a: Nope }", "{ a }", "{ a }", "2"});
  csv += csv_row({"f", s, "{ user(id: 1) { name id } }", "{ user(id: 1) { id } }", "3"});
  return csv;
}

TEST(RunBatch, OneResultPerRowInOrder) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), mixed_csv());
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.columns.group_by = {"hops"};
  Outcome r = run(o, dir);
  auto lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 6u);
  const char* ids[] = {"a", "b", "c", "d", "e", "f"};
  const char* verdicts[] = {"equivalent",        "overfetch",      "no_query",
                            "invalid_candidate", "invalid_schema", "underfetch"};
  for (size_t i = 0; i < lines.size(); ++i) {
    ResultLine l(lines[i]);
    ASSERT_TRUE(l.ok()) << lines[i];
    EXPECT_EQ(l.get("row"), std::to_string(i));
    EXPECT_EQ(l.get("id"), ids[i]);
    EXPECT_EQ(l.get("verdict"), verdicts[i]) << lines[i];
  }
  ResultLine over(lines[1]);
  EXPECT_EQ(over.get("extra"), "1");
  EXPECT_EQ(over.get("extra_paths"),
            "[{\"path\":\"query -> user(id: 1) -> id\",\"line\":3,\"column\":22,\"nodes\":1}]");
  ResultLine invalid(lines[3]);
  EXPECT_EQ(invalid.error(0, "query"), "candidate");
  EXPECT_EQ(invalid.error(0, "rule"), "FieldsOnCorrectType");
  EXPECT_EQ(invalid.error(0, "line"), "1");
  EXPECT_EQ(invalid.error(0, "column"), "17");
  ResultLine schema(lines[4]);
  EXPECT_EQ(schema.error(0, "query"), "schema");
  EXPECT_EQ(schema.error(0, "message"), "Unknown type \"Nope\".");
  ResultLine under(lines[5]);
  EXPECT_EQ(under.get("missing"), "1");
  EXPECT_EQ(under.get("recall"), "0.6666666666666666");  // 2 of user, name, id
  EXPECT_EQ(under.get("precision"), "1");

  const Summary& s = r.report.summary;
  EXPECT_EQ(s.rows(), 6u);
  EXPECT_EQ(s.passes(), 1u);
  EXPECT_EQ(r.report.facts.schemas, 2u);
  EXPECT_EQ(r.report.facts.schema_failures, 1u);
  auto hops = ordered_values(s.groups()[0]);
  ASSERT_EQ(hops.size(), 3u);
  EXPECT_EQ(hops[0].first, "1");
  EXPECT_EQ(hops[0].second.rows, 2u);
  EXPECT_EQ(hops[0].second.passes, 1u);
}

TEST(RunBatch, SameBytesForAnyThreadsAndShardSize) {
  ScratchDir dir;
  std::string csv = "id,schema,reference,candidate,hops\n";
  std::string body = mixed_csv().substr(csv.size());
  for (int k = 0; k < 20; ++k) csv += body;
  write_file(dir.file("in.csv"), csv);
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.threads = 1;
  o.shard_records = 256;
  const std::string expected = run(o, dir).output;
  ASSERT_EQ(lines_of(expected).size(), 120u);
  for (unsigned threads : {1u, 2u, 4u}) {
    for (size_t shard : {1u, 5u, 7u, 1000u}) {
      o.threads = threads;
      o.shard_records = shard;
      o.shards_in_flight = shard == 1 ? 2 : 0;
      EXPECT_EQ(run(o, dir).output, expected) << threads << " threads, shards of " << shard;
    }
  }
}

TEST(RunBatch, JsonlInputWithVariables) {
  ScratchDir dir;
  std::string schema_json;
  for (char c : kTestSchema) {
    if (c == '\n') {
      schema_json += "\\n";
    } else {
      schema_json.push_back(c);
    }
  }
  std::string jsonl;
  const std::string ref = "query Q($id: Int!) { user(id: $id) { name } }";
  jsonl += "{\"id\": 1, \"schema\": \"" + schema_json + "\", \"reference\": \"" + ref +
           "\", \"candidate\": \"{ user(id: 2) { name } }\", \"variables\": {\"id\": 2}}\n";
  jsonl += "\n";  // blank lines are not records
  jsonl += "{\"id\": 2, \"schema\": \"" + schema_json + "\", \"reference\": \"" + ref +
           "\", \"candidate\": \"{ user(id: 2) { name } }\", \"variables\": {\"id\": 3}}\n";
  jsonl += "{\"id\": 3, \"schema\": \"" + schema_json + "\", \"reference\": \"" + ref +
           "\", \"candidate\": \"{ user(id: 2) { name } }\", \"variables\": null}\n";
  jsonl += "[1, 2]\n";
  jsonl += "{\"id\": 5, \"schema\": broken\n";
  write_file(dir.file("in.jsonl"), jsonl);
  BatchOptions o;
  o.input = dir.file("in.jsonl");
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "equivalent");
  EXPECT_EQ(ResultLine(lines[0]).get("id"), "1");
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "mismatch");
  // No value for $id: it stays symbolic, and a symbol is not the literal 2.
  EXPECT_EQ(ResultLine(lines[2]).get("verdict"), "mismatch");
  ResultLine not_object(lines[3]);
  EXPECT_EQ(not_object.get("verdict"), "bad_row");
  EXPECT_EQ(not_object.get("reason"), "<absent>");
  EXPECT_EQ(not_object.get("compared"), "false");
  EXPECT_EQ(not_object.get("f1"), "0");
  EXPECT_EQ(not_object.error(0, "rule"), "not_an_object");
  EXPECT_EQ(not_object.error(0, "line"), "5");
  ResultLine broken(lines[4]);
  EXPECT_EQ(broken.get("verdict"), "bad_row");
  EXPECT_EQ(broken.error(0, "rule"), "invalid_json");
  EXPECT_EQ(broken.get("row"), "4");
  EXPECT_EQ(broken.error(0, "line"), "6");
}

// JSON Lines has no header: a key that first appears on a later line (a
// writer leaves null members out) still names a column, and a first line
// without the candidate (a model that answered nothing) does not stop the run.
TEST(RunBatch, JsonlColumnsAreTheKeysOfEveryLine) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("in.jsonl"),
             "{\"id\": 1, \"reference\": \"{ user(id: 7) { name } }\"}\n"
             "{\"id\": 2, \"reference\": \"{ user(id: 7) { name } }\", \"candidate\": "
             "\"query($u: Int!) { user(id: $u) { name } }\", \"variables\": {\"u\": 7}}\n"
             "{\"id\": 3, \"reference\": \"{ user(id: 1) { id } }\", \"reference_2\": "
             "\"{ user(id: 7) { name } }\", \"candidate\": \"{ user(id: 7) { name } }\"}\n");
  BatchOptions o;
  o.input = dir.file("in.jsonl");
  o.schema = {dir.file("schema.graphql")};
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "no_query");
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "equivalent");  // its variables were read
  EXPECT_EQ(ResultLine(lines[2]).get("verdict"), "equivalent");  // against reference_2
  EXPECT_EQ(ResultLine(lines[2]).get("matched_reference"), "1");
}

// The rules file's warnings reach the report: `score` uses one file across a
// dataset, so a typo that no schema resolves must not pass in silence.
TEST(RunBatch, RulesFileWarningsAreReported) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("rules.json"),
             R"({"endpoints": [{"canonical": "user", "same_as": ["userByld"]}]})");
  write_file(dir.file("in.csv"), "reference,candidate\n{ users { id } },{ users { id } }\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.schema = {dir.file("schema.graphql")};
  o.rules_file = dir.file("rules.json");
  const Outcome r = run(o, dir);
  ASSERT_EQ(r.report.facts.rules_warnings.size(), 1U);
  EXPECT_EQ(r.report.facts.rules_warnings[0].first,
            "\"endpoints\"[0]: endpoint \"userByld\" -> \"user\" skipped: Query has no field "
            "\"userByld\"");
  EXPECT_EQ(r.report.facts.rules_warnings[0].second, 1U);
}

// A variables cell that is not a JSON object is the row's fault: bad_row,
// once, not invalid_reference with the message given for both queries.
TEST(RunBatch, VariablesThatAreNotAJsonObjectMakeABadRow) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("in.csv"),
             "reference,candidate,variables\n"
             "{ users { id } },{ users { id } },{bad\n"
             "{ users { id } },{ users { id } },[1]\n"
             "{ users { id } },{ users { id } },\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.schema = {dir.file("schema.graphql")};
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 3u);
  ResultLine broken(lines[0]);
  EXPECT_EQ(broken.get("verdict"), "bad_row");
  EXPECT_EQ(broken.error(0, "rule"), "invalid_variables");
  EXPECT_EQ(broken.error(0, "line"), "2");
  ResultLine array(lines[1]);
  EXPECT_EQ(array.get("verdict"), "bad_row");
  EXPECT_EQ(array.error(0, "message"), "the variables cell: The variables must be a JSON object.");
  EXPECT_EQ(ResultLine(lines[2]).get("verdict"), "equivalent");
}

TEST(RunBatch, OneSchemaFileForEveryRow) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("in.csv"),
             "query1,query2\n\"{ users { id } }\",\"{ users { id } }\"\n"
             "\"{ users { id } }\",\"{ users { name } }\"\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.schema = {dir.file("schema.graphql")};
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "equivalent");
  // No id column: the id is the row's line and content hash.
  const std::string id0 = ResultLine(lines[0]).get("id");
  const std::string id1 = ResultLine(lines[1]).get("id");
  EXPECT_EQ(id0.substr(0, 2), "2:");
  EXPECT_EQ(id0.size(), 18u);
  EXPECT_EQ(id1.substr(0, 2), "3:");
  EXPECT_NE(id0.substr(2), id1.substr(2));  // the candidates differ
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "mismatch");
}

TEST(RunBatch, SchemaPathColumnRelativeToTheInput) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.path() / "schemas");
  write_file(dir.file("schemas/a.graphql"), kTestSchema);
  write_file(dir.file("in.csv"),
             "schema_path,reference,candidate\n"
             "schemas/a.graphql,{ users { id } },{ users { id } }\n"
             "schemas/none.graphql,{ users { id } },{ users { id } }\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "equivalent");
  ResultLine missing(lines[1]);
  EXPECT_EQ(missing.get("verdict"), "invalid_schema");
  EXPECT_EQ(missing.error(0, "rule"), "IO");
}

TEST(RunBatch, FurtherReferencesAndBlankCells) {
  ScratchDir dir;
  const std::string s(kTestSchema);
  std::string csv = "schema,reference,reference_2,candidate\n";
  csv += csv_row({s, "{ users { id } }", "{ users { name } }", "{ users { name } }"});
  csv += csv_row({s, "{ users { id } }", "  ", "{ users { id } }"});
  csv += csv_row({s, "{ users { id } }", "", "{ users { name } }"});
  write_file(dir.file("in.csv"), csv);
  BatchOptions o;
  o.input = dir.file("in.csv");
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "equivalent");
  EXPECT_EQ(ResultLine(lines[0]).get("matched_reference"), "1");
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "equivalent");
  EXPECT_EQ(ResultLine(lines[1]).get("matched_reference"), "0");
  EXPECT_EQ(ResultLine(lines[2]).get("verdict"), "mismatch");
  EXPECT_EQ(ResultLine(lines[2]).get("matched_reference"), "0");
}

// matched_reference names the reference column whichever cells are blank:
// a blank reference_2 does not make reference_3 index 1.
TEST(RunBatch, MatchedReferenceIsTheColumnsIndex) {
  ScratchDir dir;
  const std::string s(kTestSchema);
  std::string csv = "schema,reference,reference_2,reference_3,candidate\n";
  csv += csv_row(
      {s, "{ users { id } }", "{ users { name } }", "{ users { id name } }", "{ users { name } }"});
  csv += csv_row({s, "{ users { id } }", "", "{ users { id name } }", "{ users { name id } }"});
  csv += csv_row({s, "{ users { id } }", "", "{ users { nope } }", "{ users { id } }"});
  write_file(dir.file("in.csv"), csv);
  BatchOptions o;
  o.input = dir.file("in.csv");
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(ResultLine(lines[0]).get("matched_reference"), "1");
  EXPECT_EQ(ResultLine(lines[1]).get("matched_reference"), "2");
  ResultLine invalid(lines[2]);
  EXPECT_EQ(invalid.get("verdict"), "invalid_reference");
  EXPECT_EQ(invalid.error(0, "reference"), "2");  // the error names reference_3's column too
}

TEST(RunBatch, NoExtractTakesTheCellAsIs) {
  ScratchDir dir;
  const std::string s(kTestSchema);
  std::string csv = "schema,reference,candidate\n";
  csv += csv_row({s, "{ users { id } }", "Answer: { users { id } }"});
  write_file(dir.file("in.csv"), csv);
  BatchOptions o;
  o.input = dir.file("in.csv");
  EXPECT_EQ(ResultLine(lines_of(run(o, dir).output)[0]).get("verdict"), "equivalent");
  o.extract = false;
  ResultLine raw(lines_of(run(o, dir).output)[0]);
  EXPECT_EQ(raw.get("verdict"), "invalid_candidate");
  EXPECT_EQ(raw.error(0, "rule"), "Syntax");
}

TEST(RunBatch, CsvOutput) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), mixed_csv());
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.output_format = OutputFormat::kCsv;
  auto rows = io::parse_csv(run(o, dir).output);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 7u);
  for (const io::CsvRow& row : *rows) EXPECT_EQ(row.fields.size(), 19u);
  EXPECT_EQ((*rows)[0].fields[2], "reference_hash");
  EXPECT_EQ((*rows)[1].fields[2].size(), 16u);
  EXPECT_EQ((*rows)[1].fields[3], "equivalent");
  EXPECT_EQ((*rows)[1].fields[5], "true");  // compared
  EXPECT_EQ((*rows)[6].fields[3], "underfetch");
  EXPECT_EQ((*rows)[6].fields[12], "query -> user(id: 1) -> name (1:17, 1 node)");
}

TEST(RunBatch, MissingColumnIsAnErrorBeforeAnyWork) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), "schema,reference,answer\nx,y,z\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.output = dir.file("out.jsonl");
  auto r = run_batch(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            o.input +
                ": no candidate column: looked for candidate, query2, generated, "
                "prediction, Generated_GraphQL, Query2 Content (ignoring case); the input "
                "has the columns: schema, reference, answer; name the candidate column");
  EXPECT_FALSE(std::filesystem::exists(o.output));
}

TEST(RunBatch, UnreadableInputIsAnError) {
  ScratchDir dir;
  BatchOptions o;
  o.input = dir.file("absent.csv");
  auto r = run_batch(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "IO");
  EXPECT_NE(r.error().message.find("absent.csv"), std::string::npos);
}

TEST(RunBatch, HeaderOnlyInputHasNoResults) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), "schema,reference,candidate\r\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  Outcome r = run(o, dir);
  EXPECT_EQ(r.output, "");
  EXPECT_EQ(r.report.summary.rows(), 0u);
}

TEST(RunBatch, Artifacts) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), mixed_csv());
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.artifacts_dir = dir.file("art");
  o.artifacts_only = ArtifactFilter::kAll;
  run(o, dir);
  const std::string row1 = dir.file("art/row-00000001/");
  EXPECT_EQ(read_file(row1 + "schema.graphql"), kTestSchema);
  EXPECT_EQ(read_file(row1 + "reference.graphql"), "{ user(id: 1) { name } }");
  EXPECT_EQ(read_file(row1 + "candidate.graphql"), "{ user(id: 1) { name id } }");
  EXPECT_EQ(read_file(row1 + "candidate.normal.graphql"),
            "query {\n  user(id: 1) {\n    id\n    name\n  }\n}\n");
  const std::string dot = read_file(row1 + "graph.dot");
  EXPECT_NE(dot.find("c2 [label=\"id\", color=orange"), std::string::npos) << dot;
  EXPECT_EQ(dot.find("color=red"), std::string::npos) << dot;
  EXPECT_EQ(read_file(row1 + "explanation.txt").substr(0, 28), "verdict: overfetch (fail)\nmi");
  EXPECT_TRUE(std::filesystem::exists(dir.file("art/row-00000004/result.json")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("art/row-00000004/reference.normal.graphql")));
  EXPECT_EQ(read_file(row1 + "replay.sh").substr(0, 10), "#!/bin/sh\n");
  EXPECT_NE(read_file(row1 + "replay.sh")
                .find("compare --schema schema.graphql reference.graphql candidate.txt "
                      "--rule-set cycles,endpoints \"$@\"\n"),
            std::string::npos);
}

// The limit keeps the first picked rows in input order, whatever the threads
// and shards, and removes nothing else.
TEST(RunBatch, ArtifactsOfFailingRowsUpToTheLimit) {
  ScratchDir dir;
  std::string csv = "id,schema,reference,candidate\n";
  for (int i = 0; i < 60; ++i) {
    csv += std::to_string(i) + "," + csv_quote(kTestSchema) + ",{ users { id } }," +
           (i % 3 == 0 ? "{ users { id } }" : "{ users { name } }") + "\n";
  }
  write_file(dir.file("in.csv"), csv);
  for (unsigned threads : {1u, 2u, 4u}) {
    std::filesystem::remove_all(dir.file("art"));
    BatchOptions o;
    o.input = dir.file("in.csv");
    o.artifacts_dir = dir.file("art");
    o.artifacts_limit = 5;
    o.threads = threads;
    o.shard_records = 2;
    const Outcome r = run(o, dir);
    std::vector<std::string> folders;
    for (const auto& e : std::filesystem::directory_iterator(dir.file("art"))) {
      folders.push_back(e.path().filename().string());
    }
    std::sort(folders.begin(), folders.end());
    // Rows 0, 3, 6 ... pass; the first five failing rows are 1, 2, 4, 5, 7.
    EXPECT_EQ(folders, (std::vector<std::string>{"row-00000001", "row-00000002", "row-00000004",
                                                 "row-00000005", "row-00000007"}))
        << threads << " threads";
    ASSERT_TRUE(r.report.facts.artifacts.has_value());
    EXPECT_EQ(r.report.facts.artifacts->matched, 40u);
    EXPECT_EQ(r.report.facts.artifacts->written, 5u);
  }
}

TEST(RunBatch, KeptColumnsAreCopiedWithTheirJsonTypes) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(
      dir.file("in.jsonl"),
      "{\"model\":\"m1\",\"qid\":7,\"meta\":{\"k\":[1,2]},\"reference\":\"{ users { id } }\","
      "\"candidate\":\"{ users { id } }\"}\n"
      "{\"reference\":\"{ users { id } }\",\"candidate\":\"{ users { id } }\"}\n"
      "not json\n");
  BatchOptions o;
  o.input = dir.file("in.jsonl");
  o.schema = {dir.file("schema.graphql")};
  o.columns.keep = {"model", "qid", "meta"};
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].substr(0, lines[0].find(",\"verdict\"")),
            "{\"row\":0,\"id\":\"1:" + ResultLine(lines[0]).get("id").substr(2) +
                "\",\"reference_hash\":\"" + ResultLine(lines[0]).get("reference_hash") +
                "\",\"model\":\"m1\",\"qid\":7,\"meta\":{\"k\":[1,2]}");
  EXPECT_NE(lines[1].find(",\"model\":null,\"qid\":null,\"meta\":null,\"verdict\""),
            std::string::npos)
      << lines[1];
  // A malformed row keeps nothing, as its cells cannot be trusted.
  EXPECT_NE(lines[2].find(",\"model\":null,\"qid\":null,\"meta\":null,\"verdict\":\"bad_row\""),
            std::string::npos)
      << lines[2];
  // The same content on the same line gives the same key.
  EXPECT_EQ(ResultLine(lines_of(run(o, dir).output)[0]).get("id"), ResultLine(lines[0]).get("id"));
}

TEST(RunBatch, AKeptColumnMayNotShadowAResultMember) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), "schema,reference,candidate,verdict\nx,y,z,w\n");
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.columns.keep = {"verdict"};
  auto r = run_batch(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, o.input +
                                   ": the kept column 'verdict' has the name of a member of every "
                                   "result; rename it in the input, or leave it out");
  o.columns.keep = {"nosuch"};
  EXPECT_EQ(run_batch(o).error().message,
            o.input +
                ": the column 'nosuch' given as the kept column is not in the input; the input has "
                "the columns: "
                "schema, reference, candidate, verdict");
}

}  // namespace
}  // namespace gqleval::batch

namespace gqleval::batch {
namespace {

// Results do not depend on the schema cache's bound: a file whose rows carry
// many schemas (variants of one in comments, whitespace and definition order;
// other schemas; schemas that do not build, whose errors name their own
// lines) scores to the same bytes with no bound and with a bound so small that
// every new schema evicts the others, so schemas are rebuilt again and again.
TEST(RunBatch, ResultsDoNotDependOnTheSchemaCacheBound) {
  ScratchDir dir;
  const std::string s(kTestSchema);
  const std::string reordered =
      "type Post { id: Int! title: String }\n" + s.substr(0, s.find("type Post"));
  std::string csv = "id,schema,reference,candidate\n";
  for (int i = 0; i < 300; ++i) {
    std::string schema;
    switch (i % 5) {
      case 0: schema = s + "# variant " + std::to_string(i % 37) + "\n"; break;
      case 1: schema = reordered + "\n\n# tenant " + std::to_string(i % 11) + "\n"; break;
      case 2: schema = s + "type Extra" + std::to_string(i % 23) + " { x: Int }\n"; break;
      case 3:
        schema =
            std::string(i % 7 + 1, '\n') + "type Query { a: Nope" + std::to_string(i % 3) + " }\n";
        break;
      default: schema = s; break;
    }
    const std::string candidate =
        i % 2 == 0 ? "{ user(id: 1) { name } }" : "{ user(id: 1) { name posts { title } } }";
    csv += csv_row({std::to_string(i), schema, "{ user(id: 1) { name } }", candidate});
  }
  write_file(dir.file("in.csv"), csv);
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.threads = 2;
  o.shard_records = 7;
  o.schema_cache_bytes = 0;
  const Outcome unbounded = run(o, dir);
  o.schema_cache_bytes = 1;
  const Outcome tiny = run(o, dir);
  ASSERT_FALSE(unbounded.output.empty());
  EXPECT_TRUE(tiny.output == unbounded.output) << "results differ with a bound that evicts";
  EXPECT_EQ(tiny.report.facts.schemas, unbounded.report.facts.schemas);
  EXPECT_EQ(tiny.report.facts.schema_failures, unbounded.report.facts.schema_failures);
  // Variants share builds: the test schema (4 variants in 0, 1 and 4), 23
  // extended ones and 3 failing ones.
  EXPECT_EQ(unbounded.report.facts.schemas, 1u + 23u + 3u);
  EXPECT_EQ(unbounded.report.facts.schema_failures, 3u);
  // A failing schema's errors point into its own text (row 3: four blank lines, then the type).
  const auto lines = testing::lines_of(unbounded.output);
  EXPECT_NE(lines[3].find("\"line\":5,\"column\":17"), std::string::npos) << lines[3];
}

}  // namespace
}  // namespace gqleval::batch
