#include "io/query_extract.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>
#include <vector>

#include "io/csv_reader.h"
#include "io/file.h"

namespace gqleval::io {
namespace {

class ExtractTest : public testing::Test {
 protected:
  // The extracted query, or "<none>".
  std::string query_of(std::string_view text) {
    last_ = extract_query(text, arena_);
    if (!last_.found) return "<none>";
    if (!last_.joined) {
      // A contiguous query is a view into the text at offset.
      EXPECT_EQ(last_.query.data(), text.data() + last_.offset);
    }
    return std::string(last_.query);
  }

  Arena arena_;
  Extraction last_;
};

TEST_F(ExtractTest, FencedBlockTaggedGraphqlWithProseAround) {
  std::string text =
      "Sure! Here is the query:\n\n```graphql\nquery {\n  users { name }\n}\n```\n\n"
      "It returns every user's name.";
  EXPECT_EQ(query_of(text), "query {\n  users { name }\n}");
  EXPECT_EQ(last_.source, ExtractionSource::kFencedBlock);
  EXPECT_EQ(last_.offset, text.find("query {"));
}

// A fenced block is GraphQL: a query written in its comments or strings is no
// query, and a block holding only such text holds no selection set.
TEST_F(ExtractTest, CommentsAndStringsInAFencedBlockAreNotQueries) {
  EXPECT_EQ(query_of("```graphql\n# Returns { name } of the user\nquery GetUser {\n  users { name "
                     "}\n}\n```"),
            "query GetUser {\n  users { name }\n}");
  EXPECT_EQ(query_of("```graphql\n# {id}\n{ users { name } }\n```"), "{ users { name } }");
  EXPECT_EQ(query_of("```graphql\n# query { wrong }\n{ users { name } }\n```"),
            "{ users { name } }");
  // The first block holds only a commented-out attempt: the second block counts.
  std::string text =
      "```graphql\n# old attempt: { users(id: 2) { name } }\n```\n"
      "```graphql\n{ users(id: 1) { name } }\n```\n";
  EXPECT_EQ(query_of(text), "{ users(id: 1) { name } }");
  EXPECT_EQ(last_.offset, text.find("{ users(id: 1)"));
  // Nor does a string.
  EXPECT_EQ(query_of("```graphql\n\"{ users(id: 2) { name } }\"\n```\n```\n{ b { c } }\n```"),
            "{ b { c } }");
  // A fragment definition commented out after the query is not joined.
  EXPECT_EQ(query_of("```graphql\n{ a { ...F } }\n\"note\"\n# fragment F on A { old }\n"
                     "fragment F on A { x }\n```"),
            "{ a { ...F } }\n" + std::string(6, ' ') + "\n" + std::string(25, ' ') +
                "\nfragment F on A { x }");
  EXPECT_EQ(query_of("# The query { users { name } }"), "query { users { name } }");
}

TEST_F(ExtractTest, FencedBlockTagsUntaggedGqlAnyCaseAndTildes) {
  EXPECT_EQ(query_of("```\n{ a }\n```"), "{ a }");
  EXPECT_EQ(query_of("```gql\n{ a }\n```"), "{ a }");
  EXPECT_EQ(query_of("```GraphQL title=\"x\"\n{ a }\n```"), "{ a }");
  EXPECT_EQ(query_of("~~~graphql\n{ a }\n~~~"), "{ a }");
  EXPECT_EQ(query_of("  ```graphql\n  { a }\n  ```\n"), "{ a }");  // indented, as in a list
}

TEST_F(ExtractTest, OtherLanguagesAndBlocksWithoutASelectionSetAreSkipped) {
  std::string text =
      "```graphql\ntype Query {\n  users: [User]\n}\n```\n"  // the schema, repeated
      "```python\nq = \"{ wrong }\"\n```\n"
      "```\n{ users { name } }\n```\n";
  EXPECT_EQ(query_of(text), "{ users { name } }");
  EXPECT_EQ(last_.source, ExtractionSource::kFencedBlock);
  EXPECT_EQ(last_.offset, text.rfind("{ users"));
}

TEST_F(ExtractTest, FirstFittingFenceWins) {
  EXPECT_EQ(query_of("```graphql\n{ first }\n```\nor\n```graphql\n{ second }\n```"), "{ first }");
}

TEST_F(ExtractTest, UnclosedFenceRunsToTheEnd) {
  EXPECT_EQ(query_of("```graphql\nquery { a }\n"), "query { a }");
  EXPECT_EQ(last_.source, ExtractionSource::kFencedBlock);
}

TEST_F(ExtractTest, InlineTripleBackticksAreNotAFence) {
  EXPECT_EQ(query_of("Use ```graphql query { a } ``` here."), "query { a }");
  EXPECT_EQ(last_.source, ExtractionSource::kText);
}

TEST_F(ExtractTest, NoFenceProseBeforeAndAfter) {
  std::string text =
      "Here is the query:\n\nquery GetUser($id: ID!) {\n  user(id: $id) { name }\n}\n\n"
      "This query returns the name.";
  EXPECT_EQ(query_of(text), "query GetUser($id: ID!) {\n  user(id: $id) { name }\n}");
  EXPECT_EQ(last_.source, ExtractionSource::kText);
}

TEST_F(ExtractTest, KeywordsInProseAreNotAnchors) {
  // "query:" and "query (which ...)" do not have the shape of an operation header.
  EXPECT_EQ(query_of("The query: this query (which uses users) is:\n{ users { id } }"),
            "{ users { id } }");
  EXPECT_EQ(query_of("A subscription to updates.\nmutation { like(id: 1) { ok } }"),
            "mutation { like(id: 1) { ok } }");
  EXPECT_EQ(query_of("subscription OnEvent @live { event { id } }"),
            "subscription OnEvent @live { event { id } }");
}

TEST_F(ExtractTest, JsonBeforeTheQueryIsSkipped) {
  EXPECT_EQ(
      query_of("Variables: {\"id\": 1, \"x\": {\"y\": [2]}}\nQuery: { user(id: 1) { name } }"),
      "{ user(id: 1) { name } }");
  EXPECT_EQ(query_of("{}\n{ a }"), "{ a }");
}

TEST_F(ExtractTest, BracesInStringsAndCommentsDoNotCount) {
  EXPECT_EQ(query_of("query { a(s: \"}\") # } not a brace\n b(t: \"\"\"\n}\n\\\"\"\" }\"\"\") }"
                     " trailing prose }"),
            "query { a(s: \"}\") # } not a brace\n b(t: \"\"\"\n}\n\\\"\"\" }\"\"\") }");
}

TEST_F(ExtractTest, ObjectValuesInVariableDefaultsAndDirectives) {
  EXPECT_EQ(query_of("query Q($f: In = {x: {y: 1}}) @d(a: {b: 2}) { f(a: $f) { g } } done"),
            "query Q($f: In = {x: {y: 1}}) @d(a: {b: 2}) { f(a: $f) { g } }");
}

TEST_F(ExtractTest, AnonymousSelectionSetsWithSpreadsAndComments) {
  EXPECT_EQ(query_of("x { ... on User { a } } y"), "{ ... on User { a } }");
  EXPECT_EQ(query_of("{ # comment\n  a }"), "{ # comment\n  a }");
  EXPECT_EQ(query_of("query # name comes next\n Q { a }"), "query # name comes next\n Q { a }");
}

TEST_F(ExtractTest, UnbalancedRegionRunsToTheEnd) {
  EXPECT_EQ(query_of("Try this:\nquery { users { name }\nHope it helps"),
            "query { users { name }\nHope it helps");
  EXPECT_EQ(query_of("query Q($a: Int"), "query Q($a: Int");
  EXPECT_EQ(query_of("{ users { name"), "{ users { name");
  // An unterminated string cannot hide the rest of its line's followers: it
  // ends at the line break, and the braces after it count.
  EXPECT_EQ(query_of("{ a(s: \"oops) }\n }"), "{ a(s: \"oops) }\n }");
}

TEST_F(ExtractTest, NoQuery) {
  EXPECT_EQ(query_of(""), "<none>");
  EXPECT_EQ(query_of("I cannot answer that."), "<none>");
  EXPECT_EQ(query_of("{\"query\": 1, \"b\": [1, 2]}"), "<none>");
  EXPECT_EQ(query_of("```graphql\ntype A { x: Int }\n```"), "<none>");
  EXPECT_FALSE(last_.found);
  EXPECT_EQ(last_.source, ExtractionSource::kNone);
}

TEST_F(ExtractTest, SchemaRepeatedInProseIsSkipped) {
  std::string text =
      "Given the schema\ntype Query {\n  users(first: Int): [User]\n}\ntype User { name: String }\n"
      "the answer is { users(first: 2) { name } }";
  EXPECT_EQ(query_of(text), "{ users(first: 2) { name } }");
}

TEST_F(ExtractTest, DefinitionsWrittenRightAfterJoinTheRegion) {
  std::string text = "query A { ...F }\n\n# the fragment\nfragment F on User { name },\n{ b }\nbye";
  EXPECT_EQ(query_of(text),
            "query A { ...F }\n\n# the fragment\nfragment F on User { name },\n{ b }");
  EXPECT_FALSE(last_.joined);
}

TEST_F(ExtractTest, LaterFragmentsAreJoinedWithTheGapBlanked) {
  std::string text =
      "query { user { ...F ...G } }\nwhere F is\n\nfragment F on User { name }\nand é\n"
      "fragment G on User @x { id }\nThat's all.";
  EXPECT_EQ(query_of(text),
            "query { user { ...F ...G } }\n          \n\nfragment F on User { name }\n     \n"
            "fragment G on User @x { id }");
  EXPECT_TRUE(last_.joined);
  EXPECT_EQ(last_.offset, 0u);
  EXPECT_EQ(last_.source, ExtractionSource::kText);
}

TEST_F(ExtractTest, ALaterFragmentThatNeverClosesRunsToTheEnd) {
  EXPECT_EQ(query_of("{ ...F }\nthen fragment F on U { a\nend"),
            "{ ...F }\n     fragment F on U { a\nend");
}

TEST_F(ExtractTest, FragmentFirstTakesTheDefinitionsAfterIt) {
  EXPECT_EQ(query_of("fragment F on U { a }\nquery { ...F }"),
            "fragment F on U { a }\nquery { ...F }");
}

TEST_F(ExtractTest, CrlfText) {
  EXPECT_EQ(query_of("Answer:\r\n```graphql\r\n{\r\n  a\r\n}\r\n```\r\n"), "{\r\n  a\r\n}");
}

TEST_F(ExtractTest, QueryInsideAJsonString) {
  // Not in a graphql block, so step 2 finds the selection set inside the string.
  EXPECT_EQ(query_of("```json\n{\"query\": \"{ users { name } }\"}\n```"), "{ users { name } }");
  EXPECT_EQ(last_.source, ExtractionSource::kText);
}

TEST_F(ExtractTest, PositionsMapBackToTheText) {
  std::string text = "Intro é\r\nnow: ```graphql\n  { a\n    b }\n```";
  // The fence is not at the start of its line, so it is not a fence: step 2.
  ASSERT_EQ(query_of(text), "{ a\n    b }");
  EXPECT_EQ(position_in_text(text, last_, {1, 1}), (SourcePos{3, 3}));
  EXPECT_EQ(position_in_text(text, last_, {1, 3}), (SourcePos{3, 5}));
  EXPECT_EQ(position_in_text(text, last_, {2, 5}), (SourcePos{4, 5}));
  EXPECT_EQ(position_in_text(text, last_, {0, 0}), (SourcePos{0, 0}));
  text = "\xF0\x9F\x98\x80 { a }";  // a supplementary character counts 2 columns
  ASSERT_EQ(query_of(text), "{ a }");
  EXPECT_EQ(position_in_text(text, last_, {1, 3}), (SourcePos{1, 6}));
}

TEST_F(ExtractTest, CommentsAndProseInsideAFenceAreLeftOut) {
  EXPECT_EQ(query_of("```graphql\n# Get the users\nquery { users { id } }\n```"),
            "query { users { id } }");
  EXPECT_EQ(query_of("```\nThe query:\n{ a }\nDone.\n```"), "{ a }");
}

TEST_F(ExtractTest, TheFirstAnchorWinsEvenInProse) {
  // As the spec says: a "{" followed by a name opens a selection set.
  EXPECT_EQ(query_of("Replace {id} below.\nquery { user(id: 1) { name } }"), "{id}");
}

TEST_F(ExtractTest, AFragmentFirstWithTheOperationAfterProseTakesOnlyTheFragment) {
  // Only definitions written right after a region join it; a later operation
  // does not (later fragments do).
  EXPECT_EQ(query_of("fragment F on U { a }\nNow the query:\nquery { ...F }"),
            "fragment F on U { a }");
}

TEST_F(ExtractTest, SourceNames) {
  EXPECT_EQ(extraction_source_name(ExtractionSource::kNone), "none");
  EXPECT_EQ(extraction_source_name(ExtractionSource::kFencedBlock), "fenced_block");
  EXPECT_EQ(extraction_source_name(ExtractionSource::kText), "text");
}

}  // namespace
}  // namespace gqleval::io

