#include "engine/batch/internal/run_setup.h"

#include "engine/sources/schema_sources.h"

#include "engine/batch/result_format.h"
#include "io/file.h"

namespace gqleval::batch {
Result<OpenedInput, Diagnostic> open_input(const std::string& path, InputFormat format,
                                           size_t max_field_bytes, const ColumnSpec& spec,
                                           bool schema_given, RowKind kind) {
  const std::string name = path == "-" ? std::string("standard input") : path;
  auto input = BatchInput::open(path, format, max_field_bytes);
  if (!input) {
    Diagnostic d = std::move(input.error());
    if (d.rule != "IO") d.message = name + ": " + d.message;
    return Unexpected{std::move(d)};
  }
  auto columns = resolve_columns(input->column_names(), spec, schema_given, kind,
                                 input->format() == InputFormat::kJsonl);
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
  return OpenedInput{std::move(*input), std::move(*columns)};
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
