// The default value of an argument or input field in the canonical text of
// normal forms (`(first: 10)`, `{a: 1, b: "x"}`: internal/canonical_value.h),
// for code above normalization that compares argument texts and must know
// what a left-out argument stands for (the normal form leaves out an argument
// equal to its default, docs/semantics.md).
#pragma once

#include <optional>
#include <string>

#include "engine/schema/schema.h"

namespace gqleval::normalize {

// nullopt when the definition has no default. Allocates.
std::optional<std::string> canonical_default_text(const schema::Schema& schema,
                                                  const schema::InputValue& definition);

}  // namespace gqleval::normalize
