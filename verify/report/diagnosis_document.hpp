#pragma once
// The JSON documents of `attnlaw diagnose`: the whole diagnosis (`--json`), and the summary that
// `--report DIR` writes as real_attention.json (no per-row records; the command that made it).
// JSON has no infinity: a +infinity (a tied row's Lambda) or NaN (the standard error of a fit
// through two files) becomes null, with a flag next to it where it can happen.
#include <nlohmann/json.hpp>

#include <string>

namespace attnlaw::diagnose {
struct Diagnosis;
}

namespace attnlaw::report {

nlohmann::json diagnosis_document(const diagnose::Diagnosis& diagnosis);
nlohmann::json diagnosis_summary(const diagnose::Diagnosis& diagnosis, const std::string& command);

// The one-line description of the regimes at r = beta/Lambda (the deterministic bounds), as the document
// and the table state it.
std::string regimes_text();
// How the exponent was fitted and its CI computed.
std::string fit_method_text();
std::string fit_ci_method_text();
// Why no exponent was fitted.
std::string no_fit_text();

}  // namespace attnlaw::report
