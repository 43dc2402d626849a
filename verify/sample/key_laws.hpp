#pragma once
// Key laws besides the uniform one, as naive per-key generators and (local exponent) as a
// truncated sampler. A generator draws one whole key k in R^d (|k| = 1) from that key's own
// SampleSource, so claims can form <x,k> for any query x, x != q included.
// for_each_key visits key j of replicate r as sample j of the stream (region naive of
// index_space.hpp), like for_each_naive_sphere_key; with UniformSphereKeys the two give
// bitwise the same keys.
#include <cstdint>
#include <span>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/sample/nearest_keys.hpp"

namespace attnlaw::sample {

// Uniform on S^{d-1}: d normalised normals (rng/sphere.hpp). Words: 2 d.
class UniformSphereKeys {
 public:
  explicit UniformSphereKeys(int d);
  std::size_t dimension() const noexcept { return d_; }
  void operator()(rng::SampleSource& source, std::span<double> key) const;

 private:
  std::size_t d_;
};

// Gap law P(t <= tau) = (tau/2)^a on [0, 2] (t = 2 U^{1/a}, by inversion), direction uniform
// on the sphere of q-perp, independent; q = e_1. Near q the
// law has exponent a and constant L = 2^{-a}. Words: 2 (gap) then 2 (d - 1) (direction).
class LocalExponentKeys {
 public:
  LocalExponentKeys(int d, double a);
  std::size_t dimension() const noexcept { return d_; }
  double a() const noexcept { return a_; }
  void operator()(rng::SampleSource& source, std::span<double> key) const;

 private:
  std::size_t d_;
  double a_;
};

// von Mises–Fisher vMF(mu0, kappa0) on S^{d-1}, density proportional to e^{kappa0 <mu0,k>}.
// Algorithm: Wood, "Simulation of the von Mises Fisher distribution", Comm. Statist.
//   Simulation Comput. 23(1), 157-164 (1994): the cosine w = <mu0,k> by rejection from
//   w = (1 - (1+b) Z)/(1 - (1-b) Z), Z ~ Beta((d-1)/2, (d-1)/2), b = (d-1)/(2 kappa0 +
//   sqrt(4 kappa0^2 + (d-1)^2)), accepted if kappa0 w + (d-1) log(1 - x0 w) - c >= log U,
//   x0 = (1-b)/(1+b), c = kappa0 x0 + (d-1) log(1 - x0^2). Here 1 - x0 w = 2b/((1+b)(1-(1-b)Z))
//   and 1 - w = 2bZ/(1 - (1-b)Z) are formed without cancellation. Then k = w mu0 +
//   sqrt(1 - w^2) v with v uniform on the sphere of mu0-perp, placed there by the Householder
//   reflection that takes e_1 to +-mu0 (chosen so that the reflection vector is not small).
// Words: variable, from the key's own source: per attempt those of the beta variate
//   (rng/beta.hpp) and 2 for U, then 2 (d - 1) for v. kappa0 >= 0 (0 gives the uniform law).
class VonMisesFisherKeys {
 public:
  VonMisesFisherKeys(std::vector<double> mean_direction, double kappa);
  std::size_t dimension() const noexcept { return mean_.size(); }
  const std::vector<double>& mean_direction() const noexcept { return mean_; }
  double kappa() const noexcept { return kappa_; }
  void operator()(rng::SampleSource& source, std::span<double> key) const;
  // The cosine w = <mu0,k> alone and 1 - w, consuming the words operator() uses for them.
  struct Cosine {
    double w;
    double one_minus_w;
  };
  Cosine cosine(rng::SampleSource& source) const;

 private:
  std::vector<double> mean_;
  double kappa_;
  double b_, x0_, c_;
  std::vector<double> reflector_;  // v with H = I - 2 v v^T / |v|^2 and H e_1 = sign mu0
  double reflector_scale_;         // 2 / |v|^2
  double sign_;
};

// (1 - w) Uniform(S^{d-1}) + w vMF(mu0, kappa0): one uniform chooses the component
// (vMF if U < w), then the component draws from the same source.
class MixtureKeys {
 public:
  MixtureKeys(double weight, VonMisesFisherKeys vmf);
  std::size_t dimension() const noexcept { return vmf_.dimension(); }
  double weight() const noexcept { return weight_; }
  void operator()(rng::SampleSource& source, std::span<double> key) const;

 private:
  double weight_;
  VonMisesFisherKeys vmf_;
  UniformSphereKeys uniform_;
};

// Calls visit(j, key) for j = 0..n-1, key j drawn by `law` from sample j of the replicate.
template <class KeyLaw, class Visit>
void for_each_key(const KeyLaw& law, rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, Visit&& visit) {
  std::vector<double> key(law.dimension());
  for (std::uint64_t j = 0; j < n; ++j) {
    rng::SampleSource source(stream, replicate, j);
    law(source, std::span<double>(key));
    visit(j, std::span<const double>(key));
  }
}

// The truncated sampler (detail/truncated_shells.hpp) for LocalExponentKeys' gap law: the
// exact law of the keys with gap <= threshold among n i.i.d. keys, sample indices in region
// local_exponent_truncated. Same contract as sample_sphere_truncated.
NearestKeys sample_local_exponent_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d,
                                            double a, double beta, double epsilon = 1e-15,
                                            bool with_directions = false);

}  // namespace attnlaw::sample
