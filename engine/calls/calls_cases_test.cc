#include <gtest/gtest.h>

#include <string>

#include "engine/calls/score_calls.h"

namespace gqleval::calls {
namespace {

// A small Spotify-like row: four functions and the response types of two.
const char* kSpecs = R"([
  {"name": "GET_me", "parameters": {"properties": {}}},
  {"name": "GET_search", "parameters": {"properties": {"q": {}, "type": {}, "limit": {}}}},
  {"name": "GET_tracks__id_", "parameters": {"properties": {"id": {}}}},
  {"name": "POST_playlists", "parameters": {"properties": {"user_id": {}, "name": {}, "uris": {}}}}
])";

const char* kSchema = R"(
type GET_me_Root { id: String display_name: String images: [JSON] }
type GET_search_Root { tracks: GET_search_Tracks }
type GET_search_Tracks { items: [GET_search_Track] total: Int }
type GET_search_Track { id: String uri: String name: String artists: [GET_search_Artist] }
type GET_search_Artist { id: String name: String }
type Query { GET_me: GET_me_Root }
type Query { GET_search(q: String, type: String, limit: Int): GET_search_Root }
)";

struct Expect {
  bool arg_full;
  uint32_t matched;
  uint32_t total;
  bool seq_full;
  bool seq_connected;
};

class CallsCases : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto specs = parse_function_specs(kSpecs);
    ASSERT_TRUE(specs.ok());
    auto built = schema::Schema::build(kSchema);
    ASSERT_TRUE(built.ok()) << built.error()[0].message;
    schema_ = *built;
    functions_ = new FunctionSpecs(row_functions(*specs, schema_.get()));
  }
  static CallsRow score(const std::string& reference, const std::string& candidate) {
    return score_calls(*functions_, schema_.get(), reference, candidate);
  }
  static void expect(const std::string& reference, const std::string& candidate, Expect e) {
    const CallsRow row = score(reference, candidate);
    ASSERT_EQ(row.verdict, CallsVerdict::kScored)
        << (row.errors.empty() ? "" : row.errors[0].diagnostic.message);
    const CallsComparison& c = row.comparison;
    EXPECT_EQ(c.arg_match_full, e.arg_full) << candidate;
    EXPECT_EQ(c.arg_calls_matched, e.matched) << candidate;
    EXPECT_EQ(c.arg_calls_total, e.total) << candidate;
    EXPECT_EQ(c.seq_match_full, e.seq_full) << candidate;
    EXPECT_EQ(c.seq_match_connected, e.seq_connected) << candidate;
  }
  static std::shared_ptr<const schema::Schema> schema_;
  static FunctionSpecs* functions_;
};
std::shared_ptr<const schema::Schema> CallsCases::schema_;
FunctionSpecs* CallsCases::functions_ = nullptr;

const std::string kRef =
    "me = GET_me()\n"
    "found = GET_search(q=\"Mariah Carey\", type=\"track\")\n"
    "POST_playlists(user_id=me.id, name=\"Love\", uris=[t.uri for t in found.tracks.items[:3]])\n";

TEST_F(CallsCases, TheSameAnswerWrittenOtherwise) {
  const Expect all{true, 3, 3, true, true};
  expect(kRef, kRef, all);
  // Other variable names, quote style, spacing, parentheses, trailing commas.
  expect(kRef,
         "user = GET_me()\n"
         "res = GET_search(q='Mariah Carey', type = 'track',)\n"
         "POST_playlists(user_id=(user.id), name='Love', uris=[x.uri for x in "
         "res.tracks.items[:3]])\n",
         all);
  // Positional arguments in the spec's order.
  expect(kRef,
         "me = GET_me()\nfound = GET_search(\"Mariah Carey\", \"track\")\n"
         "POST_playlists(me.id, \"Love\", [t.uri for t in found.tracks.items[:3]])\n",
         all);
  // A plain variable stands for its expression.
  expect(kRef,
         "me = GET_me()\nuid = me.id\nfound = GET_search(q=\"Mariah Carey\", type=\"track\")\n"
         "top = [t.uri for t in found.tracks.items[:3]]\n"
         "POST_playlists(user_id=uid, name=\"Love\", uris=top)\n",
         all);
  // Independent calls in another order: the sequence differs; so does the
  // component that joins them (its names are in program order).
  expect(kRef,
         "found = GET_search(q=\"Mariah Carey\", type=\"track\")\nme = GET_me()\n"
         "POST_playlists(user_id=me.id, name=\"Love\", uris=[t.uri for t in "
         "found.tracks.items[:3]])\n",
         {true, 3, 3, false, false});
  // Two independent chains swapped: the components are the same multiset.
  expect("a = GET_search(q=\"x\")\nGET_tracks__id_(id=a.tracks.items[0].id)\nGET_me()\n",
         "GET_me()\nb = GET_search(q=\"x\")\nGET_tracks__id_(id=b.tracks.items[0].id)\n",
         {true, 3, 3, false, true});
  // In prose with a fenced block.
  expect(kRef, "Here is the code:\n```python\n" + kRef + "```\nIt makes the playlist.", all);
  // Two fenced blocks, joined in order; a block in another language is not code.
  expect(kRef,
         "```\nme = GET_me()\n```\n```json\n{\"x\": 1}\n```\n```py\n"
         "found = GET_search(q=\"Mariah Carey\", type=\"track\")\n"
         "POST_playlists(user_id=me.id, name=\"Love\", uris=[t.uri for t in "
         "found.tracks.items[:3]])\n```",
         all);
}

