// Reads Python snippets from stdin, separated by NUL bytes, and writes for each
// one, followed by a NUL byte: "OK\n" and the syntax tree
// (engine/python_subset/dump.h), or "ERR LINE:COLUMN RULE: message". The
// CPython differential test (python_differential_test.py) feeds it every
// snippet in one process.
#include <cstdio>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>

#include "engine/python_subset/dump.h"
#include "engine/python_subset/parser.h"

namespace {

int run() {
  std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  size_t start = 0;
  while (start <= input.size()) {
    size_t end = input.find('\0', start);
    if (end == std::string::npos) end = input.size();
    if (end == start && end == input.size()) break;
    const std::string_view snippet(input.data() + start, end - start);
    auto module = gqleval::python_subset::parse(snippet);
    std::string out;
    if (module.ok()) {
      out = "OK\n" + gqleval::python_subset::dump(**module);
    } else {
      const gqleval::Diagnostic& d = module.error();
      out = "ERR " + std::to_string(d.pos().line) + ":" + std::to_string(d.pos().column) + " " +
            d.rule + ": " + d.message;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fputc('\0', stdout);
    start = end + 1;
  }
  return 0;
}

}  // namespace

// Only std::bad_alloc can reach here: said, rather than a terminate.
int main() {
  try {
    return run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "python_dump_tool: %s\n", e.what());
    return 2;
  }
}
