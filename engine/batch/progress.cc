#include "engine/batch/progress.h"

#include <unistd.h>

#include <string>

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

Progress::Progress(bool enabled, uint64_t total_bytes, std::FILE* out)
    : enabled_(enabled),
      total_bytes_(total_bytes),
      out_(out),
      start_(Clock::now()),
      last_draw_(start_) {}

void Progress::update(uint64_t rows, uint64_t bytes_done) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double share =
      total_bytes_ == 0 ? 1.0 : static_cast<double>(bytes_done) / static_cast<double>(total_bytes_);
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(share * kWidth);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  const double rate = elapsed > 0 ? static_cast<double>(rows) / elapsed : 0;
  std::string eta = share > 0 ? clock_text(elapsed * (1 - share) / share) : std::string("?");
  std::fprintf(out_, "\r[%s] %3d%%  %s rows  %s rows/s  ETA %s\x1b[K", bar.c_str(),
               static_cast<int>(share * 100), grouped(rows).c_str(),
               grouped(static_cast<uint64_t>(rate)).c_str(), eta.c_str());
  std::fflush(out_);
  drawn_ = true;
}

void Progress::finish() {
  if (!drawn_) return;
  std::fputs("\r\x1b[K", out_);
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace gqleval::batch