TEST_F(CallsCases, WrongAnswers) {
  // A wrong argument value.
  expect(kRef,
         "me = GET_me()\nfound = GET_search(q=\"Mariah\", type=\"track\")\n"
         "POST_playlists(user_id=me.id, name=\"Love\", uris=[t.uri for t in "
         "found.tracks.items[:3]])\n",
         {false, 2, 3, true, true});
  // A missing call: the playlist is made without the search.
  expect(kRef, "me = GET_me()\nPOST_playlists(user_id=me.id, name=\"Love\", uris=[])\n",
         {false, 1, 3, false, false});
  // An extra call: arguments all there, sequences differ.
  expect(kRef, kRef + "GET_me()\n", {true, 3, 3, false, false});
  // A comprehension where the reference indexes.
  const std::string ref2 = "r = GET_search(q=\"a\")\nGET_tracks__id_(id=r.tracks.items[0].id)\n";
  expect(ref2, "r = GET_search(q=\"a\")\nGET_tracks__id_(id=[t.id for t in r.tracks.items][0])\n",
         {false, 1, 2, true, true});
  // `1` is not `1.0`; "a" is 'a'.
  expect("GET_search(q='a', limit=1)\n", "GET_search(q=\"a\", limit=1.0)\n",
         {false, 0, 1, true, true});
  // The dependency broken: the id is typed in instead of read.
  expect(ref2, "r = GET_search(q=\"a\")\nGET_tracks__id_(id=\"4uLU6hMCjMI75M1A2tKUQC\")\n",
         {false, 1, 2, true, false});
}

// Comprehension variables are numbered within each comprehension: an earlier,
// unrelated comprehension does not rename a later one that is the reference's.
TEST_F(CallsCases, AnEarlierComprehensionDoesNotRenameALaterOne) {
  const std::string reference =
      "response_obj1 = GET_search(q=\"x\", type=\"track\")\n"
      "POST_playlists(user_id=\"u\", name=\"n\", uris=[{\"uri\": item.track.uri} for item in "
      "response_obj1.tracks.items])\n";
  const std::string candidate =
      "response_obj1 = GET_search(q=\"x\", type=\"track\")\n"
      "names = [a.name for a in response_obj1.tracks.items]\n"
      "print(names)\n"
      "POST_playlists(user_id=\"u\", name=\"n\", uris=[{\"uri\": item.track.uri} for item in "
      "response_obj1.tracks.items])\n";
  expect(reference, candidate, {true, 2, 2, true, true});
  CallsPrograms programs;
  const CallsRow row = score_calls(*functions_, schema_.get(), reference, candidate, &programs);
  EXPECT_TRUE(row.comparison.missing_arguments.empty());
  EXPECT_TRUE(row.comparison.extra_arguments.empty());
  ASSERT_EQ(programs.candidate.calls.size(), 2u);
  ASSERT_EQ(programs.candidate.calls[1].arguments.size(), 3u);
  EXPECT_EQ(programs.candidate.calls[1].arguments[2].value,
            "[{\"uri\": _v0.track.uri} for _v0 in GET_search#0.tracks.items]");
}

