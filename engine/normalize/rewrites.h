// Rewrites: the Stage 3 rules (docs/semantics.md) compiled for one schema, from
// what the schema implies and from an optional RulesFile.
//
//   cycles     inverse pairs (forward field A.f, a way to B: of type B, [B] or
//              a Relay connection to B, internal/connections.h; back-reference
//              B.g -> A, to-one). Derived where unambiguous: g is to-one,
//              takes no arguments and is the only way of any kind from B to
//              A (A != B, neither a root type); then every way f from A to B
//              pairs with g where the names say so (internal/name_evidence.h:
//              `User.posts` and `Post.user`, not `Post.author`; the forms of
//              Hasura, PostGraphile, Keystone and Prisma). A second way back
//              makes the pairing ambiguous (`User.checkout`, "the last open
//              checkout", beside `User.checkouts: CheckoutConnection` is no
//              inverse of `Checkout.user`; `U.posts` may be the inverse of
//              `P.likedBy: [U]` rather than of `P.user: U`), so it blocks the
//              derivation: declare the pair in a rules file. Nor is a pair
//              derived where the names say that f may reach Bs that are not
//              A's own: f is a collection or a lookup with arguments of a
//              tree (A has a to-many way to itself naming its children or
//              descendants, and a tree's collections often hold the
//              descendants' objects too), or f
//              takes an argument naming another A's key (`repositoryId` on a
//              Repository field).
//   endpoints  root Query fields that reach the same data, mapped to one
//              canonical field, plus argument-shape maps. Derived where the
//              fields have the same return type (list-ness and non-null
//              included), the same argument names, types and defaults, at
//              least one argument, a to-one return type, AND name evidence:
//              a keyed lookup (`usersById(id:)` and `users(id:)`) or StepZen's
//              foreign-key lookups (`farmUsingX_fkey(farm_id:)` and
//              `farm(farm_id:)`). The signature alone is no evidence of the
//              same data (`issue(id:)` and `attachmentIssue(id:)`, or
//              `ordersCount(query:)` and `productsCount(query:)`), and a false
//              "equivalent" is the worse error: declare such pairs in a rules
//              file. Mutation and subscription fields are never mapped.
//              A group is the union of the derived and declared groups that
//              share a field (equality is transitive, so the order of the
//              entries does not matter); its canonical field is the smallest
//              name among the file's `canonical` fields in it, else the
//              smallest name of the group.
//   rgeval     the RGEval paper's looser profile: any two root Query fields with
//              the same base return type are interchangeable.
//
// Building is linear in the schema's fields (endpoint grouping is quadratic in
// the Query type's field count) and happens once per schema: RewritesCache
// keeps one Rewrites per schema, shared read-only by all workers. Lookups on
// the hot path are array indexing (by FieldId) or a binary search.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/normalize/internal/canonical_value.h"
#include "engine/normalize/options.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"

namespace gqleval::normalize {

class Connections;

struct InversePair {
  schema::FieldId forward = schema::kNone;  // A.f, returning B, [B] or a connection to B
  schema::FieldId back = schema::kNone;     // B.g, returning A (to-one)
  bool derived = false;                     // from the schema, not the rules file
  friend bool operator<(const InversePair& a, const InversePair& b) {
    return a.forward != b.forward ? a.forward < b.forward : a.back < b.back;
  }
};

// A compiled argument map. Symbols in `pattern` and `target` are capture
// indices (0-based, in order of first appearance in `from`).
struct ArgumentMap {
  schema::FieldId from = schema::kNone;
  schema::FieldId to = schema::kNone;
  std::span<const CArgument> pattern;  // sorted by name, defaults left out
  std::span<const CArgument> target;   // sorted by name
  uint32_t capture_count = 0;
  std::string_view text;  // "from -> to", as the rules file wrote them
};

// Matches actual (coerced, sorted) arguments against a pattern: the same
// argument names, the same values, a capture binding any value (the same
// value where a capture repeats). On success captures[i] holds capture i.
bool match_arguments(std::span<const CArgument> pattern, std::span<const CArgument> actual,
                     std::span<const CValue*> captures);
// A copy of value with each capture symbol replaced by captures[i].
const CValue* substitute_captures(const CValue& value, std::span<const CValue* const> captures,
                                  Arena& arena);

class Rewrites {
 public:
  // Compiles the rules for `schema`: derived ones (unless the file turns
  // derivation off) and the file's ones that resolve against this schema.
  // Never fails: entries that do not apply are skipped with a warning.
  static std::shared_ptr<const Rewrites> build(std::shared_ptr<const schema::Schema> schema,
                                               const RulesFile* file = nullptr);

  const schema::Schema& schema() const { return *schema_; }
  const Diagnostics& warnings() const { return warnings_; }

