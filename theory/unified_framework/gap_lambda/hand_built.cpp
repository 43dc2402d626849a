// UF.gap.lambda, experiment "hand-built": Lambda, Delta_Lambda and alpha_n of rows whose values are
// known in closed form (claim.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "reference/extreme_value/equicorrelated.hpp"
#include "theory/unified_framework/gap_lambda/experiments.hpp"

namespace attnlaw::theory::unified_framework::gap_lambda_claim {
namespace {

struct Expected {
  std::string label;
  std::vector<double> logits;
  double lambda, contact_gap, alpha;
};

std::vector<Expected> hand_built_rows() {
  std::vector<Expected> rows;
  // Step rows: N = 1 below g, n from g on: Lambda = log n / g, contact at g, alpha = 1.
  for (std::size_t n : {2, 3, 10, 1000, 1000000}) {
    for (double g : {1e-3, 0.75, 1.0, 1e3}) {
      std::vector<double> logits(n, -g);
      logits[0] = 0;
      rows.push_back(
          {fmt::format("step n = {}, gap {}", n, g), std::move(logits), std::log(static_cast<double>(n)) / g, g, 1.0});
    }
  }
  // Two steps: k - 1 entries at g1, the rest at g2 > g1.
  for (const auto& [k, g1, n, g2] : {std::tuple<std::size_t, double, std::size_t, double>{5, 0.1, 1000, 1.0},
                                     {10, 1.0, 1000, 1.5},
                                     {100, 2.0, 1000, 2.5}}) {
    std::vector<double> logits(n, -g2);
    logits[0] = 0;
    for (std::size_t j = 1; j < k; ++j) logits[j] = -g1;
    const double first = std::log(static_cast<double>(k)) / g1, second = std::log(static_cast<double>(n)) / g2;
    const bool at_first = first > second;
    rows.push_back({fmt::format("two steps: {} within {}, {} within {}", k, g1, n, g2), std::move(logits),
                    std::max(first, second), at_first ? g1 : g2,
                    at_first ? std::log(static_cast<double>(k)) / std::log(static_cast<double>(n)) : 1.0});
  }
  // Equicorrelated rows: Lambda_n = log n / (1 - rho) from the reference; dyadic rho make 1 - rho exact.
  for (double rho : {0.25, 0.5, 0.75, 0.9}) {
    for (std::uint64_t n : {10, 1000, 100000}) {
      std::vector<double> logits(n, rho);
      logits[0] = 1;
      const auto reference = reference::equicorrelated_row<double>(n, rho, 1.0);
      rows.push_back({fmt::format("equicorrelated rho = {}, n = {}", rho, n), std::move(logits), reference.lambda,
                      reference.contact_gap, 1.0});
    }
  }
  // Delta_k = log k / L: N(t) = e^{L t} at every gap, so every gap is a contact gap and the largest
  // one, log n / L, is Delta_Lambda.
  for (double L : {1e-3, 1.0, 37.0}) {
    for (int n : {10, 1000}) {
      std::vector<double> logits;
      for (int k = 1; k <= n; ++k) logits.push_back(-std::log(static_cast<double>(k)) / L);
      rows.push_back({fmt::format("contact at every gap, Lambda = {}, n = {}", L, n), std::move(logits), L,
                      std::log(static_cast<double>(n)) / L, 1.0});
    }
  }
  // Doubling gaps c 2^k: N(c 2^k) = k + 2, so log N / t = log(k + 2) / (c 2^k) is largest at k = 0.
  for (double c : {1e-200, 1.0, 1e200}) {
    std::vector<double> logits{0.0};
    for (int k = 0; k <= 40; ++k) logits.push_back(-std::ldexp(c, k));
    rows.push_back({fmt::format("doubling gaps from {}", c), std::move(logits), std::log(2.0) / c, c,
                    std::log(2.0) / std::log(42.0)});
  }
  return rows;
}

}  // namespace

harness::ExperimentResult scale_of_hand_built_rows(const HandBuiltRowsPoint&, const harness::NoModel&,
                                                   const harness::PointContext&) {
  harness::ExperimentResult out;
  const std::string ratio = "relative error / 1e-14";
  Tally t;
  for (const Expected& row : hand_built_rows()) {
    ++t.rows;
    const auto scale = attention::accumulation_scale(attention::gap_profile(std::span<const double>(row.logits)));
    t.lambda.add(relative_error(scale.lambda, row.lambda) / kTolerance, row.label);
    t.contact.add(relative_error(scale.contact_gap, row.contact_gap) / kTolerance, row.label);
    t.alpha.add(relative_error(scale.alpha, row.alpha) / kTolerance, row.label);
  }
  out.checks.push_back(
      ratio_check("Lambda of hand-built rows (step: log n/g; equicorrelated: log n/(1-rho); "
                  "contact at every gap; doubling gaps)",
                  t.lambda, t.rows, ratio));
  out.checks.push_back(
      ratio_check("Delta_Lambda (the largest contact gap) of hand-built rows", t.contact, t.rows, ratio));
  out.checks.push_back(ratio_check("alpha_n = log N(Delta_Lambda) / log n of hand-built rows", t.alpha, t.rows, ratio));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::gap_lambda_claim
