#include "engine/cli/interrupts.h"

#include <csignal>

namespace gqleval::cli {
namespace {

std::atomic<int> g_interrupt{0};

extern "C" void on_interrupt(int signal) { g_interrupt.store(signal); }

}  // namespace

const std::atomic<int>& catch_interrupts() {
  g_interrupt.store(0);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return g_interrupt;
}

const char* interrupt_name(int signal) { return signal == SIGINT ? "SIGINT" : "SIGTERM"; }

}  // namespace gqleval::cli
