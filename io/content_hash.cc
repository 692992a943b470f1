#include "io/content_hash.h"

#include <xxhash.h>

namespace gqleval::io {
namespace {

std::string digest_of(XXH128_hash_t h) {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, h);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "xxh128:";
  for (unsigned char byte : canonical.digest) {
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 15]);
  }
  return out;
}

}  // namespace

struct ContentHasher::State {
  XXH3_state_t* xxh = XXH3_createState();
  State() { XXH3_128bits_reset(xxh); }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() { XXH3_freeState(xxh); }
};

ContentHasher::ContentHasher() : state_(std::make_unique<State>()) {}
ContentHasher::ContentHasher(ContentHasher&&) noexcept = default;
ContentHasher& ContentHasher::operator=(ContentHasher&&) noexcept = default;
ContentHasher::~ContentHasher() = default;

void ContentHasher::update(std::string_view bytes) {
  XXH3_128bits_update(state_->xxh, bytes.data(), bytes.size());
}

std::string ContentHasher::digest() const { return digest_of(XXH3_128bits_digest(state_->xxh)); }

std::string xxh128_digest(std::string_view bytes) {
  return digest_of(XXH3_128bits(bytes.data(), bytes.size()));
}

uint64_t hash64(std::string_view bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed);
}

}  // namespace gqleval::io
