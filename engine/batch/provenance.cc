#include "engine/batch/provenance.h"

#include <sys/utsname.h>

#include <ctime>
#include <fstream>
#include <thread>

namespace gqleval::batch {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) break;
    size_t begin = colon + 1;
    while (begin < line.size() && line[begin] == ' ') ++begin;
    return line.substr(begin);
  }
  return {};
}

}  // namespace

MachineFacts machine_facts() {
  MachineFacts m;
  m.cores = std::thread::hardware_concurrency();
  m.cpu_model = cpu_model();
  utsname u{};
  if (uname(&u) == 0) m.os = std::string(u.sysname) + " " + u.release;
  return m;
}

std::string utc_timestamp(std::chrono::system_clock::time_point t) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace gqleval::batch
