// gqleval._core: the compiled half of the Python module. The public API, its
// argument checks that are plain Python and its docstrings are in
// python/gqleval/__init__.py; this file binds engine/rows, the engine every
// binding calls (engines per option set, rows and their results, summaries,
// file runs), and converts Python's values to its cells and options
// (py_cells.h, py_options.h) and its JSON results to Python's objects
// (py_json.h). Every call that scores releases the GIL while it does.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/version.h"
#include "engine/rows/engine_cache.h"
#include "engine/rows/file_run.h"
#include "engine/rows/row_engine.h"
#include "engine/rows/row_options.h"
#include "engine/rows/summary_counts.h"
#include "python/src/py_cells.h"
#include "python/src/py_json.h"
#include "python/src/py_options.h"

namespace gqleval::python {
namespace {

namespace py = pybind11;

using rows::RowCells;
using rows::RowEngine;
using rows::RowOptions;
using rows::RowResults;
using rows::RowTable;

// The engine of these keyword options (rows::shared_engines()).
std::shared_ptr<RowEngine> engine_for(const py::dict& options) {
  RowOptions o;
  o.names = rows::OptionNames::keywords();
  set_options(o, options, rows::set_row_option);
  auto engine = rows::shared_engines().get(o);
  if (!engine) raise(engine.error());
  return std::move(*engine);
}

// A row's references: one str (or None), or a list or tuple of them.
void append_references(py::handle value, const std::string& what,
                       std::vector<std::string_view>& out) {
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    py::sequence items = py::reinterpret_borrow<py::sequence>(value);
    for (size_t k = 0; k < items.size(); ++k) {
      out.push_back(cell_text(items[k], what + "[" + std::to_string(k) + "]"));
    }
    return;
  }
  out.push_back(cell_text(value, what));
}

py::object result_object(std::string& text) {
  const size_t size = text.size();
  text.append(json_padding(), ' ');
  return json_to_python(std::string_view(text.data(), size));
}

py::object score_one(RowEngine& engine, py::handle schema, py::handle references,
                     py::handle candidate, py::handle variables, py::handle required,
                     py::handle excluded) {
  std::vector<py::object> keep;
  std::vector<std::string_view> refs;
  if (!references.is_none() || required.is_none()) {
    append_references(references, "references", refs);
  }
  RowCells row;
  row.schema = cell_text(schema, "schema");
  row.references = refs;
  row.candidate = answer_text(candidate, "candidate", keep);
  row.variables = variables_text(variables, "variables", keep);
  row.listed = !required.is_none();
  if (row.listed) row.required = cell_text(required, "required");
  if (!excluded.is_none()) row.excluded = cell_text(excluded, "excluded");
  std::string out;
  std::optional<Diagnostic> error;
  {
    py::gil_scoped_release unlocked;
    error = engine.score(row, out);
  }
  if (error) raise(*error);
  return result_object(out);
}

// A row id: a str, an int or float (an int exactly, within 2**53), or None
// (or NaN, pandas' missing value): none.
rows::RowId row_id(py::handle value, size_t row) {
  rows::RowId id;
  if (value.is_none()) return id;
  if (PyUnicode_Check(value.ptr())) {
    id.kind = rows::RowId::Kind::kText;
    id.text = cell_text(value, "ids[" + std::to_string(row) + "]");
    return id;
  }
  if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())) {
    const long long n = PyLong_AsLongLong(value.ptr());
    constexpr long long kExact = 1LL << 53;
    if (PyErr_Occurred() != nullptr || n > kExact || n < -kExact) {
      PyErr_Clear();
      throw py::value_error("ids[" + std::to_string(row) +
                            "] is an int beyond 2**53: give it as a str");
    }
    id.kind = rows::RowId::Kind::kNumber;
    id.number = static_cast<double>(n);
    return id;
  }
  if (PyFloat_Check(value.ptr())) {
    const double d = PyFloat_AsDouble(value.ptr());
    if (std::isnan(d)) return id;
    if (std::isinf(d)) throw py::value_error("ids[" + std::to_string(row) + "] is not finite");
    id.kind = rows::RowId::Kind::kNumber;
    id.number = d;
    return id;
  }
  throw py::type_error("ids[" + std::to_string(row) +
                       "] must be a str, an int, a float or None, not " +
                       std::string(py::str(py::type::of(value).attr("__name__"))));
}

