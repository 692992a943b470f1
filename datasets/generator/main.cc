// gqleval-generate: writes N labelled scoring rows made from the NL2GQL
// references (datasets/generator/generator.h).
//
//   gqleval-generate --rows N --seed S --out rows.csv [--source nl2gql_test.csv]
//                    [--format csv|jsonl] [--equivalent-percent P]
//
// Exit status 0 on success, 2 on a usage or I/O error. A summary (references
// used and skipped, rows per kind, time) goes to stderr.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>

#include "datasets/generator/generator.h"
#include "datasets/generator/source_lookup.h"

namespace {

constexpr std::string_view kUsage =
    "Usage: gqleval-generate --rows N --seed S --out FILE [options]\n"
    "\n"
    "Writes N scoring rows: NL2GQL references paired with equivalent rewrites or\n"
    "labelled mutations, with the expected verdict and counts. The schemas go to\n"
    "FILE's folder as <stem>.schemas/<database>.graphql; rows name them in\n"
    "schema_path. The same arguments give byte-identical output.\n"
    "\n"
    "Options:\n"
    "  --rows N                 Rows to write (required)\n"
    "  --seed S                 Seed (default 1)\n"
    "  --out FILE               Output file (required)\n"
    "  --source CSV             NL2GQL-style CSV (default: the bundled\n"
    "                           datasets/nl2gql/nl2gql_test.csv, found beside\n"
    "                           the program's folder, under PREFIX/share/gqleval/,\n"
    "                           or in the working folder)\n"
    "  --format csv|jsonl       Output format (default: by extension, else csv)\n"
    "  --equivalent-percent P   Share of equivalent rows, 0-100 (default 50)\n"
    "  --pool N                 Distinct candidates at most, about (default 100000)\n"
    "  -h, --help               Show this help\n";

bool parse_number(std::string_view text, uint64_t* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  const std::string s(text);
  *out = std::strtoull(s.c_str(), &end, 10);
  return end && *end == '\0' && s[0] != '-';
}

int usage_error(const std::string& message) {
  std::cerr << "gqleval-generate: " << message << "\n\n" << kUsage;
  return 2;
}

}  // namespace

namespace {

int run(int argc, char** argv) {
  using namespace gqleval;
  generator::GenerateOptions options;
  std::string out, source_path;
  std::string format;
  bool have_rows = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    }
    if (i + 1 >= argc) return usage_error("missing value for " + std::string(arg));
    const std::string_view value = argv[++i];
    uint64_t n = 0;
    if (arg == "--rows") {
      if (!parse_number(value, &n)) return usage_error("--rows needs a number");
      options.rows = n;
      have_rows = true;
    } else if (arg == "--seed") {
      if (!parse_number(value, &n)) return usage_error("--seed needs a number");
      options.seed = n;
    } else if (arg == "--out") {
      out = value;
    } else if (arg == "--source") {
      source_path = value;
    } else if (arg == "--format") {
      format = value;
      if (format != "csv" && format != "jsonl") return usage_error("--format is csv or jsonl");
    } else if (arg == "--equivalent-percent") {
      if (!parse_number(value, &n) || n > 100) return usage_error("--equivalent-percent: 0-100");
      options.equivalent_percent = static_cast<uint32_t>(n);
    } else if (arg == "--pool") {
      if (!parse_number(value, &n) || n == 0 || n > 100000000) {
        return usage_error("--pool needs a positive number");
      }
      options.pool_size = static_cast<uint32_t>(n);
    } else {
      return usage_error("unknown option " + std::string(arg));
    }
  }
  if (!have_rows) return usage_error("--rows is required");
  if (out.empty()) return usage_error("--out is required");
  if (format.empty()) format = out.ends_with(".jsonl") || out.ends_with(".json") ? "jsonl" : "csv";
  options.format = format == "jsonl" ? generator::Format::kJsonl : generator::Format::kCsv;

  if (source_path.empty()) {
    std::error_code ec;
    const auto search = generator::find_default_source(generator::program_dir(argv[0]),
                                                       std::filesystem::current_path(ec));
    if (!search.found) {
      std::string tried;
      for (const std::string& path : search.tried) tried += "\n  " + path;
      std::cerr << "gqleval-generate: no --source given and the bundled NL2GQL set is not in"
                   " any of:"
                << tried << "\ngive --source PATH/nl2gql_test.csv\n";
      return 2;
    }
    source_path = *search.found;
  }

  const auto start = std::chrono::steady_clock::now();
  auto source = generator::load_source(source_path);
  if (!source.ok()) {
    std::cerr << "gqleval-generate: " << source.error().message << "\n";
    return 2;
  }
  auto stats = generator::generate(source.value(), options, out);
  if (!stats.ok()) {
    std::cerr << "gqleval-generate: " << stats.error().message << "\n";
    return 2;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "source: " << source->rows << " rows, " << source->schemas.size() << " schemas, "
            << source->references.size() << " valid references, " << source->skipped
            << " skipped (do not validate:";
  for (const std::string& id : source->skipped_ids) std::cerr << " " << id;
  std::cerr << ")\n";
  std::cerr << "rows by kind (kind: rows, references it applies to):\n";
  for (uint32_t k = 0; k < generator::kKindCount; ++k) {
    std::cerr << "  " << generator::kind_name(k) << ": " << stats->rows_by_kind[k] << ", "
              << stats->references_by_kind[k] << "\n";
  }
  std::cerr << "candidates made: " << stats->candidates_made
            << ", fallbacks to slot 0: " << stats->fallbacks << "\n";
  for (const auto& [reason, count] : stats->fallback_reasons) {
    std::cerr << "  " << count << " x " << reason << "\n";
  }
  std::fprintf(stderr, "wrote %llu rows to %s in %.2f s\n",
               static_cast<unsigned long long>(options.rows), out.c_str(), seconds);
  return 0;
}

}  // namespace

// The only exception that can reach here is std::bad_alloc from the standard
// library: report it as an I/O-class failure instead of terminating.
int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gqleval-generate: %s\n", e.what());
    return 2;
  }
}
