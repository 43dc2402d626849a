#pragma once
// The quantile of a law known only through CDF values with error bounds. If every value F(x)
// lies within e(x) of the true non-decreasing F*, a point x where F(x) - e(x) >= p certainly has
// F*(x) >= p, so the quantile q = inf{x : F*(x) >= p} is <= x; a point where F(x) + e(x) < p
// certainly has q >= x. Narrowing each predicate brackets q by points of both kinds, whatever
// the rounding of the computed values: the bracket is a bound, not an estimate. Where p lies
// within the error of 0 or 1 the bracket reaches the end of the support, and says so by its
// width.
#include <cstdio>
#include <string>

#include "reference/numerics/domain.hpp"

namespace attnlaw::reference {

struct ValueWithError {
  double value;
  double error;
};

struct QuantileBracket {
  double lower;  // q >= lower
  double upper;  // q <= upper
  double value() const { return (lower + upper) / 2; }
  double error() const { return (upper - lower) / 2; }
};

// cdf(x) -> {F(x), e(x)}. The support of the law lies within [lo, hi]: F*(lo) = 0 where lo is
// not itself an atom, F*(hi) = 1 (neither is evaluated). The search stops when a bracket is
// narrower than tolerance.
template <class Cdf>
QuantileBracket quantile_bracket(const Cdf& cdf, double p, double lo, double hi, double tolerance,
                                 const std::string& argument = "quantile") {
  if (!(p > 0 && p < 1)) {
    char text[64];
    std::snprintf(text, sizeof text, "expected a probability in (0, 1), got %g", p);
    throw OutOfDomain(argument, text);
  }
  // The root of g(x) = F(x) + shift * e(x) - p (shift -1: "certainly at or above p" is g >= 0;
  // +1: "not certainly below p"), bracketed by regula falsi with the Illinois modification
  // (Dowell and Jarratt 1971): superlinear on a smooth CDF, and a bisection step whenever the
  // bracket fails to halve, so never slower than bisection. At lo and hi, F* is 0 and 1 exactly.
  const auto bracket = [&](double shift) {
    double a = lo, b = hi, ga = -p, gb = 1 - p;
    int retained = 0;  // > 0: b kept on the last steps, < 0: a kept
    double width = b - a;
    while (b - a > tolerance) {
      double x = a - ga * (b - a) / (gb - ga);
      const bool stalled = b - a > width / 2;
      if (stalled || !(x > a && x < b)) x = a + (b - a) / 2;
      if (!(x > a && x < b)) break;
      if (stalled) width = b - a;
      const ValueWithError f = cdf(x);
      const double g = f.value + shift * f.error - p;
      if (g >= 0) {
        b = x;
        gb = g;
        if (retained < 0) ga /= 2;
        retained = retained < 0 ? retained - 1 : -1;
      } else {
        a = x;
        ga = g;
        if (retained > 0) gb /= 2;
        retained = retained > 0 ? retained + 1 : 1;
      }
    }
    return std::pair{a, b};
  };
  // upper: the smallest point found with F - e >= p; lower: the largest with F + e < p.
  const double upper = bracket(-1).second;
  const double lower = bracket(+1).first;
  return {lower, upper};
}

}  // namespace attnlaw::reference
