#pragma once
// Replicates run in parallel, each writing only its own slot, so results are
// independent of the thread count; the caller reduces the slots in order.
#include <cstdint>
#include <exception>
#include <mutex>

namespace attnlaw::harness {

template <class Body>
void for_each_replicate(std::size_t count, Body&& body) {
  std::exception_ptr first_error;
  std::mutex error_mutex;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t r = 0; r < static_cast<std::int64_t>(count); ++r) {
    try {
      body(static_cast<std::size_t>(r));
    } catch (...) {
      // An exception must not cross the OpenMP region; keep the first and rethrow after.
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
    }
  }
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace attnlaw::harness
