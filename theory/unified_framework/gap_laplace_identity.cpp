// UF.gap.laplace-identity: Z and H are functionals of the gap-counting function N alone
// (THEORY.md §2). For the right-continuous step function N with jumps at the distinct
// gaps t_0 = 0 < t_1 < ... < t_K:
//   Z(beta)   = beta int_0^inf e^{-beta t} N(t) dt = sum_k N(t_k) (e^{-beta t_k} - e^{-beta t_{k+1}}),
//   beta^2 int_0^inf t e^{-beta t} N(t) dt = Z + sum_j beta Delta_j e^{-beta Delta_j}   (= Z - beta Z'),
//   H = log Z + sum_j beta Delta_j e^{-beta Delta_j} / Z = -sum_j a_j log a_j.
// The integrals are evaluated exactly interval by interval (every term is >= 0, no cancellation)
// and compared with the direct sums over the entries (attention::softmax_summary); the check is
// the worst relative error divided by 1e-13.
#include <fmt/core.h>

#include <cmath>
#include <limits>
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

constexpr double kTolerance = 1e-13;
// Below this the excess Z - 1 and H are in (or near) the subnormal range, where relative error
// is meaningless; there the error is measured against this floor.
constexpr double kFloor = 1e-290;

// Neumaier summation of non-negative terms.
class Sum {
 public:
  void add(double x) noexcept {
    const double t = sum_ + x;
    compensation_ += std::fabs(sum_) >= std::fabs(x) ? (sum_ - t) + x : (x - t) + sum_;
    sum_ = t;
  }
  double value() const noexcept { return sum_ + compensation_; }

 private:
  double sum_ = 0, compensation_ = 0;
};

// 1 - (1 + d) e^{-d} >= 0, by its alternating series sum_{k>=2} (-1)^k (k-1) d^k / k! for d < 1,
// where the closed form cancels.
double one_minus_linear_exp(double d) {
  if (d >= 1) return -std::expm1(-d) - d * std::exp(-d);
  double term = d * d / 2, sum = 0;
  for (int k = 2; k < 60 && term != 0; ++k) {
    sum += (k % 2 == 0 ? 1 : -1) * (k - 1) * term;
    term *= d / (k + 1);
  }
  return sum;
}

struct StepIntegrals {
  double z = 0;         // beta int e^{-beta t} N dt
  double z_excess = 0;  // beta int e^{-beta t} (N - 1) dt = Z - 1
  double moment = 0;    // beta^2 int t e^{-beta t} N dt
};

StepIntegrals step_integrals(const std::vector<double>& gaps, double beta) {
  Sum z, excess, moment;
  const std::size_t n = gaps.size();
  for (std::size_t first = 0; first < n;) {
    std::size_t last = first + 1;
    while (last < n && gaps[last] == gaps[first]) ++last;
    const double count = static_cast<double>(last);  // N(t_k)
    const double x = beta * gaps[first];
    const double head = std::exp(-x);
    if (head == 0) break;  // every later term underflows too
    // Interval [t_k, t_{k+1}) of length d (infinite for the last).
    const double d = last < n ? beta * (gaps[last] - gaps[first]) : std::numeric_limits<double>::infinity();
    const double drop = d > 800 ? 1 : -std::expm1(-d);           // 1 - e^{-d}
    const double curve = d > 800 ? 1 : one_minus_linear_exp(d);  // 1 - (1 + d) e^{-d}
    z.add(count * head * drop);
    excess.add((count - 1) * head * drop);
    // (1 + x) e^{-x} - (1 + x + d) e^{-x-d} = e^{-x} (x (1 - e^{-d}) + 1 - (1 + d) e^{-d}).
    moment.add(count * head * (x * drop + curve));
    first = last;
  }
  return {z.value(), excess.value(), moment.value()};
}

double relative_error(double value, double reference) {
  const double scale = std::max(std::fabs(reference), kFloor);
  const double e = std::fabs(value - reference) / scale;
  return std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
}

struct Tally {
  WorstRatio z, z_excess, moment, entropy;
  std::size_t rows = 0;
  void merge(const Tally& o) {
    z.merge(o.z);
    z_excess.merge(o.z_excess);
    moment.merge(o.moment);
    entropy.merge(o.entropy);
    rows += o.rows;
  }
};

