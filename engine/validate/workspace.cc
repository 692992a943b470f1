#include "engine/validate/workspace.h"

#include "engine/validate/workspace_buffers.h"

namespace gqleval::validate {

ValidationWorkspace::ValidationWorkspace() = default;
ValidationWorkspace::~ValidationWorkspace() = default;

}  // namespace gqleval::validate
