#include "engine/cli/args.h"

#include <charconv>
#include <climits>

#include "engine/base/concat.h"

namespace gqleval::cli {

Args::Args(std::string_view command, std::span<const FlagSpec> specs, std::span<char* const> argv)
    : command_(command) {
  bool only_positionals = false;
  for (size_t i = 0; i < argv.size() && ok(); ++i) {
    std::string_view arg = argv[i];
    if (only_positionals || arg.size() < 2 || arg.substr(0, 2) != "--") {
      if (!only_positionals && arg.size() > 1 && arg[0] == '-' && arg != "-") {
        if (arg == "-h") {
          help_ = true;
          continue;
        }
        fail(concat({"unknown flag '", arg, "'"}));
        break;
      }
      positionals_.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positionals = true;
      continue;
    }
    std::string_view name = arg.substr(2);
    std::optional<std::string_view> inline_value;
    if (auto eq = name.find('='); eq != std::string_view::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name == "help") {
      help_ = true;
      continue;
    }
    const FlagSpec* spec = nullptr;
    for (const FlagSpec& s : specs) {
      if (s.name == name) spec = &s;
    }
    if (spec == nullptr) {
      fail(concat({"unknown flag '--", name, "'"}));
      break;
    }
    std::string value;
    if (spec->value_name.empty()) {
      if (inline_value) {
        fail(concat({"flag '--", name, "' takes no value"}));
        break;
      }
    } else if (inline_value) {
      value = std::string(*inline_value);
    } else if (i + 1 < argv.size()) {
      value = argv[++i];
    } else {
      fail(concat({"flag '--", name, "' needs a value (", spec->value_name, ")"}));
      break;
    }
    auto& slot = flags_[std::string(name)];
    if (!slot.empty() && !spec->repeatable && !spec->value_name.empty()) {
      fail(concat({"flag '--", name, "' given more than once"}));
      break;
    }
    slot.push_back(std::move(value));
  }
}

void Args::fail(std::string message) {
  if (error_.empty()) {
    error_ = concat({command_, ": ", message, " (see '", command_, " --help')"});
  }
}

bool Args::has(std::string_view flag) const { return flags_.find(flag) != flags_.end(); }

std::optional<std::string> Args::value(std::string_view flag) const {
  auto it = flags_.find(flag);
  if (it == flags_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::values(std::string_view flag) const {
  auto it = flags_.find(flag);
  return it == flags_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<long long> Args::integer(std::string_view flag) {
  auto text = value(flag);
  if (!text) return std::nullopt;
  long long n = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
  if (ec != std::errc() || end != text->data() + text->size() || n < 0) {
    fail(concat({"flag '--", flag, "' needs a non-negative integer, got '", *text, "'"}));
    return std::nullopt;
  }
  return n;
}

std::optional<unsigned> Args::threads() {
  auto n = integer("threads");
  if (!n) return std::nullopt;
  if (*n == 0 || *n > UINT_MAX) {
    fail("--threads must be at least 1");
    return std::nullopt;
  }
  return static_cast<unsigned>(*n);
}

std::string format_flags(std::span<const FlagSpec> specs) {
  std::string out = "Options:\n";
  for (const FlagSpec& s : specs) {
    std::string left = concat({"  --", s.name});
    if (!s.value_name.empty()) left.append(" ").append(s.value_name);
    if (left.size() < 28) {
      left.resize(28, ' ');
    } else {
      left.push_back('\n');
      left.append(28, ' ');
    }
    out += left + std::string(s.help);
    if (s.repeatable) out += " (repeatable)";
    out += "\n";
  }
  out += "  -h, --help                Show this help\n";
  return out;
}

}  // namespace gqleval::cli
