#include "engine/validate/internal/workspace.h"

#include "engine/validate/internal/workspace_buffers.h"

namespace gqleval::validate {

ValidationWorkspace::ValidationWorkspace() = default;
ValidationWorkspace::~ValidationWorkspace() = default;

}  // namespace gqleval::validate
