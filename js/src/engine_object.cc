#include "js/src/engine_object.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/rows/engine_cache.h"
#include "engine/rows/row_options.h"
#include "js/src/napi_util.h"
#include "js/src/option_reader.h"
#include "js/src/score_chunk.h"

namespace gqleval::js {
namespace {

// Tells an Engine made here from any other object passed as `this`.
constexpr napi_type_tag kEngineTag = {0x6771'6c65'7661'6c31ULL, 0x656e'6769'6e65'0001ULL};

EngineBox* unwrap_engine(napi_env env, napi_value self) {
  bool tagged = false;
  if (!succeeded(env, napi_check_object_type_tag(env, self, &kEngineTag, &tagged), "this")) {
    return nullptr;
  }
  if (!tagged) {
    throw_type_error(env, "gqleval: the method was called on an object that is not an Engine");
    return nullptr;
  }
  void* box = nullptr;
  if (!succeeded(env, napi_unwrap(env, self, &box), "unwrapping the engine")) return nullptr;
  return static_cast<EngineBox*>(box);
}

// What the addon keeps per JavaScript environment: the Engine class, and the
// Engine object of each shared engine while one is alive, so that engineFor()
// gives the same object, and so its last schema, to every call with the same
// options. An object engineFor() gave is pinned (a strong reference) while
// the engine cache keeps its engine, so that a loop of compare() does not
// make one per call; else the reference is weak.
struct EngineObject {
  napi_ref ref = nullptr;
  const EngineBox* box = nullptr;  // the object's
  bool pinned = false;
};

struct AddonData {
  napi_ref engine_class = nullptr;
  std::unordered_map<const rows::RowEngine*, EngineObject> objects;

