// Fuzz target: building a schema from SDL (engine/schema/schema.h), in the
// default StepZen dialect and strict, its lookups, printing it back
// (print_sdl), and deriving its rewrite rules (normalize/rewrites.h).
// Input: SDL text.
//
// Checks: strict accepts only what the dialect accepts; a failure has
// diagnostics; every type's fields are found by name; a built schema prints
// as SDL that builds again in the same mode.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "fuzz/fuzz_util.h"

namespace {

using namespace gqleval;

void walk(const schema::Schema& s) {
  for (schema::TypeId t = 0; t < s.type_count(); ++t) {
    const schema::TypeDef& def = s.type(t);
    GQLEVAL_FUZZ_CHECK(def.id == t && s.find_type(def.name) == t);
    for (const schema::FieldId f : def.fields) {
      const schema::FieldDef& field = s.field(f);
      GQLEVAL_FUZZ_CHECK(s.find_field(t, field.name) != schema::kNone);
      (void)s.type_to_string(field.type);
      for (const schema::InputValue& arg : field.arguments) fuzz::touch(arg.name);
    }
    for (const schema::TypeId p : s.possible_types(t)) {
      if (s.is_abstract(t)) GQLEVAL_FUZZ_CHECK(s.is_possible_type(t, p));
    }
    (void)s.types_overlap(t, static_cast<schema::TypeId>(s.type_count() - 1 - t));
  }
  for (const schema::DirectiveDef& d : s.directives()) fuzz::touch(d.name);
  for (const Diagnostic& w : s.warnings()) fuzz::touch(w.message);
}

void rebuild(const schema::Schema& s, bool strict) {
  const std::string sdl = s.print_sdl();
  auto again = schema::Schema::build(sdl, {.strict = strict});
  GQLEVAL_FUZZ_CHECK(
      again.ok(), "print_sdl() does not build again (strict %d): %s\n--- printed:\n%s",
      strict ? 1 : 0, again.ok() ? "" : format_diagnostic(again.error().front()).c_str(),
      sdl.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view sdl = fuzz::as_text(data, size);
  auto lenient = schema::Schema::build(sdl);
  auto strict = schema::Schema::build(sdl, {.strict = true});
  if (!lenient.ok()) {
    GQLEVAL_FUZZ_CHECK(!lenient.error().empty(), "a failed build says why");
    GQLEVAL_FUZZ_CHECK(!strict.ok(), "strict accepts what the dialect rejects");
    return 0;
  }
  walk(**lenient);
  rebuild(**lenient, /*strict=*/false);
  if (strict.ok()) rebuild(**strict, /*strict=*/true);
  auto rewrites = normalize::Rewrites::build(*lenient);
  fuzz::touch(rewrites->describe());
  return 0;
}
