#include "apps/attnlaw/simulation_output.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>

#include "apps/attnlaw/usage_error.hpp"
#include "verify/io/npy_writer.hpp"
#include "verify/report/atomic_file.hpp"

namespace attnlaw::cli {

std::pair<std::string, std::string> format_with_error(double mean, double std_error) {
  if (!(std_error > 0) || !std::isfinite(std_error)) return {fmt::format("{:.6g}", mean), "0"};
  const int se_exponent = static_cast<int>(std::floor(std::log10(std_error)));
  const double magnitude = std::abs(mean);
  if (magnitude >= 1e-3 && magnitude < 1e6) {
    const int decimals = std::max(0, 1 - se_exponent);
    return {fmt::format("{:.{}f}", mean, decimals), fmt::format("{:.{}f}", std_error, decimals)};
  }
  const int mean_exponent = magnitude > 0 ? static_cast<int>(std::floor(std::log10(magnitude))) : se_exponent;
  const int digits = std::max(0, mean_exponent - se_exponent + 1);
  return {fmt::format("{:.{}e}", mean, digits), fmt::format("{:.1e}", std_error)};
}

Discrepancy discrepancy(const EstimateLine& line) {
  const double difference = line.mean - line.reference->value;
  const double beyond = std::max(0.0, std::abs(difference) - line.reference->error);
  if (beyond == 0) return {0, 1};
  if (!(line.std_error > 0))
    return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  const double z = std::copysign(beyond / line.std_error, difference);
  return {z, std::erfc(std::abs(z) / std::sqrt(2.0))};
}

std::string format_estimate(const EstimateLine& line) {
  const auto [mean, se] = format_with_error(line.mean, line.std_error);
  std::string out = fmt::format("  {:<18} {:>14} +- {:<10}", line.label, mean, se);
  if (line.reference) {
    const Discrepancy d = discrepancy(line);
    out += fmt::format("  reference {:.8g} +- {:.1e}   ", line.reference->value, line.reference->error);
    out += std::isnan(d.z) ? std::string("z, p: none (standard error 0: every replicate gave this value)")
                           : fmt::format("z {:+.2f}   p {:.3g}", d.z, d.p);
  }
  return out;
}

harness::Json estimate_json(const EstimateLine& line) {
  harness::Json j{{"mean", line.mean}, {"std_error", line.std_error}};
  if (line.reference) {
    const Discrepancy d = discrepancy(line);
    j["reference"] = line.reference->value;
    j["reference_error"] = line.reference->error;
    if (std::isnan(d.z)) {
      j["z_undefined"] = "standard error 0: every replicate gave this value";
    } else {
      j["z"] = d.z;
      j["p"] = d.p;
    }
  }
  return j;
}

void print_simulation(harness::Json doc, const std::string& header, const std::vector<EstimateLine>& lines,
                      const std::string& reference_unavailable, bool json) {
  harness::Json estimates = harness::Json::object();
  for (const auto& line : lines) estimates[line.name] = estimate_json(line);
  doc["estimates"] = estimates;
  if (!reference_unavailable.empty()) doc["reference_unavailable"] = reference_unavailable;
  if (json) {
    std::cout << doc.dump(2) << '\n';
    return;
  }
  fmt::print("{}\n", header);
  for (const auto& line : lines) fmt::print("{}\n", format_estimate(line));
  if (!reference_unavailable.empty()) fmt::print("  reference: none here ({})\n", reference_unavailable);
  if (!lines.empty() && lines.front().reference)
    fmt::print(
        "  z: the difference beyond the reference's bound over the standard error; p: two-sided, each line "
        "on its own\n");
}

void write_samples(const std::string& path, const std::vector<std::string>& names,
                   const std::vector<std::vector<double>>& columns) {
  try {
    report::write_file_atomically(path, io::npy_float64_records(names, columns));
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("--samples: cannot write '{}': {}", path, e.what()));
  }
}

}  // namespace attnlaw::cli
