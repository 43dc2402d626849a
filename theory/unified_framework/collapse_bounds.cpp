#include "theory/unified_framework/collapse_bounds.hpp"
#include "verify/harness/standard_checks.hpp"

#include <fmt/core.h>

namespace attnlaw::theory::unified_framework {

GapQuantities gap_quantities(const attention::GapProfile<double>& profile,
                             const attention::AccumulationScale<double>& scale, double beta) {
  const attention::SoftmaxSummary<double> s = attention::softmax_summary(profile, beta);
  GapQuantities q;
  q.beta = beta;
  q.r = beta * scale.contact_gap / scale.contact_entropy;
  q.contact_entropy = scale.contact_entropy;
  q.log_partition = s.log_partition;
  q.partition_excess = std::expm1(s.log_partition);
  q.energy = s.mean_scaled_gap * (1 + q.partition_excess);
  q.entropy = s.entropy;
  q.top_two_difference = s.top_two_difference;
  return q;
}

double bound_ratio(double quantity, double bound) {
  if (std::isnan(quantity) || std::isnan(bound)) return std::numeric_limits<double>::infinity();
  if (quantity <= 0 && bound >= 0) return 0;
  if (bound <= 0) return std::numeric_limits<double>::infinity();
  return quantity / bound;
}

double bound_ratio_attained(double quantity, double bound) {
  return bound_ratio(quantity, bound * (1 + kEqualityRounding));
}

BoundRatios bound_ratios(const GapQuantities& q) {
  BoundRatios b;
  if (q.r < 1) {
    b.partition_lower = bound_ratio((1 - q.r) * q.contact_entropy, q.log_partition * (1 + kEqualityRounding));
    b.top_two_contact = bound_ratio_attained(q.top_two_difference, top_two_contact_bound(q.r, q.contact_entropy));
    b.top_two = bound_ratio(q.top_two_difference, top_two_bound(q.r));
  } else if (q.r > 1) {
    b.partition_upper = bound_ratio(q.partition_excess, partition_excess_bound(q.r));
    b.energy = bound_ratio(q.energy, energy_bound(q.r));
    b.entropy = bound_ratio(q.entropy, entropy_bound(q.r));
  }
  return b;
}

void WorstRatio::add(double ratio, const std::string& where) {
  add_lazy(ratio, [&where] { return where; });
}

void WorstRatio::merge(const WorstRatio& other) {
  const std::size_t evaluations = evaluations_ + other.evaluations_;
  add_lazy(other.worst_, [&other] { return other.where_; });
  evaluations_ = evaluations;
}

harness::Check ratio_check(std::string target, const WorstRatio& worst, std::size_t rows,
                           const std::string& ratio_name) {
  harness::Check c = harness::deterministic_check(
      std::move(target), worst.worst(),
      fmt::format("statistic = worst {} over {} evaluations on {} rows (at {}); pass iff <= 1", ratio_name,
                  worst.evaluations(), rows, worst.where()));
  c.effect = harness::Effect{"worst " + ratio_name, worst.worst(), {worst.worst(), worst.worst()}};
  return c;
}

}  // namespace attnlaw::theory::unified_framework
