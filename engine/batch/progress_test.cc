#include "engine/batch/progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <thread>

namespace gqleval::batch {
namespace {

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  char buf[256];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  return out;
}

TEST(Progress, DrawsRowsShareAndEraseWhenDone) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  Progress p(true, 1000, f);
  p.update(10, 100);  // within the first 100 ms: not drawn
  EXPECT_EQ(contents(f), "");
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  p.update(1234567, 500);
  std::string line = contents(f);
  EXPECT_EQ(line.substr(0, 46), "\r[############............]  50%  1,234,567 ro") << line;
  EXPECT_NE(line.find(" rows/s  ETA 0:0"), std::string::npos) << line;
  EXPECT_EQ(line.substr(line.size() - 3), "\x1b[K");
  std::fseek(f, 0, SEEK_END);
  p.finish();
  EXPECT_EQ(contents(f).substr(line.size()), "\r\x1b[K");
  std::fclose(f);
}

TEST(Progress, DisabledDrawsNothing) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  Progress p(false, 1000, f);
  std::this_thread::sleep_for(std::chrono::milliseconds(120));
  p.update(10, 100);
  p.finish();
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
}

}  // namespace
}  // namespace gqleval::batch
