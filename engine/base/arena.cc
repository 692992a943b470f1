#include "engine/base/arena.h"

#include <algorithm>
#include <cstdint>

namespace gqleval {

Arena::Arena(size_t first_block_bytes) : first_block_bytes_(std::max<size_t>(first_block_bytes, 256)) {}

void* Arena::allocate_slow(size_t bytes, size_t align) {
  if (!blocks_.empty()) used_in_full_blocks_ += static_cast<size_t>(cur_ - blocks_.back().data.get());
  size_t size = std::max(bytes + align, blocks_.empty() ? first_block_bytes_ : blocks_.back().size * 2);
  blocks_.push_back(Block{std::make_unique<std::byte[]>(size), size});
  cur_ = blocks_.back().data.get();
  end_ = cur_ + size;
  return allocate(bytes, align);
}

void Arena::reset() {
  if (blocks_.empty()) return;
  // Keep only the largest block, so that a record that needed more memory once
  // does not pay for the growth again.
  auto largest = std::max_element(blocks_.begin(), blocks_.end(),
                                  [](const Block& a, const Block& b) { return a.size < b.size; });
  Block keep = std::move(*largest);
  blocks_.clear();
  blocks_.push_back(std::move(keep));
  cur_ = blocks_.back().data.get();
  end_ = cur_ + blocks_.back().size;
  used_in_full_blocks_ = 0;
}

size_t Arena::used_bytes() const {
  if (blocks_.empty()) return 0;
  return used_in_full_blocks_ + static_cast<size_t>(cur_ - blocks_.back().data.get());
}

}  // namespace gqleval
