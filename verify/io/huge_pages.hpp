#pragma once
// A large buffer about to be filled once (a file's bytes, a tensor's values) is faulted in 4 KiB
// pages, one trap each: 25,000 traps for a 100 MB tensor, a third of the time `attnlaw diagnose`
// takes on it. Asking Linux for transparent huge pages on the reserved range cuts that to a few
// dozen. Advice only: where the kernel or the build cannot honour it nothing changes.
#include <cstddef>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace attnlaw::io {

inline void advise_huge_pages(const void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHugePage = std::uintptr_t{1} << 21;
  if (bytes < 2 * kHugePage) return;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace attnlaw::io
