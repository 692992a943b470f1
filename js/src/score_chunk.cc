#include "js/src/score_chunk.h"

#include <cmath>
#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "js/src/napi_util.h"
#include "js/src/option_reader.h"

namespace gqleval::js {
namespace {

// A range of Chunk::cells.
struct Span {
  size_t begin = 0;
  size_t end = 0;
};

struct Chunk {
  std::shared_ptr<rows::RowEngine> engine;
  unsigned threads = 0;
  size_t rows = 0;
  std::string cells;                 // every cell's UTF-8, back to back
  std::vector<Span> schemas;         // the distinct schemas the chunk's rows use
  std::vector<uint32_t> row_schema;  // row -> schemas[k]
  std::vector<Span> references;      // flat, in row order
  std::vector<uint32_t> reference_begin{0};
  std::vector<Span> candidates;
  std::vector<Span> variables;  // empty: no variables column
  std::vector<Span> required;   // empty: no required column (coverage rows)
  std::vector<Span> excluded;   // empty: no excluded column
  struct Id {
    rows::RowId::Kind kind = rows::RowId::Kind::kNone;
    Span text;
    double number = 0;
  };
  std::vector<Id> ids;   // empty: no ids column
  rows::RowTable table;  // views of `cells`, once every cell is read
  std::string out;       // the result: a JSON array
  std::string error;     // set when scoring threw
  napi_deferred deferred = nullptr;
  napi_async_work work = nullptr;
};

// The argument reader of one call: each reader throws and returns false on
// failure.
class ColumnReader {
 public:
  ColumnReader(napi_env env, Chunk& chunk) : env_(env), chunk_(chunk) {}

  // An Array property of `columns` and its length; `out` nullptr when it is
  // null or undefined and `optional`.
  bool array(napi_value columns, const char* name, bool optional, napi_value& out,
             uint32_t& length) {
    out = property(env_, columns, name);
    if (out == nullptr) return false;
    length = 0;
    if (optional && is_missing(env_, out)) {
      out = nullptr;
      return true;
    }
    bool is_array = false;
    napi_is_array(env_, out, &is_array);
    if (!is_array) return type_error(std::string("columns.") + name + " must be an Array");
    napi_get_array_length(env_, out, &length);
    return true;
  }

  // A Uint32Array property; `data` nullptr when null or undefined.
  bool indices(napi_value columns, const char* name, const uint32_t*& data, size_t& length) {
    napi_value v = property(env_, columns, name);
    if (v == nullptr) return false;
    data = nullptr;
    length = 0;
    if (is_missing(env_, v)) return true;
    bool typed = false;
    napi_is_typedarray(env_, v, &typed);
    napi_typedarray_type type = napi_int8_array;
    void* raw = nullptr;
    if (!typed ||
        napi_get_typedarray_info(env_, v, &type, &length, &raw, nullptr, nullptr) != napi_ok ||
        type != napi_uint32_array) {
      return type_error(std::string("columns.") + name + " must be a Uint32Array");
    }
    data = static_cast<const uint32_t*>(raw);
    return true;
  }

  // Element k of `array` appended to the chunk's cells.
  bool cell(napi_value array, uint32_t k, const char* column, Span& out) {
    napi_value item = nullptr;
    if (!succeeded(env_, napi_get_element(env_, array, k, &item), column)) return false;
    out.begin = chunk_.cells.size();
    const auto what = [&] {
      return std::string("columns.") + column + "[" + std::to_string(k) + "]";
    };
    if (!append_text(env_, item, chunk_.cells, what)) return false;
    out.end = chunk_.cells.size();
    return true;
  }

  // Element k of `ids`: a string, a finite number, or none for null and
  // undefined.
  bool id(napi_value ids, uint32_t k) {
    napi_value item = nullptr;
    if (!succeeded(env_, napi_get_element(env_, ids, k, &item), "ids")) return false;
    napi_valuetype type = napi_undefined;
    napi_typeof(env_, item, &type);
    Chunk::Id id;
    if (type == napi_number) {
      napi_get_value_double(env_, item, &id.number);
      if (!std::isfinite(id.number))
        return type_error("columns.ids[" + std::to_string(k) + "] is not finite");
      id.kind = rows::RowId::Kind::kNumber;
    } else if (type == napi_string) {
      id.text.begin = chunk_.cells.size();
      append_cell(env_, item, chunk_.cells);
      id.text.end = chunk_.cells.size();
      id.kind = rows::RowId::Kind::kText;
    } else if (type != napi_undefined && type != napi_null) {
      return type_error("columns.ids[" + std::to_string(k) +
                        "] must be a string, a number, null or undefined");
    }
    chunk_.ids.push_back(id);
    return true;
  }