// The rows' columns as the engine's table (checked by the engine when it
// scores them); `keep` holds the objects its views point into.
// A column of coverage lists (each JSON text, or None) into `out`.
void append_lists(py::handle values, const char* what, std::vector<std::string_view>& out,
                  std::vector<py::object>& keep) {
  if (values.is_none()) return;
  const Column c = column(values, what);
  if (c.single)
    throw py::type_error(std::string(what) + " must be a sequence with one item per row");
  keep.push_back(c.items);
  append_cells(c, what, out);
}

// The references column: a reference cell (or a list of them) per row.
void append_reference_column(py::handle references, RowTable& table,
                             std::vector<py::object>& keep) {
  const Column r = column(references, "references");
  if (r.single) throw py::type_error("references must be a sequence with one item per row");
  table.rows = r.size();
  keep.push_back(r.items);
  table.reference_begin.reserve(table.rows + 1);
  table.reference_begin.push_back(0);
  for (size_t i = 0; i < table.rows; ++i) {
    append_references(PyList_GET_ITEM(r.items.ptr(), static_cast<Py_ssize_t>(i)),
                      "references[" + std::to_string(i) + "]", table.references);
    table.reference_begin.push_back(static_cast<uint32_t>(table.references.size()));
  }
}

RowTable row_table(py::handle schemas, py::handle references, py::handle candidates,
                   py::handle variables, py::handle ids, py::handle required, py::handle excluded,
                   std::vector<py::object>& keep) {
  const Column s = column(schemas, "schemas");
  const Column c = column(candidates, "candidates");
  RowTable table;
  keep.push_back(s.items);
  keep.push_back(c.items);
  append_cells(s, "schemas", table.schemas);
  append_answers(c, "candidates", table.candidates, keep);
  table.one_schema = s.single;
  table.one_candidate = c.single;
  if (references.is_none() && !required.is_none()) {
    // A coverage run with its lists needs no references: the rows are the
    // lists'.
    table.rows = py::len(required);
    table.reference_begin.assign(table.rows + 1, 0);
  } else {
    append_reference_column(references, table, keep);
  }
  if (!variables.is_none()) {
    const Column v = column(variables, "variables");
    keep.push_back(v.items);
    table.one_variables = v.single;
    for (size_t i = 0; i < (v.single ? 1 : v.size()); ++i) {
      py::handle item =
          v.single ? v.items.ptr() : PyList_GET_ITEM(v.items.ptr(), static_cast<Py_ssize_t>(i));
      table.variables.push_back(variables_text(
          item, v.single ? "variables" : "variables[" + std::to_string(i) + "]", keep));
    }
  }
  append_lists(required, "required", table.required, keep);
  append_lists(excluded, "excluded", table.excluded, keep);
  if (!ids.is_none()) {
    const Column d = column(ids, "ids");
    if (d.single) throw py::type_error("ids must be a sequence with one item per row");
    keep.push_back(d.items);
    for (size_t i = 0; i < d.size(); ++i) {
      table.ids.push_back(row_id(PyList_GET_ITEM(d.items.ptr(), static_cast<Py_ssize_t>(i)), i));
    }
  }
  return table;
}

// Pauses Python's cyclic garbage collector for a scope (Python 3.10 and
// later; before, the collector runs as usual).
class GcPause {
 public:
#if PY_VERSION_HEX >= 0x030A0000
  GcPause() : was_enabled_(PyGC_Disable() != 0) {}
  ~GcPause() {
    if (was_enabled_) PyGC_Enable();
  }

