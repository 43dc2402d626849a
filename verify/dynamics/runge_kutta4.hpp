#pragma once
// Classical fixed-step RK4, the cross-check of the adaptive integrator: a different method with
// a different error law (global error O(dt^4), no error control), so agreement between the two
// is evidence about the trajectory rather than about one method's tuning.
#include <cmath>
#include <cstddef>
#include <functional>
#include <stdexcept>

#include "verify/dynamics/dormand_prince.hpp"

namespace attnlaw::dynamics {

// steps equal steps from t0 to t1; `project` (optional) after each step, as for Dormand–Prince;
// `observe(t, y)` (optional) at t0 and after each step.
template <class Real, class Field>
State<Real> integrate_runge_kutta4(Field&& f, State<Real> y, Real t0, Real t1, std::size_t steps,
                                   const std::function<void(State<Real>&)>& project = {},
                                   const std::function<void(Real, const State<Real>&)>& observe = {}) {
  if (steps == 0 || !(t1 > t0)) throw std::invalid_argument("integrate_runge_kutta4: need steps >= 1 and t0 < t1");
  const Real dt = (t1 - t0) / static_cast<Real>(steps);
  const Eigen::Index n = y.size();
  State<Real> k1(n), k2(n), k3(n), k4(n), stage(n);
  if (observe) observe(t0, y);
  for (std::size_t s = 0; s < steps; ++s) {
    const Real t = t0 + dt * static_cast<Real>(s);
    f(t, y, k1);
    stage = y + (dt / 2) * k1;
    f(t + dt / 2, stage, k2);
    stage = y + (dt / 2) * k2;
    f(t + dt / 2, stage, k3);
    stage = y + dt * k3;
    f(t + dt, stage, k4);
    y += (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
    if (!y.allFinite()) throw std::runtime_error("integrate_runge_kutta4: the state is not finite");
    if (project) project(y);
    if (observe) observe(s + 1 == steps ? t1 : t + dt, y);
  }
  return y;
}

}  // namespace attnlaw::dynamics
