#include "reference/sphere/uniform_score_gaps.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace attnlaw::reference {
namespace {

// The cells of Binomial(n, p), p = t/(2n), by the ratio recursion
// P(m + 1) = P(m) (n - m)/(m + 1) p/(1 - p) from P(0) = exp(n log1p(-p)): each step costs a few
// ulps. A library binomial that forms (1 - p)^n from the rounded 1 - p loses n eps relative
// (1e-7 at n = 1e9), which is why the law is written out here.
class WindowCount {
 public:
  WindowCount(std::uint64_t n, double t) : n_(static_cast<double>(n)), p_(t / (2.0 * static_cast<double>(n))) {
    if (n < 1 || !(t >= 0) || !(p_ <= 1)) throw std::domain_error("sphere3 gap count: need n >= 1 and 0 <= t <= 2n");
  }
  double first() const { return std::exp(n_ * std::log1p(-p_)); }
  double next(double pm, double m) const { return m >= n_ ? 0.0 : pm * (n_ - m) / (m + 1) * (p_ / (1 - p_)); }

 private:
  double n_, p_;
};

// P(N >= k) summed upward from k until the terms (decreasing beyond the mean) are below 1e-18 of
// the sum; no cancellation, so the tail keeps its relative accuracy however small it is.
double upper_tail(const WindowCount& law, std::uint64_t k) {
  double pm = law.first();
  for (std::uint64_t m = 0; m < k; ++m) pm = law.next(pm, static_cast<double>(m));
  double sum = 0;
  for (std::uint64_t m = k; pm > 0; ++m) {
    sum += pm;
    if (pm<1e-18 * sum&& static_cast<double>(m)> 1) break;
    pm = law.next(pm, static_cast<double>(m));
  }
  return std::min(sum, 1.0);
}

}  // namespace

std::vector<double> sphere3_gap_count_pmf(std::uint64_t n, double t, std::size_t cells) {
  const WindowCount law(n, t);
  std::vector<double> p(cells + 1);
  double pm = law.first();
  for (std::size_t m = 0; m < cells; ++m) {
    p[m] = pm;
    pm = law.next(pm, static_cast<double>(m));
  }
  p[cells] = upper_tail(law, cells);
  return p;
}

double sphere3_gap_count_tail(std::uint64_t n, double t, std::uint64_t k) { return upper_tail(WindowCount(n, t), k); }

double sphere3_mean_partition(double mu, std::uint64_t n) { return 1 - std::expm1(-mu * static_cast<double>(n)) / mu; }

}  // namespace attnlaw::reference
