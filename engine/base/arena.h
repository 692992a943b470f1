// Arena: a bump allocator for AST nodes, decoded strings and per-record scratch
// data. Allocation is a pointer bump; reset() is O(1) in the number of objects
// and keeps the first block, so a worker that reuses one arena per record does
// no heap allocation in the steady state. Only trivially destructible types may
// live here: nothing is ever destroyed, memory is simply reused.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace gqleval {

class Arena {
 public:
  explicit Arena(size_t first_block_bytes = size_t{64} * 1024);
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) noexcept = default;
  Arena& operator=(Arena&&) noexcept = default;
  ~Arena() = default;

  void* allocate(size_t bytes, size_t align) {
    auto p = reinterpret_cast<uintptr_t>(cur_);
    uintptr_t aligned = (p + align - 1) & ~(uintptr_t{align} - 1);
    if (aligned + bytes > reinterpret_cast<uintptr_t>(end_)) return allocate_slow(bytes, align);
    // Alignment is integer arithmetic on the address; the result stays inside
    // the current block, so the pointer's provenance is that block's.
    cur_ = reinterpret_cast<std::byte*>(aligned + bytes);  // NOLINT(performance-no-int-to-ptr)
    return reinterpret_cast<void*>(aligned);               // NOLINT(performance-no-int-to-ptr)
  }

  template <class T, class... Args>
  T* make(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    return ::new (allocate(sizeof(T), alignof(T))) T{std::forward<Args>(args)...};
  }

  // An uninitialised array of n default-constructed T.
  template <class T>
  std::span<T> make_array(size_t n) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    if (n == 0) return {};
    // T may itself be a pointer type (arrays of node pointers): sizeof(T) is meant.
    // NOLINTNEXTLINE(bugprone-sizeof-expression)
    T* p = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
    for (size_t i = 0; i < n; ++i) ::new (p + i) T();
    return {p, n};
  }

  // A copy of items in the arena.
  template <class T>
  std::span<T> copy(std::span<const T> items) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (items.empty()) return {};
    T* p = static_cast<T*>(allocate(sizeof(T) * items.size(), alignof(T)));
    std::memcpy(p, items.data(), sizeof(T) * items.size());
    return {p, items.size()};
  }

  std::string_view copy_string(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }

  // Forget every object; keep the first block for reuse.
  void reset();

  // Bytes handed out since the last reset (for limits and benchmarks).
  size_t used_bytes() const;

 private:
  void* allocate_slow(size_t bytes, size_t align);

  struct Block {
    std::unique_ptr<std::byte[]> data;
    size_t size;
  };
  std::vector<Block> blocks_;
  std::byte* cur_ = nullptr;
  std::byte* end_ = nullptr;
  size_t first_block_bytes_;
  size_t used_in_full_blocks_ = 0;
};

}  // namespace gqleval
