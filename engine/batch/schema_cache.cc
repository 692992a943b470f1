#include "engine/batch/schema_cache.h"

#include <map>

#include <mutex>
#include <utility>

#include "engine/base/hash.h"
#include "engine/score/score_pair.h"
#include "io/file.h"

#include "io/content_hash.h"

namespace gqleval::batch {

SchemaCache::SchemaCache(SchemaCacheOptions options) : options_(std::move(options)) {}

uint64_t SchemaCache::hash(std::string_view sdl) { return hash_bytes(sdl); }

std::unique_ptr<SchemaEntry> SchemaCache::build(std::string_view sdl) const {
  auto entry = std::make_unique<SchemaEntry>();
  entry->text = std::string(sdl);
  entry->content_hash = io::hash64(sdl);
  score::ScoringSchemaOptions options;
  options.strict = options_.build.strict;
  options.rewrites = options_.build_rewrites;
  options.rules_file = options_.rules_file.get();
  auto built = score::ScoringSchema::build(sdl, options);
  if (!built) {
    entry->errors = std::move(built.error());
    return entry;
  }
  entry->schema = (*built)->shared_schema();
  entry->rewrites = (*built)->shared_rewrites();
  return entry;
}

const SchemaEntry& SchemaCache::get(std::string_view sdl, uint64_t h) {
  Stripe& stripe = stripes_[h % kStripes];
  {
    std::shared_lock lock(stripe.mutex);
    auto [first, last] = stripe.entries.equal_range(h);
    for (auto it = first; it != last; ++it) {
      if (it->second->text == sdl) return *it->second;
    }
  }
  // Built outside the lock: other schemas stay available meanwhile.
  std::unique_ptr<SchemaEntry> fresh = build(sdl);
  builds_.fetch_add(1, std::memory_order_relaxed);
  std::unique_lock lock(stripe.mutex);
  auto [first, last] = stripe.entries.equal_range(h);
  for (auto it = first; it != last; ++it) {
    if (it->second->text == sdl) return *it->second;  // another worker won the race
  }
  auto it = stripe.entries.emplace(h, std::move(fresh));
  return *it->second;
}

size_t SchemaCache::size() const {
  size_t n = 0;
  for (const Stripe& s : stripes_) {
    std::shared_lock lock(s.mutex);
    n += s.entries.size();
  }
  return n;
}

size_t SchemaCache::failures() const {
  size_t n = 0;
  for (const Stripe& s : stripes_) {
    std::shared_lock lock(s.mutex);
    for (const auto& [h, e] : s.entries) n += e->ok() ? 0 : 1;
  }
  return n;
}

std::vector<std::pair<std::string, size_t>> SchemaCache::rules_warnings() const {
  std::map<std::string, size_t> counts;
  for (const Stripe& s : stripes_) {
    std::shared_lock lock(s.mutex);
    for (const auto& [h, e] : s.entries) {
      if (e->rewrites == nullptr) continue;
      for (const Diagnostic& d : e->rewrites->warnings()) ++counts[d.message];
    }
  }
  return {counts.begin(), counts.end()};
}

const SchemaEntry& SchemaMemo::get(std::string_view sdl) {
  // Texts are compared before any hashing: unequal sizes end most comparisons
  // at once, and one memcmp of the matching text is cheaper than hashing it.
  for (const SchemaEntry* e : slots_) {
    if (e != nullptr && e->text == sdl) return *e;
  }
  const SchemaEntry& e = cache_->get(sdl);
  slots_[next_] = &e;
  next_ = (next_ + 1) % kSlots;
  return e;
}

const std::string* SchemaFiles::read(std::string_view path, const Diagnostic** error) {
  std::lock_guard lock(mutex_);
  auto it = files_.find(std::string(path));
  if (it == files_.end()) {
    auto file = std::make_unique<File>();
    std::string full(path);
    if (!full.empty() && full.front() != '/' && !base_dir_.empty()) full = base_dir_ + "/" + full;
    auto text = full.empty() ? Result<std::string, Diagnostic>(Unexpected{
                                   make_error("IO", "the schema path cell is empty", SourcePos{})})
                             : io::read_file(full);
    if (text) {
      file->text = std::move(*text);
    } else {
      file->error = std::move(text.error());
    }
    it = files_.emplace(std::string(path), std::move(file)).first;
  }
  if (it->second->error) {
    *error = &*it->second->error;
    return nullptr;
  }
  *error = nullptr;
  return &it->second->text;
}

}  // namespace gqleval::batch
