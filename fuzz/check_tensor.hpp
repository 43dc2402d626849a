#pragma once
// What every reader promises about a tensor it returns: values hold exactly product(shape)
// entries. A broken promise aborts, which libFuzzer reports as a crash with the input.
#include <cstdlib>
#include <vector>

#include "verify/io/tensor.hpp"

namespace attnlaw::fuzz {

inline void check_tensor(const io::Tensor& t) {
  std::size_t count = 1;
  for (const std::size_t extent : t.shape) count *= extent;
  if (count != t.values.size()) std::abort();
}

inline void check_tensors(const io::Tensor& t) { check_tensor(t); }

inline void check_tensors(const std::vector<io::Tensor>& ts) {
  for (const io::Tensor& t : ts) check_tensor(t);
}

}  // namespace attnlaw::fuzz