// Variables in scope at once keep distinct names: nested comprehensions,
// several `for` clauses, a comprehension in a `for` loop's body.
TEST_F(CallsCases, VariablesInScopeTogetherHaveDistinctNames) {
  const std::string code =
      "r = GET_search(q=\"x\")\n"
      "POST_playlists(uris=[[y.id for y in x.artists] for x in r.tracks.items], "
      "name=[a.id + b.id for a in r.tracks.items for b in a.artists], "
      "user_id=[[y for y in x] + [z for z in x] for x in r.tracks.items])\n"
      "for t in r.tracks.items:\n"
      "    GET_tracks__id_(id=[a.id for a in t.artists][0])\n"
      "for k, v in r.tracks.items:\n"
      "    GET_tracks__id_(id={w: v for w in k})\n";
  CallsPrograms programs;
  score_calls(*functions_, schema_.get(), code, code, &programs);
  const std::vector<ApiCall>& calls = programs.candidate.calls;
  ASSERT_EQ(calls.size(), 4u);
  std::vector<std::string> values;
  for (const ApiCall& c : calls) {
    for (const Argument& a : c.arguments) values.push_back(c.function + " " + a.value);
  }
  EXPECT_EQ(values,
            (std::vector<std::string>{
                "GET_search \"x\"",
                "POST_playlists [[_v1.id for _v1 in _v0.artists] for _v0 in "
                "GET_search#0.tracks.items]",
                "POST_playlists [(_v0.id + _v1.id) for _v0 in GET_search#0.tracks.items for _v1 "
                "in _v0.artists]",
                "POST_playlists [([_v1 for _v1 in _v0] + [_v1 for _v1 in _v0]) for _v0 in "
                "GET_search#0.tracks.items]",
                "GET_tracks__id_ [_v0.id for _v0 in _f0.artists][0]",
                "GET_tracks__id_ {_v0: _f2 for _v0 in _f1}",
            }));
}

// More labelled pairs, one line each: reference, candidate, and the expected
// Arg Match (full), calls matched of total, Seq Match (full) and (connected).
struct Labelled {
  const char* reference;
  const char* candidate;
  Expect expect;
};

