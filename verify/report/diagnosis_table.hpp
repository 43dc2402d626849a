#pragma once
// The terminal table of `attnlaw diagnose`: per file every row, the quantiles per head, then the
// exponent fits. Numbers with 5 significant digits; "inf" where the JSON document has null.
#include <string>

namespace attnlaw::diagnose {
struct Diagnosis;
}

namespace attnlaw::report {

std::string diagnosis_table(const diagnose::Diagnosis& diagnosis);

}  // namespace attnlaw::report
