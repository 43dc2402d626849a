#include "theory/unified_framework/certify_bounds.hpp"

#include <fmt/core.h>
#include <mpfi.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include "verify/attention/row_statistics.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

// Owns one mpfi_t. Neither copied nor moved: every interval lives in one scope.
class Interval {
 public:
  explicit Interval(mpfr_prec_t precision) { mpfi_init2(value_, precision); }
  ~Interval() { mpfi_clear(value_); }
  Interval(const Interval&) = delete;
  Interval& operator=(const Interval&) = delete;

  mpfi_ptr get() noexcept { return value_; }
  mpfi_srcptr get() const noexcept { return value_; }

 private:
  mpfi_t value_;
};

// Owns one mpfr_t (the end points).
class Point {
 public:
  explicit Point(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  ~Point() { mpfr_clear(value_); }
  Point(const Point&) = delete;
  Point& operator=(const Point&) = delete;

  mpfr_ptr get() noexcept { return value_; }
  mpfr_srcptr get() const noexcept { return value_; }

 private:
  mpfr_t value_;
};

struct Prover {
  explicit Prover(mpfr_prec_t p) : precision(p) {}
  mpfr_prec_t precision;
  BoundCertificate result;

  // left <= right, proved iff sup(left) < inf(right).
  void prove(const Interval& left, const Interval& right, const std::function<std::string()>& where) {
    ++result.inequalities;
    Point upper(precision), lower(precision), ratio(precision);
    mpfi_get_right(upper.get(), left.get());
    mpfi_get_left(lower.get(), right.get());
    const bool proved = mpfr_less_p(upper.get(), lower.get()) != 0;
    if (!proved) ++result.uncertified;
    double r = 0;
    if (mpfr_sgn(upper.get()) > 0) {
      if (mpfr_sgn(lower.get()) <= 0) {
        r = INFINITY;
      } else {
        mpfr_div(ratio.get(), upper.get(), lower.get(), MPFR_RNDU);
        r = mpfr_get_d(ratio.get(), MPFR_RNDU);
      }
    }
    // An unproved inequality has sup(left) >= inf(right), so its ratio is >= 1 and shows here.
    if (r > result.worst_ratio) {
      result.worst_ratio = r;
      result.worst_where = where() + (proved ? "" : " (not proved)");
    }
  }

  void not_separated(const std::function<std::string()>& where) {
    ++result.inequalities;
    ++result.uncertified;
    result.worst_ratio = INFINITY;
    result.worst_where = where() + " (r not separated from 1)";
  }
};

}  // namespace

