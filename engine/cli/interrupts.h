// SIGINT and SIGTERM stop a batch command gracefully: the handler stores the
// signal in a flag the run polls (BatchOptions::interrupt and its like), and
// resets itself, so a second signal ends the process at once.
#pragma once

#include <atomic>

namespace gqleval::cli {

// Installs the handlers and returns the flag, cleared.
const std::atomic<int>& catch_interrupts();

// "SIGINT", "SIGTERM".
const char* interrupt_name(int signal);

}  // namespace gqleval::cli
