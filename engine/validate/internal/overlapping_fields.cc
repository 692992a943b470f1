#include "engine/validate/internal/overlapping_fields.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <utility>

#include "engine/validate/internal/overlapping_collect.h"
#include "engine/validate/internal/overlapping_values.h"

namespace gqleval::validate {
namespace {

using schema::TypeId;
using schema::TypeRef;

// graphql-js 16.15 bounds a conflict's detail independently of the document.
constexpr size_t kMaxDetailLength = 1000;
constexpr size_t kMaxConflictNodes = 20;
// Buckets whose pair count is at most this are compared pair by pair; larger
// ones go through classes first.
constexpr size_t kPairwiseLimit = 64;

std::string abbreviate(std::string_view text) {
  if (text.size() <= kMaxDetailLength) return std::string(text);
  std::string out(text.substr(0, kMaxDetailLength));
  out += "...";
  return out;
}

// What comparing two fields shows before looking at their subfields.
enum class Outcome : uint8_t {
  kMergeable,           // no conflict, nothing more to compare
  kDifferentFields,     // same key, different field names
  kDifferingArguments,  // same field, different arguments
  kConflictingTypes,    // return types of different shapes
  kCompareSubfields,    // both have selection sets: their subfields decide
};

struct Shallow {
  Outcome outcome;
  bool mutually_exclusive;
};

// graphql-js doTypesConflict: list and non-null wrappers must match level by
// level, and if either named type is a leaf, the named types must be the same.
bool types_conflict(const schema::Schema& schema, TypeRef a, TypeRef b) {
  for (unsigned level = 0;; ++level) {
    bool list_a = level < a.list_depth;
    bool list_b = level < b.list_depth;
    bool non_null_a = ((a.non_null >> level) & 1u) != 0;
    bool non_null_b = ((b.non_null >> level) & 1u) != 0;
    if (list_a != list_b || non_null_a != non_null_b) return true;
    if (!list_a) break;
  }
  if (a.named == b.named) return false;
  auto is_leaf = [&](TypeId t) { return t != schema::kNone && schema.is_leaf(t); };
  return is_leaf(a.named) || is_leaf(b.named);
}

// A pair of fields' first-level outcome; `parents_exclusive` is true when the
// parents of their enclosing fields can never be the same object.
Shallow compare_shallow(const schema::Schema& schema, bool parents_exclusive,
                        const CollectedField& f1, const CollectedField& f2) {
  auto is_object = [&](TypeId t) {
    return t != schema::kNone && schema.type(t).kind == schema::TypeKind::kObject;
  };
  // Fields under two different object types can never both apply, so they may
  // differ in name and arguments (but not in the shape of what they return).
  bool exclusive =
      parents_exclusive || (f1.parent != f2.parent && is_object(f1.parent) && is_object(f2.parent));
  if (!exclusive) {
    if (f1.node->name.value != f2.node->name.value) return {Outcome::kDifferentFields, exclusive};
    if (!same_arguments(f1.node->arguments, f2.node->arguments)) {
      return {Outcome::kDifferingArguments, exclusive};
    }
  }
  if (f1.def != nullptr && f2.def != nullptr &&
      types_conflict(schema, f1.def->type, f2.def->type)) {
    return {Outcome::kConflictingTypes, exclusive};
  }
  if (f1.node->selection_set != nullptr && f2.node->selection_set != nullptr) {
    return {Outcome::kCompareSubfields, exclusive};
  }
  return {Outcome::kMergeable, exclusive};
}

std::string shallow_reason(const schema::Schema& schema, Outcome outcome, const CollectedField& f1,
                           const CollectedField& f2) {
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on `"literal" + std::string`.
  std::string reason;
  switch (outcome) {
    case Outcome::kDifferentFields:
      reason.append("\"").append(abbreviate(f1.node->name.value)).append("\" and \"");
      reason.append(abbreviate(f2.node->name.value)).append("\" are different fields");
      break;
    case Outcome::kDifferingArguments: reason = "they have differing arguments"; break;
    case Outcome::kConflictingTypes:
      reason.append("they return conflicting types \"").append(schema.type_to_string(f1.def->type));
      reason.append("\" and \"").append(schema.type_to_string(f2.def->type)).append("\"");
      break;
    case Outcome::kMergeable:
    case Outcome::kCompareSubfields: break;
  }
  return reason;
}

// graphql-js collectConflictNodes: the field, then the conflicting subfields of
// one side, keeping the deepest ones when there are more than 20.
std::vector<const ast::Field*> conflict_nodes(const ast::Field* field,
                                              const std::vector<FieldConflict>& conflicts,
                                              bool first_side) {
  std::vector<const ast::Field*> nodes{field};
  for (const FieldConflict& c : conflicts) {
    const std::vector<const ast::Field*>& side = first_side ? c.fields1 : c.fields2;
    size_t remaining = kMaxConflictNodes - nodes.size();
    size_t skip = side.size() > remaining ? side.size() - remaining : 0;
    nodes.insert(nodes.end(), side.begin() + static_cast<std::ptrdiff_t>(skip), side.end());
    if (nodes.size() == kMaxConflictNodes) break;
  }
  return nodes;
}

// graphql-js subfieldConflicts: one conflict for two fields whose subfields conflict.
FieldConflict subfield_conflict(std::vector<FieldConflict>&& conflicts,
                                std::string_view response_key, const ast::Field* field1,
                                const ast::Field* field2) {
  std::string detail;
  for (const FieldConflict& c : conflicts) {
    if (!detail.empty()) detail += " and ";
    detail += "subfields \"";
    detail += abbreviate(c.response_key);
    detail += "\" conflict because ";
    detail += c.reason;
    if (detail.size() > kMaxDetailLength) break;
  }
  FieldConflict out;
  out.response_key = response_key;
  out.reason = abbreviate(detail);
  out.fields1 = conflict_nodes(field1, conflicts, true);
  out.fields2 = conflict_nodes(field2, conflicts, false);
  return out;
}

}  // namespace

std::string conflict_message(const FieldConflict& conflict) {
  std::string message = "Fields \"";
  message.append(abbreviate(conflict.response_key)).append("\" conflict because ");
  message.append(conflict.reason);
  message.append(". Use different aliases on the fields to fetch both if this was intentional.");
  return message;
}

std::vector<SourcePos> conflict_locations(const FieldConflict& conflict) {
  std::vector<SourcePos> out;
  out.reserve(conflict.fields1.size() + conflict.fields2.size());
  for (const ast::Field* f : conflict.fields1) out.push_back(f->loc.pos());
  for (const ast::Field* f : conflict.fields2) out.push_back(f->loc.pos());
  return out;
}

// The search, one graphql-js function per member function, under the same names.
struct OverlappingFieldsFinder::Impl {
  struct PairHash {
    size_t operator()(const std::pair<std::string_view, std::string_view>& p) const {
      std::hash<std::string_view> h;
      return h(p.first) * 31 + h(p.second);
    }
  };

