// Progress of a long batch run on stderr: rows done, the rate, and the share
// of the input read (the number of rows is not known until the end, so the
// share is of the input's bytes). Three modes:
//
//   kBar    a line redrawn in place ('\r') at most ten times a second, with
//           the time left, and erased by finish(): for a terminal
//             [#########.............]  41%  412,000 rows  27,310 rows/s  ETA 0:21
//   kLines  a plain line every `interval` (10 s), and a last one from
//           finish() when any was printed (a shorter run prints none: its
//           summary says it all): for logs and CI
//             gqleval score: 412000 rows, 41% of the input, 27310 rows/s, 15.1 s
//   kNone   nothing
//
// Called from the writer stage only, so it needs no locking.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace gqleval::batch {

enum class ProgressMode { kNone, kBar, kLines };

// The mode for --progress NAME (auto, bar, lines, none; empty when the flag is
// not given, which is auto): auto is a bar when stderr is a terminal, else
// lines; a quiet run has none unless --progress names a mode. nullopt for an
// unknown name.
std::optional<ProgressMode> progress_mode(std::string_view name, bool quiet, bool terminal);

class Progress {
 public:
  using Clock = std::chrono::steady_clock;

  struct Options {
    std::string label = "gqleval score";  // starts each kLines line
    std::FILE* out = stderr;
    std::chrono::milliseconds interval{10000};             // between kLines lines
    std::function<Clock::time_point()> now = &Clock::now;  // tests inject a clock
  };

  Progress(ProgressMode mode, uint64_t total_bytes, Options options);
  Progress(ProgressMode mode, uint64_t total_bytes) : Progress(mode, total_bytes, Options()) {}

  // After each shard: rows written so far, and input bytes consumed.
  void update(uint64_t rows, uint64_t bytes_done);
  // Erases the bar, or prints the last line.
  void finish();

 private:
  void draw_bar(double elapsed, double share);
  void print_line(double elapsed, double share);
  double share(uint64_t bytes_done) const;

  ProgressMode mode_;
  uint64_t total_bytes_;
  Options options_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  uint64_t rows_ = 0;
  uint64_t bytes_done_ = 0;
  bool drawn_ = false;
};

// True when stderr is a terminal.
bool stderr_is_terminal();

}  // namespace gqleval::batch
