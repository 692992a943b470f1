// Engines by their options, for a binding's calls that name options rather
// than hold an engine (compare() in a loop, score_batch() with keywords): the
// same options get the same engine, and so its built schemas, while it is
// among the kEngines used last. Thread-safe.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <utility>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/rows/row_engine.h"
#include "engine/rows/row_options.h"

namespace gqleval::rows {

class EngineCache {
 public:
  static constexpr size_t kEngines = 16;

  // The engine of these options: the one made for them before, or a new one
  // (check_options()'s errors).
  Result<std::shared_ptr<RowEngine>, Diagnostic> get(const RowOptions& options);
  // Whether `engine` is among those kept (a binding keeps what it made for
  // an engine as long as the cache does).
  bool holds(const RowEngine* engine);

 private:
  std::mutex mutex_;
  // Most recently used first, each with its options.
  std::list<std::pair<RowOptions, std::shared_ptr<RowEngine>>> engines_;
};

// The process's cache, which every binding's calls share.
EngineCache& shared_engines();

}  // namespace gqleval::rows
