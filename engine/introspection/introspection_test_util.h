// Helpers shared by the introspection tests: the schemas they run on (the
// distinct NL2GQL schemas, the rich schema of testdata/), building a schema
// that must build, and the SDL -> JSON -> SDL round trip.
#pragma once

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "engine/introspection/introspection.h"
#include "engine/schema/schema.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval::introspection::testing {

inline const std::string kSourceDir = GQLEVAL_SOURCE_DIR;
inline const std::string kRichSchemaPath =
    kSourceDir + "/engine/introspection/testdata/rich.graphql";
inline const std::string kNl2gqlPath = kSourceDir + "/datasets/nl2gql/nl2gql_test.csv";
inline const std::string kGoldenPath =
    kSourceDir + "/tests/js/expected/introspection_graphqljs.jsonl";

struct NamedSdl {
  std::string id;  // "nl2gql/<database>", "rich"
  std::string sdl;
};

inline std::string read_text(const std::string& path) {
  auto text = io::read_file(path);
  EXPECT_TRUE(text.ok()) << path << ": " << (text.ok() ? "" : text.error().message);
  return text.ok() ? std::move(text).value() : std::string();
}

// The distinct texts of NL2GQL's `schema` column, in file order, each named by
// the database of its first row.
inline std::vector<NamedSdl> nl2gql_schemas() {
  std::vector<NamedSdl> out;
  if (!std::filesystem::exists(kNl2gqlPath)) return out;
  auto rows = io::parse_csv(read_text(kNl2gqlPath));
  EXPECT_TRUE(rows.ok());
  if (!rows.ok() || rows->empty()) return out;
  const std::vector<std::string>& header = rows->front().fields;
  size_t database = header.size(), schema = header.size();
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == "database") database = i;
    if (header[i] == "schema") schema = i;
  }
  EXPECT_LT(schema, header.size());
  EXPECT_LT(database, header.size());
  if (schema >= header.size() || database >= header.size()) return out;
  std::set<std::string> seen;
  for (size_t r = 1; r < rows->size(); ++r) {
    const std::vector<std::string>& f = (*rows)[r].fields;
    if (f.size() <= std::max(schema, database) || !seen.insert(f[schema]).second) continue;
    out.push_back({"nl2gql/" + f[database], f[schema]});
  }
  return out;
}

// Every SDL the tests run on: the NL2GQL schemas, then the rich schema.
inline std::vector<NamedSdl> all_schemas() {
  std::vector<NamedSdl> out = nl2gql_schemas();
  out.push_back({"rich", read_text(kRichSchemaPath)});
  return out;
}

inline std::shared_ptr<const schema::Schema> must_build(std::string_view sdl,
                                                        std::string_view label) {
  auto built = schema::Schema::build(sdl);
  if (!built.ok()) {
    std::string errors;
    for (const Diagnostic& d : built.error()) errors += format_diagnostic(d);
    ADD_FAILURE() << label << " does not build:\n" << errors << "\n--- SDL:\n" << sdl;
    return nullptr;
  }
  return std::move(built).value();
}

// SDL -> Schema -> introspection JSON -> SDL -> Schema, printed; "" on failure.
inline std::string round_trip(const schema::Schema& s, std::string_view label) {
  const std::string json = schema_to_introspection_json(s);
  auto sdl = introspection_to_sdl(json, label);
  if (!sdl.ok()) {
    ADD_FAILURE() << label << ": " << format_diagnostic(sdl.error().front());
    return {};
  }
  auto rebuilt = must_build(*sdl, label);
  return rebuilt ? rebuilt->print_sdl() : std::string();
}

}  // namespace gqleval::introspection::testing