  bool type_error(const std::string& message) {
    throw_type_error(env_, message);
    return false;
  }
  bool range_error(const std::string& message) {
    throw_range_error(env_, message);
    return false;
  }

 private:
  napi_env env_;
  Chunk& chunk_;
};

// A whole number from 0 to `max` (at most 2^32 - 1).
bool read_uint32(napi_env env, napi_value v, const char* name, double max, uint32_t& out) {
  double d = 0;
  if (!whole_number(env, v, name, max, d)) return false;
  out = static_cast<uint32_t>(d);
  return true;
}

// The chunk's schemas: each distinct one its rows use, copied once.
bool read_schemas(ColumnReader& r, napi_value columns, uint32_t first, Chunk& c) {
  napi_value schemas = nullptr;
  uint32_t count = 0;
  const uint32_t* index = nullptr;
  size_t index_length = 0;
  if (!r.array(columns, "schemas", false, schemas, count) ||
      !r.indices(columns, "schemaIndex", index, index_length)) {
    return false;
  }
  if (index != nullptr && index_length < first + c.rows) {
    return r.range_error("columns.schemaIndex has fewer items than the rows");
  }
  std::vector<int64_t> slot(count, -1);
  for (size_t i = 0; i < c.rows; ++i) {
    const uint32_t k = index == nullptr ? 0 : index[first + i];
    if (k >= count) return r.range_error("columns.schemaIndex names no schema");
    if (slot[k] < 0) {
      Span s;
      if (!r.cell(schemas, k, "schemas", s)) return false;
      slot[k] = static_cast<int64_t>(c.schemas.size());
      c.schemas.push_back(s);
    }
    c.row_schema.push_back(static_cast<uint32_t>(slot[k]));
  }
  return true;
}

bool read_references(ColumnReader& r, napi_value columns, uint32_t first, Chunk& c) {
  napi_value references = nullptr;
  uint32_t count = 0;
  const uint32_t* begin = nullptr;
  size_t begin_length = 0;
  if (!r.array(columns, "references", false, references, count) ||
      !r.indices(columns, "referenceBegin", begin, begin_length)) {
    return false;
  }
  if (begin == nullptr || begin_length < first + c.rows + 1) {
    return r.range_error("columns.referenceBegin must have an item per row and one more");
  }
  for (size_t i = 0; i < c.rows; ++i) {
    const uint32_t from = begin[first + i];
    const uint32_t to = begin[first + i + 1];
    if (to < from || to > count) {
      return r.range_error("columns.referenceBegin: row " + std::to_string(first + i) +
                           " points outside columns.references");
    }
    for (uint32_t k = from; k < to; ++k) {
      Span s;
      if (!r.cell(references, k, "references", s)) return false;
      c.references.push_back(s);
    }
    c.reference_begin.push_back(static_cast<uint32_t>(c.references.size()));
  }
  return true;
}

// Candidates, variables, ids and coverage lists: one item per row each.
bool read_row_cells(ColumnReader& r, napi_value columns, uint32_t first, Chunk& c) {
  struct Optional {
    const char* name;
    std::vector<Span>* spans;  // null: ids
    napi_value array = nullptr;
    uint32_t length = 0;
  };
  napi_value candidates = nullptr;
  uint32_t n_candidates = 0;
  Optional optional[] = {{"variables", &c.variables},
                         {"required", &c.required},
                         {"excluded", &c.excluded},
                         {"ids", nullptr}};
  if (!r.array(columns, "candidates", false, candidates, n_candidates)) return false;
  const size_t end = first + c.rows;
  bool short_column = n_candidates < end;
  for (Optional& o : optional) {
    if (!r.array(columns, o.name, true, o.array, o.length)) return false;
    short_column = short_column || (o.array != nullptr && o.length < end);
  }
  if (short_column) return r.range_error("columns: a column has fewer items than the rows");
  for (uint32_t i = first; i < end; ++i) {
    Span s;
    if (!r.cell(candidates, i, "candidates", s)) return false;
    c.candidates.push_back(s);
    for (Optional& o : optional) {
      if (o.array == nullptr) continue;
      if (o.spans == nullptr) {
        if (!r.id(o.array, i)) return false;
        continue;
      }
      if (!r.cell(o.array, i, o.name, s)) return false;
      o.spans->push_back(s);
    }
  }
  return true;
}

std::string_view view(const std::string& cells, Span s) {
  return std::string_view(cells).substr(s.begin, s.end - s.begin);
}

// The chunk's rows as the engine's table, once every cell is in c.cells.
void make_table(Chunk& c) {
  rows::RowTable& t = c.table;
  t.rows = c.rows;
  for (uint32_t k : c.row_schema) t.schemas.push_back(view(c.cells, c.schemas[k]));
  for (const Span& s : c.references) t.references.push_back(view(c.cells, s));
  t.reference_begin = c.reference_begin;
  for (const Span& s : c.candidates) t.candidates.push_back(view(c.cells, s));
  for (const Span& s : c.variables) t.variables.push_back(view(c.cells, s));
  for (const Span& s : c.required) t.required.push_back(view(c.cells, s));
  for (const Span& s : c.excluded) t.excluded.push_back(view(c.cells, s));
  for (const Chunk::Id& id : c.ids) t.ids.push_back({id.kind, view(c.cells, id.text), id.number});
}

// Scores the chunk and writes its JSON array (a pool thread: no Node-API).
void execute(napi_env /*env*/, void* data) {
  auto* c = static_cast<Chunk*>(data);
  try {
    rows::RowResults results;
    if (auto error = c->engine->score_rows(c->table, 0, c->rows, c->threads, results)) {
      c->error = error->message;
      return;
    }
    rows::append_results_array(results, c->table, 0, c->out);
  } catch (const std::exception& e) {
    c->error = e.what();
  }
}

void complete(napi_env env, napi_status status, void* data) {
  std::unique_ptr<Chunk> c(static_cast<Chunk*>(data));
  napi_delete_async_work(env, c->work);
  if (status == napi_ok && c->error.empty()) {
    napi_value text = nullptr;
    if (napi_create_string_utf8(env, c->out.data(), c->out.size(), &text) == napi_ok) {
      napi_resolve_deferred(env, c->deferred, text);
      return;
    }
    c->error = "the results do not fit in a string";
    if (exception_pending(env)) {
      napi_value ignored = nullptr;
      napi_get_and_clear_last_exception(env, &ignored);
    }
  }
  if (c->error.empty()) c->error = "the work was cancelled";
  napi_value message = nullptr;
  napi_value error = nullptr;
  napi_create_string_utf8(env, ("gqleval: " + c->error).c_str(), NAPI_AUTO_LENGTH, &message);
  napi_create_error(env, nullptr, message, &error);
  napi_reject_deferred(env, c->deferred, error);
}

}  // namespace

napi_value start_score_chunk(napi_env env, const std::shared_ptr<rows::RowEngine>& engine,
                             const std::array<napi_value, 4>& argv) {
  auto c = std::make_unique<Chunk>();
  c->engine = engine;
  uint32_t first = 0;
  uint32_t count = 0;
  if (!read_uint32(env, argv[1], "first", 4294967295.0, first) ||
      !read_uint32(env, argv[2], "count", 4294967295.0, count)) {
    return nullptr;
  }
  // undefined: every core.
  auto threads = rows::read_threads(option_value(env, argv[3]), rows::OptionNames::camel_case());
  if (!threads) return throw_diagnostic(env, threads.error());
  if (static_cast<uint64_t>(first) + count > 4294967295ULL) {
    return throw_range_error(env, "first + count is out of range");
  }
  c->rows = count;
  c->threads = *threads;
  napi_valuetype type = napi_undefined;
  napi_typeof(env, argv[0], &type);
  if (type != napi_object) return throw_type_error(env, "columns must be an object");
  ColumnReader reader(env, *c);
  if (!read_schemas(reader, argv[0], first, *c) || !read_references(reader, argv[0], first, *c) ||
      !read_row_cells(reader, argv[0], first, *c)) {
    return nullptr;
  }
  make_table(*c);
  // What the engine refuses (a row with no reference) throws here, before
  // the work is queued.
  if (auto error = rows::check_table(c->table, 0, c->rows)) return throw_diagnostic(env, *error);
  napi_value promise =
      queue_work(env, "gqleval.scoreChunk", execute, complete, c.get(), &c->deferred, &c->work);
  if (promise != nullptr) static_cast<void>(c.release());  // complete() frees it
  return promise;
}

}  // namespace gqleval::js
