#include "engine/validate/validator.h"

#include <algorithm>
#include <string>

#include "engine/validate/rule.h"
#include "engine/validate/simple_document.h"

namespace gqleval::validate {

Diagnostics Validator::validate(const schema::Schema& schema, const ast::Document& document,
                                const ValidateOptions& options) {
  if (options.rules.empty() && options.certify_simple &&
      certify_simple_document(schema, document)) {
    return {};
  }
  ValidationContext ctx(schema, document, options, workspace_);
  for (const std::string& name : options.rules) {
    if (find_rule(name) == nullptr) {
      Diagnostic d;
      d.rule = "Validation";
      d.message = "Unknown validation rule \"" + name + "\".";
      ctx.report(std::move(d));
    }
  }
  const bool all = options.rules.empty();
  for (const RuleEntry& rule : all_rules()) {
    if (ctx.aborted) break;
    if (all ? rule.optional
            : std::find(options.rules.begin(), options.rules.end(), rule.name) ==
                  options.rules.end()) {
      continue;
    }
    ctx.rule_name = rule.name;
    ctx.report_as_warning = options.lenient && rule.cosmetic;
    rule.fn(ctx);
  }
  return std::move(ctx.diagnostics);
}

Diagnostics validate(const schema::Schema& schema, const ast::Document& document,
                     const ValidateOptions& options) {
  thread_local Validator validator;
  return validator.validate(schema, document, options);
}

bool has_errors(const Diagnostics& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

Result<const ast::OperationDefinition*> select_operation(const ast::Document& document,
                                                         std::string_view operation_name) {
  auto error = [](std::string message) {
    Diagnostic d;
    d.rule = "OperationSelection";
    d.message = std::move(message);
    return Unexpected{std::move(d)};
  };
  const ast::OperationDefinition* chosen = nullptr;
  for (const ast::Definition* def : document.definitions) {
    if (def->kind != ast::DefinitionKind::kOperation) continue;
    const auto& op = ast::as<ast::OperationDefinition>(*def);
    if (operation_name.empty()) {
      if (chosen != nullptr) {
        return error("Must provide operation name if query contains multiple operations.");
      }
      chosen = &op;
    } else if (op.name.value == operation_name) {
      chosen = &op;
    }
  }
  if (chosen == nullptr) {
    if (!operation_name.empty()) {
      return error("Unknown operation named \"" + std::string(operation_name) + "\".");
    }
    return error("Must provide an operation.");
  }
  return chosen;
}

}  // namespace gqleval::validate
