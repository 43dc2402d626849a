#include "verify/sample/sphere_geometry.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <stdexcept>

namespace attnlaw::sample {

double sphere_kappa(int d) {
  if (d < 2) throw std::domain_error("sphere_kappa: d must be >= 2");
  // Gamma(d/2) / Gamma((d+1)/2) as one ratio, which Boost keeps accurate for large d.
  return boost::math::tgamma_delta_ratio(0.5 * d, 0.5) / (2 * boost::math::constants::root_pi<double>());
}

}  // namespace attnlaw::sample