  void reset(const ValidationContext& context) {
    ctx = &context;
    schema = &context.schema;
    collector.reset(context.schema);
    compared_fragment_pairs.clear();
  }

  const ValidationContext* ctx = nullptr;
  const schema::Schema* schema = nullptr;
  FieldCollector collector;
  // graphql-js comparedFragmentPairs: unordered fragment pairs (smaller name
  // first) already compared, with whether that comparison assumed mutually
  // exclusive parents. The names point into the document.
  std::unordered_map<std::pair<std::string_view, std::string_view>, bool, PairHash>
      compared_fragment_pairs;

  void find_within(TypeId parent, const ast::SelectionSet& set, std::vector<FieldConflict>& out) {
    CollectedFields& fields = collector.collect(parent, set);
    collect_conflicts_within(out, fields);
    std::span<const std::string_view> names = fields.fragment_names();
    if (names.empty() || (fields.empty() && names.size() < 2)) return;
    for (size_t i = 0; i < names.size(); ++i) {
      collect_conflicts_between_fields_and_fragment(out, false, fields, names[i]);
      for (size_t j = i + 1; j < names.size(); ++j) {
        collect_conflicts_between_fragments(out, false, names[i], names[j]);
      }
    }
  }

  CollectedFields* fragment_fields(std::string_view name) {
    const ast::FragmentDefinition* fragment = ctx->fragment(name);
    if (fragment == nullptr || fragment->selection_set == nullptr) return nullptr;
    return &collector.collect(schema->find_type(fragment->type_condition.value),
                              *fragment->selection_set);
  }

