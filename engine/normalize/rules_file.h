// RulesFile: the rewrite rules a user declares for the Stage 3 rewrites, read
// from a JSON file with simdjson (the format is documented in docs/rules.md). A RulesFile holds
// names only; Rewrites::build resolves them against one schema, so one file can serve every schema
// of a dataset: entries that name types or fields a schema does not have are skipped for that
// schema with a warning.
//
// Parsing is strict about shape (unknown keys, wrong types, malformed
// "Type.field" and field names, and argument-map sides that are not one
// field with distinct arguments in GraphQL syntax are errors, so that a typo
// never silently disables a rule) and says where the problem is as a JSON
// path. Each entry keeps its JSON path for the warnings of Rewrites::build.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::normalize {

struct RulesFile {
  // `field` (on type A, returning B or [B]) and `inverse` (on B, returning A,
  // to-one): walking `field` then `inverse` comes back to the same A.
  struct InversePair {
    std::string type;          // A
    std::string field;         // the forward field on A
    std::string inverse_type;  // B
    std::string inverse;       // the back-reference on B
    std::string where;         // its JSON path, e.g. "inverse_pairs"[0]
  };
  // Root query fields that reach the same data as `canonical` given the same
  // arguments.
  struct EndpointGroup {
    std::string canonical;
    std::vector<std::string> same_as;
    std::string where;
  };
  // A field with an argument shape, and the field it is the same as: the
  // variables of `from` capture values that `to` reuses.
  struct ArgumentMap {
    std::string from;  // e.g. usersFilterList(filter: {id: {eq: $x}})
    std::string to;    // e.g. users(id: $x)
    std::string where;
  };

  // An argument that does not change what a selection asks for when grading
  // (a page size: `User.followers(first:)`), left out of node identity. Named
  // by its schema coordinate; one on an interface field holds for that field
  // on every type that implements the interface.
  struct IgnoredArgument {
    std::string type;      // User
    std::string field;     // followers
    std::string argument;  // first
    std::string where;
  };

  std::vector<InversePair> inverse_pairs;
  std::vector<EndpointGroup> endpoints;
  std::vector<ArgumentMap> argument_maps;
  std::vector<IgnoredArgument> ignore_arguments;
  bool derive_inverse_pairs = true;  // also derive inverse pairs from each schema
  bool derive_endpoints = true;      // also derive endpoint groups from each schema

  // Parses the JSON text of a rules file. Errors use rule "RulesFile".
  static Result<RulesFile> parse(std::string_view json);
  // Reads and parses a file.
  static Result<RulesFile> load(const std::string& path);
};

}  // namespace gqleval::normalize
