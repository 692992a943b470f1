#include "engine/validate/document_check.h"

#include "engine/graphql/parser.h"

namespace gqleval::validate {
namespace {

size_t operation_count(const ast::Document& doc) {
  size_t n = 0;
  for (const ast::Definition* d : doc.definitions) n += d->kind == ast::DefinitionKind::kOperation;
  return n;
}

}  // namespace

Diagnostics DocumentCheck::all() const {
  Diagnostics out = diagnostics;
  if (operation_error) out.push_back(*operation_error);
  return out;
}

DocumentCheck check_document(Validator& validator, const schema::Schema& schema,
                             std::string_view text, const ValidateOptions& options,
                             std::string_view operation_name, OperationName rule, Arena& arena) {
  DocumentCheck check;
  auto doc = graphql::parse(text, arena);
  if (!doc) {
    check.diagnostics.push_back(std::move(doc.error()));
    return check;
  }
  check.document = *doc;
  check.diagnostics = validator.validate(schema, **doc, options);
  if (has_errors(check.diagnostics) || !options.rules.empty()) return check;
  const std::string_view name = rule == OperationName::kWhenSeveral && operation_count(**doc) <= 1
                                    ? std::string_view{}
                                    : operation_name;
  auto op = select_operation(**doc, name);
  if (op) {
    check.operation = *op;
  } else {
    check.operation_error = std::move(op.error());
  }
  return check;
}

}  // namespace gqleval::validate
