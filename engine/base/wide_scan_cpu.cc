// has_avx2(), outside the file compiled with -mavx2 (wide_scan.cc) so that the
// check itself runs on any CPU.
#include "engine/base/wide_scan.h"

namespace gqleval::wide {

bool has_avx2() {
#if GQLEVAL_AVX2_KERNELS
  static const bool has = __builtin_cpu_supports("avx2") != 0;
  return has;
#else
  return false;
#endif
}

}  // namespace gqleval::wide
