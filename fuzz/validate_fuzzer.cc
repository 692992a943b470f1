// Fuzz target: validation of an executable document against a bundled schema
// (engine/validate/validator.h), and the choice of operation.
// Input: byte 0 picks the schema (fuzz_util.h schemas(), modulo their count),
// byte 1 the options (bit 0 lenient, bit 1 hide suggestions, bit 2 an error
// limit of 2, bit 3 one rule alone: the rule numbered by bits 4-7, optional
// rules included), the rest is the document.
//
// Checks: a document that certify_simple_document() passes is one the full
// rules pass (simple_document.h's promise); the thread-local validate() and
// a reused Validator agree; diagnostics have a rule and a message.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/rule.h"
#include "engine/validate/simple_document.h"
#include "engine/validate/validator.h"
#include "fuzz/bundled_schemas.h"
#include "fuzz/fuzz_util.h"

using namespace gqleval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto& schemas = fuzz::bundled_schemas();
  const schema::Schema& schema = *schemas[data[0] % schemas.size()];
  const uint8_t flags = data[1];
  const std::string_view source = fuzz::as_text(data + 2, size - 2);

  Arena arena(4096);
  auto doc = graphql::parse(source, arena);
  if (!doc.ok()) return 0;

  validate::ValidateOptions options;
  options.lenient = (flags & 1) != 0;
  options.hide_suggestions = (flags & 2) != 0;
  if (flags & 4) options.max_errors = 2;
  if (flags & 8) {
    const auto rules = validate::all_rules();
    options.rules.emplace_back(rules[(flags >> 4) % rules.size()].name);
  }
  static validate::Validator validator;
  const Diagnostics found = validator.validate(schema, **doc, options);
  for (const Diagnostic& d : found) {
    GQLEVAL_FUZZ_CHECK(!d.rule.empty() && !d.message.empty());
  }
  if (options.rules.empty()) {
    const Diagnostics again = validate::validate(schema, **doc, options);
    GQLEVAL_FUZZ_CHECK(again.size() == found.size(), "a reused Validator differs");
    if (validate::certify_simple_document(schema, **doc)) {
      options.certify_simple = false;
      const Diagnostics full = validator.validate(schema, **doc, options);
      GQLEVAL_FUZZ_CHECK(!validate::has_errors(full), "certified simple, but the rules say: %s",
                         format_diagnostic(full.front()).c_str());
    }
  }
  auto op = validate::select_operation(**doc, {});
  if (!op.ok()) GQLEVAL_FUZZ_CHECK(!op.error().message.empty());
  return 0;
}
