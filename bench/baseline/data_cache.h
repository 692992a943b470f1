// DataCache: each distinct schema text of a run, built once with its synthetic
// data, shared read-only by every worker; the "server already running" of the
// execute-and-match method. Keys are the schema text, found by a 64-bit hash
// and confirmed by comparing the text. A schema that does not build is cached
// with its errors. Thread-safe (one mutex; a miss builds under it, which only
// the first row of each schema pays). Entries never move.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "bench/baseline/synthetic_data.h"
#include "engine/base/diagnostic.h"
#include "engine/schema/schema.h"

namespace gqleval::baseline {

struct DataEntry {
  std::string text;
  std::shared_ptr<const schema::Schema> schema;  // null when it did not build
  Diagnostics errors;
  std::unique_ptr<SyntheticData> data;
  bool ok() const { return schema != nullptr; }
};

class DataCache {
 public:
  explicit DataCache(DataOptions options) : options_(options) {}

  const DataEntry& get(std::string_view sdl);

  size_t size() const;
  double build_seconds() const;  // time spent building schemas and data

 private:
  DataOptions options_;
  mutable std::mutex mutex_;
  std::unordered_multimap<uint64_t, std::unique_ptr<DataEntry>> entries_;
  double build_seconds_ = 0;
};

}  // namespace gqleval::baseline
