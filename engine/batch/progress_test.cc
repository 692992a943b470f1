#include "engine/batch/progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace gqleval::batch {
namespace {

using std::chrono::milliseconds;

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  char buf[256];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  std::fseek(f, 0, SEEK_END);
  return out;
}

// A clock the test moves by hand, so that no test sleeps.
struct FakeClock {
  Progress::Clock::time_point t{};
  Progress::Options options(std::FILE* out, const char* label = "gqleval score") {
    Progress::Options o;
    o.label = label;
    o.out = out;
    o.now = [this] { return t; };
    return o;
  }
};

TEST(Progress, BarDrawsRowsShareAndEraseWhenDone) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  FakeClock clock;
  Progress p(ProgressMode::kBar, 1000, clock.options(f));
  clock.t += milliseconds(50);
  p.update(10, 100);  // within the first 100 ms: not drawn
  EXPECT_EQ(contents(f), "");
  clock.t += milliseconds(1950);
  p.update(1234567, 500);
  std::string line = contents(f);
  EXPECT_EQ(line,
            "\r[############............]  50%  1,234,567 rows  617,283 rows/s  ETA 0:02\x1b[K");
  p.finish();
  EXPECT_EQ(contents(f).substr(line.size()), "\r\x1b[K");
  std::fclose(f);
}

TEST(Progress, LinesEveryIntervalAndALastOne) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  FakeClock clock;
  Progress p(ProgressMode::kLines, 1000, clock.options(f, "gqleval validate"));
  clock.t += milliseconds(9999);
  p.update(100, 100);  // before the first 10 s: nothing
  EXPECT_EQ(contents(f), "");
  clock.t += milliseconds(1);
  p.update(1200, 120);
  EXPECT_EQ(contents(f), "gqleval validate: 1200 rows, 12% of the input, 120 rows/s, 10.0 s\n");
  clock.t += milliseconds(5000);
  p.update(1800, 180);  // 5 s after the last line: nothing
  clock.t += milliseconds(5000);
  p.update(2400, 240);
  clock.t += milliseconds(500);
  p.update(2500, 1000);
  p.finish();
  EXPECT_EQ(contents(f),
            "gqleval validate: 1200 rows, 12% of the input, 120 rows/s, 10.0 s\n"
            "gqleval validate: 2400 rows, 24% of the input, 120 rows/s, 20.0 s\n"
            "gqleval validate: 2500 rows, 100% of the input, 121 rows/s, 20.5 s\n");
  std::fclose(f);
}

TEST(Progress, LinesPrintNothingForARunShorterThanTheInterval) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  FakeClock clock;
  Progress p(ProgressMode::kLines, 1000, clock.options(f));
  clock.t += milliseconds(3000);
  p.update(1164, 1000);
  p.finish();
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
}

TEST(Progress, NoneDrawsNothing) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  FakeClock clock;
  Progress p(ProgressMode::kNone, 1000, clock.options(f));
  clock.t += milliseconds(60000);
  p.update(10, 100);
  p.finish();
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
}

TEST(Progress, ModeFromTheFlag) {
  EXPECT_EQ(progress_mode("", false, true), ProgressMode::kBar);
  EXPECT_EQ(progress_mode("", false, false), ProgressMode::kLines);
  EXPECT_EQ(progress_mode("auto", false, false), ProgressMode::kLines);
  // --quiet means no progress unless --progress asks for it.
  EXPECT_EQ(progress_mode("", true, true), ProgressMode::kNone);
  EXPECT_EQ(progress_mode("lines", true, true), ProgressMode::kLines);
  EXPECT_EQ(progress_mode("auto", true, true), ProgressMode::kBar);
  EXPECT_EQ(progress_mode("bar", false, false), ProgressMode::kBar);
  EXPECT_EQ(progress_mode("none", false, true), ProgressMode::kNone);
  EXPECT_EQ(progress_mode("dots", false, true), std::nullopt);
}

}  // namespace
}  // namespace gqleval::batch
