#include "engine/batch/validate_run.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

// 60 rows: valid, invalid, malformed (an unterminated quote ends its record at
// the end of its own line) and a schema that does not build, in turn.
std::string rows_csv() {
  std::string csv = "query,schema\n";
  for (int i = 0; i < 15; ++i) {
    csv += "{ n },type Query { n: Int }\n";
    csv += "{ m },type Query { n: Int }\n";
    csv += "\"{ n },type Query { n: Int }\n";
    csv += "{ n },type Query { n: Foo }\n";
  }
  return csv;
}

TEST(RunValidate, OneLinePerRowInInputOrderWhateverTheSharding) {
  ScratchDir dir;
  write_file(dir.file("rows.csv"), rows_csv());
  ValidateRunOptions o;
  o.input = dir.file("rows.csv");
  o.output = dir.file("one.jsonl");
  o.threads = 1;
  auto one = run_validate(o);
  ASSERT_TRUE(one.ok()) << one.error().message;
  EXPECT_EQ(one->rows, 60u);
  EXPECT_EQ(one->valid, 15u);
  EXPECT_EQ(one->invalid, 45u);
  EXPECT_EQ(one->malformed, 15u);

  o.output = dir.file("many.jsonl");
  o.threads = 2;
  o.shard_records = 1;
  auto many = run_validate(o);
  ASSERT_TRUE(many.ok()) << many.error().message;
  const std::string text = read_file(dir.file("one.jsonl"));
  EXPECT_EQ(read_file(dir.file("many.jsonl")), text);

  const auto lines = testing::lines_of(text);
  ASSERT_EQ(lines.size(), 60u);
  // No id column: each id is the row's line and a hash of its schema and query.
  EXPECT_EQ(lines[0], R"({"row":0,"id":"2:09c7eacfde062bf1","valid":true,"errors":[]})");
  EXPECT_EQ(lines[57], R"({"row":57,"id":"59:ca08425bed85bfa6","valid":false,"errors":[)"
                       R"({"query":"query","rule":"FieldsOnCorrectType",)"
                       R"("message":"Cannot query field \"m\" on type \"Query\". Did you mean )"
                       R"(\"n\"?","line":1,"column":3}]})");
  EXPECT_NE(lines[58].find(R"("query":"row","rule":"unterminated_quote")"), std::string::npos)
      << lines[58];
  EXPECT_EQ(lines[59], R"({"row":59,"id":"61:5143b94d6c8719aa","valid":false,"errors":[)"
                       R"({"query":"schema","rule":"KnownTypeNames",)"
                       R"("message":"Unknown type \"Foo\".","line":1,"column":17}]})");
}

TEST(RunValidate, AnErrorWithoutAColumnKeepsItsLine) {
  ScratchDir dir;
  write_file(dir.file("rows.jsonl"),
             "{\"schema\":\"type Query { a: Int }\",\"query\":\"{ a }\"}\n{oops\n");
  ValidateRunOptions o;
  o.input = dir.file("rows.jsonl");
  o.output = dir.file("out.jsonl");
  ASSERT_TRUE(run_validate(o).ok());
  const auto lines = testing::lines_of(read_file(dir.file("out.jsonl")));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[1].ends_with(R"("line":2,"column":null}]})")) << lines[1];
}

TEST(RunValidate, SchemaFilesNamedPerRow) {
  ScratchDir dir;
  write_file(dir.file("a.graphql"), "type Query { a: Int }");
  write_file(dir.file("rows.jsonl"), R"({"query": "{ a }", "schema_path": "a.graphql"})"
                                     "\n"
                                     R"({"query": "{ a }", "schema_path": "missing.graphql"})"
                                     "\n");
  ValidateRunOptions o;
  o.input = dir.file("rows.jsonl");
  o.output = dir.file("out.jsonl");
  auto r = run_validate(o);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->valid, 1u);
  const auto lines = testing::lines_of(read_file(dir.file("out.jsonl")));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], R"({"row":0,"id":"1:9eb493acd3c45590","valid":true,"errors":[]})");
  EXPECT_NE(lines[1].find("missing.graphql"), std::string::npos) << lines[1];
}

TEST(RunValidate, OneSchemaForEveryRowAndItsErrors) {
  ScratchDir dir;
  write_file(dir.file("rows.csv"), "query\n{ n }\n{ m }\n");
  write_file(dir.file("bad.graphql"), "type Query { n: Nope }");
  ValidateRunOptions o;
  o.input = dir.file("rows.csv");
  o.output = dir.file("out.jsonl");
  o.schema = {dir.file("bad.graphql")};
  auto r = run_validate(o);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->invalid, 2u);
  for (const std::string& line : testing::lines_of(read_file(dir.file("out.jsonl")))) {
    EXPECT_NE(line.find(R"("rule":"KnownTypeNames")"), std::string::npos) << line;
  }

  o.output = o.input;
  auto refused = run_validate(o);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("is the input file"), std::string::npos);
}

}  // namespace
}  // namespace gqleval::batch
