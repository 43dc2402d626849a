#pragma once
// The critical-window limit of the log-ratio of the two largest weights, beta Delta_(2) =
// -log(a_(2)/a_(1)), for a point process e_j = c Gamma_j^p, and its distance to every
// Poisson–Dirichlet law.
namespace attnlaw::reference {

// e_2 - e_1 = c (Gamma_2^p - Gamma_1^p), so
// P(e_2 - e_1 <= y) = 1 - int_0^inf exp(-(x^p + y/c)^{1/p}) dx [derived: condition on
// Gamma_1 = x, then Gamma_2 - x ~ Exp(1)]. For p = 1 this is 1 - e^{-y/c}: the PD form x^{1/c}.
class PppLogRatioLaw {
 public:
  PppLogRatioLaw(double p, double c);
  // Adaptive Gauss–Kronrod (31 points, relative tolerance 1e-11) on [0, inf): absolute error
  // below 1e-10 in the CDF.
  double cdf(double y) const;

 private:
  double p_, c_;
};

// Under PD(alpha, 0), beta Delta_(2) ~ Exp(rate alpha) (V_2/V_1 ~ U^{1/alpha}). The alpha whose
// law is nearest to `law` in sup distance over 401 y log-spaced in [1e-4, 1e3], found by
// golden-section search in log alpha over [1e-3, 1e3] (the distance is unimodal in alpha there,
// as measured on the claims' grids), and that distance.
struct NearestPd {
  double alpha = 0;
  double distance = 0;
};
NearestPd nearest_pd_exponential(const PppLogRatioLaw& law);

}  // namespace attnlaw::reference
