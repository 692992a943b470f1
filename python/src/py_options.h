// Python values to the engine's options (engine/rows/option_values.h), and
// the engine's errors to Python's exceptions. Needs the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "engine/base/diagnostic.h"
#include "engine/rows/option_values.h"

namespace gqleval::python {

// `value` as an option value: None absent, bool, int or float, str (or an
// os.PathLike, as its path), a list or tuple of them as a list of texts;
// anything else kOther, named by its type.
rows::OptionValue option_value(pybind11::handle value);

// Raises the error the engine's diagnostic asks for: TypeError for rule
// "TypeError", OSError for "IO", ValueError for every other.
[[noreturn]] void raise(const Diagnostic& error);

// The options of `options` (a dict of keyword arguments) set by `set` (one
// of rows::set_row_option, rows::set_file_option), raising at the first
// bad one.
template <class Target, class Setter>
void set_options(Target& target, const pybind11::dict& options, Setter set) {
  for (auto [key, value] : options) {
    const std::string name = pybind11::str(key);
    if (auto error = set(target, name, option_value(value))) raise(*error);
  }
}

}  // namespace gqleval::python
