// Helpers shared by the fuzz targets (fuzz/*_fuzzer.cc): splitting one input
// into parts, the bundled schemas and rules files compiled into every target
// (fuzz_data.cc, generated at configure time from the files that
// fuzz/CMakeLists.txt names), and a check that aborts with a message, so that
// a broken invariant is a finding like a sanitizer report.
//
// Input layouts (see fuzz/README.md): targets that need several texts (a
// schema and two documents) read them from one input cut at kSeparator, a
// line holding only "#---", which is a GraphQL comment, so a seed reads as
// the texts it is made of.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>
#include <vector>

namespace gqleval::fuzz {

inline constexpr std::string_view kSeparator = "\n#---\n";

// The parts of input between separators; at most max_parts (the last part
// keeps any further separators).
inline std::vector<std::string_view> split_parts(std::string_view input, size_t max_parts) {
  std::vector<std::string_view> parts;
  while (parts.size() + 1 < max_parts) {
    const size_t at = input.find(kSeparator);
    if (at == std::string_view::npos) break;
    parts.push_back(input.substr(0, at));
    input.remove_prefix(at + kSeparator.size());
  }
  parts.push_back(input);
  return parts;
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Reads every byte of text, so that a view into freed or foreign memory is
// reported by AddressSanitizer here rather than going unnoticed.
inline volatile unsigned touch_sink = 0;
inline void touch(std::string_view text) {
  unsigned sum = 0;
  for (const char c : text) sum += static_cast<unsigned char>(c);
  touch_sink = sum;
}

// Aborts with a message when cond is false (libFuzzer and the replay driver
// report the abort as a crash with its input). The optional arguments are a
// printf format and its values, printed after "detail: ".
#define GQLEVAL_FUZZ_CHECK(cond, ...)                                                      \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      std::fprintf(stderr, "fuzz check failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, "detail: " __VA_ARGS__);                                        \
      std::fputc('\n', stderr);                                                            \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)

struct EmbeddedText {
  std::string_view name;  // the file's stem, e.g. "farm"
  std::string_view text;
};

// The bundled schemas, in the order of fuzz/CMakeLists.txt (a target picks
// one with a byte of its input, modulo the count).
std::span<const EmbeddedText> schemas();
// The bundled rules files (JSON).
std::span<const EmbeddedText> rules_files();

}  // namespace gqleval::fuzz
