#include "engine/schema/internal/name_table.h"

#include <utility>

namespace gqleval::schema {

namespace {
// An empty name still needs a non-null pointer, because nullptr marks an empty slot.
constexpr char kEmptyName[] = "";
}  // namespace

void NameTable::reserve(size_t count) {
  size_t capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  slots_.assign(capacity, Slot{});
  mask_ = capacity - 1;
  count_ = 0;
}

void NameTable::grow() {
  std::vector<Slot> old;
  old.swap(slots_);  // slots_ is left empty, for reserve() to size
  size_t old_count = count_;
  reserve(old_count + 1 > old.size() ? old_count + 1 : old.size());
  for (const Slot& s : old) {
    if (s.data != nullptr) insert(s.scope, {s.data, s.size}, s.value);
  }
}

void NameTable::insert(uint32_t scope, std::string_view name, uint32_t value) {
  if (slots_.empty() || (count_ + 1) * 2 > slots_.size()) grow();
  if (find(scope, name) != kMissing) return;
  uint64_t h = hash_name(name);
  uint64_t i = slot_of(h, scope);
  while (slots_[i].data != nullptr) i = (i + 1) & mask_;
  slots_[i] = Slot{name.empty() ? kEmptyName : name.data(), static_cast<uint32_t>(name.size()),
                   static_cast<uint32_t>(h), scope, value};
  ++count_;
}

}  // namespace gqleval::schema
