// Python values to the engine's cells (string_views), with the errors a
// Python caller can act on. Needs the GIL.
//
// A cell is a str (or a subclass: numpy.str_), viewed in its UTF-8 form,
// which CPython keeps in the object, so the view lives as long as the object
// does; the caller keeps the objects alive (columns() holds its own list of
// them, so a caller mutating its list from another thread cannot free a
// string the engine is reading). A missing cell, None or a float NaN (pandas'
// missing value in an object column), is empty, as a JSON Lines null is to the
// CLI. Anything else (bytes, numbers, other objects) is a TypeError naming the
// argument and the row; a str with lone surrogates, which has no UTF-8 form, a
// ValueError (UnicodeEncodeError).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>
#include <vector>

namespace gqleval::python {

// The cell `value`; `what` names it in errors ("candidate", "candidates[3]"),
// `accepted` says what it may be.
std::string_view cell_text(pybind11::handle value, const std::string& what,
                           std::string_view accepted = "str or None");

// A column of cells: a str is one cell for every row; any other iterable
// (list, tuple, pandas Series, NumPy array) one cell per row.
struct Column {
  pybind11::object items;  // the list the views point into (or the one str)
  bool single = false;
  size_t size() const;
};
Column column(pybind11::handle values, const char* what);

// The views of a column's cells, appended to `out`.
void append_cells(const Column& column, const char* what, std::vector<std::string_view>& out);

// An answer (a candidate): a cell, or a list or tuple of query texts, an
// agent's several queries, written as the JSON array the engine reads with
// answer="all" (json.dumps, kept alive in `keep`).
std::string_view answer_text(pybind11::handle value, const std::string& what,
                             std::vector<pybind11::object>& keep);
// The views of a column of answers, appended to `out`.
void append_answers(const Column& column, const char* what, std::vector<std::string_view>& out,
                    std::vector<pybind11::object>& keep);

// Variables: a str (JSON), None, or a dict (written with json.dumps, kept
// alive in `keep`).
std::string_view variables_text(pybind11::handle value, const std::string& what,
                                std::vector<pybind11::object>& keep);

}  // namespace gqleval::python
