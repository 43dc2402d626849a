// `attnlaw simulate surrogate`: one recovery experiment of the EB surrogate (is r* read off the
// data before training?) with the user's n, d, r*, noise and sample size, the sampler and
// estimators the claim EB.recovery uses, and every estimate side by side.
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "reference/spectra/effective_rank.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/point.hpp"
#include "verify/surrogate/recovery_experiment.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

struct SurrogateArguments {
  std::string n, d, rank, noise, samples, seed = "20261202", covariance = "identity";
  bool json = false;
};

// The run draws 2 n N d normals (about 3e7 a second) and spends about 4 n^2 N d flops on products:
// past 1e9 coordinates or 1e11 flops (a minute or so on one core) it is refused before drawing.
constexpr double kMaxCoordinates = 1e9;
constexpr double kMaxFlops = 1e11;
// The probability that the noise floor is exceeded (THEORY.md §3).
constexpr double kFloorDelta = 1e-3;
constexpr double kToeplitzCorrelation = 0.5;

int simulate_surrogate(const SurrogateArguments& a) {
  const auto n = static_cast<Eigen::Index>(parse_integer("--n", a.n, 2, 1024));
  const auto d = static_cast<Eigen::Index>(parse_integer("--d", a.d, 1, 100000));
  const auto rank = static_cast<std::size_t>(parse_integer("--rank", a.rank, 1, static_cast<std::uint64_t>(n)));
  const double noise = parse_real("--noise", a.noise, 0.0, 1e6);
  const std::uint64_t samples = parse_integer("--samples", a.samples, 1, 1000000000000ull);
  const auto seed = static_cast<std::uint32_t>(parse_integer("--seed", a.seed, 0, 4294967295ull));
  if (a.covariance != "identity" && a.covariance != "toeplitz")
    throw UsageError(fmt::format("--covariance: expected identity or toeplitz, got '{}'", a.covariance));
  const double nn = static_cast<double>(n), columns = static_cast<double>(samples) * static_cast<double>(d);
  if (columns <= nn)
    throw UsageError(
        fmt::format("--samples/--d: N d = {:g} is not above n = {}: C_XX is singular or no degrees of "
                    "freedom are left to estimate the noise; use N d > n",
                    columns, n));
  if (nn * columns > kMaxCoordinates || 4 * nn * nn * columns > kMaxFlops)
    throw UsageError(
        fmt::format("--samples/--n/--d: this run would draw {:.3g} coordinates (n N d) and spend about "
                    "{:.3g} flops (4 n^2 N d), above the limits {:.0e} and {:.0e}",
                    nn * columns, 4 * nn * nn * columns, kMaxCoordinates, kMaxFlops));

  // Streams keyed by what is drawn: the same T* and the same Gaussian draws at every noise level.
  const std::string label = harness::canonical_label({{"n", static_cast<std::uint64_t>(n)},
                                                      {"d", static_cast<std::uint64_t>(d)},
                                                      {"rank", static_cast<std::uint64_t>(rank)},
                                                      {"covariance", a.covariance}});
  std::vector<double> planted(rank);
  std::iota(planted.rbegin(), planted.rend(), 1.0);  // r*, r* - 1, ..., 1
  surrogate::RecoveryDesign design{
      surrogate::planted_operator(n, planted, rng::stream_key(seed, {"simulate/surrogate", label, "operator"}), 0, 0),
      a.covariance == "toeplitz" ? surrogate::symmetric_sqrt(surrogate::toeplitz_covariance(n, kToeplitzCorrelation))
                                 : surrogate::Matrix::Identity(n, n),
      d, samples, noise};
  const surrogate::RecoveryMoments m =
      surrogate::sample_moments(design, rng::stream_key(seed, {"simulate/surrogate", label, "data"}), 0);
  const surrogate::Matrix t_hat = surrogate::whitened_operator(m);
  const surrogate::RankEstimates e = surrogate::estimate_ranks(m, t_hat, kFloorDelta);
  const std::span<const double> s(e.sigma.data(), static_cast<std::size_t>(e.sigma.size()));
  const double relative_error = (t_hat - design.t_star).norm() / design.t_star.norm();
  const std::vector<double> sigma(s.begin(), s.end());
  const Json estimates{{"gap", e.gap},
                       {"threshold", e.threshold},
                       {"energy_rank_0.9", reference::energy_rank(s, 0.9)},
                       {"energy_rank_0.95", reference::energy_rank(s, 0.95)},
                       {"energy_rank_0.99", e.energy_99},
                       {"energy_entropy_rank", e.energy_entropy},
                       {"roy_vetterli_rank", reference::roy_vetterli_rank(s)},
                       {"participation_ratio", reference::participation_ratio(s)}};
  if (a.json) {
    std::cout << Json{{"n", n},
                      {"d", d},
                      {"rank", rank},
                      {"noise", noise},
                      {"samples", samples},
                      {"covariance", a.covariance},
                      {"seed", seed},
                      {"planted_singular_values", planted},
                      {"singular_values", sigma},
                      {"relative_error", relative_error},
                      {"noise_sd_estimate", e.noise_sd},
                      {"threshold", e.floor},
                      {"threshold_delta", kFloorDelta},
                      {"estimates", estimates}}
                     .dump(2)
              << '\n';
    return kExitPass;
  }
  fmt::print("surrogate n={} d={} r*={} noise={} samples={} covariance={} seed={}\n", n, d, rank, noise, samples,
             a.covariance, seed);
  fmt::print("  planted sigma(T*): r*, ..., 1; |T^ - T*|_F / |T*|_F = {:.3e}\n", relative_error);
  fmt::print("  sigma(C_YX C_XX^-1):");
  for (double v : sigma) fmt::print(" {:.4g}", v);
  fmt::print("\n  noise s.d. from the residual {:.4g}; threshold max(noise floor at delta = {:g}, rounding) {:.4g}\n",
             e.noise_sd, kFloorDelta, e.floor);
  fmt::print("  estimated rank: gap {}  threshold {}  r_0.9 {}  r_0.95 {}  r_0.99 {}\n", e.gap, e.threshold,
             estimates.at("energy_rank_0.9").get<std::size_t>(), estimates.at("energy_rank_0.95").get<std::size_t>(),
             e.energy_99);
  fmt::print("  effective rank: energy entropy {:.4f}  Roy-Vetterli {:.4f}  participation ratio {:.4f}\n",
             e.energy_entropy, estimates.at("roy_vetterli_rank").get<double>(),
             estimates.at("participation_ratio").get<double>());
  return kExitPass;
}

}  // namespace

void add_simulate_surrogate(CLI::App& simulate, int& exit_status) {
  auto args = std::make_shared<SurrogateArguments>();
  CLI::App* cmd = simulate.add_subcommand(
      "surrogate", "One recovery experiment of the EB token-mixing surrogate: r* estimated from data (EB)");
  cmd->add_option("--n", args->n, "number of tokens, 2 <= n <= 1024")->required();
  cmd->add_option("--d", args->d, "channels per sequence")->required();
  cmd->add_option("--rank", args->rank, "planted rank r* of T*, singular values r*, ..., 1")->required();
  cmd->add_option("--noise", args->noise, "s.d. of the target noise")->required();
  cmd->add_option("--samples", args->samples, "number of sequences N (N d > n)")->required();
  cmd->add_option("--seed", args->seed, "seed of T* and the data (default 20261202)");
  cmd->add_option("--covariance", args->covariance,
                  "token covariance: identity (default) or toeplitz (0.5^|i-j|, so whitening matters)");
  cmd->add_flag("--json", args->json, "Print one JSON document");
  cmd->callback([args, &exit_status] { exit_status = simulate_surrogate(*args); });
}

}  // namespace attnlaw::cli
