// Differential tests against graphql-js 16.15.0 (tests/js/introspection.mjs),
// through the golden file tests/js/expected/introspection_graphqljs.jsonl:
//   - for each SDL (the 13 NL2GQL schemas and testdata/rich.graphql, each as
//     Schema::print_sdl prints it), our schema_to_introspection_json is
//     byte for byte JSON.stringify({data: introspectionFromSchema(schema)}),
//     and introspection_to_sdl of graphql-js's JSON builds a schema that
//     print_sdl prints as printSchema(buildClientSchema(json));
//   - for each hand-written introspection JSON below (shapes that servers other
//     than graphql-js answer), the same for introspection_to_sdl.
// And the round trip SDL -> Schema -> JSON -> SDL -> Schema prints the same.
//
// Regenerate the golden file with tests/js/regen_introspection_golden.sh; the
// input it gives graphql-js is written by WriteGraphqljsInput below.
#include <simdjson.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "engine/introspection/introspection_test_util.h"
#include "io/json_writer.h"

namespace gqleval::introspection {
namespace {

using testing::all_schemas;
using testing::must_build;
using testing::NamedSdl;

// Introspection JSON as other servers write it.
const NamedSdl kJsonInputs[] = {
    // An older server: no description, specifiedByURL, isOneOf, isRepeatable or
    // input deprecation members; interfaces null on an interface; defaults as
    // written ("3" for a [Int], "1.0" for a Float); the built-in scalars first.
    {"json/old-server", R"({"data":{"__schema":{
  "queryType":{"name":"Query"},"mutationType":null,
  "types":[
    {"kind":"SCALAR","name":"String"},
    {"kind":"SCALAR","name":"Int"},
    {"kind":"SCALAR","name":"Float"},
    {"kind":"SCALAR","name":"Boolean"},
    {"kind":"OBJECT","name":"Query","fields":[
      {"name":"pets","args":[
         {"name":"ids","type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Int","ofType":null}}},"defaultValue":"3"},
         {"name":"weight","type":{"kind":"SCALAR","name":"Float"},"defaultValue":"1.0"},
         {"name":"kind","type":{"kind":"ENUM","name":"Kind"},"defaultValue":"CAT"},
         {"name":"where","type":{"kind":"INPUT_OBJECT","name":"Where"},"defaultValue":"{ name : \"x\" }"}],
       "type":{"kind":"NON_NULL","ofType":{"kind":"LIST","ofType":{"kind":"INTERFACE","name":"Pet"}}},
       "isDeprecated":false,"deprecationReason":null},
      {"name":"legacy","args":[],"type":{"kind":"SCALAR","name":"String"},"isDeprecated":true,"deprecationReason":"No longer supported"}],
     "interfaces":[]},
    {"kind":"INTERFACE","name":"Pet","fields":[{"name":"name","args":[],"type":{"kind":"SCALAR","name":"String"},"isDeprecated":false}],"interfaces":null,"possibleTypes":[{"kind":"OBJECT","name":"Cat"}]},
    {"kind":"OBJECT","name":"Cat","fields":[{"name":"name","args":[],"type":{"kind":"SCALAR","name":"String"}}],"interfaces":[{"kind":"INTERFACE","name":"Pet"}]},
    {"kind":"ENUM","name":"Kind","enumValues":[{"name":"CAT"},{"name":"DOG","isDeprecated":true,"deprecationReason":"gone"}]},
    {"kind":"INPUT_OBJECT","name":"Where","inputFields":[{"name":"name","type":{"kind":"SCALAR","name":"String"},"defaultValue":null},{"name":"minWeight","type":{"kind":"SCALAR","name":"Float"},"defaultValue":"0"}]}
  ],
  "directives":[
    {"name":"include","locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"Boolean"}}}]},
    {"name":"auth","locations":["OBJECT","FIELD_DEFINITION"],"args":[{"name":"role","type":{"kind":"SCALAR","name":"String"},"defaultValue":"\"user\""}]}
  ]}}})"},
    // The bare shape, non-default root names, descriptions that print as
    // strings rather than block strings, a schema description, a union, oneOf,
    // specifiedBy, a repeatable directive, and introspection types listed.
    {"json/bare", R"({"__schema":{
  "description":"The schema.",
  "queryType":{"name":"Root","kind":"OBJECT"},
  "mutationType":{"name":"Writes","kind":"OBJECT"},
  "subscriptionType":null,
  "types":[
    {"kind":"OBJECT","name":"Root","description":"\n  leading newline","fields":[
      {"name":"search","description":"trailing space \t","args":[{"name":"by","description":"a\u0001control","type":{"kind":"LIST","name":null,"ofType":{"kind":"INPUT_OBJECT","name":"By","ofType":null}},"defaultValue":null,"isDeprecated":true,"deprecationReason":"use other"}],"type":{"kind":"UNION","name":"Result","ofType":null},"isDeprecated":false,"deprecationReason":null},
      {"name":"when","description":null,"args":[],"type":{"kind":"SCALAR","name":"Date","ofType":null},"isDeprecated":false,"deprecationReason":null}],
     "inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
    {"kind":"OBJECT","name":"Writes","description":null,"fields":[{"name":"touch","description":null,"args":[],"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
    {"kind":"UNION","name":"Result","description":"A or B","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":[{"kind":"OBJECT","name":"B","ofType":null},{"kind":"OBJECT","name":"A","ofType":null}]},
    {"kind":"OBJECT","name":"A","description":null,"fields":[{"name":"a","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
    {"kind":"OBJECT","name":"B","description":null,"fields":[{"name":"b","description":null,"args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null}],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
    {"kind":"INPUT_OBJECT","name":"By","description":null,"isOneOf":true,"fields":null,"inputFields":[{"name":"id","description":null,"type":{"kind":"SCALAR","name":"ID","ofType":null},"defaultValue":null,"isDeprecated":false,"deprecationReason":null},{"name":"text","description":"The text.","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null,"isDeprecated":true,"deprecationReason":"No longer supported"}],"interfaces":null,"enumValues":null,"possibleTypes":null},
    {"kind":"SCALAR","name":"Date","description":"A date.","specifiedByURL":"https://example.com/date?a=1&b=\"2\"","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},
    {"kind":"SCALAR","name":"String","description":"text","fields":null},
    {"kind":"SCALAR","name":"ID"},
    {"kind":"SCALAR","name":"Boolean"},
    {"kind":"ENUM","name":"__TypeKind","enumValues":[]},
    {"kind":"OBJECT","name":"__Schema","fields":[],"interfaces":[]}
  ],
  "directives":[
    {"name":"log","description":"Logs.","isRepeatable":true,"locations":["FIELD","QUERY"],"args":[{"name":"level","description":null,"type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":"\"info\"","isDeprecated":false,"deprecationReason":null}]},
    {"name":"deprecated","locations":["FIELD_DEFINITION"],"args":[]}
  ]}})"},
};

const NamedSdl* json_input(std::string_view id) {
  for (const NamedSdl& in : kJsonInputs) {
    if (in.id == id) return &in;
  }
  return nullptr;
}

// Writes the input of tests/js/introspection.mjs when
// GQLEVAL_WRITE_INTROSPECTION_INPUT names a file (the regen script sets it).
TEST(IntrospectionGolden, WriteGraphqljsInput) {
  const char* path = std::getenv("GQLEVAL_WRITE_INTROSPECTION_INPUT");
  if (path == nullptr) GTEST_SKIP() << "GQLEVAL_WRITE_INTROSPECTION_INPUT not set";
  std::ofstream out(path, std::ios::binary);
  for (const NamedSdl& in : all_schemas()) {
    auto s = must_build(in.sdl, in.id);
    ASSERT_TRUE(s);
    std::string line;
    io::JsonWriter w(line);
    w.begin_object().key("id").str(in.id).key("schema").str(s->print_sdl()).end_object();
    out << line << '\n';
  }
  for (const NamedSdl& in : kJsonInputs) {
    std::string line;
    io::JsonWriter w(line);
    w.begin_object().key("id").str(in.id).key("introspection").str(in.sdl).end_object();
    out << line << '\n';
  }
}

struct Golden {
  std::string introspection;  // empty for a JSON input
  std::string printed;
  std::string error;
};

std::map<std::string, Golden> read_golden() {
  std::map<std::string, Golden> out;
  std::ifstream in(testing::kGoldenPath, std::ios::binary);
  EXPECT_TRUE(in) << "no golden file " << testing::kGoldenPath;
  simdjson::dom::parser parser;
  std::string line;
  while (std::getline(in, line)) {
    simdjson::dom::element e;
    EXPECT_EQ(parser.parse(line).get(e), simdjson::SUCCESS) << line.substr(0, 200);
    Golden g;
    std::string_view id, s;
    EXPECT_EQ(e["id"].get_string().get(id), simdjson::SUCCESS);
    if (e["introspection"].get_string().get(s) == simdjson::SUCCESS) g.introspection = s;
    if (e["printed"].get_string().get(s) == simdjson::SUCCESS) g.printed = s;
    if (e["error"].get_string().get(s) == simdjson::SUCCESS) g.error = s;
    out.emplace(std::string(id), std::move(g));
  }
  return out;
}

TEST(IntrospectionGolden, SchemaToIntrospectionIsGraphqljsByteForByte) {
  const std::map<std::string, Golden> golden = read_golden();
  size_t compared = 0;
  for (const NamedSdl& in : all_schemas()) {
    auto it = golden.find(in.id);
    ASSERT_NE(it, golden.end()) << in.id << " is not in the golden file: regenerate it";
    auto s = must_build(in.sdl, in.id);
    ASSERT_TRUE(s);
    const std::string ours = schema_to_introspection_json(*s);
    const std::string& theirs = it->second.introspection;
    if (ours != theirs) {
      size_t at = 0;
      while (at < ours.size() && at < theirs.size() && ours[at] == theirs[at]) ++at;
      const size_t from = at < 200 ? 0 : at - 200;
      ADD_FAILURE() << in.id << ": first difference at byte " << at
                    << "\n ours: " << ours.substr(from, 400)
                    << "\n graphql-js: " << theirs.substr(from, 400);
    }
    ++compared;
  }
  EXPECT_EQ(compared, 14u);  // 13 NL2GQL schemas and the rich one
}

TEST(IntrospectionGolden, IntrospectionToSdlBuildsGraphqljsClientSchema) {
  const std::map<std::string, Golden> golden = read_golden();
  size_t compared = 0;
  for (const auto& [id, g] : golden) {
    const NamedSdl* json = json_input(id);
    const std::string& input = json != nullptr ? json->sdl : g.introspection;
    ASSERT_FALSE(input.empty()) << id << ": neither a JSON input nor graphql-js's introspection";
    ASSERT_TRUE(g.error.empty()) << id << ": graphql-js failed: " << g.error;
    auto sdl = introspection_to_sdl(input, id);
    ASSERT_TRUE(sdl.ok()) << format_diagnostic(sdl.error().front());
    auto s = must_build(*sdl, id);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->print_sdl(), g.printed) << id;
    // The SDL we write is already in printSchema form except for defaults,
    // which the build coerces: print_sdl of a schema without them is the text.
    ++compared;
  }
  EXPECT_EQ(compared, 14u + std::size(kJsonInputs));
}

TEST(IntrospectionGolden, RoundTripPrintsTheSameSchema) {
  size_t round_trips = 0;
  for (const NamedSdl& in : all_schemas()) {
    auto s = must_build(in.sdl, in.id);
    ASSERT_TRUE(s);
    EXPECT_EQ(testing::round_trip(*s, in.id), s->print_sdl()) << in.id;
    ++round_trips;
  }
  EXPECT_EQ(round_trips, 14u);
}

}  // namespace
}  // namespace gqleval::introspection
