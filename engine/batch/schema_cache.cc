#include "engine/batch/schema_cache.h"

#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <utility>

#include "engine/base/hash.h"
#include "engine/introspection/introspection.h"
#include "engine/schema/canonical_sdl.h"
#include "engine/score/score_pair.h"
#include "engine/sources/schema_sources.h"
#include "io/content_hash.h"

namespace gqleval::batch {

// A built schema, shared by the aliases whose canonical text it is. A build
// with no schema marks a canonical text that does not build: each alias of
// it is built from its own text, for its own error positions.
struct SchemaCache::Build {
  std::string canonical;
  uint64_t canonical_hash = 0;
  uint64_t identity = 0;  // SchemaEntry::identity_hash of the schema it built
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
  size_t bytes = 0;
  size_t aliases = 0;
};

struct SchemaCache::Alias {
  std::shared_ptr<const SchemaEntry> entry;
  uint64_t hash = 0;
  Build* build = nullptr;  // null for a text with no canonical form
  size_t bytes = 0;
};

// Distinct 64-bit keys, open addressing with linear probing at most half
// full: 16 bytes a key.
class SchemaCache::HashSet {
 public:
  // True when the key was not in the set.
  bool insert(uint64_t key) {
    if (key == 0) key = 1;  // 0 marks an empty slot
    if ((size_ + 1) * 2 > slots_.size()) grow();
    if (!place(slots_, key)) return false;
    ++size_;
    return true;
  }
  size_t size() const { return size_; }

 private:
  static bool place(std::vector<uint64_t>& slots, uint64_t key) {
    const size_t mask = slots.size() - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask) {
      if (slots[i] == key) return false;
      if (slots[i] == 0) {
        slots[i] = key;
        return true;
      }
    }
  }
  void grow() {
    std::vector<uint64_t> bigger(std::max<size_t>(64, slots_.size() * 2), 0);
    for (uint64_t k : slots_) {
      if (k != 0) place(bigger, k);
    }
    slots_ = std::move(bigger);
  }
  std::vector<uint64_t> slots_;
  size_t size_ = 0;
};

namespace {

constexpr size_t kEntryOverhead = 256;  // the entry, list and table nodes

// Builds one text: the schema and its rewrites, or the errors.
struct Built {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
  Diagnostics errors;
};

Built build_text(std::string_view sdl, const SchemaCacheOptions& o) {
  score::ScoringSchemaOptions options;
  options.strict = o.build.strict;
  options.rewrites = o.build_rewrites;
  options.rules_file = o.rules_file.get();
  auto built = score::ScoringSchema::build(sdl, options);
  if (!built) return Built{nullptr, nullptr, std::move(built.error())};
  return Built{(*built)->shared_schema(), (*built)->shared_rewrites(), {}};
}

}  // namespace

size_t default_schema_cache_bytes() {
  const size_t kDefault = size_t{256} << 20;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return kDefault;
  const size_t eighth = static_cast<size_t>(pages) / 8 * static_cast<size_t>(page_size);
  return std::min(kDefault, std::max<size_t>(eighth, size_t{16} << 20));
}

SchemaCache::SchemaCache(SchemaCacheOptions options)
    : options_(std::move(options)), seen_(std::make_unique<HashSet>()) {}

SchemaCache::~SchemaCache() = default;

uint64_t SchemaCache::hash(std::string_view sdl) { return hash_bytes(sdl); }

// Once per build: the schema as printed, in canonical order, is the same
// whatever form it came in (layout, comments, definition order, applied
// directives, introspection JSON; the dialect's added types print as
// declared types).
uint64_t SchemaCache::identity_of(const schema::Schema& schema) {
  const std::string printed = schema.print_sdl();
  const std::optional<std::string> canonical = schema::canonical_sdl(printed);
  return hash(canonical ? *canonical : printed);
}

// The entry of this very text, when the cache has it (and it is now the
// most recently used).
std::shared_ptr<const SchemaEntry> SchemaCache::find_alias_locked(std::string_view sdl,
                                                                  uint64_t h) {
  auto [first, last] = aliases_.equal_range(h);
  for (auto it = first; it != last; ++it) {
    if (it->second->entry->text == sdl) {
      lru_.splice(lru_.begin(), lru_, it->second);
      return it->second->entry;
    }
  }
  return nullptr;
}

// A build of a canonical form, made outside the lock (other schemas stay
// available meanwhile).
std::unique_ptr<SchemaCache::Build> SchemaCache::build_canonical(const std::string& canonical,
                                                                 uint64_t canonical_hash) {
  auto fresh = std::make_unique<Build>();
  fresh->canonical = canonical;
  fresh->canonical_hash = canonical_hash;
  Built b = build_text(canonical, options_);
  builds_.fetch_add(1, std::memory_order_relaxed);
  fresh->schema = std::move(b.schema);
  fresh->rewrites = std::move(b.rewrites);
  fresh->identity = fresh->schema ? identity_of(*fresh->schema) : canonical_hash;
  fresh->bytes = kEntryOverhead + canonical.size() +
                 (fresh->schema ? estimated_build_bytes(canonical.size()) : 0);
  return fresh;
}