template <class Where>
void tally_row(Tally& t, const attention::GapProfile<double>& profile, Where&& where) {
  ++t.rows;
  const auto scale = attention::accumulation_scale(profile);
  constexpr double kRatios[] = {0.01, 0.5, 1.0, 2.0, 100.0};
  const std::vector<double> betas = probe_betas(scale, kRatios);
  for (const double beta : betas) {
    const auto s = attention::softmax_summary(profile, beta);
    const StepIntegrals step = step_integrals(profile.gaps, beta);
    const double excess = std::expm1(s.log_partition);
    const double z = 1 + excess;
    const double energy = s.mean_scaled_gap * z;
    // -sum_j a_j log a_j, each term from its own weight, with -log a_j = beta Delta_j + log Z.
    Sum entropy;
    for (const double gap : profile.gaps) {
      const double minus_log_a = beta * gap + s.log_partition;
      const double a = std::exp(-minus_log_a);
      if (a != 0) entropy.add(a * minus_log_a);
    }
    const auto at = [&] { return where() + fmt::format(", beta = {:.6g}", beta); };
    t.z.add_lazy(relative_error(step.z, z) / kTolerance, at);
    t.z_excess.add_lazy(relative_error(step.z_excess, excess) / kTolerance, at);
    t.moment.add_lazy(relative_error(step.moment, z + energy) / kTolerance, at);
    t.entropy.add_lazy(relative_error(entropy.value(), s.entropy) / kTolerance, at);
  }
}

harness::ExperimentResult identity_checks(const Tally& tally) {
  harness::ExperimentResult out;
  const std::string ratio = "relative error / 1e-13";
  out.checks.push_back(ratio_check("Z = beta int_0^inf e^{-beta t} N(t) dt (step-function integral vs direct sum)",
                                   tally.z, tally.rows, ratio));
  out.checks.push_back(
      ratio_check("Z - 1 = beta int_0^inf e^{-beta t} (N(t) - 1) dt", tally.z_excess, tally.rows, ratio));
  out.checks.push_back(
      ratio_check("-beta Z'(beta) = beta^2 int t e^{-beta t} N(t) dt - Z = sum_j beta Delta_j e^{-beta Delta_j}",
                  tally.moment, tally.rows, ratio));
  out.checks.push_back(ratio_check("H = log Z + sum_j beta Delta_j e^{-beta Delta_j} / Z = -sum_j a_j log a_j",
                                   tally.entropy, tally.rows, ratio));
  return out;
}

harness::ExperimentResult identities_on_random_rows(const RandomRowsPoint& p, const harness::NoModel&,
                                                    const harness::PointContext& at) {
  return identity_checks(tally_random_rows<Tally>(
      p.count_per_family, p.n_max, at.streams,
      [](Tally& t, std::size_t, const auto& profile, const auto& where) { tally_row(t, profile, where); }));
}

harness::ExperimentResult identities_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                         const harness::PointContext& at) {
  Tally tally;
  for (const LabelledRow& row : adversarial_and_tied_rows(at.streams.key(), p.long_rows)) {
    tally_row(tally, attention::gap_profile(std::span<const double>(row.logits)), [&] { return row.label; });
  }
  return identity_checks(tally);
}

}  // namespace

std::unique_ptr<harness::Claim> gap_laplace_identity() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{"UF.gap.laplace-identity", "UF", "THEORY.md §2 UF.gap.laplace-identity",
                         "Z(beta) = beta int_0^inf e^{-beta t} N(t) dt, -beta Z'(beta) = beta^2 int t e^{-beta t} N(t) "
                         "dt - Z, and H = log Z + sum_j beta Delta_j e^{-beta Delta_j} / Z: the softmax functionals "
                         "depend on the row only through N.",
                         harness::Provenance::paper_summary, "[summary]; exact identities"},
      harness::ModelChoice<harness::NoModel>{{}});
  // Full: rows ten times longer, where sums of many small terms lose the most digits.
  claim->experiment("random",
                    harness::Grid<RandomRowsPoint>{
                        .smoke = {{300, 1000}}, .standard = {{1000, 10000}}, .full = {{1000, 10000}, {200, 100000}}},
                    identities_on_random_rows);
  // Full = standard: the hand-built rows are fixed and the standard already has the 10^6/10^7 rows.
  claim->experiment("adversarial",
                    harness::Grid<AdversarialRowsPoint>{.smoke = {{false}}, .standard = {{true}}, .full = {{true}}},
                    identities_on_adversarial_rows);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
