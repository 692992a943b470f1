#include "engine/rows/engine_cache.h"

namespace gqleval::rows {
Result<std::shared_ptr<RowEngine>, Diagnostic> EngineCache::get(const RowOptions& options) {
  std::lock_guard lock(mutex_);
  for (auto it = engines_.begin(); it != engines_.end(); ++it) {
    if (!(it->first == options)) continue;
    engines_.splice(engines_.begin(), engines_, it);
    return engines_.front().second;
  }
  auto checked = check_options(options);
  if (!checked) return Unexpected{std::move(checked.error())};
  engines_.emplace_front(options, std::make_shared<RowEngine>(std::move(*checked)));
  if (engines_.size() > kEngines) engines_.pop_back();
  return engines_.front().second;
}

bool EngineCache::holds(const RowEngine* engine) {
  std::lock_guard lock(mutex_);
  for (const auto& [options, kept] : engines_) {
    if (kept.get() == engine) return true;
  }
  return false;
}

EngineCache& shared_engines() {
  static EngineCache cache;
  return cache;
}

}  // namespace gqleval::rows
