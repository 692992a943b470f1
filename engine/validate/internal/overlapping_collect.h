// Field collection for OverlappingFieldsCanBeMerged (graphql-js 16 collectFields,
// as that rule uses it).
//
// Collecting a selection set walks its fields and, through inline fragments, the
// fields of nested inline fragments (each under the fragment's type condition),
// and lists the names of the fragments it spreads without following them. The
// fields are bucketed by response key: a bucket keeps its fields in document
// order, and buckets come in the order their keys first appear. Each field keeps
// the parent type it was collected under and its definition, looked up only on
// object and interface types and never for meta fields, as graphql-js does.
//
// FieldCollector caches one CollectedFields per (parent type, selection set), as
// graphql-js does; references it returns stay valid until reset(). reset() starts
// a new document but keeps the memory, so a collector reused across documents
// (one per thread) stops allocating once it has seen a document of each size.
// A CollectedFields also carries graphql-js's per-collection memo of the
// fragments it was compared with (compare_with_fragment()).
//
// For large buckets, classes() groups the fields into classes of fields that any
// other field treats alike: same parent type, field name, arguments (by
// arguments_key()) and presence of a selection set. Two fields of one class never
// conflict unless both have subfields, and the first-level outcome of comparing a
// field with any member of a class is the same.
//
// Costs: collect is O(selections) with one lookup per field; lookups of a key
// (and of a cached collection) are linear for up to 16 entries, else hashed. classes() is O(bucket
// size + total argument size) and is built once per bucket, on first use.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

struct CollectedField {
  schema::TypeId parent = schema::kNone;  // the type it was collected under; kNone = unknown
  const ast::Field* node = nullptr;
  const schema::FieldDef* def = nullptr;  // nullptr: unknown field, or a meta field
};

struct FieldBucket {
  std::string_view key;  // the response key
  uint32_t begin = 0;    // the bucket's fields are fields()[begin, begin + size)
  uint32_t size = 0;
};

struct FieldClasses {
  std::vector<uint32_t> class_of;              // per field of the bucket: its class
  std::vector<std::vector<uint32_t>> members;  // per class: positions in the bucket, ascending
};

class CollectedFields {
 public:
  static constexpr uint32_t kNoBucket = UINT32_MAX;

  std::span<const FieldBucket> buckets() const { return buckets_; }
  std::span<const CollectedField> fields(const FieldBucket& b) const {
    return std::span<const CollectedField>(fields_).subspan(b.begin, b.size);
  }
  // The names of the spread fragments, each once, in order of first appearance.
  std::span<const std::string_view> fragment_names() const { return fragment_names_; }
  bool empty() const { return buckets_.empty(); }

  // The bucket of `key`, or kNoBucket.
  uint32_t find_bucket(std::string_view key) const;

  // The classes of the fields of bucket `b` (built on first use; stays valid).
  const FieldClasses& classes(uint32_t b) const;

  // graphql-js's comparedFragments memo: whether this collection still has to
  // be compared with fragment `name` under the given exclusivity, remembering
  // that it now is. A comparison with non-exclusive parents covers every later
  // one; an exclusive one covers only later exclusive ones.
  bool compare_with_fragment(std::string_view name, bool mutually_exclusive);

 private:
  friend class FieldCollector;
  void clear();  // empty, keeping capacity

  std::vector<CollectedField> fields_;  // grouped by bucket
  std::vector<FieldBucket> buckets_;
  std::unordered_map<std::string_view, uint32_t> index_;  // only with more than 16 buckets
  std::vector<std::string_view> fragment_names_;
  std::vector<std::pair<std::string_view, bool>> compared_fragments_;
  mutable std::vector<std::unique_ptr<FieldClasses>> classes_;  // per bucket, sized lazily
};

class FieldCollector {
 public:
  // The collection of `set` under `parent` (kNone = unknown), cached.
  CollectedFields& collect(schema::TypeId parent, const ast::SelectionSet& set);

  // Starts a document over `schema`: forgets every collection, keeping the
  // memory. Must be called before the first collect().
  void reset(const schema::Schema& schema);

 private:
  struct Key {
    schema::TypeId parent;
    const ast::SelectionSet* set;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      return std::hash<const void*>()(k.set) ^ (size_t{k.parent} * 0x9E3779B97F4A7C15ull);
    }
  };
  struct Pending {
    std::string_view key;
    CollectedField field;
  };

  void gather(schema::TypeId parent, const ast::SelectionSet& set, CollectedFields& out);
  const schema::FieldDef* definition(schema::TypeId parent, std::string_view name) const;
  void group(CollectedFields& out);

  const schema::Schema* schema_ = nullptr;
  // Collections in use are pool_[0, used_); the rest wait for reuse.
  std::vector<std::unique_ptr<CollectedFields>> pool_;
  size_t used_ = 0;
  // The cache: a list while small, a hash map beyond (then both hold every entry).
  std::vector<std::pair<Key, CollectedFields*>> small_cache_;
  std::unordered_map<Key, CollectedFields*, KeyHash> cache_;
  // Scratch of collect(), which does not recurse.
  std::vector<Pending> pending_;
  std::vector<uint32_t> bucket_of_;
  std::vector<uint32_t> fill_;
  std::unordered_map<std::string_view, uint32_t> index_scratch_;
};

}  // namespace gqleval::validate