 private:
  bool was_enabled_;
#endif
};

py::list score_rows(RowEngine& engine, py::handle schemas, py::handle references,
                    py::handle candidates, py::handle variables, py::handle ids,
                    py::handle required, py::handle excluded, py::handle threads,
                    size_t chunk_rows) {
  auto workers = rows::read_threads(option_value(threads), rows::OptionNames::keywords());
  if (!workers) raise(workers.error());
  std::vector<py::object> keep;
  const RowTable table =
      row_table(schemas, references, candidates, variables, ids, required, excluded, keep);
  py::list out(table.rows);
  RowResults results;
  std::string with_id;  // a row's object with its id, to parse
  // Millions of new dicts and lists would each count towards the cyclic
  // collector's next pass, which would walk them again and again; none of
  // them can be part of a cycle.
  const GcPause gc_paused;
  if (chunk_rows == 0) chunk_rows = 1;
  // In chunks, so that the text of the results in flight stays small
  // (about 300 bytes a row) however many rows there are.
  // (A table of no rows is still checked: one call of none.)
  for (size_t first = 0;; first += chunk_rows) {
    const size_t count = std::min(chunk_rows, table.rows - first);
    results.clear();
    std::optional<Diagnostic> error;
    {
      py::gil_scoped_release unlocked;
      error = engine.score_rows(table, first, count, *workers, results);
    }
    if (error) raise(*error);
    results.text.append(json_padding(), ' ');
    for (size_t i = 0; i < count; ++i) {
      py::object row;
      if (table.id(first + i).kind != rows::RowId::Kind::kNone) {
        with_id.clear();
        rows::append_result_object(results, table, first, i, with_id);
        const size_t size = with_id.size();
        with_id.append(json_padding(), ' ');
        row = json_to_python(std::string_view(with_id.data(), size));
      } else if (results.repeats(i) &&
                 table.id(first + results.firsts[i]).kind == rows::RowId::Kind::kNone) {
        // A repeated row copies the first one's objects rather than reading
        // the same text again.
        row = copy_json_value(
            PyList_GET_ITEM(out.ptr(), static_cast<Py_ssize_t>(first + results.firsts[i])));
      } else {
        row = json_to_python(results.members(i));
      }
      PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(first + i), row.release().ptr());
    }
    if (first + count >= table.rows) break;
  }
  return out;
}

py::object validate_one(RowEngine& engine, py::handle schema, py::handle query) {
  const std::string_view s = cell_text(schema, "schema");
  const std::string_view q = cell_text(query, "query");
  std::string out;
  {
    py::gil_scoped_release unlocked;
    engine.validate(s, q, out);
  }
  return result_object(out);
}

// The derived rules of `schema` as a rules file (JSON text); a schema that
// does not build raises ValueError with its first error.
std::string derived_rules_of(RowEngine& engine, py::handle schema) {
  const std::string_view s = cell_text(schema, "schema");
  std::string out;
  bool ok = false;
  {
    py::gil_scoped_release unlocked;
    ok = engine.derived_rules(s, out);
  }
  if (!ok) throw py::value_error("the schema does not build: " + out);
  return out;
}

// (outcomes, millionths, squares) of rows of `mode` given by verdict and
// graded score (rows::count_rows).
py::tuple count_result_rows(const std::string& mode, const std::vector<std::string>& verdicts,
                            const std::vector<double>& values) {
  std::vector<std::string_view> views(verdicts.begin(), verdicts.end());
  auto counts = rows::count_rows(mode, rows::OptionNames::keywords(), views, values);
  if (!counts) raise(counts.error());
  std::vector<uint64_t> outcomes(counts->outcomes.begin(), counts->outcomes.end());
  // The sum of squares may pass 64 bits: handed over in two halves.
  const auto high = static_cast<uint64_t>(counts->squares >> 64);
  const auto low = static_cast<uint64_t>(counts->squares);
  py::int_ squares = (py::int_(high).attr("__lshift__")(64)).attr("__or__")(py::int_(low));
  return py::make_tuple(outcomes, counts->millionths, squares);
}

