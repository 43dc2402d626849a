#include "verify/io/csv_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <vector>

#include "verify/io/file_bytes.hpp"

namespace attnlaw::io {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string shown(std::string_view token) {
  std::string out;
  for (const char c : token.substr(0, 32)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (token.size() > 32) out += "...";
  return out;
}

// `name`, `line` and `field` only make the message: no string is built unless the field is bad.
double parse_field(std::string_view token, const std::string& name, std::size_t line, std::size_t field) {
  const auto where = [&] { return name + ": line " + std::to_string(line) + ", field " + std::to_string(field); };
  if (token.empty()) throw InputError(where() + ": empty field");
  std::string_view digits = token;
  const bool plus = digits.front() == '+';
  if (plus) digits.remove_prefix(1);
  if (digits.empty() || digits.front() == '+' || (plus && digits.front() == '-'))
    throw InputError(where() + ": '" + shown(token) + "' is not a number");
  double value = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ptr != digits.data() + digits.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw InputError(where() + ": '" + shown(token) + "' is not a number");
  if (ec == std::errc::result_out_of_range) {
    // from_chars reports both overflow and underflow; strtod tells them apart.
    const std::string copy(digits);
    const double v = std::strtod(copy.c_str(), nullptr);
    if (std::isinf(v)) throw InputError(where() + ": '" + shown(token) + "' is out of the range of a double");
    value = v;
  }
  return value;
}

}  // namespace

Tensor parse_csv(std::span<const unsigned char> bytes, const std::string& name) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  std::vector<std::vector<double>> rows;
  std::size_t longest = 0, total = 0;
  std::size_t line_number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(begin, end - begin));
    begin = end + 1;
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    std::vector<double> row;
    std::size_t field = 0;
    for (std::size_t pos = 0;;) {
      std::size_t comma = line.find(',', pos);
      if (comma == std::string_view::npos) comma = line.size();
      ++field;
      row.push_back(parse_field(trim(line.substr(pos, comma - pos)), name, line_number, field));
      if (comma == line.size()) break;
      pos = comma + 1;
    }
    longest = std::max(longest, row.size());
    total += row.size();
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw InputError(name + ": no data rows (every line is empty or a # comment)");
  const std::size_t padded = rows.size() * longest;  // <= bytes^2, no overflow for any real file
  if (padded / kMaxPaddingFactor > total + kPaddingAllowance)
    throw InputError(name + ": ragged rows too uneven to pad (" + std::to_string(rows.size()) + " rows, longest " +
                     std::to_string(longest) + ", " + std::to_string(total) +
                     " values): store them as .npy with -inf entries");
  Tensor t;
  t.shape = {rows.size(), longest};
  t.values.assign(padded, -std::numeric_limits<double>::infinity());
  for (std::size_t r = 0; r < rows.size(); ++r)
    std::copy(rows[r].begin(), rows[r].end(), t.values.begin() + static_cast<std::ptrdiff_t>(r * longest));
  return t;
}

Tensor read_csv(const std::filesystem::path& path, std::uint64_t max_bytes) {
  const std::vector<unsigned char> bytes = read_file_bytes(path, max_bytes);
  return parse_csv(bytes, display_name(path));
}

}  // namespace attnlaw::io
