#pragma once
// Deterministic, locale-free number formatting for REPORT.md: the same double always gives the
// same characters, whatever the process locale, so reports regenerate byte for byte.
#include <nlohmann/json.hpp>

#include <string>

namespace attnlaw::report {

// General format with `digits` significant digits (printf %.<digits>g), "-0" folded to "0",
// non-finite values spelled "inf", "-inf", "nan".
std::string format_significant(double x, int digits = 4);

// p-values and significance levels: %.3g.
std::string format_p(double p);

// -log10 p with 4 significant digits; "inf" for p == 0.
std::string format_minus_log10_p(double p);

// A JSON scalar as written in a table: integers exactly, floats with 4 significant digits,
// strings verbatim, booleans as true/false, null as an em dash.
std::string format_json_scalar(const nlohmann::json& value);

// JSON has no infinity or NaN: a finite x as a number, anything else as null.
nlohmann::json json_number_or_null(double x);

// The placeholder for an absent or null value.
inline constexpr const char* kAbsent = "\xE2\x80\x94";  // U+2014 em dash

}  // namespace attnlaw::report
