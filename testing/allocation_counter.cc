#include "testing/allocation_counter.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

std::atomic<uint64_t> g_allocations{0};

void* counted_alloc(size_t bytes, size_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  bytes = (bytes + align - 1) / align * align;  // aligned_alloc needs a multiple
  void* p = align <= alignof(std::max_align_t) ? std::malloc(bytes ? bytes : 1)
                                               : std::aligned_alloc(align, bytes ? bytes : align);
  if (p == nullptr) std::abort();
  return p;
}

constexpr size_t kDefaultAlign = alignof(std::max_align_t);

}  // namespace

namespace gqleval::testing {
uint64_t allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace gqleval::testing

void* operator new(size_t bytes) { return counted_alloc(bytes, kDefaultAlign); }
void* operator new[](size_t bytes) { return counted_alloc(bytes, kDefaultAlign); }
void* operator new(size_t bytes, std::align_val_t align) {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
void* operator new[](size_t bytes, std::align_val_t align) {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
// The nothrow forms too (std::stable_sort's buffer uses them).
void* operator new(size_t bytes, const std::nothrow_t&) noexcept {
  return counted_alloc(bytes, kDefaultAlign);
}
void* operator new[](size_t bytes, const std::nothrow_t&) noexcept {
  return counted_alloc(bytes, kDefaultAlign);
}
void* operator new(size_t bytes, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
void* operator new[](size_t bytes, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
