#pragma once
// NumPy .npz archives (np.savez: stored members; np.savez_compressed: deflated members): a zip
// archive (verify/io/zip_archive.hpp) whose member NAME.npy is the .npy file of array NAME.
// Each member becomes one Tensor named NAME, in archive order; a member that is not a .npy file,
// a name given twice, or an archive with no members is refused. The archive is bounded by the
// caller's limit as a file, and so is the total size its members inflate to, before any member
// is inflated: a zip bomb is refused with InputTooLarge whatever it claims to hold.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {

// All arrays, or only the one called `only` (an InputError lists the names if it is absent).
std::vector<Tensor> parse_npz(std::span<const unsigned char> bytes, const std::string& name,
                              const std::optional<std::string>& only = std::nullopt,
                              std::uint64_t max_bytes = kDefaultMaxInputBytes);

std::vector<Tensor> read_npz(const std::filesystem::path& path, const std::optional<std::string>& only = std::nullopt,
                             std::uint64_t max_bytes = kDefaultMaxInputBytes);

}  // namespace attnlaw::io
