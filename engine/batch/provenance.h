// Provenance: what a summary says about how it was made, so that a figure on
// a leaderboard can be traced to the exact program, options, input and
// machine. Every run's summary carries one (summary.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "io/json_writer.h"

namespace gqleval::batch {

struct MachineFacts {
  unsigned cores = 0;     // hardware threads the process may use
  std::string cpu_model;  // /proc/cpuinfo's "model name", or empty
  std::string os;         // "Linux 6.1.0-18-amd64"
};

struct Provenance {
  std::string command;                 // "score", "validate"
  std::vector<std::string> arguments;  // as the caller was invoked (argv after the program)
  std::string input;                   // path ("-": standard input)
  uint64_t input_bytes = 0;            // of the input as read
  std::string input_hash;              // io::ContentHasher digest of those bytes
  std::string output;                  // "-" for stdout
  std::string rules_file;              // empty: none
  std::string rules_file_hash;
  std::string rule_profile;
  std::string started_at;  // ISO 8601, UTC, seconds
  double wall_seconds = 0;
  unsigned threads = 0;
  MachineFacts machine;
};

// The machine this process runs on (read once; cheap).
MachineFacts machine_facts();

// `"provenance": {...}`: the member every summary carries (version, commit,
// command and arguments, input path, bytes and hash, output, rules, timing,
// threads, machine).
void write_provenance(io::JsonWriter& w, const Provenance& p);

// "2026-11-25T18:30:00Z".
std::string utc_timestamp(std::chrono::system_clock::time_point t);

}  // namespace gqleval::batch
