#include "verify/io/read_tensors.hpp"

#include <algorithm>
#include <cctype>

#include "verify/io/csv_reader.hpp"
#include "verify/io/file_bytes.hpp"
#include "verify/io/npy_reader.hpp"
#include "verify/io/npz_reader.hpp"
#include "verify/io/safetensors_reader.hpp"

namespace attnlaw::io {

std::optional<Format> parse_format(std::string_view text) {
  if (text == "npy") return Format::npy;
  if (text == "npz") return Format::npz;
  if (text == "csv") return Format::csv;
  if (text == "safetensors") return Format::safetensors;
  return std::nullopt;
}

Format format_from_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".npy") return Format::npy;
  if (ext == ".npz") return Format::npz;
  if (ext == ".csv") return Format::csv;
  if (ext == ".safetensors") return Format::safetensors;
  throw InputError(display_name(path) + ": cannot tell the format from the extension '" + ext +
                   "'; give --format npy|npz|csv|safetensors");
}

std::vector<Tensor> read_tensors(const std::filesystem::path& path, std::optional<Format> format,
                                 const std::optional<std::string>& tensor, std::uint64_t max_bytes) {
  const Format f = format ? *format : format_from_extension(path);
  if (f == Format::safetensors) return read_safetensors(path, tensor, max_bytes);
  if (f == Format::npz) return read_npz(path, tensor, max_bytes);
  if (tensor)
    throw InputError(display_name(path) +
                     ": --tensor selects a tensor of a .safetensors or .npz file; this file is neither");
  std::vector<Tensor> one;
  one.push_back(f == Format::npy ? read_npy(path, max_bytes) : read_csv(path, max_bytes));
  return one;
}

}  // namespace attnlaw::io
