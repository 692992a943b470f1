// Fuzz target: the rewrite rules file (engine/normalize/rules_file.h), and
// compiling a file that parses against the bundled schemas
// (normalize/rewrites.h). Input: the JSON text of a rules file.
//
// Checks: an error names rule "RulesFile" and says what is wrong; a parsed
// file compiles against every bundled schema (Rewrites::build never fails:
// entries that do not apply become warnings).
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"
#include "fuzz/bundled_schemas.h"
#include "fuzz/fuzz_util.h"

using namespace gqleval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto file = normalize::RulesFile::parse(fuzz::as_text(data, size));
  if (!file.ok()) {
    GQLEVAL_FUZZ_CHECK(file.error().rule == "RulesFile" && !file.error().message.empty(), "rule %s",
                       file.error().rule.c_str());
    return 0;
  }
  for (const auto& schema : fuzz::bundled_schemas()) {
    auto rewrites = normalize::Rewrites::build(schema, &*file);
    GQLEVAL_FUZZ_CHECK(rewrites != nullptr);
    fuzz::touch(rewrites->describe());
    for (const Diagnostic& w : rewrites->warnings()) fuzz::touch(w.message);
  }
  return 0;
}
