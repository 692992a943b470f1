#include "engine/batch/provenance.h"

#include <sys/utsname.h>

#include <cmath>
#include <ctime>
#include <fstream>
#include <thread>

#include "engine/base/version.h"

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

double round6(double x) { return std::round(x * 1e6) / 1e6; }

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

void write_provenance(io::JsonWriter& w, const Provenance& p) {
  w.key("provenance").begin_object();
  w.key("gqleval_version").str(version());
  w.key("git_commit").str(git_commit());
  w.key("command").str(p.command);
  w.key("arguments").begin_array();
  for (const std::string& a : p.arguments) w.str(a);
  w.end_array();
  w.key("input").begin_object();
  w.key("path").str(p.input);
  w.key("bytes").num(p.input_bytes);
  w.key("hash").str(p.input_hash);
  w.end_object();
  w.key("output").str(p.output);
  w.key("rules_file");
  if (p.rules_file.empty()) {
    w.null();
  } else {
    w.begin_object();
    w.key("path").str(p.rules_file);
    w.key("hash").str(p.rules_file_hash);
    w.end_object();
  }
  w.key("rule_profile").str(p.rule_profile);
  w.key("started_at").str(p.started_at);
  w.key("wall_seconds").num(round6(p.wall_seconds));
  w.key("threads").num(p.threads);
  w.key("machine").begin_object();
  w.key("cores").num(p.machine.cores);
  w.key("cpu_model").str(p.machine.cpu_model);
  w.key("os").str(p.machine.os);
  w.end_object();
  w.end_object();
}

}  // namespace gqleval::batch
