// libFuzzer target: the npy reader on arbitrary bytes. It must return a consistent tensor or
// throw InputError; any other exception, a crash or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz/check_tensor.hpp"
#include "verify/io/npy_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const unsigned char> bytes(data, size);
  try {
    attnlaw::fuzz::check_tensors(attnlaw::io::parse_npy(bytes, "fuzz.npy"));
  } catch (const attnlaw::io::InputError&) {
  }
  return 0;
}
