#include "io/content_hash.h"

#include <xxhash.h>

#include "engine/base/wide_scan.h"
#include "io/internal/xxh3_avx2.h"

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

// The input's provenance hash reads every byte of the input: with AVX2 where
// the CPU has it (half the instructions of libxxhash's SSE2 build), else
// through libxxhash. Both give the same digest.
struct ContentHasher::State {
#if GQLEVAL_AVX2_KERNELS
  xxh3_avx2::State* wide = wide::has_avx2() ? xxh3_avx2::create() : nullptr;
#else
  static constexpr void* wide = nullptr;
#endif
  XXH3_state_t* xxh = wide != nullptr ? nullptr : XXH3_createState();
  State() {
    if (xxh != nullptr) XXH3_128bits_reset(xxh);
  }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
#if GQLEVAL_AVX2_KERNELS
    if (wide != nullptr) xxh3_avx2::destroy(wide);
#endif
    if (xxh != nullptr) XXH3_freeState(xxh);
  }
};

ContentHasher::ContentHasher() : state_(std::make_unique<State>()) {}
ContentHasher::ContentHasher(ContentHasher&&) noexcept = default;
ContentHasher& ContentHasher::operator=(ContentHasher&&) noexcept = default;
ContentHasher::~ContentHasher() = default;

void ContentHasher::update(std::string_view bytes) {
#if GQLEVAL_AVX2_KERNELS
  if (state_->wide != nullptr) return xxh3_avx2::update(state_->wide, bytes.data(), bytes.size());
#endif
  XXH3_128bits_update(state_->xxh, bytes.data(), bytes.size());
}

std::string ContentHasher::digest() const {
#if GQLEVAL_AVX2_KERNELS
  if (state_->wide != nullptr) {
    XXH128_hash_t h;
    xxh3_avx2::digest(state_->wide, h.low64, h.high64);
    return digest_of(h);
  }
#endif
  return digest_of(XXH3_128bits_digest(state_->xxh));
}

std::string xxh128_digest(std::string_view bytes) {
  return digest_of(XXH3_128bits(bytes.data(), bytes.size()));
}

uint64_t hash64(std::string_view bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed);
}

}  // namespace gqleval::io
