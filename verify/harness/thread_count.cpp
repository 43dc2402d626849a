#include "verify/harness/thread_count.hpp"

#include <omp.h>

#include <Eigen/Core>

namespace attnlaw::harness {

void use_threads(int threads) {
  if (threads > 0) omp_set_num_threads(threads);
  // Outside a parallel region Eigen splits a large matrix product across OpenMP's threads, and the
  // split sets the order of its sums: MH's n = 1024 energy identities moved in their 13th digit,
  // and MH.radial-shadow's rounding ratios by up to 15%, between 1 and 2 threads.
  Eigen::setNbThreads(1);
}

}  // namespace attnlaw::harness
