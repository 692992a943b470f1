#include "python/src/py_json.h"

#include <simdjson.h>

#include <string>
#include <utility>
#include <vector>

namespace gqleval::python {
namespace {

namespace dom = simdjson::dom;
namespace py = pybind11;

// Keys seen so far, as str objects kept for the module's lifetime: a dict
// built with a key object whose hash is cached costs no hashing. A result has
// about twenty distinct keys, so a scan of them beats hashing each key's text.
PyObject* key_object(std::string_view key) {
  static auto* keys = new std::vector<std::pair<std::string, PyObject*>>();
  for (const auto& [text, object] : *keys) {
    if (text == key) {
      Py_INCREF(object);
      return object;
    }
  }
  PyObject* o = PyUnicode_FromStringAndSize(key.data(), static_cast<Py_ssize_t>(key.size()));
  if (o == nullptr) return nullptr;
  PyUnicode_InternInPlace(&o);
  // Keys are a result's few member names; other objects' keys (a summary's
  // group values) are not kept.
  if (keys->size() < 64) {
    keys->emplace_back(std::string(key), o);
    Py_INCREF(o);
  }
  return o;
}

// A new reference, or null with a Python error set.
PyObject* to_python(dom::element e) {
  switch (e.type()) {
    case dom::element_type::OBJECT: {
      PyObject* dict = PyDict_New();
      if (dict == nullptr) return nullptr;
      for (dom::key_value_pair member : dom::object(e)) {
        PyObject* key = key_object(member.key);
        PyObject* value = key == nullptr ? nullptr : to_python(member.value);
        const int failed = value == nullptr ? -1 : PyDict_SetItem(dict, key, value);
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (failed != 0) {
          Py_DECREF(dict);
          return nullptr;
        }
      }
      return dict;
    }
    case dom::element_type::ARRAY: {
      dom::array array(e);
      PyObject* list = PyList_New(static_cast<Py_ssize_t>(array.size()));
      if (list == nullptr) return nullptr;
      Py_ssize_t i = 0;
      for (dom::element item : array) {
        PyObject* value = to_python(item);
        if (value == nullptr) {
          Py_DECREF(list);
          return nullptr;
        }
        PyList_SET_ITEM(list, i++, value);  // steals the reference
      }
      return list;
    }
    case dom::element_type::STRING: {
      std::string_view s(e);
      return PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
    }
    case dom::element_type::INT64: return PyLong_FromLongLong(int64_t(e));
    case dom::element_type::UINT64: return PyLong_FromUnsignedLongLong(uint64_t(e));
    case dom::element_type::DOUBLE: return PyFloat_FromDouble(double(e));
    case dom::element_type::BOOL: return PyBool_FromLong(bool(e) ? 1 : 0);
    case dom::element_type::NULL_VALUE: Py_RETURN_NONE;
  }
  PyErr_SetString(PyExc_RuntimeError, "gqleval: unknown JSON value");
  return nullptr;
}

}  // namespace

size_t json_padding() { return simdjson::SIMDJSON_PADDING; }

namespace {

// New reference, or null with a Python error set.
PyObject* copy_value(PyObject* value) {
  if (PyList_CheckExact(value)) {
    const Py_ssize_t n = PyList_GET_SIZE(value);
    PyObject* list = PyList_New(n);
    if (list == nullptr) return nullptr;
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* item = copy_value(PyList_GET_ITEM(value, i));
      if (item == nullptr) {
        Py_DECREF(list);
        return nullptr;
      }
      PyList_SET_ITEM(list, i, item);
    }
    return list;
  }
  if (PyDict_CheckExact(value)) {
    // PyDict_Copy clones the key table in one piece (much cheaper than
    // inserting key by key); the containers among the values are then
    // replaced by copies of their own (replacing a key's value while
    // iterating is allowed: the set of keys does not change).
    PyObject* dict = PyDict_Copy(value);
    if (dict == nullptr) return nullptr;
    PyObject* key = nullptr;
    PyObject* item = nullptr;
    Py_ssize_t at = 0;
    while (PyDict_Next(dict, &at, &key, &item)) {
      if (!PyList_CheckExact(item) && !PyDict_CheckExact(item)) continue;
      PyObject* copy = copy_value(item);
      const int failed = copy == nullptr ? -1 : PyDict_SetItem(dict, key, copy);
      Py_XDECREF(copy);
      if (failed != 0) {
        Py_DECREF(dict);
        return nullptr;
      }
    }
    return dict;
  }
  Py_INCREF(value);
  return value;
}

}  // namespace

py::object copy_json_value(py::handle value) {
  PyObject* o = copy_value(value.ptr());
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

py::object json_to_python(std::string_view json) {
  // One parser per thread: it is reused (its buffers grow to the largest
  // text), and threads that take turns holding the GIL do not share it.
  thread_local dom::parser parser;
  dom::element root;
  if (auto error = parser.parse(json.data(), json.size(), false).get(root)) {
    throw std::runtime_error(std::string("gqleval: the engine wrote JSON that does not parse: ") +
                             simdjson::error_message(error));
  }
  PyObject* o = to_python(root);
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

}  // namespace gqleval::python
