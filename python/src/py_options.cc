#include "python/src/py_options.h"

#include <utility>

namespace gqleval::python {

namespace py = pybind11;

namespace {

// A str's text, or an os.PathLike's path (os.fspath), or nothing.
bool text_of(py::handle value, std::string& out) {
  if (PyUnicode_Check(value.ptr())) {
    out = py::reinterpret_borrow<py::str>(value);
    return true;
  }
  if (!py::hasattr(value, "__fspath__")) return false;
  out = py::str(py::module_::import("os").attr("fspath")(value));
  return true;
}

}  // namespace

rows::OptionValue option_value(py::handle value) {
  using Type = rows::OptionValue::Type;
  rows::OptionValue v;
  // The type's own name, for messages: "str", "int", "list" (no Python call).
  v.type_name = Py_TYPE(value.ptr())->tp_name;
  if (value.is_none()) return v;
  if (PyBool_Check(value.ptr())) {
    v.type = Type::kBool;
    v.flag = value.ptr() == Py_True;
  } else if (PyLong_Check(value.ptr()) || PyFloat_Check(value.ptr())) {
    v.type = Type::kNumber;
    v.number = PyFloat_AsDouble(value.ptr());
    // An int too large for a double is out of every option's range.
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      v.number = 1e300;
    }
  } else if (text_of(value, v.text)) {
    v.type = Type::kText;
  } else if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    v.type = Type::kTextList;
    for (py::handle item : py::reinterpret_borrow<py::sequence>(value)) {
      v.texts.emplace_back();
      if (!text_of(item, v.texts.back())) {
        v.type = Type::kOther;
        v.type_name += std::string(" of ") + Py_TYPE(item.ptr())->tp_name;
        break;
      }
    }
  } else {
    v.type = Type::kOther;
  }
  return v;
}

void raise(const Diagnostic& error) {
  if (error.rule == "TypeError") throw py::type_error(error.message);
  if (error.rule == "IO") {
    PyErr_SetString(PyExc_OSError, error.message.c_str());
    throw py::error_already_set();
  }
  throw py::value_error(error.message);
}

}  // namespace gqleval::python
