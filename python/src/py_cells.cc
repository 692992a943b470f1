#include "python/src/py_cells.h"

#include <cmath>

namespace gqleval::python {
namespace py = pybind11;

namespace {

bool is_missing(py::handle value) {
  if (value.is_none()) return true;
  return PyFloat_Check(value.ptr()) && std::isnan(PyFloat_AS_DOUBLE(value.ptr()));
}

std::string type_name(py::handle value) { return Py_TYPE(value.ptr())->tp_name; }

}  // namespace

std::string_view cell_text(py::handle value, const std::string& what, std::string_view accepted) {
  if (PyUnicode_Check(value.ptr())) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
    if (text == nullptr) throw py::error_already_set();
    return {text, static_cast<size_t>(size)};
  }
  if (is_missing(value)) return {};
  std::string message = what + " must be " + std::string(accepted) + ", not " + type_name(value);
  if (PyBytes_Check(value.ptr()) || PyByteArray_Check(value.ptr())) {
    message += " (decode it first, e.g. text.decode('utf-8'))";
  }
  throw py::type_error(message);
}

size_t Column::size() const {
  return single ? 1 : static_cast<size_t>(PyList_GET_SIZE(items.ptr()));
}

Column column(py::handle values, const char* what) {
  Column c;
  if (PyUnicode_Check(values.ptr())) {
    c.items = py::reinterpret_borrow<py::object>(values);
    c.single = true;
    return c;
  }
  if (PyBytes_Check(values.ptr()) || PyDict_Check(values.ptr()) || values.is_none()) {
    throw py::type_error(std::string(what) + " must be a str or a sequence of str, not " +
                         type_name(values));
  }
  // A list of our own: the caller's list may change while the GIL is released.
  PyObject* list = PySequence_List(values.ptr());
  if (list == nullptr) {
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be a str or a sequence of str, not " +
                         type_name(values));
  }
  c.items = py::reinterpret_steal<py::object>(list);
  return c;
}

namespace {

// A column's cells into `out`: each str viewed in place, any other item
// through `other(item, its name)` (the row's name is built only then).
template <class Other>
void append_column(const Column& c, const char* what, std::vector<std::string_view>& out,
                   const Other& other) {
  if (c.single) {
    out.push_back(other(c.items, what));
    return;
  }
  const Py_ssize_t n = PyList_GET_SIZE(c.items.ptr());
  out.reserve(out.size() + static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    py::handle item = PyList_GET_ITEM(c.items.ptr(), i);
    if (PyUnicode_Check(item.ptr())) {
      Py_ssize_t size = 0;
      const char* text = PyUnicode_AsUTF8AndSize(item.ptr(), &size);
      if (text == nullptr) throw py::error_already_set();
      out.emplace_back(text, static_cast<size_t>(size));
    } else {
      out.push_back(other(item, std::string(what) + "[" + std::to_string(i) + "]"));
    }
  }
}

// `value` written with json.dumps, the text kept alive in `keep`.
std::string_view json_text(py::handle value, const std::string& what,
                           std::vector<py::object>& keep) {
  py::object dumps = py::module_::import("json").attr("dumps");
  keep.push_back(dumps(value));
  return cell_text(keep.back(), what);
}

}  // namespace

void append_cells(const Column& c, const char* what, std::vector<std::string_view>& out) {
  append_column(c, what, out,
                [](py::handle item, const std::string& name) { return cell_text(item, name); });
}

std::string_view answer_text(py::handle value, const std::string& what,
                             std::vector<py::object>& keep) {
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    return json_text(py::list(py::reinterpret_borrow<py::object>(value)), what, keep);
  }
  return cell_text(value, what, "str, a list of query texts or None");
}

void append_answers(const Column& c, const char* what, std::vector<std::string_view>& out,
                    std::vector<py::object>& keep) {
  append_column(c, what, out, [&keep](py::handle item, const std::string& name) {
    return answer_text(item, name, keep);
  });
}

std::string_view variables_text(py::handle value, const std::string& what,
                                std::vector<py::object>& keep) {
  if (PyDict_Check(value.ptr())) return json_text(value, what, keep);
  return cell_text(value, what);
}

}  // namespace gqleval::python
