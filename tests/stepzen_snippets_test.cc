// Acceptance sweep: StepZen projects as StepZen serves them.
//
// tests/data/stepzen-snippets/ holds the .graphql files of the public
// repository stepzen-dev/snippets (MIT, its LICENSE beside them). Each
// `index.graphql` there is a project: its schema is assembled as StepZen does
// (the files named by `schema @sdl(files: [...])`, relative to the including
// file, followed recursively, each file once; the documents named by
// `executables:` are requests, not schema), built with Schema::build in the
// default (StepZen) dialect, and every request file of the project (its
// `executables:` documents, and operations.graphql / requests.graphql beside
// index.graphql) is validated against it.
//
// The bar: every project builds and every request validates. The test prints
// the figures, and for a failure the project and the diagnostics.
//
// The schema is read by gqleval's loader (engine/sources); the test also walks
// the includes itself, to find the request documents and to check the files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/sources/schema_sources.h"
#include "engine/validate/validator.h"
#include "io/file.h"

namespace gqleval {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(GQLEVAL_SOURCE_DIR) / "tests/data/stepzen-snippets";

struct Project {
  fs::path index;
  std::string sdl;                     // the schema files' texts, in include order
  std::vector<fs::path> schema_files;  // in include order
  std::vector<fs::path> requests;      // request documents
  std::string problem;                 // why the project could not be assembled
};

std::string shown(const fs::path& p) { return p.lexically_relative(kRoot).generic_string(); }

// The string values of `value`: a string, or a list of strings.
std::vector<std::string_view> strings_of(const ast::Value& value) {
  std::vector<std::string_view> out;
  if (value.kind == ast::ValueKind::kString) out.push_back(value.text);
  if (value.kind == ast::ValueKind::kList) {
    for (const ast::Value* item : value.list) {
      if (item->kind == ast::ValueKind::kString) out.push_back(item->text);
    }
  }
  return out;
}

// The `document:` of each object in `executables:` (an object, or a list of them).
std::vector<std::string_view> executable_documents(const ast::Value& value) {
  std::vector<const ast::Value*> objects;
  if (value.kind == ast::ValueKind::kObject) objects.push_back(&value);
  if (value.kind == ast::ValueKind::kList) objects.assign(value.list.begin(), value.list.end());
  std::vector<std::string_view> out;
  for (const ast::Value* o : objects) {
    if (o->kind != ast::ValueKind::kObject) continue;
    for (const ast::ObjectField* f : o->fields) {
      if (f->name.value == "document" && f->value->kind == ast::ValueKind::kString) {
        out.push_back(f->value->text);
      }
    }
  }
  return out;
}

// Appends `file` and, depth first, the files its `schema @sdl(...)` includes.
void include(const fs::path& file, Project& project, std::set<fs::path>& seen) {
  fs::path path = file.lexically_normal();
  if (!seen.insert(path).second) return;
  auto text = io::read_file(path.string());
  if (!text.ok()) {
    project.problem += "cannot read " + shown(path) + "\n";
    return;
  }
  project.schema_files.push_back(path);
  if (!project.sdl.empty()) project.sdl += "\n";
  project.sdl += *text;

  Arena arena;
  graphql::ParseOptions options;
  options.empty_extension_body = true;  // as the dialect parses
  auto doc = graphql::parse(*text, arena, options);
  if (!doc.ok()) return;  // the build reports the syntax error
  for (const ast::Definition* d : (*doc)->definitions) {
    if (d->kind != ast::DefinitionKind::kSchema) continue;
    for (const ast::Directive* dir : ast::as<ast::SchemaDefinition>(*d).directives) {
      if (dir->name.value != "sdl") continue;
      for (const ast::Argument* a : dir->arguments) {
        if (a->name.value == "executables") {
          for (std::string_view doc_path : executable_documents(*a->value)) {
            project.requests.push_back((path.parent_path() / doc_path).lexically_normal());
          }
        }
        if (a->name.value != "files") continue;
        for (std::string_view included : strings_of(*a->value)) {
          include(path.parent_path() / included, project, seen);
        }
      }
    }
  }
}

Project assemble(const fs::path& index) {
  Project project;
  project.index = index;
  std::set<fs::path> seen;
  include(index, project, seen);
  for (const char* name : {"operations.graphql", "requests.graphql"}) {
    fs::path p = (index.parent_path() / name).lexically_normal();
    bool listed =
        std::find(project.requests.begin(), project.requests.end(), p) != project.requests.end();
    if (fs::exists(p) && !listed && !seen.contains(p)) project.requests.push_back(p);
  }
  return project;
}

std::vector<fs::path> index_files() {
  std::vector<fs::path> out;
  if (!fs::exists(kRoot)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(kRoot)) {
    if (entry.is_regular_file() && entry.path().filename() == "index.graphql") {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe(const Diagnostics& ds) {
  std::string out;
  for (const Diagnostic& d : ds) out += "    " + format_diagnostic(d) + "\n";
  return out;
}

TEST(StepZenSnippetsTest, AssemblesFollowingSdlIncludes) {
  Project p = assemble(kRoot / "reshape/fields/index.graphql");
  ASSERT_TRUE(p.problem.empty()) << p.problem;
  std::vector<std::string> files;
  for (const fs::path& f : p.schema_files) files.push_back(shown(f));
  EXPECT_EQ(files, (std::vector<std::string>{"reshape/fields/index.graphql",
                                             "reshape/fields/exposed.graphql",
                                             "reshape/fields/starwars/index.graphql"}));
  ASSERT_EQ(p.requests.size(), 1u);
  EXPECT_EQ(shown(p.requests[0]), "reshape/fields/operations.graphql");

  Project ai = assemble(kRoot / "ai/watsonxai-generation/index.graphql");
  ASSERT_EQ(ai.requests.size(), 1u);  // executables: { document: "op.graphql" }
  EXPECT_EQ(shown(ai.requests[0]), "ai/watsonxai-generation/op.graphql");
}

TEST(StepZenSnippetsTest, EveryProjectBuildsAndEveryRequestValidates) {
  std::vector<fs::path> indexes = index_files();
  ASSERT_FALSE(indexes.empty()) << "no index.graphql under " << kRoot;
  size_t built = 0, request_files = 0, valid_files = 0, operations = 0, warnings = 0;
  std::string failures;
  for (const fs::path& index : indexes) {
    Project project = assemble(index);
    std::string name = shown(index.parent_path());
    if (!project.problem.empty()) {
      failures += name + ": " + project.problem;
      continue;
    }
    // The schema as gqleval's loader reads the project (sources/schema_sources.h):
    // the same files, in the same order, as the test's own walk found.
    auto loaded = sources::load_schema(std::vector<std::string>{index.string()});
    if (!loaded.ok()) {
      failures += name + ": " + loaded.error().message + "\n";
      continue;
    }
    EXPECT_EQ(loaded->parts.size(), project.schema_files.size()) << name;
    auto schema = schema::Schema::build(loaded->sdl);
    if (!schema.ok()) {
      failures += name + ": schema does not build\n" + describe(schema.error());
      continue;
    }
    ++built;
    warnings += (*schema)->warnings().size();
    for (const fs::path& request : project.requests) {
      ++request_files;
      auto text = io::read_file(request.string());
      if (!text.ok()) {
        failures += name + ": cannot read " + shown(request) + "\n";
        continue;
      }
      Arena arena;
      auto doc = graphql::parse(*text, arena);
      if (!doc.ok()) {
        failures += shown(request) + ": " + format_diagnostic(doc.error()) + "\n";
        continue;
      }
      for (const ast::Definition* d : (*doc)->definitions) {
        operations += d->kind == ast::DefinitionKind::kOperation ? 1 : 0;
      }
      Diagnostics ds = validate::validate(**schema, **doc);
      if (validate::has_errors(ds)) {
        failures += shown(request) + ": invalid\n" + describe(ds);
      } else {
        ++valid_files;
      }
    }
  }
  std::printf(
      "stepzen-snippets: %zu projects, %zu build (%zu dialect warnings); %zu request files "
      "(%zu operations), %zu validate\n",
      indexes.size(), built, warnings, request_files, operations, valid_files);
  EXPECT_EQ(built, indexes.size());
  EXPECT_EQ(valid_files, request_files);
  EXPECT_TRUE(failures.empty()) << failures;
}

// gqleval's own project beside the upstream ones (gqleval-cases/, entry
// project.graphql so the sweep above leaves it out): an extension repeats a
// field with other @materializer arguments. StepZen serves one field; the
// dialect merges the two with a warning naming both places, keeps the later
// directives, and the request validates. Strict mode keeps graphql-js's error.
TEST(StepZenSnippetsTest, AFieldRepeatedWithOtherDirectivesIsOneField) {
  const fs::path entry = kRoot / "gqleval-cases/materializer-override/project.graphql";
  Project project = assemble(entry);
  ASSERT_TRUE(project.problem.empty()) << project.problem;
  ASSERT_EQ(project.requests.size(), 1u);
  auto loaded = sources::load_schema(std::vector<std::string>{entry.string()});
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  auto schema = schema::Schema::build(loaded->sdl);
  ASSERT_TRUE(schema.ok()) << describe(schema.error());
  std::vector<std::string> merged;
  for (const Diagnostic& d : (*schema)->warnings()) {
    if (d.rule != "UniqueFieldDefinitionNames") continue;
    merged.push_back(d.message);
    for (const SourcePos& pos : d.locations) {
      merged.push_back(fs::path(loaded->where(pos)).filename().string());
    }
  }
  EXPECT_EQ(merged, (std::vector<std::string>{
                        "Field \"Article.summary\" can only be defined once. The definitions "
                        "differ only in their directives; merged them and kept the later one's "
                        "directives, as StepZen does.",
                        "article.graphql:5:3", "summary.graphql:2:3"}));
  const schema::TypeDef* article = (*schema)->type_named("Article");
  ASSERT_NE(article, nullptr);
  EXPECT_EQ(article->fields.size(), 4u);

  auto text = io::read_file(project.requests[0].string());
  ASSERT_TRUE(text.ok());
  Arena arena;
  auto doc = graphql::parse(*text, arena);
  ASSERT_TRUE(doc.ok());
  Diagnostics ds = validate::validate(**schema, **doc);
  EXPECT_FALSE(validate::has_errors(ds)) << describe(ds);

  auto strict = schema::Schema::build(loaded->sdl, schema::BuildOptions{.strict = true});
  ASSERT_FALSE(strict.ok());
  bool refused = false;
  for (const Diagnostic& d : strict.error()) {
    refused = refused || d.message == "Field \"Article.summary\" can only be defined once.";
  }
  EXPECT_TRUE(refused) << describe(strict.error());
}

}  // namespace
}  // namespace gqleval