  void collect_conflicts_between_fields_and_fragment(std::vector<FieldConflict>& out,
                                                     bool exclusive, CollectedFields& fields,
                                                     std::string_view fragment_name) {
    if (fields.empty()) return;
    if (!fields.compare_with_fragment(fragment_name, exclusive)) return;
    CollectedFields* fragment = fragment_fields(fragment_name);
    if (fragment == nullptr || fragment == &fields) return;
    collect_conflicts_between(out, exclusive, fields, *fragment);
    for (std::string_view referenced : fragment->fragment_names()) {
      collect_conflicts_between_fields_and_fragment(out, exclusive, fields, referenced);
    }
  }

  void collect_conflicts_between_fragments(std::vector<FieldConflict>& out, bool exclusive,
                                           std::string_view name1, std::string_view name2) {
    if (name1 == name2) return;
    auto key = name1 < name2 ? std::pair(name1, name2) : std::pair(name2, name1);
    auto [it, inserted] = compared_fragment_pairs.try_emplace(key, exclusive);
    if (!inserted) {
      // A non-exclusive comparison covers an exclusive one, not the reverse.
      if (exclusive || !it->second) return;
      it->second = false;
    }
    CollectedFields* fields1 = fragment_fields(name1);
    CollectedFields* fields2 = fragment_fields(name2);
    if (fields1 == nullptr || fields2 == nullptr) return;
    collect_conflicts_between(out, exclusive, *fields1, *fields2);
    for (std::string_view referenced2 : fields2->fragment_names()) {
      collect_conflicts_between_fragments(out, exclusive, name1, referenced2);
    }
    for (std::string_view referenced1 : fields1->fragment_names()) {
      collect_conflicts_between_fragments(out, exclusive, referenced1, name2);
    }
  }

  std::vector<FieldConflict> find_conflicts_between_sub_selection_sets(
      bool exclusive, TypeId parent1, const ast::SelectionSet& set1, TypeId parent2,
      const ast::SelectionSet& set2) {
    std::vector<FieldConflict> out;
    CollectedFields& fields1 = collector.collect(parent1, set1);
    CollectedFields& fields2 = collector.collect(parent2, set2);
    collect_conflicts_between(out, exclusive, fields1, fields2);
    for (std::string_view name2 : fields2.fragment_names()) {
      collect_conflicts_between_fields_and_fragment(out, exclusive, fields1, name2);
    }
    for (std::string_view name1 : fields1.fragment_names()) {
      collect_conflicts_between_fields_and_fragment(out, exclusive, fields2, name1);
    }
    for (std::string_view name1 : fields1.fragment_names()) {
      for (std::string_view name2 : fields2.fragment_names()) {
        collect_conflicts_between_fragments(out, exclusive, name1, name2);
      }
    }
    return out;
  }

  void collect_conflicts_within(std::vector<FieldConflict>& out, const CollectedFields& fields) {
    for (uint32_t b = 0; b < fields.buckets().size(); ++b) {
      if (fields.buckets()[b].size < 2) continue;
      compare_buckets(out, false, fields, b, fields, b, /*within=*/true);
    }
  }

  void collect_conflicts_between(std::vector<FieldConflict>& out, bool exclusive,
                                 const CollectedFields& fields1, const CollectedFields& fields2) {
    if (fields1.empty() || fields2.empty()) return;
    // graphql-js walks the buckets of fields1 in order; probing from the side
    // with fewer buckets and sorting gives the same order in O(min log min).
    std::vector<std::pair<uint32_t, uint32_t>> overlapping;
    if (fields1.buckets().size() <= fields2.buckets().size()) {
      for (uint32_t b1 = 0; b1 < fields1.buckets().size(); ++b1) {
        uint32_t b2 = fields2.find_bucket(fields1.buckets()[b1].key);
        if (b2 != CollectedFields::kNoBucket) overlapping.emplace_back(b1, b2);
      }
    } else {
      for (uint32_t b2 = 0; b2 < fields2.buckets().size(); ++b2) {
        uint32_t b1 = fields1.find_bucket(fields2.buckets()[b2].key);
        if (b1 != CollectedFields::kNoBucket) overlapping.emplace_back(b1, b2);
      }
      std::sort(overlapping.begin(), overlapping.end());
    }
    for (auto [b1, b2] : overlapping) {
      compare_buckets(out, exclusive, fields1, b1, fields2, b2, /*within=*/false);
    }
  }

