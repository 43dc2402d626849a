#pragma once
// Numeric arguments are taken as text and parsed here, so every refusal names the
// argument and says what was expected, in one line.
#include <cstdint>
#include <string>
#include <vector>

#include "reference/extreme_value/score_families.hpp"

namespace attnlaw::cli {

// An integer in [min, max]; throws UsageError "NAME: expected ..., got 'TEXT'".
std::uint64_t parse_integer(const std::string& name, const std::string& text, std::uint64_t min,
                            std::uint64_t max = UINT64_MAX);

// A finite real in [min, max] (NaN and infinities refused).
double parse_real(const std::string& name, const std::string& text, double min, double max);

// One or more finite reals in [min, max], separated by commas ("0.1,0.5,0.9").
std::vector<double> parse_real_list(const std::string& name, const std::string& text, double min, double max);

// --family NAME [--shape S] (shape empty when not given): exponential, gaussian, weibull (needs
// its exponent p), log2 (eta, default 1) or uniform.
reference::ScoreFamily parse_family_arguments(const std::string& name, const std::string& shape);

}  // namespace attnlaw::cli
