#pragma once
// Numeric arguments are taken as text and parsed here, so every refusal names the
// argument and says what was expected, in one line.
#include <cstdint>
#include <string>

namespace attnlaw::cli {

// An integer in [min, max]; throws UsageError "NAME: expected ..., got 'TEXT'".
std::uint64_t parse_integer(const std::string& name, const std::string& text, std::uint64_t min,
                            std::uint64_t max = UINT64_MAX);

// A finite real in [min, max] (NaN and infinities refused).
double parse_real(const std::string& name, const std::string& text, double min, double max);

}  // namespace attnlaw::cli
