// A small command-line parser for gqleval's subcommands: long flags with or
// without a value (`--out F` or `--out=F`), short letters for the common ones
// (`-o F`, `-oF`, `-j 4`, `-j4`, `-q`; one letter per argument, no bundling),
// repeatable flags, positionals (`-` alone is one: stdin).
// Unknown flags and missing values are usage errors (exit code 2 by the
// caller), reported with the subcommand's name so the user knows where to look.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gqleval::cli {

struct FlagSpec {
  std::string_view name;        // without the leading "--"
  std::string_view value_name;  // empty for a boolean flag
  std::string_view help;
  bool repeatable = false;
  char short_name = '\0';  // `-o` for --out; '\0': none
  // Takes every argument after it up to the next one that starts with '-'
  // (`--schemaPaths a.graphql b.graphql`), as Relay's CLI reads its arrays.
  bool takes_list = false;
};

class Args {
 public:
  // Parses argv (without the program and subcommand names). `command` names
  // them for messages ("gqleval score"). On a usage error, ok() is false and
  // error() says what is wrong.
  Args(std::string_view command, std::span<const FlagSpec> specs, std::span<char* const> argv);

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool help() const { return help_; }

  bool has(std::string_view flag) const;
  std::optional<std::string> value(std::string_view flag) const;  // last value given
  std::vector<std::string> values(std::string_view flag) const;   // every value, in order
  const std::vector<std::string>& positionals() const { return positionals_; }

  // A non-negative integer flag; sets error on a malformed value.
  std::optional<long long> integer(std::string_view flag);
  // --threads N: at least 1; sets error on 0 or a malformed value.
  std::optional<unsigned> threads();

  void fail(std::string message);

 private:
  std::string command_;
  std::map<std::string, std::vector<std::string>, std::less<>> flags_;
  std::vector<std::string> positionals_;
  std::string error_;
  bool help_ = false;
};

// -h, --help, which every command takes (Args reads it itself).
inline constexpr FlagSpec kHelpFlag = {"help", "", "Show this help", false, 'h'};

// The "Options:" block of a subcommand's help text: `specs`, then kHelpFlag.
std::string format_flags(std::span<const FlagSpec> specs);

// A flag's description in help texts: its help, "(repeatable)" when it is.
std::string flag_help(const FlagSpec& spec);

}  // namespace gqleval::cli
