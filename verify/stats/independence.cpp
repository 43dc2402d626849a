#include "verify/stats/independence.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <stdexcept>

namespace attnlaw::stats {

SerialCorrelation serial_correlation_test(std::span<const double> x, std::size_t lag) {
  const std::size_t m = x.size();
  if (lag < 1 || m < lag + 2) throw std::domain_error("serial_correlation_test: need lag >= 1 and M >= lag + 2");
  double mean = 0;
  for (double v : x) mean += v;
  mean /= static_cast<double>(m);
  double ss = 0, cross = 0;
  for (std::size_t i = 0; i < m; ++i) ss += (x[i] - mean) * (x[i] - mean);
  for (std::size_t i = 0; i + lag < m; ++i) cross += (x[i] - mean) * (x[i + lag] - mean);
  if (!(ss > 0)) throw std::domain_error("serial_correlation_test: the values are constant");
  const double md = static_cast<double>(m);
  const double r = cross / ss;
  const double expected = -(md - static_cast<double>(lag)) / (md * (md - 1));
  const double z = (r - expected) * std::sqrt(md);
  const boost::math::normal_distribution<double> normal;
  SerialCorrelation out;
  out.r = r;
  out.result.test = "serial-correlation";
  out.result.statistic = z;
  out.result.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, std::abs(z))));
  out.result.p_method = "asymptotic normal: sqrt(M) (r_k - E r_k) => N(0,1) for i.i.d. values (Bartlett)";
  return out;
}

}  // namespace attnlaw::stats