  // Compares the fields of two buckets with one response key: every pair (i, j),
  // or with `within` (one bucket against itself) every pair i < j, in that order.
  // Large buckets skip the pairs whose classes show that they cannot conflict.
  void compare_buckets(std::vector<FieldConflict>& out, bool exclusive, const CollectedFields& set1,
                       uint32_t b1, const CollectedFields& set2, uint32_t b2, bool within) {
    const FieldBucket& bucket1 = set1.buckets()[b1];
    const FieldBucket& bucket2 = set2.buckets()[b2];
    std::span<const CollectedField> fields1 = set1.fields(bucket1);
    std::span<const CollectedField> fields2 = set2.fields(bucket2);
    auto compare = [&](uint32_t i, uint32_t j) {
      if (auto c = find_conflict(exclusive, bucket1.key, fields1[i], fields2[j])) {
        out.push_back(std::move(*c));
      }
    };
    if (fields1.size() * fields2.size() <= kPairwiseLimit) {
      for (uint32_t i = 0; i < fields1.size(); ++i) {
        for (uint32_t j = within ? i + 1 : 0; j < fields2.size(); ++j) compare(i, j);
      }
      return;
    }
    const FieldClasses& classes1 = set1.classes(b1);
    const FieldClasses& classes2 = set2.classes(b2);
    size_t n2 = classes2.members.size();
    // Per pair of classes: -1 unknown, 0 the pairs cannot conflict, 1 compare each pair.
    std::vector<int8_t> verdicts(classes1.members.size() * n2, -1);
    std::vector<uint32_t> candidates;
    for (uint32_t i = 0; i < fields1.size(); ++i) {
      uint32_t c1 = classes1.class_of[i];
      candidates.clear();
      size_t contributing = 0;
      for (uint32_t c2 = 0; c2 < n2; ++c2) {
        int8_t& verdict = verdicts[c1 * n2 + c2];
        if (verdict < 0) {
          const CollectedField& rep1 = fields1[classes1.members[c1].front()];
          const CollectedField& rep2 = fields2[classes2.members[c2].front()];
          verdict = compare_shallow(*schema, exclusive, rep1, rep2).outcome != Outcome::kMergeable;
        }
        if (verdict == 0) continue;
        const std::vector<uint32_t>& members = classes2.members[c2];
        auto first = within ? std::upper_bound(members.begin(), members.end(), i) : members.begin();
        if (first == members.end()) continue;
        candidates.insert(candidates.end(), first, members.end());
        ++contributing;
      }
      if (contributing > 1) std::sort(candidates.begin(), candidates.end());
      for (uint32_t j : candidates) compare(i, j);
    }
  }

  // graphql-js findConflict.
  std::optional<FieldConflict> find_conflict(bool parents_exclusive, std::string_view response_key,
                                             const CollectedField& f1, const CollectedField& f2) {
    Shallow shallow = compare_shallow(*schema, parents_exclusive, f1, f2);
    switch (shallow.outcome) {
      case Outcome::kMergeable: return std::nullopt;
      case Outcome::kDifferentFields:
      case Outcome::kDifferingArguments:
      case Outcome::kConflictingTypes:
        return FieldConflict{
            response_key, shallow_reason(*schema, shallow.outcome, f1, f2), {f1.node}, {f2.node}};
      case Outcome::kCompareSubfields: break;
    }
    std::vector<FieldConflict> conflicts = find_conflicts_between_sub_selection_sets(
        shallow.mutually_exclusive, f1.def != nullptr ? f1.def->type.named : schema::kNone,
        *f1.node->selection_set, f2.def != nullptr ? f2.def->type.named : schema::kNone,
        *f2.node->selection_set);
    if (conflicts.empty()) return std::nullopt;
    return subfield_conflict(std::move(conflicts), response_key, f1.node, f2.node);
  }
};

OverlappingFieldsFinder::OverlappingFieldsFinder() : impl_(std::make_unique<Impl>()) {}

OverlappingFieldsFinder::~OverlappingFieldsFinder() = default;

void OverlappingFieldsFinder::reset(const ValidationContext& ctx) { impl_->reset(ctx); }

void OverlappingFieldsFinder::find_within(schema::TypeId parent_type, const ast::SelectionSet& set,
                                          std::vector<FieldConflict>& out) {
  impl_->find_within(parent_type, set, out);
}

}  // namespace gqleval::validate