  bool is_inverse(schema::FieldId forward, schema::FieldId back) const;
  // Whether some inverse pair starts at `forward` (one load: the cycles rule
  // asks it for every field before looking for a back-reference).
  bool has_inverse_from(schema::FieldId forward) const {
    return forward < has_inverse_from_.size() && has_inverse_from_[forward] != 0;
  }
  std::span<const InversePair> inverse_pairs() const { return inverse_pairs_; }
  // The schema's Relay connections, through which the cycles rule folds.
  const Connections& connections() const { return *connections_; }
  // The canonical root field for f (endpoints rule); f itself when none.
  schema::FieldId canonical_endpoint(schema::FieldId f) const;
  // Whether f's endpoint mapping was derived from the schema's names (false
  // for a mapping from the rules file, and for a field that is not mapped).
  bool endpoint_is_derived(schema::FieldId f) const {
    return f < endpoint_derived_.size() && endpoint_derived_[f];
  }
  // The representative root field for f under the rgeval profile; f when none.
  schema::FieldId rgeval_endpoint(schema::FieldId f) const;
  std::span<const ArgumentMap> argument_maps_from(schema::FieldId f) const;
  // Declared argument insensitivity (rules file `ignore_arguments`): whether
  // f has any argument declared, and whether `argument` is one.
  bool ignores_arguments_of(schema::FieldId f) const {
    return f < ignores_from_.size() && ignores_from_[f] != 0;
  }
  bool ignores_argument(schema::FieldId f, std::string_view argument) const;
  std::span<const ArgumentMap> argument_maps() const { return argument_maps_; }

  // Every compiled rule, one per line, for documentation and tests:
  //   inverse User.posts <-> Post.users (derived)
  //   endpoint usersById -> users (derived)
  //   argument_map usersFilterList(filter: {id: {eq: $x}}) -> users(id: $x)
  //   rgeval usersById -> users
  //   ignore_argument User.followers(first:)
  std::string describe() const;

  ~Rewrites();
  Rewrites(const Rewrites&) = delete;
  Rewrites& operator=(const Rewrites&) = delete;

 private:
  Rewrites() = default;
  void derive_inverse_pairs();
  void pair_ways_to(schema::TypeId a, schema::TypeId b, schema::FieldId g);
  bool is_tree(schema::TypeId a) const;
  bool is_to_many(schema::FieldId f) const;
  bool may_reach_under(schema::FieldId f) const;
  bool reaches_only_own(schema::FieldId f) const;
  bool is_pair_type(schema::TypeId t) const;
  void derive_endpoints();
  void derive_rgeval();
  void add_file_rules(const RulesFile& file);
  void add_argument_map(const RulesFile::ArgumentMap& map);
  void add_ignored_argument(const RulesFile::IgnoredArgument& declared);
  // Endpoint groups are unions: a derived group and the file's groups that
  // share a field are one group, whatever the order of the entries.
  void join_endpoints(schema::FieldId canonical, schema::FieldId member, bool derived);
  schema::FieldId endpoint_group(schema::FieldId f);
  void settle_endpoint_groups();
  std::string field_label(schema::FieldId f) const;
  void warn(std::string message);

  std::shared_ptr<const schema::Schema> schema_;
  std::unique_ptr<const Connections> connections_;
  Arena arena_{4096};
  Diagnostics warnings_;
  std::vector<InversePair> inverse_pairs_;  // sorted, unique
  std::vector<uint8_t> has_inverse_from_;   // by FieldId: 1 = some pair starts there
  std::vector<schema::FieldId> endpoint_;   // by FieldId; kNone = itself
  std::vector<bool> endpoint_derived_;      // by FieldId
  // While building: the union-find of endpoint groups, and per field whether
  // the file named it (and as a canonical field).
  std::vector<schema::FieldId> group_parent_;
  std::vector<uint8_t> file_named_, file_canonical_;
  std::vector<schema::FieldId> rgeval_;     // by FieldId; kNone = itself
  std::vector<ArgumentMap> argument_maps_;  // sorted by `from`, stable
  // Declared ignored arguments, sorted and unique; names point into the schema.
  std::vector<std::pair<schema::FieldId, std::string_view>> ignored_;
  std::vector<uint8_t> ignores_from_;  // by FieldId: 1 = some argument of it is ignored
};

// One Rewrites per schema, built on first use and then shared. Thread-safe.
// Entries keep their schema alive for the cache's lifetime.
class RewritesCache {
 public:
  explicit RewritesCache(std::shared_ptr<const RulesFile> file = nullptr)
      : file_(std::move(file)) {}
  std::shared_ptr<const Rewrites> get(const std::shared_ptr<const schema::Schema>& schema);

 private:
  std::shared_ptr<const RulesFile> file_;
  std::mutex mutex_;
  std::unordered_map<const schema::Schema*, std::shared_ptr<const Rewrites>> entries_;
};

}  // namespace gqleval::normalize
