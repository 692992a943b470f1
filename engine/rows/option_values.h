// Options as a language binding's caller gives them. A binding converts its
// language's values into OptionValues and nothing more; the engine reads them
// here: each option by the name the binding's users write (`rule_set` in
// Python, `ruleSet` in JavaScript: batch::OptionNames), its type and its
// limits, so that every binding accepts the same values and says the same
// thing about a bad one.
//
// Errors are Diagnostics whose rule says which exception the binding raises:
// "TypeError" (a value of the wrong type, an option no call takes) for its
// language's TypeError, "RangeError" (a number out of range) for its
// ValueError (Python) or RangeError (JavaScript), as for every other error of
// the engine's checks ("Usage": an unknown mode or rule, a rules file that
// cannot be read).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/option_names.h"

namespace gqleval::rows {

using OptionNames = batch::OptionNames;

// A value of the caller's language.
struct OptionValue {
  enum class Type : uint8_t {
    kAbsent,    // None, null, undefined: the option's default
    kBool,      // flag
    kNumber,    // number (an int or a float)
    kText,      // text
    kTextList,  // texts (a list, a tuple or an Array of strings)
    kOther,     // anything else
  };
  Type type = Type::kAbsent;
  bool flag = false;
  double number = 0;
  std::string text;
  std::vector<std::string> texts;
  std::string type_name;  // the language's name of its type, for messages ("list")
};

struct RowOptions;
struct FileRunOptions;

// Sets the option of an engine (row_options.h) that the binding's users name
// `name`. An unknown name is a TypeError that lists the options there are.
std::optional<Diagnostic> set_row_option(RowOptions& options, std::string_view name,
                                         const OptionValue& value);

// The same for a file run (file_run.h).
std::optional<Diagnostic> set_file_option(FileRunOptions& options, std::string_view name,
                                          const OptionValue& value);

// A call's worker threads, as `threads` (`-j`) is read everywhere: absent is
// 0 (every core), else a whole number from 1 to kMaxThreads.
inline constexpr unsigned kMaxThreads = 4096;
Result<unsigned, Diagnostic> read_threads(const OptionValue& value, const OptionNames& names);

}  // namespace gqleval::rows
