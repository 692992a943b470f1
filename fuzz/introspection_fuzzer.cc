// Fuzz target: introspection JSON (engine/introspection/introspection.h), as
// a schema file or a schema cell may hold it. Input: the JSON text.
//
// Checks: is_introspection_json never fails on any bytes; introspection_to_sdl
// gives SDL or errors of rule "Introspection" with a message; SDL it gives
// either builds or fails with diagnostics (never a crash); a schema that
// builds prints as introspection JSON that reads back to SDL building the
// same schema (print_sdl equal).
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/introspection/introspection.h"
#include "engine/schema/schema.h"
#include "fuzz/fuzz_util.h"

using namespace gqleval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const bool looks = introspection::is_introspection_json(text);
  auto sdl = introspection::introspection_to_sdl(text, "fuzz.json");
  if (!sdl.ok()) {
    GQLEVAL_FUZZ_CHECK(!sdl.error().empty());
    for (const Diagnostic& d : sdl.error()) {
      GQLEVAL_FUZZ_CHECK(d.rule == "Introspection" && !d.message.empty(), "rule %s",
                         d.rule.c_str());
    }
    return 0;
  }
  GQLEVAL_FUZZ_CHECK(looks, "introspection_to_sdl read text that is_introspection_json refused");
  auto built = schema::Schema::build(*sdl);
  if (!built.ok()) {
    for (const Diagnostic& d : built.error()) fuzz::touch(d.message);
    return 0;
  }
  const std::string json = introspection::schema_to_introspection_json(**built);
  GQLEVAL_FUZZ_CHECK(introspection::is_introspection_json(json));
  auto again = introspection::introspection_to_sdl(json, "again.json");
  GQLEVAL_FUZZ_CHECK(again.ok(), "our own introspection JSON does not read back");
  auto rebuilt = schema::Schema::build(*again);
  GQLEVAL_FUZZ_CHECK(rebuilt.ok(), "our own introspection JSON does not build");
  GQLEVAL_FUZZ_CHECK((*rebuilt)->print_sdl() == (*built)->print_sdl(),
                     "introspection JSON round trip changed the schema");
  return 0;
}
