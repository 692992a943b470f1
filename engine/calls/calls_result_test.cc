#include "engine/calls/calls_result.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/calls/calls_summary.h"
#include "engine/python_subset/parser.h"

namespace gqleval::calls {
namespace {

FunctionSpecs specs() {
  auto s = parse_function_specs(
      R"([{"name": "GET_me", "parameters": {"properties": {}}},
          {"name": "GET_tracks", "parameters": {"properties": {"id": {}}}}])");
  EXPECT_TRUE(s.ok());
  return *s;
}

TEST(CallsResult, OneRowAsJson) {
  const CallsRow row = score_calls(specs(), nullptr, "m = GET_me()\nGET_tracks(id=m.id)\n",
                                   "```python\nme = GET_me()\nGET_tracks(id=\"7\")\n```");
  std::string line;
  append_calls_result(line, "{\"row\":3,\"id\":\"q7\",", row);
  EXPECT_EQ(
      line,
      "{\"row\":3,\"id\":\"q7\",\"verdict\":\"scored\",\"arg_match_full\":0,"
      "\"arg_calls_matched\":1,\"arg_calls_total\":2,\"seq_match_full\":1,"
      "\"seq_match_connected\":0,"
      "\"missing_arguments\":[{\"function\":\"GET_tracks\",\"parameter\":\"id\",\"value\":"
      "\"GET_me#0.id\",\"line\":2,\"column\":15}],"
      "\"extra_arguments\":[{\"function\":\"GET_tracks\",\"parameter\":\"id\",\"value\":"
      "\"\\\"7\\\"\",\"line\":2,\"column\":15}],"
      "\"components\":{\"reference\":[[\"GET_me\",\"GET_tracks\"]],\"candidate\":[[\"GET_me\"],"
      "[\"GET_tracks\"]]},\"invalid_paths\":[],\"errors\":[]}");
}

TEST(CallsResult, UnparseableRowsKeepTheReferenceCalls) {
  const CallsRow row =
      score_calls(specs(), nullptr, "m = GET_me()\nGET_tracks(id=m.id)\n", "GET_me(\n");
  std::string line;
  append_calls_result(line, "{\"row\":0,\"id\":\"x\",", row);
  EXPECT_NE(line.find("\"verdict\":\"unparseable\",\"arg_match_full\":0,\"arg_calls_matched\":0,"
                      "\"arg_calls_total\":2"),
            std::string::npos)
      << line;
  EXPECT_NE(
      line.find("\"errors\":[{\"query\":\"candidate\",\"rule\":\"SyntaxError\",\"message\":\"'(' "
                "was never closed\",\"line\":1,\"column\":7}]"),
      std::string::npos)
      << line;
}

TEST(CallsResult, BadRowsHaveEveryMemberAndTheirReason) {
  std::string line = "{\"row\":0}\n";
  append_calls_bad_row(line, "{\"row\":1,\"id\":\"2:ab\",",
                       make_error("invalid_json", "line 2: not JSON", {2, 5}));
  EXPECT_EQ(line,
            "{\"row\":0}\n{\"row\":1,\"id\":\"2:ab\",\"verdict\":\"bad_row\",\"arg_match_full\":0,"
            "\"arg_calls_matched\":0,\"arg_calls_total\":0,\"seq_match_full\":0,"
            "\"seq_match_connected\":0,\"missing_arguments\":[],\"extra_arguments\":[],"
            "\"components\":{\"reference\":[],\"candidate\":[]},\"invalid_paths\":[],"
            "\"errors\":[{\"query\":\"row\",\"rule\":\"invalid_json\",\"message\":\"line 2: not "
            "JSON\",\"line\":2,"
            "\"column\":5}]}");
}

TEST(CallsResult, DependencyGraphAsDot) {
  auto module = python_subset::parse("m = GET_me()\nGET_tracks(id=m.id)\nGET_me()\n");
  ASSERT_TRUE(module.ok());
  EXPECT_EQ(dependency_dot(standardize(**module, specs()), "row 0 reference"),
            "digraph \"row 0 reference\" {\n"
            "  c0 [label=\"GET_me#0\"];\n"
            "  c1 [label=\"GET_tracks#0\"];\n"
            "  c2 [label=\"GET_me#1\"];\n"
            "  c0 -> c1;\n"
            "}\n");
}

TEST(CallsSummary, ThePapersTableOverallAndPerGroup) {
  CallsSummary s;
  const FunctionSpecs f = specs();
  const std::string ref = "m = GET_me()\nGET_tracks(id=m.id)\n";
  s.add(score_calls(f, nullptr, ref, ref), "spotify");
  s.add(score_calls(f, nullptr, ref, "GET_me()\n"), "spotify");
  s.add(score_calls(f, nullptr, ref, "def f(): pass"), "tmdb");
  s.add_bad_row("tmdb");
  // Row 2 matches GET_me (it takes no argument) but not GET_tracks: 3 of 4.
  EXPECT_EQ(s.table(),
            "                               all      spotify         tmdb\n"
            "rows                             3            2            1\n"
            "Arg Match (full)             0.333        0.500        0.000\n"
            "Arg Match (functions)  0.500 (3/6)  0.750 (3/4)  0.000 (0/2)\n"
            "Seq Match (full)             0.333        0.500        0.000\n"
            "Seq Match (connected)        0.333        0.500        0.000\n"
            "unparseable                      1            0            1\n"
            "no code                          0            0            0\n"
            "invalid paths                    0            0            0\n"
            "bad rows                         1            0            1\n");
  EXPECT_EQ(s.all().calls_total, 6u);
  EXPECT_NE(s.json().find("\"groups\":{\"spotify\":{\"rows\":2,"), std::string::npos) << s.json();
}

}  // namespace
}  // namespace gqleval::calls
