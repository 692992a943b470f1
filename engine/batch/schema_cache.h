// SchemaCache: the built schemas of a run (Schema::build and, when a rewrite
// rule is on, Rewrites::build), shared read-only by all workers, in memory
// bounded by bytes whatever the input.
//
// Two levels. A schema text (the exact cell) is an alias: the text, its hash
// (for row keys) and the built schema it names. Texts that differ only in
// comments, whitespace and definition order have one canonical text
// (schema/canonical_sdl.h) and share one build, made from the canonical text,
// so a file whose every row carries its own variant of 13 schemas builds 13
// schemas, not one per row. A schema that does not build is reported from
// each text's own source (its errors' positions are that text's), and a text
// that does not parse is its own canonical form. A text that is introspection
// JSON (engine/introspection) is read as the SDL it describes: as JSON or as
// SDL, one schema is one build.
//
// Bound: aliases are kept in least-recently-used order; while the bytes held
// (alias texts, canonical texts and the estimated size of each build, see
// estimated_build_bytes) pass `max_bytes`, the least recently used alias is
// dropped, and a build is dropped with its last alias. A text seen again after
// its entry was dropped is rebuilt: the same text always gives the same
// entry contents, so results do not depend on the bound. Entries are handed
// out as shared pointers: a worker's entry in use is never freed under it
// (the memory of at most SchemaMemo::kSlots entries per worker may outlive
// the bound for a while).
//
// What the run reports (size, failures, rules warnings) counts distinct
// canonical schemas over the whole run, evicted or not: a set of their 64-bit
// hashes, 16 bytes per distinct schema, is the one part that grows with the
// input.
//
// Concurrency: one mutex over the tables, held for a lookup and a list splice
// (well under a microsecond); building, canonicalizing and hashing happen
// outside it. Racing workers may build the same schema twice; the first to
// insert wins and every caller sees one entry.
//
// SchemaMemo is a worker's own front cache (no locks): rows of one dataset
// reuse a handful of schemas, so most lookups are a few size checks and one
// memcmp, with no hashing at all.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/batch/distinct_schema.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"

namespace gqleval::batch {

struct SchemaEntry {
  std::string text;           // the row's schema text
  uint64_t content_hash = 0;  // io::hash64(text), for row keys
  // The schema's identity whatever its form, for reference hashes: the hash
  // of the built schema as printed, in canonical order (SDL in any layout or
  // order, with or without applied directives, or as introspection JSON, has
  // one), else of its canonical SDL, else of its text.
  uint64_t identity_hash = 0;
  std::shared_ptr<const schema::Schema> schema;         // null when it did not build
  std::shared_ptr<const normalize::Rewrites> rewrites;  // null when no rule is on
  Diagnostics errors;                                   // why it did not build

  bool ok() const { return schema != nullptr; }
};

struct SchemaCacheOptions {
  schema::BuildOptions build;
  bool build_rewrites = true;  // false when every rewrite rule is off
  std::shared_ptr<const normalize::RulesFile> rules_file;
  size_t max_bytes = 0;  // 0: no bound
  // Keep each distinct schema's key, whether it built and its rules
  // warnings (distinct()), so that runs over parts of one input (shards) can
  // count distinct schemas over the whole.
  bool keep_distinct = false;
};

// The default bound of a run: 256 MiB, or an eighth of the machine's memory
// when that is less.
size_t default_schema_cache_bytes();

// Estimated heap bytes of a built schema (Schema, Rewrites and their tables):
// a base plus so much per byte of its canonical SDL text. Measured on the 13
// NL2GQL schemas (1.1 to 4.2 KB of SDL: 61 to 193 KB of heap);
// schema_cache_test.cc checks that the estimate stays above the measurement.
inline constexpr size_t kBuildBaseBytes = size_t{48} * 1024;
inline constexpr size_t kBuildBytesPerSdlByte = 48;
inline size_t estimated_build_bytes(size_t canonical_sdl_bytes) {
  return kBuildBaseBytes + kBuildBytesPerSdlByte * canonical_sdl_bytes;
}

class SchemaCache {
 public:
  explicit SchemaCache(SchemaCacheOptions options = {});
  SchemaCache(const SchemaCache&) = delete;
  SchemaCache& operator=(const SchemaCache&) = delete;
  ~SchemaCache();

  // The entry for this SDL text, built on first use (or again after it was
  // dropped). Thread-safe.
  std::shared_ptr<const SchemaEntry> get(std::string_view sdl) { return get(sdl, hash(sdl)); }
  std::shared_ptr<const SchemaEntry> get(std::string_view sdl, uint64_t hash);

