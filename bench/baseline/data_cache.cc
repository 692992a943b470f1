#include "bench/baseline/data_cache.h"

#include <chrono>

#include "engine/base/hash.h"

namespace gqleval::baseline {

const DataEntry& DataCache::get(std::string_view sdl) {
  const uint64_t h = hash_bytes(sdl);
  std::lock_guard<std::mutex> lock(mutex_);
  auto [begin, end] = entries_.equal_range(h);
  for (auto it = begin; it != end; ++it) {
    if (it->second->text == sdl) return *it->second;
  }
  const auto start = std::chrono::steady_clock::now();
  auto entry = std::make_unique<DataEntry>();
  entry->text = std::string(sdl);
  auto built = schema::Schema::build(entry->text);
  if (built) {
    entry->schema = std::move(*built);
    entry->data = std::make_unique<SyntheticData>(SyntheticData::build(*entry->schema, options_));
  } else {
    entry->errors = std::move(built.error());
  }
  build_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return *entries_.emplace(h, std::move(entry))->second;
}

size_t DataCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

double DataCache::build_seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return build_seconds_;
}

}  // namespace gqleval::baseline
