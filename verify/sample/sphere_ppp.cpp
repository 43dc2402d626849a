#include "verify/sample/sphere_ppp.hpp"

#include <cmath>
#include <span>
#include <stdexcept>

#include "verify/rng/exponential.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/sphere_geometry.hpp"

namespace attnlaw::sample {

PppLaw ppp_law_local_exponent(int d, double a, double L, double gamma) {
  if (d < 2) throw std::domain_error("ppp_law_local_exponent: d must be >= 2");
  if (!(a > 0) || !(L > 0) || !(gamma > 0)) throw std::domain_error("ppp_law_local_exponent: a, L, gamma must be > 0");
  PppLaw law;
  law.d = d;
  law.p = 1 / a;
  law.c = gamma * std::pow(L, -1 / a);
  law.radius_power = 1 / (2 * a);
  law.radius_scale = std::sqrt(2.0) * std::pow(L, -law.radius_power);
  return law;
}

PppLaw ppp_law_uniform(int d, double gamma) {
  const double m = 0.5 * (d - 1);
  return ppp_law_local_exponent(d, m, std::exp2(m) * sphere_kappa(d), gamma);
}

PppSample sample_ppp(rng::StreamKey stream, std::uint32_t replicate, const PppLaw& law, bool with_directions,
                     double log_cutoff) {
  if (law.d < 2 || !(law.p > 0) || !(law.c > 0)) throw std::domain_error("sample_ppp: need d >= 2, p > 0, c > 0");
  if (!(log_cutoff > 0)) throw std::domain_error("sample_ppp: log_cutoff must be > 0");
  using index_space::Region;
  using index_space::sample_index;
  constexpr std::size_t max_points = std::size_t{1} << 31;

  PppSample out;
  rng::SampleSource spacings(stream, replicate, sample_index(Region::ppp, 0));
  double gamma_j = 0;
  double e1 = 0;
  for (;;) {
    gamma_j += rng::exponential(spacings);
    const double log_g = std::log(gamma_j);
    const double e = law.c * std::exp(law.p * log_g);
    if (out.energies.empty()) e1 = e;
    out.energies.push_back(e);
    out.radii.push_back(law.radius_scale * std::exp(law.radius_power * log_g));
    if (e - e1 >= log_cutoff) break;
    if (out.energies.size() >= max_points) throw std::length_error("sample_ppp: too many points before the cutoff");
  }
  if (with_directions) {
    const std::size_t row = static_cast<std::size_t>(law.d - 1);
    out.directions.resize(out.energies.size() * row);
    for (std::size_t j = 0; j < out.energies.size(); ++j) {
      rng::SampleSource source(stream, replicate, sample_index(Region::ppp, 1 + j));
      rng::uniform_on_sphere(source, std::span<double>(out.directions.data() + j * row, row));
    }
  }
  return out;
}

}  // namespace attnlaw::sample
