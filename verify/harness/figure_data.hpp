#pragma once
// Figure data travels in results.json, so `attnlaw report` can redraw every figure
// without rerunning anything. Claims build it here; verify/report draws it.
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "verify/harness/figure.hpp"
#include "verify/harness/point.hpp"

namespace attnlaw::harness {

// A file-name-safe figure id: the claim id lower-cased, '.' and other punctuation as '-', then the suffix.
std::string figure_slug(const std::string& claim, const std::string& suffix);
// The same, naming a grid point by its fields ("d3-gamma0p5-n10000"; a flag as 1 or 0, a list
// written out or, past four entries, by its ends, length and digest; "reps" left out, so that a
// point keeps its name when a battery gives it more replicates).
std::string figure_slug(const std::string& claim, const std::string& kind, const Fields& point);

// ECDF of probability-integral-transform values on a 101-point grid, with the DKW
// simultaneous band half-width at confidence `level`.
Figure pit_ecdf_figure(const std::string& id, const std::string& claim, const std::string& title,
                       std::span<const double> pit, double level = 0.99);

// The 99% DKW simultaneous band of an ECDF of m values, over [x_lo, x_hi], as two flat series
// (the second without a label, so it is drawn as the band's other edge).
std::vector<Series> dkw_band_series(std::size_t m, double x_lo, double x_hi);

// The empirical CDF of `sample` minus `reference_cdf` at 101 of its order statistics, with the
// 99% DKW simultaneous band (two flat series; the second has no label).
Figure cdf_comparison_figure(const std::string& id, const std::string& claim, const std::string& title,
                             const std::string& xlabel, std::span<const double> sample,
                             const std::function<double(double)>& reference_cdf);

}  // namespace attnlaw::harness
