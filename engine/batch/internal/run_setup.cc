#include "engine/batch/internal/run_setup.h"

#include "engine/sources/schema_sources.h"

#include "engine/batch/result_format.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

// The candidate columns of a run of several, each resolved as a lone
// candidate would be (so a JSON Lines path works, and a missing column is
// the same error), and the map with the first of them.
Result<ColumnMap, Diagnostic> resolve_candidates(const BatchInput& input, ColumnSpec spec,
                                                 bool schema_given, const CandidateColumns& request,
                                                 const OptionNames& option_names,
                                                 std::vector<Column>& out) {
  const bool paths = input.format() == InputFormat::kJsonl;
  auto names = expand_candidates(input.column_names(), request, option_names);
  if (!names) return Unexpected{std::move(names.error())};
  ColumnMap first;
  for (size_t i = 0; i < names->size(); ++i) {
    spec.candidate = (*names)[i];
    // A later candidate that the first's map gave another role is refused
    // as such (resolving it would only move that role elsewhere, or fail).
    if (i > 0) {
      const Column named{(*names)[i], 0, {}};
      if (auto error = check_candidates(first, std::span(&named, 1))) {
        return Unexpected{std::move(*error)};
      }
    }
    auto map = resolve_columns(input.column_names(), spec, schema_given, RowKind::kScore, paths,
                               option_names);
    if (!map) return Unexpected{std::move(map.error())};
    out.push_back(map->candidate);
    if (i == 0) first = std::move(*map);
  }
  return first;
}

}  // namespace

Result<OpenedInput, Diagnostic> open_input(const RunOptions& o, const ColumnSpec& spec,
                                           RowKind kind, const CandidateColumns* candidates) {
  const std::string& path = o.input;
  const bool schema_given = !o.schema.empty();
  const std::string name = path == "-" ? std::string("standard input") : path;
  auto input = BatchInput::open(path, o.input_format, o.max_field_bytes);
  if (!input) {
    Diagnostic d = std::move(input.error());
    if (d.rule != "IO") d.message = name + ": " + d.message;
    return Unexpected{std::move(d)};
  }
  std::vector<Column> several;
  auto columns = candidates != nullptr
                     ? resolve_candidates(*input, spec, schema_given, *candidates, o.names, several)
                     : resolve_columns(input->column_names(), spec, schema_given, kind,
                                       input->format() == InputFormat::kJsonl, o.names);
  if (!columns) {
    Diagnostic d = std::move(columns.error());
    d.message = name + ": " + d.message;
    return Unexpected{std::move(d)};
  }
  // A kept column's name becomes a member of every result: it may not take
  // the name of one the results have, nor repeat.
  for (size_t i = 0; i < columns->keep.size(); ++i) {
    const std::string& name = columns->keep[i].name;
    bool repeated = false;
    for (size_t k = 0; k < i; ++k) repeated = repeated || columns->keep[k].name == name;
    if (is_result_member(name) || repeated) {
      return Unexpected{make_error(
          "Columns", path + ": the kept column '" + name + "' " +
                         (repeated ? std::string("is kept twice")
                                   : "has the name of a member of every result; rename it "
                                     "in the input, or leave it out"))};
    }
  }
  return OpenedInput{std::move(*input), std::move(*columns), std::move(several)};
}

SchemaCacheOptions schemas_without_rewrites(bool strict, size_t max_bytes) {
  SchemaCacheOptions options;
  options.build.strict = strict;
  options.build_rewrites = false;
  options.max_bytes = max_bytes;
  return options;
}

Result<SchemaSetup, Diagnostic> make_schema_sources(SchemaCacheOptions options,
                                                    const std::vector<std::string>& schema,
                                                    const std::string& input_path) {
  SchemaSetup setup;
  setup.cache = std::make_unique<SchemaCache>(std::move(options));
  setup.files = std::make_unique<SchemaFiles>(input_folder(input_path));
  setup.sources.cache = setup.cache.get();
  setup.sources.files = setup.files.get();
  if (!schema.empty()) {
    auto loaded = sources::load_schema(schema);
    if (!loaded) return Unexpected{std::move(loaded.error())};
    setup.fixed = setup.cache->get(loaded->sdl);
    setup.sources.fixed = setup.fixed.get();
  }
  return setup;
}

std::optional<Diagnostic> open_output(OutputFile& file, const std::string& input,
                                      const std::string& output) {
  // Standard input ("-") is no file that an output could be.
  if (!output.empty() && output != "-" && input != "-" && io::same_file(input, output)) {
    return make_error("IO",
                      "the output " + output + " is the input file: write the results elsewhere");
  }
  if (!file.open(output)) return make_error("IO", file.error());
  return std::nullopt;
}

}  // namespace gqleval::batch
