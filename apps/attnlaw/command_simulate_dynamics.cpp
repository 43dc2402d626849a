// `attnlaw simulate dynamics`: one trajectory of multi-head self-attention dynamics, summarised
// (energy, per-head energies, attention entropy, mean pairwise inner product over time), with the
// integrator and the initial conditions the MH claims use.
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/dynamics/trajectory_summary.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/point.hpp"
#include "verify/report/atomic_file.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

struct DynamicsArguments {
  std::string n, d, heads = "1", beta, type = "S", geometry = "spherical", t, init = "random", rho0 = "0",
                    scores = "random", samples = "21", tolerance = "1e-10", seed = "20261130", max_steps = "100000",
                    out;
  bool json = false;
};

// One evaluation costs about H (2 n^2 d + 2 n d^2 + 20 n^2) flops; past 2e9 (seconds each, and an
// integration takes thousands) the run is refused before anything is allocated.
constexpr double kMaxEvaluationFlops = 2e9;

std::string csv_of(const dynamics::TrajectorySummary& s) {
  std::string out = "t,energy,mean_entropy,mean_inner_product";
  for (std::size_t h = 0; h < s.samples.front().head_energies.size(); ++h) out += fmt::format(",energy_head_{}", h + 1);
  out += '\n';
  for (const auto& x : s.samples) {
    out += fmt::format("{},{},{},{}", x.t, x.energy, x.mean_entropy, x.mean_inner_product);
    for (double e : x.head_energies) out += fmt::format(",{}", e);
    out += '\n';
  }
  return out;
}

int simulate_dynamics(const DynamicsArguments& a) {
  const auto n = static_cast<Eigen::Index>(parse_integer("--n", a.n, 1, 100000));
  const auto d = static_cast<Eigen::Index>(parse_integer("--d", a.d, 2, 10000));
  const int heads = static_cast<int>(parse_integer("--heads", a.heads, 1, 64));
  const double beta = parse_real("--beta", a.beta, 0.0, 100.0);
  if (!(beta > 0))
    throw UsageError(
        "--beta: expected a number in (0, 100]: the energy E = sum e^{beta s}/(2 beta n^2) needs beta > 0");
  const double t1 = parse_real("--t", a.t, 0.0, 1e6);
  if (!(t1 > 0)) throw UsageError(fmt::format("--t: expected a time > 0, got '{}'", a.t));
  const auto samples = static_cast<std::size_t>(parse_integer("--samples", a.samples, 2, 100000));
  const double tolerance = parse_real("--tolerance", a.tolerance, 1e-14, 1e-2);
  const auto seed = static_cast<std::uint32_t>(parse_integer("--seed", a.seed, 0, 4294967295ull));
  const auto max_steps = static_cast<std::size_t>(parse_integer("--max-steps", a.max_steps, 1, 100000000));
  dynamics::AttentionFlow<double> flow;
  flow.beta = beta;
  if (a.type == "S") {
    flow.normalisation = dynamics::Normalisation::row_softmax;
  } else if (a.type == "U") {
    flow.normalisation = dynamics::Normalisation::unnormalised;
  } else {
    throw UsageError(fmt::format("--type: expected S or U, got '{}'", a.type));
  }
  if (a.geometry == "spherical") {
    flow.geometry = dynamics::Geometry::spherical;
  } else if (a.geometry == "flat") {
    flow.geometry = dynamics::Geometry::flat;
  } else {
    throw UsageError(fmt::format("--geometry: expected spherical or flat, got '{}'", a.geometry));
  }
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  const double flops = heads * (2 * nn * nn * dd + 2 * nn * dd * dd + 20 * nn * nn);
  if (flops > kMaxEvaluationFlops) {
    throw UsageError(
        fmt::format("--n/--d/--heads: one evaluation of the field would cost about {:.1e} flops "
                    "(H (2 n^2 d + 2 n d^2 + 20 n^2)), above the limit {:.0e}",
                    flops, kMaxEvaluationFlops));
  }
  // Streams keyed by what is drawn, never by how numbers were typed.
  const harness::Fields label{{"n", static_cast<std::uint64_t>(n)},
                              {"d", static_cast<std::uint64_t>(d)},
                              {"heads", static_cast<std::uint64_t>(heads)}};
  const rng::StreamKey key = rng::stream_key(seed, {"simulate/dynamics", harness::canonical_label(label)});
  if (a.scores == "random") {
    flow.heads = dynamics::random_symmetric_heads(heads, d, key, 0);
  } else if (a.scores == "identity") {
    for (int h = 0; h < heads; ++h)
      flow.heads.push_back({dynamics::Matrix<double>::Identity(d, d), dynamics::Matrix<double>::Identity(d, d)});
  } else {
    throw UsageError(fmt::format("--scores: expected random or identity, got '{}'", a.scores));
  }
  dynamics::Matrix<double> x0;
  if (a.init == "random") {
    x0 = dynamics::uniform_tokens(n, d, key, 1);
  } else if (a.init == "equiangular") {
    const double rho0 = parse_real("--rho0", a.rho0, 0.0, 1.0);
    if (d < n + 1)
      throw UsageError(fmt::format("--init: equiangular tokens need --d >= --n + 1, got d = {}, n = {}", d, n));
    x0 = dynamics::equiangular_tokens(n, d, rho0);
  } else {
    throw UsageError(fmt::format("--init: expected random or equiangular, got '{}'", a.init));
  }
  dynamics::TrajectorySummary s;
  try {
    s = dynamics::summarise_trajectory(flow, x0, t1, samples, {tolerance, tolerance}, max_steps);
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format(
        "--t/--max-steps: the integration stopped: {} (a smaller --t, a looser --tolerance, or a larger --max-steps)",
        e.what()));
  }
  if (!a.out.empty()) {
    try {
      report::write_file_atomically(a.out, csv_of(s));
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--out: {}", e.what()));
    }
  }
  Json rows = Json::array();
  for (const auto& x : s.samples) {
    rows.push_back(Json{{"t", x.t},
                        {"energy", x.energy},
                        {"head_energies", x.head_energies},
                        {"mean_entropy", x.mean_entropy},
                        {"mean_inner_product", x.mean_inner_product}});
  }
  const Json integrator{{"method", "Dormand-Prince 5(4), dense output"},
                        {"tolerance", tolerance},
                        {"accepted", s.accepted},
                        {"rejected", s.rejected},
                        {"evaluations", s.evaluations},
                        {"error_estimate", s.error_estimate},
                        {"largest_projection", s.largest_projection}};
  if (a.json) {
    std::cout << Json{{"n", n},
                      {"d", d},
                      {"heads", heads},
                      {"beta", beta},
                      {"type", a.type},
                      {"geometry", a.geometry},
                      {"scores", a.scores},
                      {"init", a.init},
                      {"t", t1},
                      {"seed", seed},
                      {"samples", rows},
                      {"integrator", integrator}}
                     .dump(2)
              << '\n';
    return kExitPass;
  }
  fmt::print("dynamics n={} d={} heads={} beta={} type={} {} scores={} init={} t={} seed={}\n", n, d, heads, beta,
             a.type, a.geometry, a.scores, a.init, t1, seed);
  fmt::print("  integrator: {} steps ({} rejected), {} evaluations, error estimate {:.2e}\n", s.accepted, s.rejected,
             s.evaluations, s.error_estimate);
  fmt::print("  {:>10} {:>14} {:>12} {:>12}\n", "t", "energy", "entropy", "mean <x,y>");
  for (const auto& x : s.samples)
    fmt::print("  {:>10.4g} {:>14.8g} {:>12.6f} {:>12.6f}\n", x.t, x.energy, x.mean_entropy, x.mean_inner_product);
  return kExitPass;
}

}  // namespace

