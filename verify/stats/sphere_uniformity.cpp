#include "verify/stats/sphere_uniformity.hpp"

#include <algorithm>
#include <boost/math/distributions/beta.hpp>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace attnlaw::stats {
namespace {

void require_rows(std::span<const double> directions, int m, const char* who) {
  if (m < 2) throw std::domain_error(std::string(who) + ": m must be >= 2");
  if (directions.size() % static_cast<std::size_t>(m) != 0)
    throw std::invalid_argument(std::string(who) + ": the directions are not rows of m coordinates");
}

}  // namespace

std::vector<double> sphere_first_coordinate_pit(std::span<const double> directions, int m) {
  require_rows(directions, m, "sphere_first_coordinate_pit");
  const double a = 0.5 * (m - 1);
  const boost::math::beta_distribution<double> law(a, a);
  const std::size_t row = static_cast<std::size_t>(m);
  std::vector<double> pit(directions.size() / row);
  for (std::size_t r = 0; r < pit.size(); ++r) {
    const double x = std::clamp(0.5 * (directions[r * row] + 1), 0.0, 1.0);
    pit[r] = boost::math::cdf(law, x);
  }
  return pit;
}

std::vector<double> sphere_fourth_moment_values(std::span<const double> directions, int m) {
  require_rows(directions, m, "sphere_fourth_moment_values");
  const std::size_t row = static_cast<std::size_t>(m);
  std::vector<double> s(directions.size() / row);
  for (std::size_t r = 0; r < s.size(); ++r) {
    double sum = 0;
    for (std::size_t i = 0; i < row; ++i) {
      const double u2 = directions[r * row + i] * directions[r * row + i];
      sum += u2 * u2;
    }
    s[r] = sum;
  }
  return s;
}

double sphere_fourth_moment_mean(int m) { return 3.0 / (m + 2); }

double sphere_fourth_moment_sd(int m) {
  const double mean = sphere_fourth_moment_mean(m);
  const double second = (96.0 + 9.0 * m) / ((m + 2.0) * (m + 4.0) * (m + 6.0));
  return std::sqrt(second - mean * mean);
}

}  // namespace attnlaw::stats