namespace gqleval::io {
namespace {

std::string_view trim_space(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Clean queries, as the datasets hold them, extract to themselves.
void expect_clean_queries_extract_whole(const std::string& path, std::string_view column,
                                        size_t expected_rows) {
  auto file = MappedFile::open(path);
  if (!file.ok()) GTEST_SKIP() << "data absent: " << file.error().message;
  auto reader = CsvReader::open(file->data());
  ASSERT_TRUE(reader.ok());
  auto col = reader->header().find(column);
  ASSERT_TRUE(col.has_value());
  RecordShard shard;
  Arena arena;
  std::vector<std::string_view> fields;
  size_t rows = 0;
  size_t whole = 0;
  std::string first_bad;
  while (reader->next_shard(shard)) {
    for (const RecordSpan& span : shard.records) {
      arena.reset();
      ASSERT_TRUE(reader->parse(span, arena, fields).ok());
      ++rows;
      std::string_view q = fields[*col];
      Extraction e = extract_query(q, arena);
      if (e.found && e.query == trim_space(q)) {
        ++whole;
      } else if (first_bad.empty()) {
        first_bad = std::string(q);
      }
    }
  }
  EXPECT_EQ(rows, expected_rows);
  EXPECT_EQ(whole, rows) << "first that differs:\n" << first_bad;
}

TEST(ExtractDataset, Nl2gqlGroundTruthQueries) {
  expect_clean_queries_extract_whole(
      std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv", "gt_query", 1164);
}

TEST(ExtractDataset, RgevalGraniteCandidates) {
  expect_clean_queries_extract_whole(
      std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv",
      "Query2 Content", 376);
}

}  // namespace
}  // namespace gqleval::io

namespace gqleval::io {
namespace {

// Each NL2GQL ground-truth query, wrapped the ways LLMs answer, extracts to
// itself: in a graphql fence with prose; bare in prose; after the row's schema
// repeated in a graphql fence; after the schema repeated as bare text.
TEST(ExtractDataset, Nl2gqlQueriesWrappedInLlmAnswers) {
  auto file =
      MappedFile::open(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv");
  if (!file.ok()) GTEST_SKIP() << "NL2GQL data absent: " << file.error().message;
  auto reader = CsvReader::open(file->data());
  ASSERT_TRUE(reader.ok());
  size_t schema_col = *reader->header().find("schema");
  size_t query_col = *reader->header().find("gt_query");
  RecordShard shard;
  Arena arena;
  std::vector<std::string_view> fields;
  size_t checked = 0;
  size_t unbalanced = 0;
  while (reader->next_shard(shard)) {
    for (const RecordSpan& span : shard.records) {
      arena.reset();
      ASSERT_TRUE(reader->parse(span, arena, fields).ok());
      std::string schema(fields[schema_col]);
      std::string_view query = trim_space(fields[query_col]);
      const std::string q(query);
      const std::string answers[] = {
          "Here is the GraphQL query:\n\n```graphql\n" + q + "\n```\n\nIt fetches the data.",
          "Sure. The query is:\n" + q + "\nLet me know if you need more.",
          "Given the schema\n```graphql\n" + schema + "\n```\nthe answer is\n```graphql\n" + q +
              "\n```",
          "Schema:\n" + schema + "\n\nAnswer:\n" + q + "\n",
      };
      // A few ground-truth queries lack a closing brace; theirs runs to the end
      // of the fence or of the text.
      bool balanced = std::count(q.begin(), q.end(), '{') == std::count(q.begin(), q.end(), '}');
      unbalanced += !balanced;
      for (size_t i = 0; i < std::size(answers); ++i) {
        const std::string& answer = answers[i];
        Extraction e = extract_query(answer, arena);
        ASSERT_TRUE(e.found) << answer;
        ASSERT_EQ(e.offset, answer.rfind(q));
        std::string expected = q;
        std::string to_end = answer.substr(e.offset);
        if (!balanced) {
          expected = i == 0 || i == 2 ? to_end.substr(0, to_end.find("```")) : to_end;
        }
        ASSERT_EQ(e.query, expected) << "line " << span.line << " of the CSV, answer:\n" << answer;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 4u * 1164u);
  EXPECT_EQ(unbalanced, 4u);  // ids 995-998 of NL2GQL V20.1 lack their last "}"
}

}  // namespace
}  // namespace gqleval::io
