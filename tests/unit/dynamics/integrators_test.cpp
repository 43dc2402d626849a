// The integrators (verify/dynamics/dormand_prince.hpp, runge_kutta4.hpp) on problems with closed
// forms, and against Boost.Odeint's independent Dormand–Prince: accuracy within the requested
// tolerance, an error estimate that is of the order of the true error, dense output of fourth
// order, and RK4's fourth-order convergence.
#include <gtest/gtest.h>

#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <vector>

#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/runge_kutta4.hpp"

namespace attnlaw::dynamics {
namespace {

using Vec = State<double>;

// y'' = -y as a system: y = (cos t, -sin t) from (1, 0).
void oscillator(double, const Vec& y, Vec& dydt) {
  dydt.resize(2);
  dydt[0] = y[1];
  dydt[1] = -y[0];
}

Vec start() {
  Vec y(2);
  y << 1.0, 0.0;
  return y;
}

// The global error tracks the tolerance: within 50 times it at 1e-6 .. 1e-12 over ten periods
// (measured: 25 times, the accumulation over 230 .. 3700 steps). The integrator's own estimate, the
// sum of the embedded fourth-order local errors, is conservative: never below the true error of the
// fifth-order solution, and above it by 10 (tolerance 1e-6) to 150 (1e-12) times, so a tolerance
// built on it is safe but not useless.
TEST(DormandPrince, OscillatorErrorFollowsTheToleranceAndItsEstimate) {
  for (double tol : {1e-6, 1e-8, 1e-10, 1e-12}) {
    IntegrationOptions<double> o;
    o.tolerance = {tol, tol};
    const double t1 = 20 * M_PI;
    const auto r = integrate_dormand_prince<double>(oscillator, start(), 0.0, t1, o);
    const double error = std::max(std::abs(r.final_state[0] - std::cos(t1)), std::abs(r.final_state[1] + std::sin(t1)));
    SCOPED_TRACE(tol);
    EXPECT_LE(error, 50 * tol);
    EXPECT_GE(r.error_estimate, error);
    EXPECT_LE(r.error_estimate, 500 * error);
    EXPECT_GT(r.accepted, 10u);
  }
}

// Dense output: at 1000 interior times of a loose run (tolerance 1e-5, long steps) the interpolant
// is within the run's accuracy.
TEST(DormandPrince, DenseOutputIsAsAccurateAsTheSteps) {
  IntegrationOptions<double> o;
  o.tolerance = {1e-5, 1e-5};
  for (int k = 1; k <= 1000; ++k) o.output_times.push_back(6.0 * k / 1000);
  double worst = 0;
  std::size_t seen = 0;
  o.observe = [&](double t, const Vec& y, bool at_step) {
    if (at_step) return;
    ++seen;
    worst = std::max(worst, std::max(std::abs(y[0] - std::cos(t)), std::abs(y[1] + std::sin(t))));
  };
  const auto r = integrate_dormand_prince<double>(oscillator, start(), 0.0, 6.0, o);
  EXPECT_EQ(seen, 1000u);
  EXPECT_LT(r.accepted, 60u) << "the steps are long: the interpolant is what is tested";
  EXPECT_LE(worst, 1e-4);
  // With every step of a fixed length h, the interpolant at the midpoints is as accurate as the
  // steps (within a factor 2) at h = 0.4 .. 0.05, where the error falls from 2e-4 to 8e-10: wrong
  // dense coefficients would leave an O(h^2) interpolation error far above it.
  for (double h : {0.4, 0.2, 0.1, 0.05}) {
    IntegrationOptions<double> f;
    f.tolerance = {1.0, 1.0};  // every step accepted: the step is h
    f.first_step = h;
    f.largest_step = h;
    for (int k = 0; k < 200; ++k) f.output_times.push_back(h * (k + 0.5));
    double at_midpoints = 0, at_steps = 0;
    f.observe = [&](double t, const Vec& y, bool at_step) {
      double& e = at_step ? at_steps : at_midpoints;
      e = std::max(e, std::abs(y[0] - std::cos(t)));
    };
    integrate_dormand_prince<double>(oscillator, start(), 0.0, 200 * h, f);
    EXPECT_LE(at_midpoints, 2 * at_steps) << h;
  }
}

// An independent implementation: Boost.Odeint's runge_kutta_dopri5 with its own controller, on a
// nonlinear problem (the Lorenz system over t in [0, 2]); the two agree to the tolerances' scale.
TEST(DormandPrince, AgreesWithBoostOdeint) {
  const auto lorenz = [](double, const Vec& y, Vec& dydt) {
    dydt.resize(3);
    dydt[0] = 10 * (y[1] - y[0]);
    dydt[1] = y[0] * (28 - y[2]) - y[1];
    dydt[2] = y[0] * y[1] - 8.0 / 3 * y[2];
  };
  Vec y0(3);
  y0 << 1.0, 1.0, 1.0;
  IntegrationOptions<double> o;
  o.tolerance = {1e-12, 1e-12};
  const auto ours = integrate_dormand_prince<double>(lorenz, y0, 0.0, 2.0, o);
  using namespace boost::numeric::odeint;
  std::vector<double> x{1.0, 1.0, 1.0};
  auto stepper = make_dense_output(1e-12, 1e-12, runge_kutta_dopri5<std::vector<double>>());
  integrate_adaptive(stepper,
                     [](const std::vector<double>& y, std::vector<double>& dydt, double) {
                       dydt = {10 * (y[1] - y[0]), y[0] * (28 - y[2]) - y[1], y[0] * y[1] - 8.0 / 3 * y[2]};
                     },
                     x, 0.0, 2.0, 1e-3);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(ours.final_state[i], x[static_cast<std::size_t>(i)], 1e-8) << i;
}

TEST(DormandPrince, RefusesBadArguments) {
  IntegrationOptions<double> o;
  EXPECT_THROW(integrate_dormand_prince<double>(oscillator, start(), 1.0, 1.0, o), std::invalid_argument);
  o.output_times = {2.0, 1.0};
  EXPECT_THROW(integrate_dormand_prince<double>(oscillator, start(), 0.0, 3.0, o), std::invalid_argument);
  IntegrationOptions<double> limited;
  limited.step_limit = 5;
  EXPECT_THROW(integrate_dormand_prince<double>(oscillator, start(), 0.0, 100.0, limited), std::runtime_error);
  const auto blow_up = [](double, const Vec& y, Vec& dydt) { dydt = y.cwiseProduct(y); };  // y' = y^2, y(0) = 1
  Vec one(1);
  one << 1.0;
  EXPECT_THROW(integrate_dormand_prince<double>(blow_up, one, 0.0, 2.0, IntegrationOptions<double>{}), std::runtime_error);
}

// RK4: global error O(dt^4): halving dt divides it by 16 (within 14-18).
TEST(RungeKutta4, FourthOrderConvergence) {
  const auto error = [](std::size_t steps) {
    const Vec y = integrate_runge_kutta4<double>(oscillator, start(), 0.0, 10.0, steps);
    return std::abs(y[0] - std::cos(10.0));
  };
  const double ratio = error(200) / error(400);
  EXPECT_GT(ratio, 14.0);
  EXPECT_LT(ratio, 18.0);
}

}  // namespace
}  // namespace attnlaw::dynamics