void add_simulate_dynamics(CLI::App& simulate, int& exit_status) {
  auto args = std::make_shared<DynamicsArguments>();
  CLI::App* cmd = simulate.add_subcommand("dynamics", "One trajectory of multi-head self-attention dynamics (MH)");
  cmd->add_option("--n", args->n, "number of tokens")->required();
  cmd->add_option("--d", args->d, "dimension d >= 2")->required();
  cmd->add_option("--heads", args->heads, "number of heads H (default 1)");
  cmd->add_option("--beta", args->beta, "inverse temperature, 0 < beta <= 100")->required();
  cmd->add_option("--type", args->type, "S (per-head softmax rows, default) or U (unnormalised)");
  cmd->add_option("--geometry", args->geometry, "spherical (default) or flat");
  cmd->add_option("--t", args->t, "final time")->required();
  cmd->add_option("--init", args->init, "random (uniform on the sphere, default) or equiangular (needs d >= n + 1)");
  cmd->add_option("--rho0", args->rho0, "inner product of the equiangular start (default 0)");
  cmd->add_option("--scores", args->scores, "random (symmetric M_h = V_h, norm 1; default) or identity");
  cmd->add_option("--samples", args->samples, "number of equally spaced output times (default 21)");
  cmd->add_option("--tolerance", args->tolerance, "relative and absolute tolerance of the integrator (default 1e-10)");
  cmd->add_option("--seed", args->seed, "seed of the heads and the random start (default 20261130)");
  cmd->add_option("--max-steps", args->max_steps, "largest number of integrator steps (default 100000)");
  cmd->add_option("--out", args->out, "write the samples as CSV to this file");
  cmd->add_flag("--json", args->json, "Print one JSON document");
  cmd->callback([args, &exit_status] { exit_status = simulate_dynamics(*args); });
}

}  // namespace attnlaw::cli
