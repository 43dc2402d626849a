#include "verify/harness/composite_null_checks.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "verify/harness/standard_checks.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::harness {

Check band_proportion_check(std::uint64_t successes, std::uint64_t undecided, std::uint64_t trials, double p0,
                            double band, std::string what, double target) {
  const double m = static_cast<double>(trials);
  const double lo_obs = static_cast<double>(successes) / m;
  const double hi_obs = static_cast<double>(successes + undecided) / m;
  const double lo_null = std::max(0.0, p0 - band), hi_null = std::min(1.0, p0 + band);
  // The closest pair (observed count, null probability) decides; the test is exact at that pair.
  std::uint64_t x = successes;
  double p_null = p0;
  bool meets = false;
  if (hi_obs < lo_null) {
    x = successes + undecided;
    p_null = lo_null;
  } else if (lo_obs > hi_null) {
    p_null = hi_null;
  } else {
    meets = true;
    x = static_cast<std::uint64_t>(
        std::clamp(std::round(p0 * m), static_cast<double>(successes), static_cast<double>(successes + undecided)));
  }
  stats::ProportionTest t = stats::binomial_test(x, trials, p_null);
  if (meets) {
    t.result.p_value = 1;
    t.result.statistic = static_cast<double>(x);
  }
  t.result.p_method = fmt::format(
      "exact binomial at the nearest point of the null band [{:.4f}, {:.4f}] (reference {:.4f} +- {:.4f}); "
      "{} of {} trials undecided, counted either way",
      lo_null, hi_null, p0, band, undecided, trials);
  Check c = proportion_check(t, std::move(what), p0, trials, target);
  c.effect = Effect{"probability - p0", (lo_obs + hi_obs) / 2 - p0, {t.ci.lo - p0, t.ci.hi - p0}};
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::proportion_shift,
                                   .name = "|probability - p0| (incl. band and undecided)",
                                   .p0 = p0,
                                   .offset = band + static_cast<double>(undecided) / m,
                                   .m = trials};
  return c;
}

Check tolerance_mean_check(std::span<const double> values, double mu0, double tolerance, std::string what,
                           double target) {
  stats::MeanTest t = stats::z_test_mean_sample_sigma(values, mu0);
  const double excess = std::max(0.0, std::abs(t.estimate - mu0) - tolerance);
  // A degenerate sample (sd 0: H at c = 0.3 varies by 1e-9) decides by the excess alone.
  const double z = t.std_error > 0 ? excess / t.std_error : (excess > 0 ? INFINITY : 0.0);
  t.result.p_value = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
  t.result.statistic = z;
  t.result.p_method = fmt::format(
      "normal, sigma from the sample; composite null |mean - {:.6g}| <= {:.3g} (stated finite-n bias bound)", mu0,
      tolerance);
  const double sd = t.std_error * std::sqrt(static_cast<double>(values.size()));
  Check c = mean_check(t, mu0, std::move(what), sd, values.size(), "mean - reference", 1, target);
  const std::size_t m = values.size();
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::mean_shift,
                                   .name = "|mean - reference| (incl. tolerance)",
                                   .sigma = sd,
                                   .offset = tolerance,
                                   .m = m};
  c.null_law = NullLaw::conservative;
  return c;
}

}  // namespace attnlaw::harness
