// gqleval._core: the compiled half of the Python module. The public API, its
// argument checks that are plain Python and its docstrings are in
// python/gqleval/__init__.py; this file binds the engine for rows in memory
// (engine/rows/row_engine.h), the summary counts (summary_counts.h) and the file run
// (file_run.h). Every call that scores releases the GIL while it does.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/version.h"
#include "engine/rows/row_engine.h"
#include "engine/rows/row_options.h"
#include "io/file_names.h"
#include "python/src/file_run.h"
#include "python/src/py_cells.h"
#include "python/src/py_json.h"
#include "python/src/summary_counts.h"

namespace gqleval::python {
namespace {

namespace py = pybind11;

using rows::RowCells;
using rows::RowEngine;
using rows::RowOptions;
using rows::RowResults;
using rows::RowTable;

std::unique_ptr<RowEngine> make_engine(RowOptions options) {
  options.names = batch::OptionNames::keywords();
  auto checked = rows::check_options(std::move(options));
  if (!checked) throw py::value_error(checked.error().message);
  return std::make_unique<RowEngine>(std::move(*checked));
}

// A row's references: one str (or None), or a list or tuple of them.
void append_references(py::handle value, const std::string& what,
                       std::vector<std::string_view>& out) {
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    py::sequence items = py::reinterpret_borrow<py::sequence>(value);
    if (items.empty()) throw py::value_error(what + " holds no reference");
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
                     py::handle candidate, py::handle variables) {
  std::vector<py::object> keep;
  std::vector<std::string_view> refs;
  append_references(references, "references", refs);
  RowCells row;
  row.schema = cell_text(schema, "schema");
  row.references = refs;
  row.candidate = cell_text(candidate, "candidate");
  row.variables = variables_text(variables, "variables", keep);
  std::string out;
  {
    py::gil_scoped_release unlocked;
    engine.score(row, out);
  }
  return result_object(out);
}

// The rows' columns, checked to have one cell per row (or one for all).
RowTable row_table(py::handle schemas, py::handle references, py::handle candidates,
                   py::handle variables, std::vector<py::object>& keep) {
  const Column s = column(schemas, "schemas");
  const Column r = column(references, "references");
  const Column c = column(candidates, "candidates");
  const bool has_variables = !variables.is_none();
  Column v;
  if (has_variables) v = column(variables, "variables");
  if (r.single) throw py::type_error("references must be a sequence with one item per row");
  const size_t rows = r.size();
  auto check = [rows](const Column& col, const char* name) {
    if (col.single || col.size() == rows) return;
    throw py::value_error(std::string("score_batch: ") + name + " has " +
                          std::to_string(col.size()) + " items and references " +
                          std::to_string(rows) + ": give one per row (or one str for all rows)");
  };
  check(s, "schemas");
  check(c, "candidates");
  if (has_variables) check(v, "variables");

  RowTable table;
  table.rows = rows;
  keep.push_back(s.items);
  keep.push_back(r.items);
  keep.push_back(c.items);
  append_cells(s, "schemas", table.schemas);
  append_cells(c, "candidates", table.candidates);
  table.reference_begin.reserve(rows + 1);
  table.reference_begin.push_back(0);
  for (size_t i = 0; i < rows; ++i) {
    append_references(PyList_GET_ITEM(r.items.ptr(), static_cast<Py_ssize_t>(i)),
                      "references[" + std::to_string(i) + "]", table.references);
    table.reference_begin.push_back(static_cast<uint32_t>(table.references.size()));
  }
  if (has_variables) {
    keep.push_back(v.items);
    if (v.single) {
      table.variables.push_back(variables_text(v.items, "variables", keep));
    } else {
      for (size_t i = 0; i < rows; ++i) {
        table.variables.push_back(
            variables_text(PyList_GET_ITEM(v.items.ptr(), static_cast<Py_ssize_t>(i)),
                           "variables[" + std::to_string(i) + "]", keep));
      }
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
                    py::handle candidates, py::handle variables, unsigned threads,
                    size_t chunk_rows) {
  std::vector<py::object> keep;
  const RowTable table = row_table(schemas, references, candidates, variables, keep);
  py::list out(table.rows);
  RowResults results;
  // Millions of new dicts and lists would each count towards the cyclic
  // collector's next pass, which would walk them again and again; none of
  // them can be part of a cycle.
  const GcPause gc_paused;
  if (chunk_rows == 0) chunk_rows = 1;
  // In chunks, so that the text of the results in flight stays small
  // (about 300 bytes a row) however many rows there are.
  for (size_t first = 0; first < table.rows; first += chunk_rows) {
    const size_t count = std::min(chunk_rows, table.rows - first);
    results.text.clear();
    results.ends.clear();
    results.firsts.clear();
    {
      py::gil_scoped_release unlocked;
      engine.score_rows(table, first, count, threads, results);
    }
    results.text.append(json_padding(), ' ');
    size_t begin = 0;
    for (size_t i = 0; i < count; ++i) {
      const size_t end = results.ends[i];
      // A repeated row copies the first one's objects rather than reading
      // the same text again.
      py::object row =
          results.firsts[i] == i
              ? json_to_python(std::string_view(results.text).substr(begin, end - begin))
              : copy_json_value(
                    PyList_GET_ITEM(out.ptr(), static_cast<Py_ssize_t>(first + results.firsts[i])));
      PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(first + i), row.release().ptr());
      begin = end;
    }
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

// (outcomes, f1_millionths, f1_squares) of rows given by verdict and F1.
py::tuple count_result_rows(const std::vector<std::string>& verdicts,
                            const std::vector<double>& f1s) {
  if (verdicts.size() != f1s.size()) {
    throw py::value_error("count_rows: " + std::to_string(verdicts.size()) + " verdicts and " +
                          std::to_string(f1s.size()) + " F1 values");
  }
  std::vector<std::string_view> views(verdicts.begin(), verdicts.end());
  auto counts = count_rows(views, f1s);
  if (!counts) throw py::value_error(counts.error().message);
  std::vector<uint64_t> outcomes(counts->outcomes.begin(), counts->outcomes.end());
  // The sum of squares may pass 64 bits: handed over in two halves.
  const auto high = static_cast<uint64_t>(counts->f1_squares >> 64);
  const auto low = static_cast<uint64_t>(counts->f1_squares);
  py::int_ squares = (py::int_(high).attr("__lshift__")(64)).attr("__or__")(py::int_(low));
  return py::make_tuple(outcomes, counts->f1_millionths, squares);
}

py::object summary_of_counts(const std::vector<uint64_t>& outcomes, uint64_t f1_millionths,
                             const py::int_& f1_squares) {
  SummaryCounts counts;
  if (outcomes.size() != counts.outcomes.size()) {
    throw py::value_error("summary: " + std::to_string(counts.outcomes.size()) +
                          " outcome counts expected, got " + std::to_string(outcomes.size()));
  }
  std::copy(outcomes.begin(), outcomes.end(), counts.outcomes.begin());
  counts.f1_millionths = f1_millionths;
  const auto high = f1_squares.attr("__rshift__")(64).cast<uint64_t>();
  const auto low = f1_squares.attr("__and__")(py::int_(~uint64_t{0})).cast<uint64_t>();
  counts.f1_squares = (batch::F1Squares{high} << 64) | low;
  std::string text = summary_json_of(counts);
  return result_object(text);
}

py::object score_file(batch::BatchOptions options, const batch::ScoreWords& words,
                      std::string task) {
  auto run = make_file_run(std::move(options), words, std::move(task));
  if (!run) throw py::value_error(run.error().message);
  Result<FileRunReport, Diagnostic> report = Unexpected{Diagnostic{}};
  {
    py::gil_scoped_release unlocked;
    report = run_file(*run);
  }
  if (!report) {
    const Diagnostic& d = report.error();
    if (d.rule == "IO") {
      PyErr_SetString(PyExc_OSError, d.message.c_str());
      throw py::error_already_set();
    }
    throw py::value_error(d.message);
  }
  py::object summary = result_object(report->summary_json);
  return py::make_tuple(summary, report->gates_met);
}

}  // namespace
}  // namespace gqleval::python

PYBIND11_MODULE(_core, m) {
  using namespace gqleval;          // NOLINT(google-build-using-namespace)
  using namespace gqleval::python;  // NOLINT(google-build-using-namespace)
  namespace py = pybind11;
  m.doc() = "The compiled part of gqleval; use the gqleval package.";
  m.attr("__version__") = std::string(version());
  m.attr("DEFAULT_MAX_FIELD_BYTES") = io::kDefaultMaxFieldBytes;

  py::class_<RowOptions>(m, "Options")
      .def(py::init<>())
      .def_readwrite("delta", &RowOptions::delta)
      .def_readwrite("rules_file", &RowOptions::rules_file)
      .def_readwrite("rule_set", &RowOptions::rule_set)
      .def_readwrite("extract", &RowOptions::extract)
      .def_readwrite("ignore_typename", &RowOptions::ignore_typename)
      .def_readwrite("variables_by_name", &RowOptions::variables_by_name)
      .def_readwrite("strict_schema", &RowOptions::strict_schema)
      .def_readwrite("operation", &RowOptions::operation)
      .def_readwrite("max_field_bytes", &RowOptions::max_field_bytes)
      .def_readwrite("schema_cache_bytes", &RowOptions::schema_cache_bytes);

  py::class_<RowEngine>(m, "Engine")
      .def(py::init(&make_engine), py::arg("options"))
      .def("score", &score_one, py::arg("schema"), py::arg("references"), py::arg("candidate"),
           py::arg("variables"))
      .def("score_rows", &score_rows, py::arg("schemas"), py::arg("references"),
           py::arg("candidates"), py::arg("variables"), py::arg("threads"),
           py::arg("chunk_rows") = 65536)
      .def("validate", &validate_one, py::arg("schema"), py::arg("query"))
      .def("derived_rules", &derived_rules_of, py::arg("schema"));

  m.def("count_rows", &count_result_rows, py::arg("verdicts"), py::arg("f1s"));
  m.def("summary_of_counts", &summary_of_counts, py::arg("outcomes"), py::arg("f1_millionths"),
        py::arg("f1_squares"));

  py::class_<batch::BatchOptions>(m, "FileOptions")
      .def(py::init<>())
      .def_readwrite("input", &batch::BatchOptions::input)
      .def_readwrite("schema", &batch::BatchOptions::schema)
      .def_readwrite("rules_file", &batch::BatchOptions::rules_file)
      .def_readwrite("strict_schema", &batch::BatchOptions::strict_schema)
      .def_readwrite("ignore_typename", &batch::BatchOptions::ignore_typename)
      .def_readwrite("variables_by_name", &batch::BatchOptions::variables_by_name)
      .def_readwrite("delta", &batch::BatchOptions::delta)
      .def_readwrite("operation", &batch::BatchOptions::operation)
      .def_readwrite("extract", &batch::BatchOptions::extract)
      .def_readwrite("output", &batch::BatchOptions::output)
      .def_readwrite("threads", &batch::BatchOptions::threads)
      .def_readwrite("resume", &batch::BatchOptions::resume)
      .def_readwrite("arguments", &batch::BatchOptions::arguments)
      .def("set_columns",
           [](batch::BatchOptions& o, const std::string& schema, const std::string& schema_path,
              const std::vector<std::string>& references, const std::string& candidate,
              const std::string& id, const std::string& variables,
              const std::vector<std::string>& group_by, const std::vector<std::string>& keep) {
             o.columns.schema = schema;
             o.columns.schema_path = schema_path;
             o.columns.references = references;
             o.columns.candidate = candidate;
             o.columns.id = id;
             o.columns.variables = variables;
             o.columns.group_by = group_by;
             o.columns.keep = keep;
           });
  // The words of a score run (batch/run_words.h); None: not given.
  py::class_<batch::ScoreWords>(m, "FileWords")
      .def(py::init<>())
      .def_readwrite("mode", &batch::ScoreWords::mode)
      .def_readwrite("input_format", &batch::ScoreWords::input_format)
      .def_readwrite("output_format", &batch::ScoreWords::output_format)
      .def_readwrite("rule_set", &batch::ScoreWords::rule_set)
      .def_readwrite("fail_under", &batch::ScoreWords::fail_under)
      .def_readwrite("summary_format", &batch::ScoreWords::summary_format);
  m.def("score_file", &score_file, py::arg("options"), py::arg("words"), py::arg("task"));
  m.def("run_stem", &io::run_stem, py::arg("path"),
        "The stem of a run's file, as the command names its task (io/file_names.h).");
}