// The entry's schema: the fresh canonical build's, or where there is none
// (no canonical form, or it does not build) this text's own build, whose
// errors then have this text's positions.
void SchemaCache::fill_entry(SchemaEntry& entry, const Build* fresh, std::string_view source) {
  if (fresh != nullptr && fresh->schema) {
    entry.schema = fresh->schema;
    entry.rewrites = fresh->rewrites;
    entry.identity_hash = fresh->identity;
    return;
  }
  Built b = build_text(source, options_);
  builds_.fetch_add(1, std::memory_order_relaxed);
  entry.schema = std::move(b.schema);
  entry.rewrites = std::move(b.rewrites);
  entry.errors = std::move(b.errors);
  if (entry.schema) entry.identity_hash = identity_of(*entry.schema);
}

// Adds the new entry, unless another worker won the race for this text; a
// fresh build is kept for the canonical form, or the winner's build serves.
std::shared_ptr<const SchemaEntry> SchemaCache::publish(std::shared_ptr<SchemaEntry> entry,
                                                        std::string_view sdl, uint64_t h,
                                                        const std::optional<std::string>& canonical,
                                                        uint64_t canonical_hash,
                                                        std::unique_ptr<Build> fresh) {
  std::lock_guard lock(mutex_);
  if (auto hit = find_alias_locked(sdl, h)) return hit;  // another worker won the race
  count_locked(canonical_hash, !entry->ok(), entry->rewrites.get());
  Build* build = nullptr;
  if (canonical) {
    // There may be no build and nothing fresh: the canonical form was known
    // to fail, and that failure has been evicted since (a small bound, other
    // workers' insertions).
    build = find_build_locked(canonical_hash, *canonical);
    if (build == nullptr && fresh) {
      build = fresh.get();
      bytes_ += fresh->bytes;
      builds_by_canonical_.emplace(canonical_hash, std::move(fresh));
    } else if (build != nullptr && build->schema && entry->ok()) {
      entry->schema = build->schema;  // the winner's build serves everyone
      entry->rewrites = build->rewrites;
      entry->identity_hash = build->identity;
    }
  }
  return insert_locked(std::move(entry), h, build);
}

std::shared_ptr<const SchemaEntry> SchemaCache::get(std::string_view sdl, uint64_t h) {
  {
    std::lock_guard lock(mutex_);
    if (auto hit = find_alias_locked(sdl, h)) return hit;
  }
  // A new text: its canonical form decides whether a build can be shared.
  // Introspection JSON is read as the SDL it describes, so the same schema
  // as JSON and as SDL shares one build (and one verdict).
  auto entry = std::make_shared<SchemaEntry>();
  entry->text = std::string(sdl);
  entry->content_hash = io::hash64(sdl);
  std::string converted;
  std::string_view source = sdl;
  if (introspection::is_introspection_json(sdl)) {
    auto as_sdl = introspection::introspection_to_sdl(sdl, "schema");
    if (!as_sdl) {
      entry->errors = std::move(as_sdl.error());
      entry->identity_hash = h;
      std::lock_guard lock(mutex_);
      if (auto hit = find_alias_locked(sdl, h)) return hit;
      count_locked(h, true, nullptr);
      return insert_locked(std::move(entry), h, nullptr);
    }
    converted = std::move(*as_sdl);
    source = converted;
  }
  const std::optional<std::string> canonical = schema::canonical_sdl(source);
  const uint64_t canonical_hash = canonical ? hash(*canonical) : h;
  entry->identity_hash = canonical_hash;
  bool known_failure = false;
  if (canonical) {
    std::lock_guard lock(mutex_);
    if (auto hit = find_alias_locked(sdl, h)) return hit;
    if (Build* b = find_build_locked(canonical_hash, *canonical); b != nullptr) {
      if (b->schema) {
        entry->schema = b->schema;
        entry->rewrites = b->rewrites;
        entry->identity_hash = b->identity;
        return insert_locked(std::move(entry), h, b);
      }
      known_failure = true;
    }
  }
  std::unique_ptr<Build> fresh =
      canonical && !known_failure ? build_canonical(*canonical, canonical_hash) : nullptr;
  fill_entry(*entry, fresh.get(), source);
  return publish(std::move(entry), sdl, h, canonical, canonical_hash, std::move(fresh));
}

SchemaCache::Build* SchemaCache::find_build_locked(uint64_t canonical_hash,
                                                   std::string_view canonical) const {
  auto [first, last] = builds_by_canonical_.equal_range(canonical_hash);
  for (auto it = first; it != last; ++it) {
    if (it->second->canonical == canonical) return it->second.get();
  }
  return nullptr;
}