const Labelled kLabelled[] = {
    // Renamed variables, chained through several calls.
    {"a = GET_search(q=\"x\")\nb = GET_tracks__id_(id=a.tracks.items[0].id)\nGET_me()\n",
     "s = GET_search(q=\"x\")\nt = GET_tracks__id_(id=s.tracks.items[0].id)\nGET_me()\n",
     {true, 3, 3, true, true}},
    // A keyword argument given positionally, and the reverse.
    {"GET_search(q=\"x\", type=\"track\")\n",
     "GET_search(\"x\", type=\"track\")\n",
     {true, 1, 1, true, true}},
    {"GET_search(\"x\", \"track\")\n",
     "GET_search(type=\"track\", q=\"x\")\n",
     {true, 1, 1, true, true}},
    // A positional argument in the wrong place is another parameter.
    {"GET_search(q=\"x\", type=\"track\")\n",
     "GET_search(\"track\", \"x\")\n",
     {false, 0, 1, true, true}},
    // Keyword arguments given as a dict with **.
    {"GET_search(q=\"x\", limit=3)\n",
     "GET_search(**{\"q\": \"x\", \"limit\": 3})\n",
     {true, 1, 1, true, true}},
    // An argument the reference does not give is extra, not wrong.
    {"GET_search(q=\"x\")\n", "GET_search(q=\"x\", limit=5)\n", {true, 1, 1, true, true}},
    // An argument left out.
    {"GET_search(q=\"x\", limit=5)\n", "GET_search(q=\"x\")\n", {false, 0, 1, true, true}},
    // Numbers: 5 is 5, 5.0 is not, 0x5 is 5.
    {"GET_search(q=\"x\", limit=5)\n",
     "GET_search(q=\"x\", limit=0x5)\n",
     {true, 1, 1, true, true}},
    {"GET_search(q=\"x\", limit=5)\n",
     "GET_search(q=\"x\", limit=5.0)\n",
     {false, 0, 1, true, true}},
    // Strings: quotes, escapes, implicit concatenation and raw strings.
    {"GET_search(q=\"it's\")\n", "GET_search(q='it\\'s')\n", {true, 1, 1, true, true}},
    {"GET_search(q=\"ab\")\n", "GET_search(q=\"a\" 'b')\n", {true, 1, 1, true, true}},
    {"GET_search(q=\"a\\\\d\")\n", "GET_search(q=r\"a\\d\")\n", {true, 1, 1, true, true}},
    // An f-string reading a response.
    {"m = GET_me()\nGET_search(q=f\"user {m.id}\")\n",
     "me = GET_me()\nGET_search(q=f'user {me.id}')\n",
     {true, 2, 2, true, true}},
    // A missing call at the start of a chain.
    {"a = GET_search(q=\"x\")\nGET_tracks__id_(id=a.tracks.items[0].id)\n",
     "GET_tracks__id_(id=\"1\")\n",
     {false, 0, 2, false, false}},
    // A call made twice: the second is extra.
    {"GET_me()\n", "GET_me()\nGET_me()\n", {true, 1, 1, false, false}},
    // Two calls of one function swapped: each still finds its match.
    {"GET_search(q=\"a\")\nGET_search(q=\"b\")\n",
     "GET_search(q=\"b\")\nGET_search(q=\"a\")\n",
     {true, 2, 2, true, true}},
    // The wrong function.
    {"GET_me()\n", "GET_search(q=\"me\")\n", {true, 0, 1, false, false}},
    // The result read from the wrong call.
    {"a = GET_search(q=\"x\")\nb = GET_search(q=\"y\")\nGET_tracks__id_(id=b.tracks.items[0].id)\n",
     "a = GET_search(q=\"x\")\nb = GET_search(q=\"y\")\nGET_tracks__id_(id=a.tracks.items[0].id)\n",
     {false, 2, 3, true, true}},  // the components' names agree; the argument does not
    // Another index.
    {"a = GET_search(q=\"x\")\nGET_tracks__id_(id=a.tracks.items[0].id)\n",
     "a = GET_search(q=\"x\")\nGET_tracks__id_(id=a.tracks.items[1].id)\n",
     {false, 1, 2, true, true}},
    // Comprehension variables renamed by position.
    {"a = GET_search(q=\"x\")\nPOST_playlists(uris=[t.uri for t in a.tracks.items if t.name])\n",
     "b = GET_search(q=\"x\")\nPOST_playlists(uris=[z.uri for z in b.tracks.items if z.name])\n",
     {true, 2, 2, true, true}},
    // A list built in a for loop is not the comprehension it computes.
    {"a = GET_search(q=\"x\")\nPOST_playlists(uris=[t.uri for t in a.tracks.items])\n",
     "a = GET_search(q=\"x\")\nu = []\nfor t in a.tracks.items:\n    "
     "u.append(t.uri)\nPOST_playlists(uris=u)\n",
     {false, 1, 2, true, false}},
    // A call inside a loop still counts once, and reads the loop's response.
    {"a = GET_search(q=\"x\")\nfor t in a.tracks.items:\n    GET_tracks__id_(id=t.id)\n",
     "s = GET_search(q=\"x\")\nfor item in s.tracks.items:\n    GET_tracks__id_(id=item.id)\n",
     {true, 2, 2, true, true}},
    // A nested call: its response is read by the outer one.
    {"a = GET_search(q=\"x\")\nGET_tracks__id_(id=a.tracks.items[0].id)\n",
     "GET_tracks__id_(id=GET_search(q=\"x\").tracks.items[0].id)\n",
     {true, 2, 2, true, true}},
    // Imports, comments and blank lines do not matter.
    {"GET_me()\n", "import json\n\n# who am I\nGET_me()  # call it\n", {true, 1, 1, true, true}},
    // Parentheses and operators written one way.
    {"GET_search(q=\"a\" + \"b\", limit=(1 + 2) * 3)\n",
     "GET_search(q=(\"a\" + \"b\"), limit=((1 + 2)) * 3)\n",
     {true, 1, 1, true, true}},
    {"GET_search(q=\"a\", limit=1 + 2 * 3)\n",
     "GET_search(q=\"a\", limit=(1 + 2) * 3)\n",
     {false, 0, 1, true, true}},
    // A variable for a literal stands for the literal.
    {"GET_search(q=\"x\")\n", "query = \"x\"\nGET_search(q=query)\n", {true, 1, 1, true, true}},
    // A loop target that binds no name (found by the calls fuzzer).
    {"GET_me()\n",
     "for a[::-1] in GET_search(q=\"x\").tracks.items:\n    GET_me()\n",
     {true, 1, 1, false, false}},
    // No call at all: GET_me has no argument to miss (Arg Match (full) is 1),
    // but the call is not matched and the sequences differ.
    {"GET_me()\n", "print(\"hello\")\n", {true, 0, 1, false, false}},
};

