// SyntheticData: the database behind the baseline's GraphQL "server", made
// from a schema and a seed, as a practitioner fills a test server with data.
//
// Every object type that is not a root operation type and not an
// introspection type gets `objects` objects; each root type gets one object
// (its scalar fields). Each object holds a value for every field of its type,
// in the order of schema::TypeDef::fields:
//   - Int: a key field (below) numbers its objects 1..objects; another
//     id-like field (name `id`, or ending in `id`, `Id`, `ID`; or of type ID)
//     is a foreign key, uniform in 1..objects; any other Int is uniform in
//     [0, 10000);
//   - Float: uniform in [0, 10000) with two decimals; Boolean: a coin;
//   - ID: as Int, written as a string ("17");
//   - String: "<field name> <k>", k uniform in [0, objects), so equality
//     filters find a few objects; a custom scalar whose name contains "Date"
//     or "Time": a date "YYYY-MM-DD"; any other custom scalar: as String;
//   - enum: one of its values, uniform;
//   - a singular object, interface or union field: one object of a concrete
//     possible type, uniform; a list field: `fanout` of them (consecutive
//     objects from a random start, so a list has no duplicates);
//   - lists of scalars: `fanout` values; nested lists nest the rule.
// A nullable field (not a key) is null with probability null_rate.
// The key field of a type: `id`, `<type>_id`, `<type>Id` or `<type>ID` (type
// name compared ignoring case), else its first field of type ID; a type may
// have none.
//
// Determinism: the data depends only on the schema and the options; the PRNG
// (splitmix64) is seeded with options.seed and walks types by id, objects by
// index and fields in order.
//
// The data keeps a pointer to the schema, which must outlive it.
// Costs: built once per distinct schema (the cache in baseline_run.h), linear
// in types x objects x fields x fanout. Immutable after build; safe to share
// between threads.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/schema/schema.h"

namespace gqleval::baseline {

struct DataOptions {
  uint32_t objects = 50;  // per object type: a Spider table has tens to hundreds of rows
  uint32_t fanout = 3;    // related objects per list field
  uint64_t seed = 1;
  double null_rate = 0.1;  // chance that a nullable, non-key field is null
};

// One stored value: a scalar, a reference to an object, or a list.
struct DataValue {
  enum class Kind : uint8_t { kNull, kBool, kInt, kFloat, kString, kObject, kList };
  Kind kind = Kind::kNull;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0;
  std::string string;
  schema::TypeId object_type = schema::kNone;  // kObject: the concrete type
  uint32_t object_index = 0;                   // kObject: its index among that type's objects
  std::vector<DataValue> items;                // kList
};

struct DataObject {
  schema::TypeId type = schema::kNone;
  uint32_t index = 0;
  std::vector<DataValue> fields;  // aligned with schema.type(type).fields
};

// True for an id-like name: `id`, or ending in `id`, `Id` or `ID`.
bool is_id_like_name(std::string_view name);

class SyntheticData {
 public:
  static SyntheticData build(const schema::Schema& schema, const DataOptions& options);

  const DataOptions& options() const { return options_; }
  // The objects of a concrete object type (empty for other types).
  std::span<const DataObject> objects(schema::TypeId type) const;
  const DataObject& object(schema::TypeId type, uint32_t index) const;
  // The position of a field among the fields of `type`; schema::kNone when absent.
  uint32_t slot(schema::TypeId type, schema::FieldId field) const;
  // The position of the key field of `type` (see above); schema::kNone when none.
  uint32_t key_slot(schema::TypeId type) const { return key_slots_[type]; }
  size_t object_count() const;

 private:
  const schema::Schema* schema_ = nullptr;
  DataOptions options_;
  std::vector<std::vector<DataObject>> objects_;  // by type id
  std::vector<uint32_t> key_slots_;               // by type id
};

}  // namespace gqleval::baseline
