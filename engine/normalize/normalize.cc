#include "engine/normalize/normalize.h"

#include "engine/normalize/internal/tree_builder.h"

namespace gqleval::normalize {

Normalizer::Normalizer() : builder_(std::make_unique<TreeBuilder>()) {}
Normalizer::~Normalizer() = default;

Result<NormalTree> Normalizer::run(const schema::Schema& schema, const ast::Document& document,
                                   const ast::OperationDefinition& operation,
                                   const NormalizeOptions& options, const Rewrites* rewrites,
                                   Arena& arena) {
  return builder_->run(schema, document, operation, options, rewrites, arena);
}

std::optional<NormalTree> Normalizer::run_one_pass(const schema::Schema& schema,
                                                   std::string_view text,
                                                   const NormalizeOptions& options,
                                                   const Rewrites* rewrites, Arena& arena) {
  return builder_->run_one_pass(schema, text, options, rewrites, arena);
}

Result<NormalTree> normalize(const schema::Schema& schema, const ast::Document& document,
                             const ast::OperationDefinition& operation,
                             const NormalizeOptions& options, const Rewrites* rewrites,
                             Arena& arena) {
  thread_local Normalizer normalizer;
  return normalizer.run(schema, document, operation, options, rewrites, arena);
}

}  // namespace gqleval::normalize
