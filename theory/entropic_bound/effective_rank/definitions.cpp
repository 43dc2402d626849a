// EB.effective-rank, experiments "reference-values" (the THEORY.md §5 table) and "flat-spectra"
// (where the definitions agree, and where the tau-energy rank does not).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "reference/spectra/effective_rank.hpp"
#include "theory/entropic_bound/effective_rank/experiments.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::entropic_bound::effective_ranks {
namespace {

struct TableRow {
  Spectrum sigma;
  const char* quotes[6];  // Roy–Vetterli, energy-entropy, PR, r_0.9, r_0.95, r_0.99
};

// Half a unit of the quote's last digit.
double quote_rounding(const std::string& text) {
  const auto dot = text.find('.');
  return 0.5 * std::pow(10.0, dot == std::string::npos ? 0.0 : -static_cast<double>(text.size() - dot - 1));
}

}  // namespace

harness::ExperimentResult reference_values(const TablePoint&, const EnergyRankModel& model,
                                           const harness::PointContext&) {
  Spectrum halves;
  for (int k = 0; k < 8; ++k) halves.push_back(std::ldexp(1.0, -k));
  const std::vector<TableRow> rows{{{4, 3, 2, 1}, {"3.596115", "2.940198", "2.542373", "3", "3", "4"}},
                                   {halves, {"3.898667", "2.116144", "1.666616", "2", "3", "4"}},
                                   {{1, 1, 1}, {"3", "3", "3", "3", "3", "3"}},
                                   {{5, 5, 1e-3}, {"2.001904", "2.000001", "2.000000", "2", "2", "2"}}};
  const char* names[6] = {"Roy–Vetterli", "energy effective rank (model)", "participation ratio", "r_0.9", "r_0.95",
                          "r_0.99"};
  harness::ExperimentResult out;
  for (const TableRow& row : rows) {
    const std::span<const double> s(row.sigma);
    const double values[6] = {reference::roy_vetterli_rank(s),
                              model.energy_effective_rank(s),
                              reference::participation_ratio(s),
                              static_cast<double>(reference::energy_rank(s, 0.9)),
                              static_cast<double>(reference::energy_rank(s, 0.95)),
                              static_cast<double>(reference::energy_rank(s, 0.99))};
    double worst = 0;
    std::string detail;
    for (int j = 0; j < 6; ++j) {
      const double quote = std::stod(row.quotes[j]);
      const double tol = quote_rounding(row.quotes[j]) + effective_rank_rounding(values[j], s.size());
      worst = std::max(worst, std::abs(values[j] - quote) / tol);
      detail += fmt::format("{} {:.7g} (quote {}); ", names[j], values[j], row.quotes[j]);
    }
    out.checks.push_back(harness::deterministic_check(
        fmt::format("effective ranks of sigma = ({:.4g}) match THEORY.md §5's table", fmt::join(row.sigma, ", ")), worst,
        "statistic = max over the six quantities of |value - quote| / (half a unit of the quote's last digit + "
        "evaluation rounding); " +
            detail));
  }
  return out;
}

// r equal values padded with R - r zeros, r = 1..R: the entropy ranks and PR give r, r_tau gives ceil(tau r).
harness::ExperimentResult flat_spectra(const FlatPoint& p, const EnergyRankModel& model, const harness::PointContext&) {
  const auto big_r = static_cast<std::size_t>(p.values);
  double entropies = 0, taus = 0;
  std::size_t tau_equals_r = 0, tau_cases = 0;
  for (std::size_t r = 1; r <= big_r; ++r) {
    Spectrum s(big_r, 0.0);
    std::fill_n(s.begin(), r, p.scale);
    const std::span<const double> sp(s);
    const double rd = static_cast<double>(r), tol = effective_rank_rounding(rd, big_r);
    for (double v :
         {reference::roy_vetterli_rank(sp), model.energy_effective_rank(sp), reference::participation_ratio(sp)})
      entropies = std::max(entropies, std::abs(v - rd) / tol);
    // r_tau = the least k with k / r >= tau, up to the cumulative-sum slack 4 R eps of energy_rank:
    // r itself only for tau > 1 - 1/r.
    for (double tau : {0.5, 0.9, 0.99, 1 - 1e-15, 1.0}) {
      const double expected = std::ceil(rd * (tau - 4 * static_cast<double>(big_r) * kEps));
      taus = std::max(taus, std::abs(static_cast<double>(reference::energy_rank(sp, tau)) - expected) / 0.5);
      tau_equals_r += expected == rd;
      ++tau_cases;
    }
  }
  const std::string setting =
      fmt::format("r = 1..{} equal values {:g}, padded with zeros to {}", big_r, p.scale, big_r);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      "Roy–Vetterli = energy effective rank = participation ratio = r on a flat spectrum of size r; " + setting,
      entropies, "statistic = max |erank - r| / ((2R + 6)(1 + ln r) eps r), the evaluation rounding"));
  out.checks.push_back(harness::deterministic_check(
      "r_tau = ceil(tau r) on a flat spectrum of size r (= r exactly when tau > 1 - 1/r, not at every tau), tau in "
      "{0.5, 0.9, 0.99, 1 - 1e-15, 1}; " +
          setting,
      taus,
      fmt::format("statistic = max |r_tau - ceil(tau r)| / 0.5 (integers: any miss fails); r_tau = r in {}/{} cases",
                  tau_equals_r, tau_cases)));
  return out;
}

}  // namespace attnlaw::theory::entropic_bound::effective_ranks
