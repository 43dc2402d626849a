#pragma once
// The calibration figure of one paper, in the style of simulation-based calibration (Talts et
// al. 2018; Säilynoja, Bürkner & Vehtari 2022): for each statistical check, the ECDF of its
// p-values over the seeds minus the uniform CDF, one curve per check, inside the simultaneous
// band of the document's "ecdf_bands" (the exact two-sided KS band, Bonferroni over the paper's
// curves). Under a uniform null law a curve leaves the band with probability at most 1 - level
// for the paper; a conservative check's curve may lie below zero (p-values larger than uniform),
// not above the band.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace attnlaw::report {

// ECDF(u) - u of `p` on the grid u = 0, 1/points, ..., 1 (points + 1 values).
std::vector<double> ecdf_minus_uniform(std::vector<double> p, std::size_t points);

// The gnuplot script (svg terminal, data inline) of paper `paper` of a calibration document
// (schema 2). Throws ReportInputError when the paper has no statistical check or no band.
std::string calibration_ecdf_script(const nlohmann::json& calibration, const std::string& paper);

}  // namespace attnlaw::report