BoundCertificate certify_collapse_bounds(const std::vector<std::vector<double>>& rows, std::span<const double> ratios,
                                         unsigned precision_bits) {
  if (precision_bits < 64) throw std::invalid_argument("certify_collapse_bounds: precision below 64 bits");
  const auto precision = static_cast<mpfr_prec_t>(precision_bits);
  Prover prover(precision);
  Interval e(precision);  // Euler's number
  mpfi_set_ui(e.get(), 1);
  mpfi_exp(e.get(), e.get());

  for (std::size_t index = 0; index < rows.size(); ++index) {
    std::vector<double> finite;
    for (double s : rows[index]) {
      if (!std::isinf(s)) finite.push_back(s);
    }
    // Descending logits: the order, the tie groups and N(t) are exact (doubles compare exactly).
    std::sort(finite.begin(), finite.end(), std::greater<>());
    const std::size_t n = finite.size();
    if (n < 2 || finite[1] == finite[0]) continue;
    const double top = finite[0];
    ++prover.result.rows;

    // Enclosure of Lambda = max over tie groups of log N / Delta: [max of lower ends, max of upper ends].
    Point lambda_lo(precision), lambda_hi(precision), end(precision);
    mpfr_set_zero(lambda_lo.get(), 1);
    mpfr_set_zero(lambda_hi.get(), 1);
    Interval gap(precision), term(precision);
    for (std::size_t first = 1; first < n;) {
      std::size_t last = first + 1;
      while (last < n && finite[last] == finite[first]) ++last;
      mpfi_set_d(gap.get(), top);
      mpfi_sub_d(gap.get(), gap.get(), finite[first]);
      mpfi_set_ui(term.get(), static_cast<unsigned long>(last));
      mpfi_log(term.get(), term.get());
      mpfi_div(term.get(), term.get(), gap.get());
      mpfi_get_left(end.get(), term.get());
      mpfr_max(lambda_lo.get(), lambda_lo.get(), end.get(), MPFR_RNDD);
      mpfi_get_right(end.get(), term.get());
      mpfr_max(lambda_hi.get(), lambda_hi.get(), end.get(), MPFR_RNDU);
      first = last;
    }
    Interval lambda(precision);
    mpfi_interv_fr(lambda.get(), lambda_lo.get(), lambda_hi.get());

    const auto profile = attention::gap_profile(std::span<const double>(rows[index]));
    const double lambda_hat = attention::accumulation_scale(profile).lambda;
    for (const double ratio : ratios) {
      const double beta = ratio * lambda_hat;
      if (!std::isfinite(beta)) continue;
      const auto where = [&, ratio] { return fmt::format("row {} (n = {}), beta = {:.6g} Lambda", index, n, ratio); };

      // Z - 1, the weighted gap sum and D, the maximiser's exact term 1 kept apart.
      Interval excess(precision), energy(precision), scaled(precision), weight(precision);
      mpfi_set_ui(excess.get(), 0);
      mpfi_set_ui(energy.get(), 0);
      for (std::size_t j = 1; j < n; ++j) {
        mpfi_set_d(scaled.get(), top);
        mpfi_sub_d(scaled.get(), scaled.get(), finite[j]);
        mpfi_mul_d(scaled.get(), scaled.get(), beta);
        mpfi_neg(weight.get(), scaled.get());
        mpfi_exp(weight.get(), weight.get());
        mpfi_add(excess.get(), excess.get(), weight.get());
        mpfi_mul(scaled.get(), scaled.get(), weight.get());
        mpfi_add(energy.get(), energy.get(), scaled.get());
      }
      Interval z(precision);
      mpfi_add_ui(z.get(), excess.get(), 1);

      Interval r(precision);
      mpfi_d_div(r.get(), beta, lambda.get());
      if (mpfi_cmp_ui(r.get(), 1) < 0) {
        // D = (1 - e^{-beta Delta_min}) / Z <= e^{-1} r / (1 - r).
        Interval d(precision), bound(precision), denominator(precision);
        mpfi_set_d(d.get(), top);
        mpfi_sub_d(d.get(), d.get(), finite[1]);
        mpfi_mul_d(d.get(), d.get(), -beta);
        mpfi_expm1(d.get(), d.get());
        mpfi_neg(d.get(), d.get());
        mpfi_div(d.get(), d.get(), z.get());
        mpfi_ui_sub(denominator.get(), 1, r.get());
        mpfi_mul(denominator.get(), denominator.get(), e.get());
        mpfi_div(bound.get(), r.get(), denominator.get());
        prover.prove(d, bound, [&] { return "D: " + where(); });
      } else if (mpfi_cmp_ui(r.get(), 1) > 0) {
        Interval eps(precision), bound(precision), h(precision), part(precision);
        mpfi_sub_ui(eps.get(), r.get(), 1);
        mpfi_ui_div(eps.get(), 1, eps.get());
        // Z - 1 <= eps.
        prover.prove(excess, eps, [&] { return "Z - 1: " + where(); });
        // sum beta Delta e^{-beta Delta} <= eps (2 + eps).
        mpfi_add_ui(bound.get(), eps.get(), 2);
        mpfi_mul(bound.get(), bound.get(), eps.get());
        prover.prove(energy, bound, [&] { return "weighted gap sum: " + where(); });
        // H = log Z + energy / Z <= log(1 + eps) + 2 eps + eps^2.
        mpfi_log1p(h.get(), excess.get());
        mpfi_div(part.get(), energy.get(), z.get());
        mpfi_add(h.get(), h.get(), part.get());
        mpfi_log1p(part.get(), eps.get());
        mpfi_add(bound.get(), bound.get(), part.get());
        prover.prove(h, bound, [&] { return "H: " + where(); });
      } else {
        prover.not_separated(where);
      }
    }
  }
  return prover.result;
}

}  // namespace attnlaw::theory::unified_framework
