#include "verify/rng/two_sphere_batch.hpp"

#include <algorithm>

#include "verify/rng/two_sphere.hpp"

namespace attnlaw::rng {
namespace {

using detail::BatchIsa;

constexpr std::size_t kLanes = 256;

// One pass per kLanes samples: their block-0 uniforms, then the points, computed into three
// columns (a loop the vectoriser takes whole) and interleaved into the rows of out.
template <BatchIsa kIsa>
[[gnu::always_inline]] inline void batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                         std::size_t count, double* out) noexcept {
  alignas(64) double u[2 * kLanes];
  alignas(64) double x[kLanes], y[kLanes], z[kLanes];
  for (std::size_t begin = 0; begin < count; begin += kLanes) {
    const std::size_t lanes = std::min(kLanes, count - begin);
    detail::block_uniforms_on(kIsa, stream, replicate, first + begin, lanes, u);
    for (std::size_t i = 0; i < lanes; ++i) detail::two_sphere_point(u[i], u[lanes + i], x[i], y[i], z[i]);
    double* rows = out + 3 * begin;
    for (std::size_t i = 0; i < lanes; ++i) {
      rows[3 * i] = x[i];
      rows[3 * i + 1] = y[i];
      rows[3 * i + 2] = z[i];
    }
  }
}

__attribute__((target("avx512f"))) void batch_avx512f(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                                      std::size_t count, double* out) noexcept {
  batch<BatchIsa::avx512f>(stream, replicate, first, count, out);
}

__attribute__((target("avx2"))) void batch_avx2(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                                std::size_t count, double* out) noexcept {
  batch<BatchIsa::avx2>(stream, replicate, first, count, out);
}

void batch_portable(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count,
                    double* out) noexcept {
  batch<BatchIsa::portable>(stream, replicate, first, count, out);
}

}  // namespace

void detail::uniform_on_two_sphere_batch_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate,
                                            std::uint64_t first, std::size_t count, double* out) noexcept {
  switch (isa) {
    case BatchIsa::avx512f: batch_avx512f(stream, replicate, first, count, out); break;
    case BatchIsa::avx2: batch_avx2(stream, replicate, first, count, out); break;
    default: batch_portable(stream, replicate, first, count, out);
  }
}

void uniform_on_two_sphere_batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count,
                                 double* out) noexcept {
  static const BatchIsa widest = detail::widest_batch_isa();
  detail::uniform_on_two_sphere_batch_on(widest, stream, replicate, first, count, out);
}

}  // namespace attnlaw::rng
