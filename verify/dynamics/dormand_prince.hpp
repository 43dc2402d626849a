#pragma once
// Adaptive Dormand–Prince 5(4) for y' = f(t, y) on a vector state: fifth-order steps (local
// extrapolation), the embedded fourth-order solution for the error estimate, the FSAL stage, and
// Shampine's fourth-order continuous extension for dense output at requested times. The tableau,
// the dense-output coefficients, the error norm and the step-size rule are those of Dormand and
// Prince (J. Comput. Appl. Math. 6, 1980) and of Hairer, Nørsett and Wanner, Solving ODEs I, §II.4-6.
//
// Why a projection hook: token dynamics on the sphere are integrated in the ambient space; the
// exact flow stays on the sphere, and renormalising after each accepted step removes the drift of
// the discrete solution (of the order of the local error). A projection that moves the state
// invalidates the FSAL stage, so f is evaluated again at the projected state.
//
// The integrator's own accuracy statement is `Integration::error_estimate`: the sum over accepted
// steps of the max-norm of the local error estimate, a first-order estimate of the global error
// for a flow that does not amplify errors. Claims turn it into tolerances, and check it against a
// second run at a tighter tolerance (the error of the loose run is then measured, not assumed).
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

namespace attnlaw::dynamics {

template <class Real>
using State = Eigen::Matrix<Real, Eigen::Dynamic, 1>;

template <class Real>
struct Tolerance {
  Real relative = Real(1e-10);
  Real absolute = Real(1e-12);
};

template <class Real>
struct Integration {
  State<Real> final_state;
  Real error_estimate = 0;      // sum of the accepted steps' local error estimates (max-norm)
  Real largest_projection = 0;  // largest change a projection made to an accepted step (max-norm)
  std::size_t accepted = 0;
  std::size_t rejected = 0;
  std::size_t evaluations = 0;  // calls of f
};

template <class Real>
struct IntegrationOptions {
  Tolerance<Real> tolerance;
  Real first_step = 0;                    // 0: chosen from f at the start (Hairer's rule)
  Real largest_step = std::numeric_limits<Real>::infinity();
  std::size_t step_limit = 10'000'000;    // accepted + rejected; std::runtime_error beyond
  std::vector<Real> output_times;         // ascending, within [t0, t1]: dense output there
  // After each accepted step: y may be changed in place (the sphere's renormalisation).
  std::function<void(State<Real>&)> project;
  // At each requested output time, and after each accepted step (`at_step` true).
  std::function<void(Real t, const State<Real>& y, bool at_step)> observe;
};

namespace detail {

// Butcher tableau of DOPRI5 (c, a; the fifth-order weights are the last row of a).
template <class Real>
struct Dopri5Tableau {
  static constexpr Real c2 = Real(1) / 5, c3 = Real(3) / 10, c4 = Real(4) / 5, c5 = Real(8) / 9;
  static constexpr Real a21 = Real(1) / 5;
  static constexpr Real a31 = Real(3) / 40, a32 = Real(9) / 40;
  static constexpr Real a41 = Real(44) / 45, a42 = Real(-56) / 15, a43 = Real(32) / 9;
  static constexpr Real a51 = Real(19372) / 6561, a52 = Real(-25360) / 2187, a53 = Real(64448) / 6561,
                        a54 = Real(-212) / 729;
  static constexpr Real a61 = Real(9017) / 3168, a62 = Real(-355) / 33, a63 = Real(46732) / 5247,
                        a64 = Real(49) / 176, a65 = Real(-5103) / 18656;
  static constexpr Real b1 = Real(35) / 384, b3 = Real(500) / 1113, b4 = Real(125) / 192, b5 = Real(-2187) / 6784,
                        b6 = Real(11) / 84;
  // b - b*: the fifth- minus the fourth-order weights.
  static constexpr Real e1 = Real(71) / 57600, e3 = Real(-71) / 16695, e4 = Real(71) / 1920,
                        e5 = Real(-17253) / 339200, e6 = Real(22) / 525, e7 = Real(-1) / 40;
  // Shampine's dense output.
  static constexpr Real d1 = Real(-12715105075.0L) / Real(11282082432.0L), d3 = Real(87487479700.0L) / Real(32700410799.0L),
                        d4 = Real(-10690763975.0L) / Real(1880347072.0L), d5 = Real(701980252875.0L) / Real(199316789632.0L),
                        d6 = Real(-1453857185.0L) / Real(822651844.0L), d7 = Real(69997945.0L) / Real(29380423.0L);
};

// Hairer's scaled RMS norm of the error, sc_i = atol + rtol max(|y0_i|, |y1_i|).
template <class Real>
Real scaled_error(const State<Real>& err, const State<Real>& y0, const State<Real>& y1, const Tolerance<Real>& tol) {
  Real sum = 0;
  for (Eigen::Index i = 0; i < err.size(); ++i) {
    const Real sc = tol.absolute + tol.relative * std::max(std::abs(y0[i]), std::abs(y1[i]));
    const Real q = err[i] / sc;
    sum += q * q;
  }
  return std::sqrt(sum / static_cast<Real>(std::max<Eigen::Index>(err.size(), 1)));
}

}  // namespace detail

// Integrates from t0 to t1 > t0. f(t, y, dydt) writes the derivative. Throws std::invalid_argument
// for a bad interval or tolerance, std::runtime_error when the step limit is reached or the step
// size underflows (a singular or too stiff problem), or when f returns a non-finite value.
template <class Real, class Field>
Integration<Real> integrate_dormand_prince(Field&& f, State<Real> y, Real t0, Real t1,
                                           const IntegrationOptions<Real>& options) {
  using T = detail::Dopri5Tableau<Real>;
  const Tolerance<Real>& tol = options.tolerance;
  if (!(t1 > t0) || !std::isfinite(t1 - t0)) throw std::invalid_argument("integrate_dormand_prince: need t0 < t1, finite");
  if (!(tol.relative > 0) || !(tol.absolute >= 0)) throw std::invalid_argument("integrate_dormand_prince: tolerances");
  if (!std::is_sorted(options.output_times.begin(), options.output_times.end()) ||
      (!options.output_times.empty() && (options.output_times.front() < t0 || options.output_times.back() > t1)))
    throw std::invalid_argument("integrate_dormand_prince: output times must be ascending within [t0, t1]");

  const Eigen::Index n = y.size();
  Integration<Real> out;
  State<Real> k1(n), k2(n), k3(n), k4(n), k5(n), k6(n), k7(n), stage(n), y1(n), err(n), projected(n);
  const auto eval = [&](Real t, const State<Real>& at, State<Real>& k) {
    f(t, at, k);
    ++out.evaluations;
    if (!k.allFinite()) throw std::runtime_error("integrate_dormand_prince: the field is not finite");
  };
  eval(t0, y, k1);

  Real h = options.first_step;
  if (!(h > 0)) {  // Hairer's starting step: balance the first and second derivatives' sizes
    const auto sc = [&](Eigen::Index i) { return tol.absolute + tol.relative * std::abs(y[i]); };
    Real d0 = 0, d1 = 0;
    for (Eigen::Index i = 0; i < n; ++i) d0 = std::max(d0, std::abs(y[i]) / sc(i)), d1 = std::max(d1, std::abs(k1[i]) / sc(i));
    const Real h0 = (d0 < Real(1e-5) || d1 < Real(1e-5)) ? Real(1e-6) : Real(0.01) * d0 / d1;
    stage = y + h0 * k1;
    eval(t0 + h0, stage, k2);
    Real d2 = 0;
    for (Eigen::Index i = 0; i < n; ++i) d2 = std::max(d2, std::abs(k2[i] - k1[i]) / sc(i) / h0);
    const Real h1 = std::max(d1, d2) <= Real(1e-15) ? std::max(Real(1e-6), h0 * Real(1e-3))
                                                   : std::pow(Real(0.01) / std::max(d1, d2), Real(1) / 5);
    h = std::min(Real(100) * h0, h1);
  }
  h = std::min({h, options.largest_step, t1 - t0});

  std::size_t next_output = 0;
  const auto emit_outputs_up_to = [&](Real t, Real step, const State<Real>& y0, const State<Real>& y_end) {
    // Dense output on (t, t + step]: y(t + theta step), Hairer's rcont form.
    while (next_output < options.output_times.size() && options.output_times[next_output] <= t + step) {
      const Real theta = (options.output_times[next_output] - t) / step, one_minus = 1 - theta;
      const State<Real> r2 = y_end - y0;
      const State<Real> r3 = step * k1 - r2;
      const State<Real> r4 = r2 - step * k7 - r3;
      const State<Real> r5 = step * (T::d1 * k1 + T::d3 * k3 + T::d4 * k4 + T::d5 * k5 + T::d6 * k6 + T::d7 * k7);
      const State<Real> at = y0 + theta * (r2 + one_minus * (r3 + theta * (r4 + one_minus * r5)));
      if (options.observe) options.observe(options.output_times[next_output], at, false);
      ++next_output;
    }
  };
  while (next_output < options.output_times.size() && options.output_times[next_output] <= t0) {
    if (options.observe) options.observe(options.output_times[next_output], y, false);
    ++next_output;
  }
  if (options.observe) options.observe(t0, y, true);

  Real t = t0;
  bool last_rejected = false;
  while (t < t1) {
    if (out.accepted + out.rejected >= options.step_limit)
      throw std::runtime_error("integrate_dormand_prince: step limit reached (too stiff, or too tight a tolerance)");
    if (t + h > t1 || t1 - (t + h) < Real(1e-12) * (t1 - t0)) h = t1 - t;
    if (!(h > std::abs(t) * std::numeric_limits<Real>::epsilon() * 4))
      throw std::runtime_error("integrate_dormand_prince: the step size underflowed");
    stage = y + h * T::a21 * k1;
    eval(t + T::c2 * h, stage, k2);
    stage = y + h * (T::a31 * k1 + T::a32 * k2);
    eval(t + T::c3 * h, stage, k3);
    stage = y + h * (T::a41 * k1 + T::a42 * k2 + T::a43 * k3);
    eval(t + T::c4 * h, stage, k4);
    stage = y + h * (T::a51 * k1 + T::a52 * k2 + T::a53 * k3 + T::a54 * k4);
    eval(t + T::c5 * h, stage, k5);
    stage = y + h * (T::a61 * k1 + T::a62 * k2 + T::a63 * k3 + T::a64 * k4 + T::a65 * k5);
    eval(t + h, stage, k6);
    y1 = y + h * (T::b1 * k1 + T::b3 * k3 + T::b4 * k4 + T::b5 * k5 + T::b6 * k6);
    eval(t + h, y1, k7);
    err = h * (T::e1 * k1 + T::e3 * k3 + T::e4 * k4 + T::e5 * k5 + T::e6 * k6 + T::e7 * k7);
    const Real e = detail::scaled_error(err, y, y1, tol);
    // Step-size factor 0.9 e^{-1/5}, kept in [0.2, 10]; no growth right after a rejection.
    const Real factor = e == 0 ? Real(10) : std::clamp(Real(0.9) * std::pow(e, Real(-0.2)), Real(0.2), Real(10));
    if (e <= 1) {
      emit_outputs_up_to(t, h, y, y1);
      out.error_estimate += err.cwiseAbs().maxCoeff();
      t = (h == t1 - t) ? t1 : t + h;
      y = y1;
      k1 = k7;
      if (options.project) {
        projected = y;
        options.project(projected);
        const Real moved = (projected - y).cwiseAbs().maxCoeff();
        out.largest_projection = std::max(out.largest_projection, moved);
        if (moved != 0) {
          y = projected;
          eval(t, y, k1);
        }
      }
      ++out.accepted;
      if (options.observe) options.observe(t, y, true);
      h = std::min(h * (last_rejected ? std::min(factor, Real(1)) : factor), options.largest_step);
      last_rejected = false;
    } else {
      ++out.rejected;
      h *= factor;
      last_rejected = true;
    }
  }
  out.final_state = std::move(y);
  return out;
}

}  // namespace attnlaw::dynamics
