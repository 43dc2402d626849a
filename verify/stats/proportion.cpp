#include "verify/stats/proportion.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/poisson.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {
namespace {

// R's binom.test / poisson.test tolerance for "no more likely than observed".
constexpr double kRelErr = 1.0 + 1e-7;

void check_confidence(double confidence, const std::string& where) {
  detail::require_open_probability(confidence, where, "confidence");
}

}  // namespace

Interval clopper_pearson(std::uint64_t x, std::uint64_t n, double confidence) {
  const std::string where = "clopper_pearson";
  check_confidence(confidence, where);
  detail::require(n > 0, where, "trials must be >= 1");
  detail::require(x <= n, where, "successes exceed trials");
  const double a2 = (1.0 - confidence) / 2.0;
  const double xd = static_cast<double>(x), nd = static_cast<double>(n);
  Interval ci;
  ci.lo = x == 0 ? 0.0 : boost::math::ibeta_inv(xd, nd - xd + 1.0, a2);
  ci.hi = x == n ? 1.0 : boost::math::ibetac_inv(xd + 1.0, nd - xd, a2);
  return ci;
}

ProportionTest binomial_test(std::uint64_t x, std::uint64_t n, double p0, double confidence) {
  const std::string where = "binomial_test";
  check_confidence(confidence, where);
  detail::require(n > 0, where, "trials must be >= 1");
  detail::require(x <= n, where, "successes exceed trials");
  detail::require_probability(p0, where, "p0");
  const double xd = static_cast<double>(x), nd = static_cast<double>(n);
  double p;
  if (p0 == 0.0) {
    p = x == 0 ? 1.0 : 0.0;
  } else if (p0 == 1.0) {
    p = x == n ? 1.0 : 0.0;
  } else {
    boost::math::binomial_distribution<double> law(nd, p0);
    const double dx = boost::math::pdf(law, xd) * kRelErr;
    // pmf rises on [0, mode] and falls on [mode, n].
    const std::uint64_t mode = std::min<std::uint64_t>(n, static_cast<std::uint64_t>(std::floor((nd + 1.0) * p0)));
    auto pmf = [&](std::uint64_t k) { return boost::math::pdf(law, static_cast<double>(k)); };
    if (x == mode) {
      p = 1.0;
    } else if (x < mode) {
      // Smallest j >= mode with pmf(j) <= dx; P(X >= j) joins the lower tail.
      std::uint64_t lo = mode, hi = n + 1;  // answer in [lo, hi]; n + 1 = none
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (pmf(mid) <= dx)
          hi = mid;
        else
          lo = mid + 1;
      }
      const double upper = lo > n ? 0.0 : boost::math::cdf(boost::math::complement(law, static_cast<double>(lo) - 1.0));
      p = boost::math::cdf(law, xd) + upper;
    } else {
      // Largest j <= mode with pmf(j) <= dx; P(X <= j) joins the upper tail.
      std::int64_t lo = -1, hi = static_cast<std::int64_t>(mode);  // answer in [lo, hi]; -1 = none
      while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (pmf(static_cast<std::uint64_t>(mid)) <= dx)
          lo = mid;
        else
          hi = mid - 1;
      }
      const double lower = lo < 0 ? 0.0 : boost::math::cdf(law, static_cast<double>(lo));
      p = lower + boost::math::cdf(boost::math::complement(law, xd - 1.0));
    }
  }
  ProportionTest out;
  out.result = {"binomial-exact", xd, detail::clamp_probability(p), "exact (two-sided, minimum likelihood)"};
  out.estimate = xd / nd;
  out.ci = clopper_pearson(x, n, confidence);
  return out;
}

ProportionTest binomial_test_at_least(std::uint64_t x, std::uint64_t n, double level, double confidence) {
  const std::string where = "binomial_test_at_least";
  check_confidence(confidence, where);
  detail::require(n > 0, where, "trials must be >= 1");
  detail::require(x <= n, where, "successes exceed trials");
  detail::require_probability(level, where, "level");
  const double xd = static_cast<double>(x), nd = static_cast<double>(n);
  double p = 1.0;
  if (level == 1.0) {
    p = x == n ? 1.0 : 0.0;
  } else if (level > 0.0) {
    p = boost::math::cdf(boost::math::binomial_distribution<double>(nd, level), xd);
  }
  ProportionTest out;
  out.result = {"binomial-exact-at-least", xd, detail::clamp_probability(p),
                "exact one-sided: P(Bin(trials, level) <= successes), H1: p < level"};
  out.estimate = xd / nd;
  out.ci = clopper_pearson(x, n, confidence);
  return out;
}

Interval garwood_interval(std::uint64_t count, double confidence) {
  check_confidence(confidence, "garwood_interval");
  const double a2 = (1.0 - confidence) / 2.0;
  const double x = static_cast<double>(count);
  Interval ci;
  ci.lo = count == 0 ? 0.0 : boost::math::gamma_p_inv(x, a2);
  ci.hi = boost::math::gamma_q_inv(x + 1.0, a2);
  return ci;
}

RateTest poisson_test(std::uint64_t count, double expected, double confidence) {
  const std::string where = "poisson_test";
  check_confidence(confidence, where);
  detail::require(std::isfinite(expected) && expected >= 0.0, where, "expected must be finite and >= 0");
  const double x = static_cast<double>(count);
  double p;
  if (expected == 0.0) {
    p = count == 0 ? 1.0 : 0.0;
  } else {
    boost::math::poisson_distribution<double> law(expected);
    const double dx = boost::math::pdf(law, x) * kRelErr;
    const std::uint64_t mode = static_cast<std::uint64_t>(std::floor(expected));
    auto pmf = [&](std::uint64_t k) { return boost::math::pdf(law, static_cast<double>(k)); };
    if (count == mode) {
      p = 1.0;
    } else if (count < mode) {
      // Upper side: pmf falls beyond the mode; search by doubling, then bisection.
      std::uint64_t step = 1, lo = mode;
      while (pmf(lo + step) > dx) step *= 2;
      std::uint64_t hi = lo + step;
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (pmf(mid) <= dx)
          hi = mid;
        else
          lo = mid + 1;
      }
      p = boost::math::cdf(law, x) + boost::math::cdf(boost::math::complement(law, static_cast<double>(lo) - 1.0));
    } else {
      std::int64_t lo = -1, hi = static_cast<std::int64_t>(mode);
      while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (pmf(static_cast<std::uint64_t>(mid)) <= dx)
          lo = mid;
        else
          hi = mid - 1;
      }
      const double lower = lo < 0 ? 0.0 : boost::math::cdf(law, static_cast<double>(lo));
      p = lower + boost::math::cdf(boost::math::complement(law, x - 1.0));
    }
  }
  RateTest out;
  out.result = {"poisson-exact", x, detail::clamp_probability(p), "exact (two-sided, minimum likelihood)"};
  out.estimate = x;
  out.ci = garwood_interval(count, confidence);
  return out;
}

}  // namespace attnlaw::stats
