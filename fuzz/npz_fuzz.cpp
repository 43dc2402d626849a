// libFuzzer target: the npz reader (and the zip reader under it) on arbitrary bytes, with a
// limit small enough that a bomb among the inputs must be refused rather than inflated. It must
// return consistent tensors or throw InputError; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz/check_tensor.hpp"
#include "verify/io/npz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const unsigned char> bytes(data, size);
  try {
    attnlaw::fuzz::check_tensors(attnlaw::io::parse_npz(bytes, "fuzz.npz", std::nullopt, 1 << 20));
  } catch (const attnlaw::io::InputError&) {
  }
  return 0;
}
