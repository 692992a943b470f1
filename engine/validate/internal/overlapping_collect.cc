#include "engine/validate/internal/overlapping_collect.h"

#include <algorithm>
#include <cstring>

#include "engine/validate/internal/overlapping_values.h"

namespace gqleval::validate {
namespace {

// Up to this many buckets (or pending fields), a linear scan beats hashing.
constexpr size_t kLinearLimit = 16;

bool is_meta_field(std::string_view name) {
  return name == "__typename" || name == "__schema" || name == "__type";
}

void append_u32(uint32_t v, std::string& out) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  out.append(bytes, sizeof v);
}

}  // namespace

uint32_t CollectedFields::find_bucket(std::string_view key) const {
  if (!index_.empty()) {
    auto it = index_.find(key);
    return it == index_.end() ? kNoBucket : it->second;
  }
  for (uint32_t b = 0; b < buckets_.size(); ++b) {
    if (buckets_[b].key == key) return b;
  }
  return kNoBucket;
}

const FieldClasses& CollectedFields::classes(uint32_t b) const {
  // The classes live on the heap, so resizing this vector leaves them in place.
  if (classes_.size() < buckets_.size()) classes_.resize(buckets_.size());
  std::unique_ptr<FieldClasses>& slot = classes_[b];
  if (slot) return *slot;
  slot = std::make_unique<FieldClasses>();
  FieldClasses& classes = *slot;
  std::span<const CollectedField> members = fields(buckets_[b]);
  classes.class_of.resize(members.size());
  std::unordered_map<std::string, uint32_t> by_key;
  std::string key;
  for (uint32_t i = 0; i < members.size(); ++i) {
    const CollectedField& f = members[i];
    key.clear();
    append_u32(f.parent, key);
    key.push_back(f.node->selection_set != nullptr ? 's' : 'l');
    append_u32(static_cast<uint32_t>(f.node->name.value.size()), key);
    key.append(f.node->name.value);
    if (!append_arguments_key(f.node->arguments, key)) {
      // Repeated argument names: graphql-js's comparison is not symmetric then,
      // so the field gets a class of its own and is compared pairwise.
      key.push_back('#');
      append_u32(i, key);
    }
    auto [it, inserted] = by_key.emplace(key, static_cast<uint32_t>(classes.members.size()));
    if (inserted) classes.members.emplace_back();
    classes.class_of[i] = it->second;
    classes.members[it->second].push_back(i);
  }
  return classes;
}

bool CollectedFields::compare_with_fragment(std::string_view name, bool mutually_exclusive) {
  for (auto& [fragment, exclusive] : compared_fragments_) {
    if (fragment != name) continue;
    if (!exclusive || mutually_exclusive) return false;
    exclusive = false;  // an exclusive comparison does not cover a non-exclusive one
    return true;
  }
  compared_fragments_.emplace_back(name, mutually_exclusive);
  return true;
}

void CollectedFields::clear() {
  fields_.clear();
  buckets_.clear();
  index_.clear();
  fragment_names_.clear();
  compared_fragments_.clear();
  classes_.clear();
}

CollectedFields& FieldCollector::collect(schema::TypeId parent, const ast::SelectionSet& set) {
  const Key key{parent, &set};
  if (cache_.empty()) {
    for (const auto& [k, fields] : small_cache_) {
      if (k == key) return *fields;
    }
  } else if (auto it = cache_.find(key); it != cache_.end()) {
    return *it->second;
  }
  if (used_ == pool_.size()) pool_.push_back(std::make_unique<CollectedFields>());
  CollectedFields& out = *pool_[used_++];
  out.clear();
  pending_.clear();
  gather(parent, set, out);
  group(out);
  if (cache_.empty() && small_cache_.size() < kLinearLimit) {
    small_cache_.emplace_back(key, &out);
  } else {
    if (cache_.empty()) cache_.insert(small_cache_.begin(), small_cache_.end());
    cache_.emplace(key, &out);
  }
  return out;
}

void FieldCollector::reset(const schema::Schema& schema) {
  schema_ = &schema;
  used_ = 0;
  small_cache_.clear();
  cache_.clear();
}

const schema::FieldDef* FieldCollector::definition(schema::TypeId parent,
                                                   std::string_view name) const {
  if (parent == schema::kNone || is_meta_field(name)) return nullptr;
  schema::TypeKind kind = schema_->type(parent).kind;
  if (kind != schema::TypeKind::kObject && kind != schema::TypeKind::kInterface) return nullptr;
  return schema_->field_named(parent, name);
}

void FieldCollector::gather(schema::TypeId parent, const ast::SelectionSet& set,
                            CollectedFields& out) {
  for (const ast::Selection* selection : set.selections) {
    switch (selection->kind) {
      case ast::SelectionKind::kField: {
        const auto& field = ast::as<ast::Field>(*selection);
        pending_.push_back({field.response_key(),
                            CollectedField{parent, &field, definition(parent, field.name.value)}});
        break;
      }
      case ast::SelectionKind::kFragmentSpread: {
        std::string_view name = ast::as<ast::FragmentSpread>(*selection).name.value;
        std::vector<std::string_view>& names = out.fragment_names_;
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        break;
      }
      case ast::SelectionKind::kInlineFragment: {
        const auto& fragment = ast::as<ast::InlineFragment>(*selection);
        schema::TypeId type = fragment.type_condition.empty()
                                  ? parent
                                  : schema_->find_type(fragment.type_condition.value);
        if (fragment.selection_set != nullptr) gather(type, *fragment.selection_set, out);
        break;
      }
    }
  }
}

void FieldCollector::group(CollectedFields& out) {
  // Assign each pending field its bucket, creating buckets in order of first key.
  std::vector<uint32_t>& bucket_of = bucket_of_;
  bucket_of.resize(pending_.size());
  std::unordered_map<std::string_view, uint32_t>& index = index_scratch_;
  index.clear();
  bool hashed = pending_.size() > kLinearLimit;
  for (size_t i = 0; i < pending_.size(); ++i) {
    std::string_view key = pending_[i].key;
    uint32_t b = CollectedFields::kNoBucket;
    if (hashed) {
      auto [it, inserted] = index.emplace(key, static_cast<uint32_t>(out.buckets_.size()));
      b = it->second;
    } else {
      for (uint32_t j = 0; j < out.buckets_.size(); ++j) {
        if (out.buckets_[j].key == key) {
          b = j;
          break;
        }
      }
      if (b == CollectedFields::kNoBucket) b = static_cast<uint32_t>(out.buckets_.size());
    }
    if (b == out.buckets_.size()) out.buckets_.push_back(FieldBucket{key, 0, 0});
    ++out.buckets_[b].size;
    bucket_of[i] = b;
  }
  // Lay the buckets out contiguously, each in document order.
  uint32_t offset = 0;
  for (FieldBucket& b : out.buckets_) {
    b.begin = offset;
    offset += b.size;
  }
  out.fields_.resize(pending_.size());
  fill_.assign(out.buckets_.size(), 0);
  for (size_t i = 0; i < pending_.size(); ++i) {
    const FieldBucket& b = out.buckets_[bucket_of[i]];
    out.fields_[b.begin + fill_[bucket_of[i]]++] = pending_[i].field;
  }
  if (out.buckets_.size() > kLinearLimit) out.index_.swap(index);
}

}  // namespace gqleval::validate
