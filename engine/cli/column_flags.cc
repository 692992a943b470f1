#include "engine/cli/column_flags.h"

namespace gqleval::cli {

void read_column_flags(const Args& args, batch::ColumnSpec& spec) {
  spec.schema = args.value("schema-col").value_or("");
  spec.schema_path = args.value("schema-path-col").value_or("");
  spec.references = args.values("reference-col");
  spec.candidate = args.value("candidate-col").value_or("");
  spec.id = args.value("id-col").value_or("");
  spec.variables = args.value("variables-col").value_or("");
  spec.keep = args.values("keep-col");
  spec.query = args.value("query-col").value_or("");
  spec.function_specs = args.value("function-specs-col").value_or("");
  spec.required = args.value("required-col").value_or("");
  spec.excluded = args.value("excluded-col").value_or("");
}

}  // namespace gqleval::cli
