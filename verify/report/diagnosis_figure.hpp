#pragma once
// The figure of `attnlaw diagnose` (--plot, and real_attention.svg of --report): Lambda against
// the unmasked row length n on log-log axes, every row, the per-head medians, and the fitted
// lines (the pooled ones, and each head's when there are at most four). Drawn by the figure
// machinery of the standard report (gnuplot_script, run_gnuplot), so it looks like its figures.
#include <nlohmann/json.hpp>

#include <string>

namespace attnlaw::diagnose {
struct Diagnosis;
}

namespace attnlaw::report {

// A figure of kind "curves" for gnuplot_script.
nlohmann::json diagnosis_figure(const diagnose::Diagnosis& diagnosis);
// Its SVG; throws what run_gnuplot and gnuplot_script throw.
std::string diagnosis_svg(const diagnose::Diagnosis& diagnosis);

}  // namespace attnlaw::report