std::shared_ptr<const SchemaEntry> SchemaCache::insert_locked(std::shared_ptr<SchemaEntry> entry,
                                                              uint64_t hash, Build* build) {
  Alias alias;
  alias.hash = hash;
  alias.build = build;
  alias.bytes = kEntryOverhead + entry->text.size();
  for (const Diagnostic& d : entry->errors) alias.bytes += sizeof(Diagnostic) + d.message.size();
  if (build != nullptr) ++build->aliases;
  bytes_ += alias.bytes;
  alias.entry = std::move(entry);
  lru_.push_front(std::move(alias));
  aliases_.emplace(hash, lru_.begin());
  std::shared_ptr<const SchemaEntry> out = lru_.front().entry;
  evict_locked();
  return out;
}

void SchemaCache::evict_locked() {
  if (options_.max_bytes == 0) return;
  // The newest alias stays, however large: the caller is about to use it.
  while (bytes_ > options_.max_bytes && lru_.size() > 1) {
    auto victim = std::prev(lru_.end());
    auto [first, last] = aliases_.equal_range(victim->hash);
    for (auto it = first; it != last; ++it) {
      if (it->second == victim) {
        aliases_.erase(it);
        break;
      }
    }
    bytes_ -= victim->bytes;
    if (Build* b = victim->build; b != nullptr && --b->aliases == 0) {
      bytes_ -= b->bytes;
      auto [bf, bl] = builds_by_canonical_.equal_range(b->canonical_hash);
      for (auto it = bf; it != bl; ++it) {
        if (it->second.get() == b) {
          builds_by_canonical_.erase(it);
          break;
        }
      }
    }
    lru_.erase(victim);
    ++evictions_;
  }
}

void SchemaCache::count_locked(uint64_t key, bool failed, const normalize::Rewrites* rewrites) {
  if (!seen_->insert(key)) return;
  if (failed) ++failures_;
  DistinctSchema* kept = nullptr;
  if (options_.keep_distinct) {
    kept = &distinct_[key];
    kept->key = key;
    kept->failed = failed;
  }
  if (rewrites == nullptr) return;
  for (const Diagnostic& d : rewrites->warnings()) {
    ++warnings_[d.message];
    if (kept != nullptr) kept->warnings.push_back(d.message);
  }
}

std::vector<DistinctSchema> SchemaCache::distinct() const {
  std::lock_guard lock(mutex_);
  std::vector<DistinctSchema> out;
  for (const auto& [key, schema] : distinct_) out.push_back(schema);
  return out;
}

size_t SchemaCache::size() const {
  std::lock_guard lock(mutex_);
  return seen_->size();
}

size_t SchemaCache::failures() const {
  std::lock_guard lock(mutex_);
  return failures_;
}

size_t SchemaCache::evictions() const {
  std::lock_guard lock(mutex_);
  return evictions_;
}

size_t SchemaCache::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

std::vector<std::pair<std::string, size_t>> SchemaCache::rules_warnings() const {
  std::lock_guard lock(mutex_);
  return {warnings_.begin(), warnings_.end()};
}

const SchemaEntry& SchemaMemo::get(std::string_view sdl) {
  // Texts are compared before any hashing: unequal sizes end most comparisons
  // at once, and one memcmp of the matching text is cheaper than hashing it.
  for (const auto& e : slots_) {
    if (e != nullptr && e->text == sdl) return *e;
  }
  return fill(cache_->get(sdl), nullptr);
}

const SchemaEntry& SchemaMemo::get(const SchemaFile& file) {
  for (size_t i = 0; i < kSlots; ++i) {
    if (files_[i] == &file) return *slots_[i];
  }
  return fill(cache_->get(file.text, file.hash), &file);
}

const SchemaEntry& SchemaMemo::fill(std::shared_ptr<const SchemaEntry> entry,
                                    const SchemaFile* file) {
  slots_[next_] = std::move(entry);
  files_[next_] = file;
  const SchemaEntry& e = *slots_[next_];
  next_ = (next_ + 1) % kSlots;
  return e;
}

const SchemaFile& SchemaFiles::read(std::string_view path) {
  std::lock_guard lock(mutex_);
  auto it = files_.find(std::string(path));
  if (it == files_.end()) {
    auto file = std::make_unique<SchemaFile>();
    std::string full(path);
    if (!full.empty() && full.front() != '/' && !base_dir_.empty()) full = base_dir_ + "/" + full;
    // A path may name a file, a glob, or a StepZen project (a folder or its
    // index.graphql), as --schema may.
    if (full.empty()) {
      file->error = make_error("IO", "the schema path cell is empty", SourcePos{});
    } else if (auto loaded = sources::load_schema(std::span(&full, 1))) {
      file->text = std::move(loaded->sdl);
      file->hash = SchemaCache::hash(file->text);
    } else {
      file->error = std::move(loaded.error());
    }
    it = files_.emplace(std::string(path), std::move(file)).first;
  }
  return *it->second;
}

}  // namespace gqleval::batch