py::object summary_of_counts(const std::string& mode, const std::vector<uint64_t>& outcomes,
                             uint64_t millionths, const py::int_& squares) {
  rows::SummaryCounts counts;
  if (outcomes.size() != counts.outcomes.size()) {
    throw py::value_error("summary: " + std::to_string(counts.outcomes.size()) +
                          " outcome counts expected, got " + std::to_string(outcomes.size()));
  }
  std::copy(outcomes.begin(), outcomes.end(), counts.outcomes.begin());
  counts.millionths = millionths;
  const auto high = squares.attr("__rshift__")(64).cast<uint64_t>();
  const auto low = squares.attr("__and__")(py::int_(~uint64_t{0})).cast<uint64_t>();
  counts.squares = (rows::SquareSum{high} << 64) | low;
  auto text = rows::summary_json_of(mode, rows::OptionNames::keywords(), counts);
  if (!text) raise(text.error());
  return result_object(*text);
}

// `gqleval score PATH` with the keyword options (rows::run_file): the
// summary, and whether its gates were met.
py::tuple score_file(const std::string& path, const py::dict& options) {
  rows::FileRunOptions o;
  o.scoring.names = rows::OptionNames::keywords();
  o.input = path;
  set_options(o, options, rows::set_file_option);
  Result<rows::FileRunReport, Diagnostic> report = Unexpected{Diagnostic{}};
  {
    py::gil_scoped_release unlocked;
    report = rows::run_file(o);
  }
  if (!report) raise(report.error());
  return py::make_tuple(result_object(report->summary_json), report->gates_met);
}

std::vector<std::string> result_members(const std::string& mode) {
  auto members = rows::result_members(mode, rows::OptionNames::keywords());
  if (!members) raise(members.error());
  return std::vector<std::string>(members->begin(), members->end());
}

}  // namespace
}  // namespace gqleval::python

PYBIND11_MODULE(_core, m) {
  using namespace gqleval;          // NOLINT(google-build-using-namespace)
  using namespace gqleval::python;  // NOLINT(google-build-using-namespace)
  namespace py = pybind11;
  m.doc() = "The compiled part of gqleval; use the gqleval package.";
  m.attr("__version__") = std::string(version());
  m.attr("DEFAULT_MAX_FIELD_BYTES") = rows::kDefaultMaxFieldBytes;

  py::class_<RowEngine, std::shared_ptr<RowEngine>>(m, "Engine")
      .def("score", &score_one, py::arg("schema"), py::arg("references"), py::arg("candidate"),
           py::arg("variables"), py::arg("required") = py::none(), py::arg("excluded") = py::none())
      .def("score_rows", &score_rows, py::arg("schemas"), py::arg("references"),
           py::arg("candidates"), py::arg("variables"), py::arg("ids"), py::arg("required"),
           py::arg("excluded"), py::arg("threads"), py::arg("chunk_rows") = 65536)
      .def("validate", &validate_one, py::arg("schema"), py::arg("query"))
      .def("derived_rules", &derived_rules_of, py::arg("schema"));
  m.def("engine_for", &engine_for, py::arg("options"),
        "The engine of these keyword options, shared by every call that gives the same ones.");

  m.def("count_rows", &count_result_rows, py::arg("mode"), py::arg("verdicts"), py::arg("values"));
  m.def("summary_of_counts", &summary_of_counts, py::arg("mode"), py::arg("outcomes"),
        py::arg("millionths"), py::arg("squares"));
  m.def("score_file", &score_file, py::arg("path"), py::arg("options"));
  m.def("result_members", &result_members, py::arg("mode"));
}
