#include "bench/baseline/synthetic_data.h"

#include <cstdio>

namespace gqleval::baseline {
namespace {

using schema::Schema;
using schema::TypeDef;
using schema::TypeId;
using schema::TypeKind;
using schema::TypeRef;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ci(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// splitmix64: small, fast, and the same sequence on every platform.
class Prng {
 public:
  explicit Prng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (the modulo bias is far below anything that matters here).
  uint64_t below(uint64_t n) { return next() % n; }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_;
};

bool is_root(const Schema& s, TypeId t) {
  return t == s.query_type() || t == s.mutation_type() || t == s.subscription_type();
}

bool holds_objects(const Schema& s, const TypeDef& t) {
  return t.kind == TypeKind::kObject && !t.built_in && !is_root(s, t.id);
}

uint32_t find_key_slot(const Schema& s, const TypeDef& t) {
  for (uint32_t i = 0; i < t.fields.size(); ++i) {
    const std::string_view n = s.field(t.fields[i]).name;
    if (equal_ci(n, "id")) return i;
    if (n.size() == t.name.size() + 3 && equal_ci(n.substr(0, t.name.size()), t.name)) {
      const std::string_view rest = n.substr(t.name.size());
      if (rest == "_id" || rest == "Id" || rest == "ID") return i;
    }
  }
  for (uint32_t i = 0; i < t.fields.size(); ++i) {
    const TypeRef r = s.field(t.fields[i]).type;
    if (r.named == schema::kIdType && !r.is_list()) return i;
  }
  return schema::kNone;
}

class Generator {
 public:
  Generator(const Schema& s, const DataOptions& o, const std::vector<std::vector<DataObject>>& all)
      : s_(s), o_(o), all_(all), rng_(o.seed) {}

  DataValue value(TypeRef type, std::string_view field, uint32_t index, bool key) {
    if (!key && !type.is_non_null() && rng_.unit() < o_.null_rate) return {};
    if (type.is_list()) {
      DataValue list;
      list.kind = DataValue::Kind::kList;
      const TypeRef item = type.item();
      const TypeDef& named = s_.type(type.named);
      if (s_.is_composite(named.id) && item.list_depth == 0) {
        related(named, o_.fanout, list.items);
      } else {
        for (uint32_t k = 0; k < o_.fanout; ++k) {
          DataValue v =
              value(TypeRef{item.named, item.list_depth, static_cast<uint16_t>(item.non_null | 1u)},
                    field, index, false);
          list.items.push_back(std::move(v));
        }
      }
      return list;
    }
    const TypeDef& t = s_.type(type.named);
    if (s_.is_composite(t.id)) {
      std::vector<DataValue> one;
      related(t, 1, one);
      return one.empty() ? DataValue{} : std::move(one.front());
    }
    return scalar(t, field, index, key);
  }

 private:
  DataValue scalar(const TypeDef& t, std::string_view field, uint32_t index, bool key) {
    DataValue v;
    const uint64_t n = o_.objects == 0 ? 1 : o_.objects;
    const bool id_like = is_id_like_name(field) || t.id == schema::kIdType;
    const int64_t id_value = key ? int64_t{index} + 1 : static_cast<int64_t>(rng_.below(n)) + 1;
    switch (t.id) {
      case schema::kIntType:
        v.kind = DataValue::Kind::kInt;
        v.integer = id_like ? id_value : static_cast<int64_t>(rng_.below(10000));
        return v;
      case schema::kFloatType:
        v.kind = DataValue::Kind::kFloat;
        v.real = static_cast<double>(rng_.below(1000000)) / 100.0;
        return v;
      case schema::kBooleanType:
        v.kind = DataValue::Kind::kBool;
        v.boolean = (rng_.next() & 1u) != 0;
        return v;
      case schema::kIdType:
        v.kind = DataValue::Kind::kString;
        v.string = std::to_string(id_value);
        return v;
      default: break;
    }
    v.kind = DataValue::Kind::kString;
    if (t.kind == TypeKind::kEnum) {
      if (t.enum_values.empty()) return {};
      v.string = std::string(t.enum_values[rng_.below(t.enum_values.size())].name);
      return v;
    }
    if (t.id == schema::kStringType && id_like) {
      v.string = std::to_string(id_value);
      return v;
    }
    if (t.id != schema::kStringType && (t.name.find("Date") != std::string_view::npos ||
                                        t.name.find("Time") != std::string_view::npos)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", 1990 + static_cast<int>(rng_.below(35)),
                    1 + static_cast<int>(rng_.below(12)), 1 + static_cast<int>(rng_.below(28)));
      v.string = buf;
      return v;
    }
    v.string = std::string(field) + " " + std::to_string(rng_.below(n));
    return v;
  }

  // `count` related objects of the composite type t (consecutive indices from a
  // random start within each concrete type chosen).
  void related(const TypeDef& t, uint32_t count, std::vector<DataValue>& out) {
    std::span<const TypeId> possible = s_.possible_types(t.id);
    if (possible.empty()) return;
    const TypeId first_type = possible[rng_.below(possible.size())];
    const uint64_t start = rng_.next();
    for (uint32_t k = 0; k < count; ++k) {
      const TypeId c = possible.size() == 1 ? first_type : possible[rng_.below(possible.size())];
      const size_t available = all_[c].size();
      if (available == 0) continue;
      if (k >= available) break;
      DataValue v;
      v.kind = DataValue::Kind::kObject;
      v.object_type = c;
      v.object_index = static_cast<uint32_t>((start + k) % available);
      out.push_back(std::move(v));
    }
  }

  const Schema& s_;
  const DataOptions& o_;
  const std::vector<std::vector<DataObject>>& all_;
  Prng rng_;
};

}  // namespace

bool is_id_like_name(std::string_view name) {
  return equal_ci(name, "id") || ends_with(name, "id") || ends_with(name, "Id") ||
         ends_with(name, "ID");
}

SyntheticData SyntheticData::build(const Schema& s, const DataOptions& o) {
  SyntheticData d;
  d.schema_ = &s;
  d.options_ = o;
  d.objects_.resize(s.type_count());
  d.key_slots_.assign(s.type_count(), schema::kNone);
  // First every object exists (so references can point anywhere), then fill.
  for (TypeId id = 0; id < s.type_count(); ++id) {
    const TypeDef& t = s.type(id);
    if (t.kind != TypeKind::kObject || t.built_in) continue;
    d.key_slots_[id] = find_key_slot(s, t);
    const uint32_t count = is_root(s, id) ? 1 : (holds_objects(s, t) ? o.objects : 0);
    d.objects_[id].resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      d.objects_[id][i].type = id;
      d.objects_[id][i].index = i;
    }
  }
  Generator gen(s, o, d.objects_);
  for (TypeId id = 0; id < s.type_count(); ++id) {
    const TypeDef& t = s.type(id);
    for (DataObject& obj : d.objects_[id]) {
      obj.fields.reserve(t.fields.size());
      for (uint32_t f = 0; f < t.fields.size(); ++f) {
        const schema::FieldDef& def = s.field(t.fields[f]);
        obj.fields.push_back(gen.value(def.type, def.name, obj.index, f == d.key_slots_[id]));
      }
    }
  }
  return d;
}

std::span<const DataObject> SyntheticData::objects(TypeId type) const {
  if (type >= objects_.size()) return {};
  return objects_[type];
}

const DataObject& SyntheticData::object(TypeId type, uint32_t index) const {
  return objects_[type][index];
}

uint32_t SyntheticData::slot(TypeId type, schema::FieldId field) const {
  const TypeDef& t = schema_->type(type);
  for (uint32_t i = 0; i < t.fields.size(); ++i) {
    if (t.fields[i] == field) return i;
  }
  return schema::kNone;
}

size_t SyntheticData::object_count() const {
  size_t n = 0;
  for (const auto& v : objects_) n += v.size();
  return n;
}

}  // namespace gqleval::baseline