  static uint64_t hash(std::string_view sdl);
  // SchemaEntry::identity_hash of a built schema.
  static uint64_t identity_of(const schema::Schema& schema);

  // Distinct schemas seen (by canonical text) and how many of them did not
  // build, over the whole run.
  size_t size() const;
  size_t failures() const;
  // The rules file's warnings over the schemas built (an entry naming a type
  // or field a schema lacks): each distinct message with the number of
  // distinct schemas it was given for, by message.
  std::vector<std::pair<std::string, size_t>> rules_warnings() const;
  // With SchemaCacheOptions::keep_distinct, every distinct schema so far, by
  // key; else empty.
  std::vector<DistinctSchema> distinct() const;
  // Builds done (more than size() when entries were dropped and rebuilt, or
  // workers raced), entries dropped, and the bytes held now.
  size_t builds() const { return builds_.load(std::memory_order_relaxed); }
  size_t evictions() const;
  size_t bytes() const;

 private:
  struct Build;
  struct Alias;
  class HashSet;

  std::shared_ptr<const SchemaEntry> find_alias_locked(std::string_view sdl, uint64_t hash);
  std::unique_ptr<Build> build_canonical(const std::string& canonical, uint64_t canonical_hash);
  void fill_entry(SchemaEntry& entry, const Build* fresh, std::string_view source);
  std::shared_ptr<const SchemaEntry> publish(std::shared_ptr<SchemaEntry> entry,
                                             std::string_view sdl, uint64_t hash,
                                             const std::optional<std::string>& canonical,
                                             uint64_t canonical_hash, std::unique_ptr<Build> fresh);
  std::shared_ptr<const SchemaEntry> insert_locked(std::shared_ptr<SchemaEntry> entry,
                                                   uint64_t hash, Build* build);
  Build* find_build_locked(uint64_t canonical_hash, std::string_view canonical) const;
  void evict_locked();
  void count_locked(uint64_t key, bool failed, const normalize::Rewrites* rewrites);

  SchemaCacheOptions options_;
  mutable std::mutex mutex_;
  std::list<Alias> lru_;  // most recently used first
  std::unordered_multimap<uint64_t, std::list<Alias>::iterator> aliases_;
  std::unordered_multimap<uint64_t, std::unique_ptr<Build>> builds_by_canonical_;
  size_t bytes_ = 0;
  size_t evictions_ = 0;
  std::unique_ptr<HashSet> seen_;
  size_t failures_ = 0;
  std::map<std::string, size_t> warnings_;
  std::map<uint64_t, DistinctSchema> distinct_;  // with keep_distinct
  std::atomic<size_t> builds_{0};
};

// A schema file named by rows (SchemaFiles): read once per run, it never
// moves and lives as long as its SchemaFiles, so within a run its address
// names its text.
struct SchemaFile {
  std::string text;
  uint64_t hash = 0;                // SchemaCache::hash(text), taken once
  std::optional<Diagnostic> error;  // why it could not be read (text empty)
};

// A worker's front cache over a SchemaCache: the last few entries it used.
// A returned entry stays valid until the kSlots-th next get().
class SchemaMemo {
 public:
  static constexpr size_t kSlots = 8;
  explicit SchemaMemo(SchemaCache& cache) : cache_(&cache) {}

  const SchemaEntry& get(std::string_view sdl);
  // A schema file's entry: found by the file's address, with no look at its
  // bytes (a file of megabytes costs a row what a fixed schema costs); on a
  // miss, from the cache by the file's stored hash. The file must outlive
  // the memo's use of it (SchemaFiles keeps its files for the run).
  const SchemaEntry& get(const SchemaFile& file);

 private:
  const SchemaEntry& fill(std::shared_ptr<const SchemaEntry> entry, const SchemaFile* file);

  SchemaCache* cache_;
  std::array<std::shared_ptr<const SchemaEntry>, kSlots> slots_{};
  std::array<const SchemaFile*, kSlots> files_{};  // the file a slot was filled for, or null
  size_t next_ = 0;                                // round-robin replacement
};

// Schema files named per row (a schema_path column): each file is read once;
// a relative path is taken from `base_dir` (the input file's folder, so a
// dataset can name its schemas beside it). Thread-safe; files never move.
class SchemaFiles {
 public:
  explicit SchemaFiles(std::string base_dir) : base_dir_(std::move(base_dir)) {}

  // The file at `path`, read on first use; its error says why it cannot be
  // read.
  const SchemaFile& read(std::string_view path);

 private:
  std::string base_dir_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<SchemaFile>> files_;
};

}  // namespace gqleval::batch
