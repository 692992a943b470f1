#include "engine/normalize/canonical_default.h"

#include "engine/base/arena.h"
#include "engine/normalize/internal/canonical_value.h"
#include "engine/normalize/internal/coerce.h"

namespace gqleval::normalize {

std::optional<std::string> canonical_default_text(const schema::Schema& schema,
                                                  const schema::InputValue& definition) {
  if (definition.default_value == nullptr) return std::nullopt;
  Arena arena(512);
  ValueCoercer coercer(schema, arena);
  const CValue* value = coercer.default_of(definition);
  if (value == nullptr) return std::nullopt;
  std::string text;
  append_value(text, *value);
  return text;
}

}  // namespace gqleval::normalize
