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
    if (only_positionals || arg.size() < 2 || arg[0] != '-') {
      positionals_.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positionals = true;
      continue;
    }
    std::string_view name;
    std::optional<std::string_view> inline_value;
    std::string_view shown;  // the flag as given, for messages: "-o" or "--out"
    const FlagSpec* spec = nullptr;
    if (arg[1] != '-') {
      // -X, -XVALUE or -X VALUE.
      if (arg == "-h") {
        help_ = true;
        continue;
      }
      for (const FlagSpec& s : specs) {
        if (s.short_name == arg[1]) spec = &s;
      }
      if (spec == nullptr) {
        fail(concat({"unknown flag '", arg, "'"}));
        break;
      }
      name = spec->name;
      if (arg.size() > 2) inline_value = arg.substr(2);
      shown = arg.substr(0, 2);
    } else {
      name = arg.substr(2);
      if (auto eq = name.find('='); eq != std::string_view::npos) {
        inline_value = name.substr(eq + 1);
        name = name.substr(0, eq);
      }
      if (name == "help") {
        help_ = true;
        continue;
      }
      for (const FlagSpec& s : specs) {
        if (s.name == name) spec = &s;
      }
      if (spec == nullptr) {
        fail(concat({"unknown flag '--", name, "'"}));
        break;
      }
      shown = arg.substr(0, 2 + name.size());
    }
    std::string value;
    if (spec->value_name.empty()) {
      if (inline_value) {
        fail(concat({"flag '", shown, "' takes no value"}));
        break;
      }
    } else if (inline_value) {
      value = std::string(*inline_value);
    } else if (i + 1 < argv.size()) {
      value = argv[++i];
    } else {
      fail(concat({"flag '", shown, "' needs a value (", spec->value_name, ")"}));
      break;
    }
    auto& slot = flags_[std::string(name)];
    if (!slot.empty() && !spec->repeatable && !spec->value_name.empty()) {
      fail(concat({"flag '--", name, "' given more than once"}));
      break;
    }
    slot.push_back(std::move(value));
    while (spec->takes_list && !inline_value && i + 1 < argv.size() && argv[i + 1][0] != '-') {
      slot.emplace_back(argv[++i]);
    }
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

namespace {

// One line of the "Options:" block (two when the flag's name is long).
std::string flag_line(const FlagSpec& s) {
  // GNU layout: the long names line up whether or not a short letter is there.
  std::string left = s.short_name != '\0'
                         ? concat({"  -", std::string_view(&s.short_name, 1), ", --", s.name})
                         : concat({"      --", s.name});
  if (!s.value_name.empty()) left.append(" ").append(s.value_name);
  if (left.size() < 28) {
    left.resize(28, ' ');
  } else {
    left.push_back('\n');
    left.append(28, ' ');
  }
  return left + flag_help(s) + "\n";
}

}  // namespace

std::string format_flags(std::span<const FlagSpec> specs) {
  std::string out = "Options:\n";
  for (const FlagSpec& s : specs) out += flag_line(s);
  out += flag_line(kHelpFlag);
  return out;
}

std::string flag_help(const FlagSpec& spec) {
  std::string help(spec.help);
  if (spec.repeatable) help += " (repeatable)";
  return help;
}

}  // namespace gqleval::cli
