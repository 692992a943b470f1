#include "engine/schema/canonical_sdl.h"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::schema {
namespace {

// Whether some type, directive or schema definition (not an extension) is
// given twice.
bool defines_a_name_twice(const ast::Document& doc) {
  std::unordered_set<std::string> names;
  for (const ast::Definition* d : doc.definitions) {
    if (d->extension) continue;
    std::string key;
    if (d->kind == ast::DefinitionKind::kSchema) {
      key = "schema";
    } else if (d->kind == ast::DefinitionKind::kDirective) {
      key = "@";
      key += ast::as<ast::DirectiveDefinition>(*d).name.value;
    } else if (ast::is_type_definition(d->kind)) {
      key = "type ";
      key += ast::as<ast::TypeDefinition>(*d).name.value;
    } else {
      continue;  // executable definitions: the build refuses them anyway
    }
    if (!names.insert(std::move(key)).second) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> canonical_sdl(std::string_view sdl) {
  Arena arena(size_t{16} * 1024);
  auto doc = graphql::parse(sdl, arena);
  if (!doc) return std::nullopt;
  std::vector<std::string> parts;
  parts.reserve((*doc)->definitions.size());
  for (const ast::Definition* d : (*doc)->definitions) parts.push_back(graphql::print(*d));
  if (!defines_a_name_twice(**doc)) std::sort(parts.begin(), parts.end());
  std::string out;
  size_t size = 0;
  for (const std::string& p : parts) size += p.size() + 2;
  out.reserve(size);
  for (const std::string& p : parts) {
    if (!out.empty()) out += "\n\n";
    out += p;
  }
  return out;
}

}  // namespace gqleval::schema
