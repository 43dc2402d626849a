#pragma once
// The terminal table of `attnlaw diagnose`: per file every row or one line per head, then the
// exponent fits. Numbers with 5 significant digits; "inf" where the JSON document has null.
#include <string>

namespace attnlaw::diagnose {
struct Diagnosis;
}

namespace attnlaw::report {

// rows: every row, then the heads with all their quantiles; summary: one line per head (rows,
// rows per regime at beta, quantiles of beta_crit = Lambda).
enum class TableStyle { rows, summary };

std::string diagnosis_table(const diagnose::Diagnosis& diagnosis, TableStyle style);

}  // namespace attnlaw::report
