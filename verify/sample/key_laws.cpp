#include "verify/sample/key_laws.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "verify/rng/beta.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/sample/detail/truncated_shells.hpp"
#include "verify/sample/gap_laws.hpp"

namespace attnlaw::sample {

UniformSphereKeys::UniformSphereKeys(int d) : d_(static_cast<std::size_t>(d)) {
  if (d < 1) throw std::domain_error("UniformSphereKeys: d must be >= 1");
}

void UniformSphereKeys::operator()(rng::SampleSource& source, std::span<double> key) const {
  rng::uniform_on_sphere(source, key.first(d_));
}

LocalExponentKeys::LocalExponentKeys(int d, double a) : d_(static_cast<std::size_t>(d)), a_(a) {
  if (d < 2) throw std::domain_error("LocalExponentKeys: d must be >= 2");
  if (!(a > 0) || !std::isfinite(a)) throw std::domain_error("LocalExponentKeys: a must be finite and > 0");
}

void LocalExponentKeys::operator()(rng::SampleSource& source, std::span<double> key) const {
  const double t = 2 * std::exp(std::log(source.next_uniform()) / a_);
  rng::uniform_on_sphere(source, key.subspan(1, d_ - 1));
  const double radius = std::sqrt(t * (2 - t));
  key[0] = 1 - t;
  for (std::size_t i = 1; i < d_; ++i) key[i] *= radius;
}

VonMisesFisherKeys::VonMisesFisherKeys(std::vector<double> mean_direction, double kappa)
    : mean_(std::move(mean_direction)), kappa_(kappa) {
  const std::size_t d = mean_.size();
  if (d < 2) throw std::domain_error("VonMisesFisherKeys: dimension must be >= 2");
  if (!(kappa >= 0) || !std::isfinite(kappa)) throw std::domain_error("VonMisesFisherKeys: kappa must be finite, >= 0");
  double norm_sq = 0;
  for (double x : mean_) norm_sq += x * x;
  if (!(norm_sq > 0) || !std::isfinite(norm_sq)) throw std::domain_error("VonMisesFisherKeys: bad mean direction");
  const double norm = std::sqrt(norm_sq);
  for (double& x : mean_) x /= norm;

  const double dm1 = static_cast<double>(d - 1);
  b_ = dm1 / (2 * kappa + std::sqrt(4 * kappa * kappa + dm1 * dm1));
  x0_ = (1 - b_) / (1 + b_);
  // 1 - x0^2 = 4b/(1+b)^2, formed without cancellation.
  c_ = kappa * x0_ + dm1 * std::log(4 * b_ / ((1 + b_) * (1 + b_)));

  // H e_1 = mu0 with v = e_1 - mu0 when mu0_1 <= 0, H e_1 = -mu0 with v = e_1 + mu0
  // otherwise: either way |v|^2 >= 2, so v/|v| keeps its digits.
  sign_ = mean_[0] <= 0 ? 1 : -1;
  reflector_.assign(d, 0);
  double v_sq = 0;
  for (std::size_t i = 0; i < d; ++i) {
    reflector_[i] = (i == 0 ? 1 : 0) - sign_ * mean_[i];
    v_sq += reflector_[i] * reflector_[i];
  }
  reflector_scale_ = 2 / v_sq;
}

VonMisesFisherKeys::Cosine VonMisesFisherKeys::cosine(rng::SampleSource& source) const {
  const double half = 0.5 * static_cast<double>(mean_.size() - 1);
  const double dm1 = 2 * half;
  const rng::beta_distribution<double> beta(half, half);
  for (;;) {
    const double z = beta(source);
    const double denom = 1 - (1 - b_) * z;
    const double w = (1 - (1 + b_) * z) / denom;
    const double one_minus_x0_w = 2 * b_ / ((1 + b_) * denom);
    const double u = source.next_uniform();
    if (kappa_ * w + dm1 * std::log(one_minus_x0_w) - c_ >= std::log(u)) return {w, 2 * b_ * z / denom};
  }
}

void VonMisesFisherKeys::operator()(rng::SampleSource& source, std::span<double> key) const {
  const std::size_t d = mean_.size();
  const Cosine cos = cosine(source);
  rng::uniform_on_sphere(source, key.subspan(1, d - 1));
  const double radius = std::sqrt(cos.one_minus_w * (1 + cos.w));
  key[0] = sign_ * cos.w;
  for (std::size_t i = 1; i < d; ++i) key[i] *= radius;
  double dot = 0;
  for (std::size_t i = 0; i < d; ++i) dot += reflector_[i] * key[i];
  const double scale = reflector_scale_ * dot;
  for (std::size_t i = 0; i < d; ++i) key[i] -= scale * reflector_[i];
}

MixtureKeys::MixtureKeys(double weight, VonMisesFisherKeys vmf)
    : weight_(weight), vmf_(std::move(vmf)), uniform_(static_cast<int>(vmf_.dimension())) {
  if (!(weight >= 0 && weight <= 1)) throw std::domain_error("MixtureKeys: weight must lie in [0, 1]");
}

void MixtureKeys::operator()(rng::SampleSource& source, std::span<double> key) const {
  if (source.next_uniform() < weight_) {
    vmf_(source, key);
  } else {
    uniform_(source, key);
  }
}

NearestKeys sample_local_exponent_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d,
                                            double a, double beta, double epsilon, bool with_directions) {
  return detail::sample_truncated(LocalExponentGapLaw(a), stream, replicate,
                                  index_space::Region::local_exponent_truncated, n, d, beta, epsilon, with_directions);
}

}  // namespace attnlaw::sample
