#include "engine/batch/progress.h"

#include <unistd.h>

#include <string>
#include <utility>

namespace gqleval::batch {
namespace {

// 1234567 -> "1,234,567".
std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string clock_text(double seconds) {
  auto s = static_cast<uint64_t>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60),
                  static_cast<unsigned long long>(s % 60));
  } else {
    std::snprintf(buf, sizeof buf, "%llu:%02llu", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  }
  return buf;
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

std::optional<ProgressMode> progress_mode(std::string_view name, bool quiet, bool terminal) {
  if (name.empty()) {
    if (quiet) return ProgressMode::kNone;
    name = "auto";
  }
  if (name == "auto") return terminal ? ProgressMode::kBar : ProgressMode::kLines;
  if (name == "bar") return ProgressMode::kBar;
  if (name == "lines") return ProgressMode::kLines;
  if (name == "none") return ProgressMode::kNone;
  return std::nullopt;
}

Progress::Progress(ProgressMode mode, uint64_t total_bytes, Options options)
    : mode_(mode),
      total_bytes_(total_bytes),
      options_(std::move(options)),
      start_(options_.now()),
      last_draw_(start_) {}

double Progress::share(uint64_t bytes_done) const {
  return total_bytes_ == 0 ? 1.0
                           : static_cast<double>(bytes_done) / static_cast<double>(total_bytes_);
}

void Progress::update(uint64_t rows, uint64_t bytes_done) {
  rows_ = rows;
  bytes_done_ = bytes_done;
  if (mode_ == ProgressMode::kNone) return;
  const Clock::time_point now = options_.now();
  // A bar redraws at most ten times a second; a log gets a line per interval.
  const Clock::duration wait = mode_ == ProgressMode::kBar
                                   ? Clock::duration(std::chrono::milliseconds(100))
                                   : Clock::duration(options_.interval);
  if (now - last_draw_ < wait) return;
  last_draw_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (mode_ == ProgressMode::kBar) {
    draw_bar(elapsed, share(bytes_done));
  } else {
    print_line(elapsed, share(bytes_done));
  }
  drawn_ = true;
}

void Progress::draw_bar(double elapsed, double share) {
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(share * kWidth);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  const double rate = elapsed > 0 ? static_cast<double>(rows_) / elapsed : 0;
  std::string eta = share > 0 ? clock_text(elapsed * (1 - share) / share) : std::string("?");
  std::fprintf(options_.out, "\r[%s] %3d%%  %s rows  %s rows/s  ETA %s\x1b[K", bar.c_str(),
               static_cast<int>(share * 100), grouped(rows_).c_str(),
               grouped(static_cast<uint64_t>(rate)).c_str(), eta.c_str());
  std::fflush(options_.out);
}

void Progress::print_line(double elapsed, double share) {
  const double rate = elapsed > 0 ? static_cast<double>(rows_) / elapsed : 0;
  std::fprintf(options_.out, "%s: %llu rows, %d%% of the input, %llu rows/s, %.1f s\n",
               options_.label.c_str(), static_cast<unsigned long long>(rows_),
               static_cast<int>(share * 100), static_cast<unsigned long long>(rate), elapsed);
  std::fflush(options_.out);
}

void Progress::finish() {
  if (!drawn_) return;
  if (mode_ == ProgressMode::kBar) {
    std::fputs("\r\x1b[K", options_.out);
    std::fflush(options_.out);
  } else {
    const double elapsed = std::chrono::duration<double>(options_.now() - start_).count();
    print_line(elapsed, share(bytes_done_));
  }
  drawn_ = false;
}

}  // namespace gqleval::batch
