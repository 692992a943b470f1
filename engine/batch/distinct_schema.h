// A distinct schema of a run, as a run over part of an input (a shard) must
// report it so that the parts' summaries merge exactly: the schema's key (the
// hash of its canonical text, as the schema cache counts schemas), whether
// it failed to build, and the rules file's warnings it was given.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gqleval::batch {

struct DistinctSchema {
  uint64_t key = 0;
  bool failed = false;
  std::vector<std::string> warnings;
};

}  // namespace gqleval::batch
