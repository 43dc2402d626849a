#pragma once
// Every tensor of one file diagnosed. An .npy whose data can be used where it lies (float16/32/64,
// host byte order, row-major) is diagnosed from a read-only mapping of the file, without a copy
// into doubles: for a 32 MB float32 file that is most of the time `attnlaw diagnose` spends
// outside its kernel. Every other file goes through io::read_tensors; both give the same numbers.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "verify/diagnose/tensor_diagnosis.hpp"
#include "verify/io/read_tensors.hpp"

namespace attnlaw::diagnose {

// Throws io::InputError (InputTooLarge past max_bytes) and TensorError as the readers and
// diagnose_tensor do.
std::vector<TensorDiagnosis> diagnose_file(const std::filesystem::path& path, std::optional<io::Format> format,
                                           const std::optional<std::string>& tensor, std::uint64_t max_bytes,
                                           double beta);

}  // namespace attnlaw::diagnose
