// SchemaCache: every distinct schema text of a run is built once (Schema::build
// and, when a rewrite rule is on, Rewrites::build), and the result is shared
// read-only by all workers.
//
// Keys are the SDL text itself, found by a 64-bit hash (engine/base/hash.h) and
// confirmed by comparing the text, so a hash collision can never hand a row
// the wrong schema. A schema that does not build is cached too, with its
// errors, so each row that uses it gets invalid_schema without rebuilding.
//
// Concurrency: the table is split into stripes, each a shared_mutex over a
// hash map; lookups take a shared lock. A miss builds outside any lock and
// then inserts under the exclusive lock unless another worker got there first
// (then the loser's build is dropped): the first use of a schema builds once,
// or at worst once per racing worker, and every caller sees the same entry.
// Entries never move and live as long as the cache.
//
// SchemaMemo is a worker's own small front cache (no locks, no shared cache
// lines): rows of one dataset reuse a handful of schemas, so most lookups are
// a few size checks and one memcmp, with no hashing at all.
//
// Cost: a memo hit is one comparison of the text (about 2 KB per row in
// RGEval-style inputs: tens of nanoseconds); a miss also hashes it (about a
// microsecond for 2 KB) and probes the shared table. No allocation.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"

namespace gqleval::batch {

struct SchemaEntry {
  std::string text;                                     // the key
  uint64_t content_hash = 0;                            // io::hash64(text), for row keys
  std::shared_ptr<const schema::Schema> schema;         // null when it did not build
  std::shared_ptr<const normalize::Rewrites> rewrites;  // null when no rule is on
  Diagnostics errors;                                   // why it did not build

  bool ok() const { return schema != nullptr; }
};

struct SchemaCacheOptions {
  schema::BuildOptions build;
  bool build_rewrites = true;  // false when every rewrite rule is off
  std::shared_ptr<const normalize::RulesFile> rules_file;
};

class SchemaCache {
 public:
  explicit SchemaCache(SchemaCacheOptions options = {});
  SchemaCache(const SchemaCache&) = delete;
  SchemaCache& operator=(const SchemaCache&) = delete;

  // The entry for this SDL text, built on first use. Thread-safe.
  const SchemaEntry& get(std::string_view sdl) { return get(sdl, hash(sdl)); }
  const SchemaEntry& get(std::string_view sdl, uint64_t hash);

  static uint64_t hash(std::string_view sdl);

  // Distinct schemas held, how many of them failed, and builds done (builds >
  // size only when workers raced on a first use).
  size_t size() const;
  size_t failures() const;
  // The rules file's warnings over the schemas built (an entry naming a type
  // or field a schema lacks): each distinct message with the number of
  // schemas it was given for, by message.
  std::vector<std::pair<std::string, size_t>> rules_warnings() const;
  size_t builds() const { return builds_.load(std::memory_order_relaxed); }

 private:
  static constexpr size_t kStripes = 16;
  struct Stripe {
    mutable std::shared_mutex mutex;
    std::unordered_multimap<uint64_t, std::unique_ptr<SchemaEntry>> entries;
  };

  std::unique_ptr<SchemaEntry> build(std::string_view sdl) const;

  SchemaCacheOptions options_;
  std::array<Stripe, kStripes> stripes_;
  std::atomic<size_t> builds_{0};
};

// A worker's front cache over a SchemaCache: the last few entries it used.
class SchemaMemo {
 public:
  explicit SchemaMemo(SchemaCache& cache) : cache_(&cache) {}

  const SchemaEntry& get(std::string_view sdl);

 private:
  static constexpr size_t kSlots = 8;
  SchemaCache* cache_;
  std::array<const SchemaEntry*, kSlots> slots_{};
  size_t next_ = 0;  // round-robin replacement
};

// Schema files named per row (a schema_path column): each file is read once;
// a relative path is taken from `base_dir` (the input file's folder, so a
// dataset can name its schemas beside it). Thread-safe; texts never move.
class SchemaFiles {
 public:
  explicit SchemaFiles(std::string base_dir) : base_dir_(std::move(base_dir)) {}

  // The file's text, or null with *error set when it cannot be read.
  const std::string* read(std::string_view path, const Diagnostic** error);

 private:
  struct File {
    std::string text;
    std::optional<Diagnostic> error;
  };
  std::string base_dir_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<File>> files_;
};

}  // namespace gqleval::batch
