// A progress line on stderr for long batch runs: rows done, the rate, and the
// time left, estimated from the share of the input bytes read (the number of
// rows is not known until the end):
//
//   [#########.............]  41%  412,000 rows  27,310 rows/s  ETA 0:21
//
// Drawn only when the caller enables it (the CLI: stderr is a terminal and the
// run is not quiet), redrawn at most ten times a second in place ('\r'), and
// erased by finish().
// Called from the writer stage only, so it needs no locking.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace gqleval::batch {

class Progress {
 public:
  Progress(bool enabled, uint64_t total_bytes, std::FILE* out = stderr);

  // After each shard: rows written so far, and input bytes consumed.
  void update(uint64_t rows, uint64_t bytes_done);
  // Erases the line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  uint64_t total_bytes_;
  std::FILE* out_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  bool drawn_ = false;
};

// True when stderr is a terminal.
bool stderr_is_terminal();

}  // namespace gqleval::batch
