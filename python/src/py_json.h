// JSON text to Python objects, as json.loads reads it: an object is a dict
// (members in order), an array a list, an integer an int, any other number a
// float, true/false/null True/False/None. The module writes its results as
// the CLI writes them (score/result_json.h, batch/result_format.h) and hands
// Python this reading of the same text, so a result's fields and values are
// the CLI's by construction, and json.dumps(result, separators=(",", ":"),
// ensure_ascii=False) gives the CLI's bytes back.
//
// Needs the GIL. Keys are made once and reused (a result has a dozen distinct
// keys, repeated in every row). The text must have simdjson::SIMDJSON_PADDING
// readable bytes after it (the callers pad their buffers); it is never read
// past its end.
#pragma once

#include <pybind11/pybind11.h>

#include <string_view>

namespace gqleval::python {

// The value of the JSON text. Raises RuntimeError if the text is not JSON
// (which would be a bug of the writer).
pybind11::object json_to_python(std::string_view json);

// A copy of a value json_to_python() made, for a result that repeats
// another: new dicts and lists all the way down, the strings and numbers in
// them shared (they cannot change), so that changing one result changes no
// other. Cheaper than reading the text again.
pybind11::object copy_json_value(pybind11::handle value);

// Bytes of padding a buffer needs after its last JSON text.
size_t json_padding();

}  // namespace gqleval::python
