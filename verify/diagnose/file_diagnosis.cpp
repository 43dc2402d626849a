#include "verify/diagnose/file_diagnosis.hpp"

#include "verify/io/file_bytes.hpp"
#include "verify/io/mapped_file.hpp"
#include "verify/io/npy_reader.hpp"

namespace attnlaw::diagnose {

std::vector<TensorDiagnosis> diagnose_file(const std::filesystem::path& path, std::optional<io::Format> format,
                                           const std::optional<std::string>& tensor, std::uint64_t max_bytes,
                                           double beta) {
  const std::string name = io::display_name(path);
  std::vector<TensorDiagnosis> out;
  const io::Format f = format ? *format : io::format_from_extension(path);
  if (f == io::Format::npy && !tensor) {
    if (const auto mapped = io::MappedFile::open(path, max_bytes)) {
      if (const std::optional<io::NpyView> view = io::view_npy(mapped->bytes(), name)) {
        out.push_back(diagnose_npy_view(name, *view, beta));
        return out;
      }
    }
  }
  for (const io::Tensor& t : io::read_tensors(path, format, tensor, max_bytes))
    out.push_back(diagnose_tensor(name, t, beta));
  return out;
}

}  // namespace attnlaw::diagnose
