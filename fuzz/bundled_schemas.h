// The bundled schemas (fuzz_util.h schemas()) built once, in the default
// dialect, for the targets that fuzz a document or a rules file against them.
// A bundled schema that does not build aborts: the fuzz setup is broken.
#pragma once

#include <memory>
#include <vector>

#include "engine/schema/schema.h"

namespace gqleval::fuzz {

const std::vector<std::shared_ptr<const schema::Schema>>& bundled_schemas();

}  // namespace gqleval::fuzz