TEST_F(CallsCases, LabelledPairs) {
  for (const Labelled& c : kLabelled) expect(c.reference, c.candidate, c.expect);
}

TEST_F(CallsCases, ResponsePathsAgainstTheSchema) {
  const CallsRow row =
      score(kRef,
            "me = GET_me()\nfound = GET_search(q=\"Mariah Carey\", type=\"track\")\n"
            "POST_playlists(user_id=me.ids, name=\"Love\", uris=[t.uri for t in "
            "found.track.items[:3]])\nx = me.images[0].url\nn = found.tracks.total[0]\n");
  ASSERT_EQ(row.verdict, CallsVerdict::kScored);
  std::vector<std::string> got;
  for (const InvalidPath& p : row.invalid_paths) {
    got.push_back(std::to_string(p.pos.line) + ":" + std::to_string(p.pos.column) + " " + p.path +
                  ": " + p.message);
  }
  EXPECT_EQ(got,
            (std::vector<std::string>{
                "3:27 GET_me#0.ids: GET_me_Root has no field \"ids\"; did you mean \"id\"?",
                "3:72 GET_search#0.track: GET_search_Root has no field \"track\"; did you "
                "mean \"tracks\"?",
                "5:24 GET_search#0.tracks.total[i]: Int is not a list: it cannot be indexed"}));
}

TEST(ExtractCode, FencesAnywhere) {
  EXPECT_EQ(extract_code("x = 1"), "x = 1");
  EXPECT_EQ(extract_code("a\n```python\nx = 1\n```\nb\n```\ny = 2\n```"), "x = 1\n\ny = 2\n");
  // No Python or unlabelled block: the text as it is (it will not parse).
  EXPECT_EQ(extract_code("```js\nx\n```"), "```js\nx\n```");
  EXPECT_EQ(extract_code("```python\nx = 1"), "x = 1\n");  // an unclosed block runs to the end
  // A fence on the last line, with no newline after it (found by the calls fuzzer).
  EXPECT_EQ(extract_code("m = GET_me()\n```"), "");
  EXPECT_EQ(extract_code("```"), "");
  // The last line of an unclosed block ends with a newline too, an empty one included.
  EXPECT_EQ(extract_code("```python\nx = 1\n"), "x = 1\n\n");
  EXPECT_EQ(extract_code("```python\n"), "\n");
}

// The fences are io/markdown_fence.h's, as for a GraphQL answer (CommonMark).
TEST(ExtractCode, FencesAsCommonMarkReadsThem) {
  EXPECT_EQ(extract_code("~~~python\nx = 1\n~~~\n"), "x = 1\n");
  EXPECT_EQ(extract_code("````python\nx = 1\n```\n````"), "x = 1\n```\n");
  // The language is the first word of the info string.
  EXPECT_EQ(extract_code("```python title=\"a\"\nx = 1\n```"), "x = 1\n");
  EXPECT_EQ(extract_code("  ```py\nx = 1\n  ```"), "x = 1\n");
  // A line with an info string closes nothing: the block runs on.
  EXPECT_EQ(extract_code("```python\nx = 1\n```text\ny\n"), "x = 1\n```text\ny\n\n");
  // Backticks in a backtick fence's info string make inline code, not a fence.
  EXPECT_EQ(extract_code("see ```python x``` and\n```python\nx = 1\n```"), "x = 1\n");
  EXPECT_EQ(extract_code("```python x = 1 ```\ny = 2"), "```python x = 1 ```\ny = 2");
  // A tilde line does not close a backtick block.
  EXPECT_EQ(extract_code("```\nx = 1\n~~~\n```"), "x = 1\n~~~\n");
}

TEST_F(CallsCases, Unparseable) {
  const CallsRow row = score(kRef, "def run():\n    GET_me()\n");
  EXPECT_EQ(row.verdict, CallsVerdict::kUnparseable);
  ASSERT_EQ(row.errors.size(), 1u);
  EXPECT_EQ(row.errors[0].query, "candidate");
  EXPECT_EQ(row.errors[0].diagnostic.rule, "Unsupported");
  EXPECT_EQ(row.errors[0].diagnostic.message, "'def' is outside the Python subset gqleval reads");
  EXPECT_EQ(score(kRef, "   \n").verdict, CallsVerdict::kNoCode);
}

}  // namespace
}  // namespace gqleval::calls