  // Unpins the objects of engines the cache no longer keeps.
  void unpin_evicted(napi_env env) {
    for (auto& [engine, object] : objects) {
      if (!object.pinned || rows::shared_engines().holds(engine)) continue;
      napi_reference_unref(env, object.ref, nullptr);
      object.pinned = false;
    }
  }
};

AddonData* addon_data(napi_env env) {
  void* data = nullptr;
  napi_get_instance_data(env, &data);
  return static_cast<AddonData*>(data);
}

// The engine of `options` (rows::shared_engines()), `keys` its keys when the
// caller listed them; nullptr with the error thrown.
std::shared_ptr<rows::RowEngine> engine_of(napi_env env, napi_value options,
                                           napi_value keys = nullptr) {
  rows::RowOptions o;
  o.names = rows::OptionNames::camel_case();
  if (!read_options(env, options, o, rows::set_row_option, keys)) return nullptr;
  auto engine = rows::shared_engines().get(o);
  if (!engine) {
    // A rules file's error is "PATH: message": named as the option too.
    Diagnostic d = std::move(engine.error());
    if (!o.rules_file.empty() && d.message.starts_with(o.rules_file + ":")) {
      d.message = "rules: " + d.message;
    }
    throw_diagnostic(env, d);
    return nullptr;
  }
  return std::move(*engine);
}

void finalize_engine(napi_env env, void* data, void* /*hint*/) {
  std::unique_ptr<EngineBox> box(static_cast<EngineBox*>(data));
  AddonData* addon = addon_data(env);
  if (addon == nullptr) return;
  auto it = addon->objects.find(box->engine.get());
  if (it == addon->objects.end() || it->second.box != box.get()) return;
  napi_delete_reference(env, it->second.ref);
  addon->objects.erase(it);
}

napi_value construct(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  if (!args.ok) return nullptr;
  auto box = std::make_unique<EngineBox>();
  box->engine = engine_of(env, args.argv[0]);
  if (box->engine == nullptr) return nullptr;
  EngineBox* raw = box.get();
  if (!succeeded(env, napi_wrap(env, args.self, raw, finalize_engine, nullptr, nullptr),
                 "making an Engine")) {
    return nullptr;
  }
  static_cast<void>(box.release());  // owned by the object now: finalize_engine frees it
  if (!succeeded(env, napi_type_tag_object(env, args.self, &kEngineTag), "making an Engine")) {
    return nullptr;
  }
  // The engine's object, unless it has one alive (weak until engineFor()
  // gives it); one collected but not yet finalized is replaced.
  AddonData* addon = addon_data(env);
  if (addon == nullptr) return args.self;
  EngineObject& entry = addon->objects[raw->engine.get()];
  napi_value alive = nullptr;
  if (entry.ref != nullptr) napi_get_reference_value(env, entry.ref, &alive);
  napi_ref ref = nullptr;
  if (alive == nullptr && napi_create_reference(env, args.self, 0, &ref) == napi_ok) {
    if (entry.ref != nullptr) napi_delete_reference(env, entry.ref);
    entry = EngineObject{ref, raw, false};
  }
  return args.self;
}

// engineFor(options, keys?): the Engine object of the shared engine of
// `options` (`keys`: Object.keys(options)).
napi_value engine_for(napi_env env, napi_callback_info info) {
  Args<2> args(env, info);
  if (!args.ok) return nullptr;
  std::shared_ptr<rows::RowEngine> engine = engine_of(env, args.argv[0], args.argv[1]);
  if (engine == nullptr) return nullptr;
  AddonData* addon = addon_data(env);
  auto it = addon->objects.find(engine.get());
  napi_value object = nullptr;
  if (it != addon->objects.end()) napi_get_reference_value(env, it->second.ref, &object);
  if (object == nullptr) {
    addon->unpin_evicted(env);
    napi_value cls = nullptr;
    if (!succeeded(env, napi_get_reference_value(env, addon->engine_class, &cls), "engineFor") ||
        napi_new_instance(env, cls, 1, args.argv.data(), &object) != napi_ok) {
      return nullptr;
    }
    it = addon->objects.find(engine.get());
  }
  if (it != addon->objects.end() && !it->second.pinned) {
    napi_reference_ref(env, it->second.ref, nullptr);
    it->second.pinned = true;
  }
  return object;
}

// Appends a cell named `what()` to `box.cells` and records where it ends.
template <class Name>
bool take_cell(napi_env env, napi_value value, const Name& what, EngineBox& box,
               std::vector<size_t>& ends) {
  if (!append_text(env, value, box.cells, what)) return false;
  ends.push_back(box.cells.size());
  return true;
}

// A fixed name for take_cell.
auto named(const char* name) {
  return [name] { return name; };
}

// A reference argument: one cell, or an array of them.
bool take_references(napi_env env, napi_value value, EngineBox& box, std::vector<size_t>& ends) {
  bool array = false;
  napi_is_array(env, value, &array);
  if (!array) return take_cell(env, value, named("reference"), box, ends);
  uint32_t length = 0;
  napi_get_array_length(env, value, &length);
  for (uint32_t k = 0; k < length; ++k) {
    napi_value item = nullptr;
    if (!succeeded(env, napi_get_element(env, value, k, &item), "reading reference")) return false;
    const auto what = [k] { return "reference[" + std::to_string(k) + "]"; };
    if (!take_cell(env, item, what, box, ends)) return false;
  }
  return true;
}

// The views of box.cells cut at `ends`.
std::vector<std::string_view> cut(const std::string& cells, const std::vector<size_t>& ends) {
  std::vector<std::string_view> out;
  size_t begin = 0;
  for (size_t end : ends) {
    out.emplace_back(cells.data() + begin, end - begin);
    begin = end;
  }
  return out;
}

// Scores box.schema against the reference, candidate and variables at
// `argv` (JavaScript values).
// `argv` is (reference, candidate, variables, required, excluded); a
// coverage row's lists are JSON text (index.js writes them), null or
// undefined for none.
napi_value score_with(napi_env env, EngineBox& box, const napi_value* argv) {
  box.cells.clear();
  // candidate, variables, required, excluded, then the references
  std::vector<size_t> ends;
  if (!take_cell(env, argv[1], named("candidate"), box, ends) ||
      !take_cell(env, argv[2], named("variables"), box, ends) ||
      !take_cell(env, argv[3], named("required"), box, ends) ||
      !take_cell(env, argv[4], named("excluded"), box, ends) ||
      !take_references(env, argv[0], box, ends)) {
    return nullptr;
  }
  const std::vector<std::string_view> cells = cut(box.cells, ends);
  rows::RowCells row;
  row.schema = box.schema;
  row.candidate = cells[0];
  row.variables = cells[1];
  row.listed = !is_missing(env, argv[3]);
  row.required = cells[2];
  row.excluded = cells[3];
  row.references = std::span(cells).subspan(4);
  box.out.clear();
  if (auto error = box.engine->score(row, box.out)) return throw_diagnostic(env, *error);
  return utf8_string(env, box.out);
}

napi_value score(napi_env env, napi_callback_info info) {
  Args<6> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->schema.clear();
  box->has_schema = false;
  if (!append_text(env, args.argv[0], box->schema, named("schema"))) return nullptr;
  box->has_schema = true;
  return score_with(env, *box, &args.argv[1]);
}

napi_value score_same_schema(napi_env env, napi_callback_info info) {
  Args<5> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  if (!box->has_schema) return throw_error(env, "gqleval: scoreSameSchema before any score()");
  return score_with(env, *box, args.argv.data());
}

napi_value validate(napi_env env, napi_callback_info info) {
  Args<2> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->cells.clear();
  std::vector<size_t> ends;
  if (!take_cell(env, args.argv[0], named("schema"), *box, ends) ||
      !take_cell(env, args.argv[1], named("query"), *box, ends)) {
    return nullptr;
  }
  const std::vector<std::string_view> cells = cut(box->cells, ends);
  box->out.clear();
  box->engine->validate(cells[0], cells[1], box->out);
  return utf8_string(env, box->out);
}

napi_value derived_rules(napi_env env, napi_callback_info info) {
  Args<1> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  box->cells.clear();
  std::vector<size_t> ends;
  if (!take_cell(env, args.argv[0], named("schema"), *box, ends)) return nullptr;
  box->out.clear();
  if (!box->engine->derived_rules(box->cells, box->out)) {
    return throw_error(env, "the schema does not build: " + box->out);
  }
  return utf8_string(env, box->out);
}

napi_value score_chunk_method(napi_env env, napi_callback_info info) {
  Args<4> args(env, info);
  EngineBox* box = args.ok ? unwrap_engine(env, args.self) : nullptr;
  if (box == nullptr) return nullptr;
  return start_score_chunk(env, box->engine, args.argv);
}

}  // namespace

napi_value define_engine_class(napi_env env) {
  const napi_property_descriptor methods[] = {
      {"score", nullptr, score, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"scoreSameSchema", nullptr, score_same_schema, nullptr, nullptr, nullptr, napi_default,
       nullptr},
      {"validate", nullptr, validate, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"derivedRules", nullptr, derived_rules, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"scoreChunk", nullptr, score_chunk_method, nullptr, nullptr, nullptr, napi_default, nullptr},
  };
  napi_value cls = nullptr;
  auto addon = std::make_unique<AddonData>();
  if (!succeeded(env,
                 napi_define_class(env, "Engine", NAPI_AUTO_LENGTH, construct, nullptr,
                                   std::size(methods), methods, &cls),
                 "defining Engine") ||
      !succeeded(env, napi_create_reference(env, cls, 1, &addon->engine_class),
                 "defining Engine") ||
      !succeeded(
          env,
          napi_set_instance_data(
              env, addon.get(),
              [](napi_env, void* data, void*) { delete static_cast<AddonData*>(data); }, nullptr),
          "defining Engine")) {
    return nullptr;
  }
  static_cast<void>(addon.release());  // the environment's now
  return cls;
}

napi_value define_engine_for(napi_env env) { return make_function(env, "engineFor", engine_for); }

}  // namespace gqleval::js
