#pragma once
// Figure data travels in results.json, so `attnlaw report` can redraw every figure
// without rerunning anything. Claims build it here; verify/report draws it.
#include <functional>
#include <span>
#include <string>

#include "verify/harness/figure.hpp"
#include "verify/harness/point.hpp"

namespace attnlaw::harness {

// A file-name-safe figure id: the claim id lower-cased, '.' and other punctuation as '-', then the suffix.
std::string figure_slug(const std::string& claim, const std::string& suffix);
// The same, naming a grid point by its scalar parameters ("d3-gamma0.5-n10000"; lists and
// booleans by their name, "reps" left out).
std::string figure_slug(const std::string& claim, const std::string& kind, const Fields& point);

// ECDF of probability-integral-transform values on a 101-point grid, with the DKW
// simultaneous band half-width at confidence `level`.
Figure pit_ecdf_figure(const std::string& id, const std::string& claim, const std::string& title,
                       std::span<const double> pit, double level = 0.99);

// Empirical CDF of `sample` at 101 of its order statistics against `reference_cdf`.
Figure cdf_comparison_figure(const std::string& id, const std::string& claim, const std::string& title,
                             const std::string& xlabel, std::span<const double> sample,
                             const std::function<double(double)>& reference_cdf);

}  // namespace attnlaw::harness
