#include "engine/cli/column_flags.h"

namespace gqleval::cli {

std::string_view column_flag(batch::ColumnRole role) {
  using batch::ColumnRole;
  switch (role) {
    case ColumnRole::kSchema: return "--schema-col";
    case ColumnRole::kSchemaPath: return "--schema-path-col";
    case ColumnRole::kReference: return "--reference-col";
    case ColumnRole::kCandidate: return "--candidate-col";
    case ColumnRole::kId: return "--id-col";
    case ColumnRole::kVariables: return "--variables-col";
    case ColumnRole::kGroupBy: return "--group-by";
    case ColumnRole::kKeep: return "--keep-col";
    case ColumnRole::kQuery: return "--query-col";
    case ColumnRole::kSchemaFile: return "--schema FILE";
    case ColumnRole::kFunctionSpecs: return "--function-specs-col";
  }
  return {};
}

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
  spec.option_name = &column_flag;
}

void read_format_flag(Args& args, batch::InputFormat& format) {
  if (auto v = args.value("format")) {
    if (!batch::input_format_from_name(*v, &format)) {
      args.fail("--format must be csv, tsv or jsonl, not '" + *v + "'");
    }
  }
}

}  // namespace gqleval::cli
