// `attnlaw simulate sphere`: one Monte Carlo experiment of the weights of n uniform keys, for a
// user's own question, with the samplers and streams the claims use, beside the exact finite-n
// law where it answers.
#include <fmt/core.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/simulation_output.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "reference/extreme_value/critical_scale.hpp"
#include "reference/numerics/domain.hpp"
#include "reference/poisson_process/summary.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/check.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/point.hpp"
#include "verify/harness/thread_count.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_truncated.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

struct SimulateArguments {
  std::string d, n, gamma, beta, reps, sampler = "truncated", seed = "20261130", threads, max_draws, samples;
  bool json = false, no_reference = false;
};

// The exact finite-n law at beta = gamma n^{2/(d-1)} (reference/poisson_process/summary.hpp),
// where it answers to its stated accuracy; otherwise the reason it does not.
struct SphereReference {
  std::optional<reference::CriticalSummary> summary;
  std::string unavailable;
};

SphereReference sphere_reference(int d, std::uint64_t n, double beta) {
  try {
    return {reference::sphere_critical_finite_n(d, reference::sphere_critical_gamma(d, beta, static_cast<double>(n)), n,
                                                false, true),
            ""};
  } catch (const reference::OutOfDomain& e) {
    return {std::nullopt, fmt::format("the exact finite-n law refuses {}: {}", e.argument(), e.reason())};
  }
}

// 3e9 key coordinates: about a minute on one core (the naive sampler draws 4e7 a second).
constexpr double kDefaultMaxDraws = 3e9;

// The cost known before a key is drawn: keys per replicate (all n for the naive sampler, the
// expected number kept below the threshold for the truncated one) times d coordinates times the
// replicates. Past the truncated sampler's own limit per replicate, or past --max-draws, refused.
void check_cost(const SimulateArguments& a, int d, std::uint64_t n, double beta, std::size_t reps) {
  const bool naive = a.sampler == "naive";
  const double keys = naive ? static_cast<double>(n) : sample::expected_retained_sphere_keys(n, d, beta);
  if (!naive && keys > sample::kMaxRetainedKeys) {
    throw UsageError(fmt::format(
        "--beta/--gamma: at d = {}, n = {}, beta = {:.6g} the truncated sampler would keep about {:.3g} keys per "
        "replicate (limit 2^26): the keys within ln(n/1e-15)/beta of the nearest grow like that to the power "
        "(d-1)/2; use a larger beta or gamma, a smaller d, or a smaller n",
        d, n, beta, keys));
  }
  const double limit =
      a.max_draws.empty() ? kDefaultMaxDraws : static_cast<double>(parse_integer("--max-draws", a.max_draws, 1));
  const double draws = keys * d * static_cast<double>(reps);
  if (draws > limit) {
    throw UsageError(
        fmt::format("--reps/--n: this run would draw about {:.3g} key coordinates ({} sampler, {:.3g} keys "
                    "x d = {} x {} replicates), above the limit {:.3g}; --max-draws raises it",
                    draws, a.sampler, keys, d, reps, limit));
  }
}

int simulate_sphere(const SimulateArguments& a) {
  const int d = static_cast<int>(parse_integer("--d", a.d, 2, 4096));
  const std::uint64_t n = parse_integer("--n", a.n, 1, 1ull << 53);
  const std::size_t reps = parse_integer("--reps", a.reps, 1, 100000000);
  const auto seed = static_cast<std::uint32_t>(parse_integer("--seed", a.seed, 0, UINT32_MAX));
  if (a.gamma.empty() == a.beta.empty()) throw UsageError("--gamma/--beta: expected exactly one of them");
  const double beta = a.beta.empty() ? reference::sphere_critical_beta(d, parse_real("--gamma", a.gamma, 0, 1e12),
                                                                       static_cast<double>(n))
                                     : parse_real("--beta", a.beta, 0, 1e300);
  if (!std::isfinite(beta)) throw UsageError("--gamma: gamma n^{2/(d-1)} overflows a double");
  if (a.sampler != "naive" && a.sampler != "truncated") {
    throw UsageError(fmt::format("--sampler: expected naive or truncated, got '{}'", a.sampler));
  }
  harness::use_threads(a.threads.empty() ? 0 : static_cast<int>(parse_integer("--threads", a.threads, 1, 1024)));
  check_cost(a, d, n, beta, reps);

  // Keyed by the experiment's canonical label, never by how its numbers were typed or printed.
  const auto stream = rng::make_key(
      seed, "simulate/sphere", harness::canonical_label({{"d", d}, {"n", n}, {"beta", beta}, {"sampler", a.sampler}}));
  std::vector<double> top(reps), above(reps), sum_sq(reps);
  const auto start = std::chrono::steady_clock::now();
  try {
    harness::for_each_replicate(reps, [&](std::size_t r) {
      const auto rep = static_cast<std::uint32_t>(r);
      if (a.sampler == "naive") {
        attention::OnlineSoftmaxAverage<double> softmax(0);
        sample::for_each_naive_sphere_key(
            stream, rep, n, static_cast<std::size_t>(d),
            [&](std::uint64_t, std::span<const double> key) { softmax.add(-beta * sample::gap_to_query(key), {}); });
        top[r] = softmax.top_weight();
        sum_sq[r] = softmax.sum_squared_weights();
      } else {
        const auto keys = sample::sample_sphere_truncated(stream, rep, n, d, beta);
        const auto w = attention::summarize_weights(keys.gaps, beta);
        top[r] = w.top_weight;
        sum_sq[r] = w.sum_sq;
      }
      above[r] = top[r] >= 0.5 ? 1.0 : 0.0;
    });
  } catch (const std::length_error&) {
    throw UsageError(fmt::format(
        "--beta/--gamma: beta = {:.6g} is far below the critical scale of n = {} keys: the truncated sampler "
        "would keep more than 2^26 keys; use a larger beta, a smaller n or --sampler naive",
        beta, n));
  }
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;

  const stats::MeanWithError m_top = stats::mean_with_error_of_run(top), m_above = stats::mean_with_error_of_run(above),
                             m_sq = stats::mean_with_error_of_run(sum_sq);
  if (!a.samples.empty()) write_samples(a.samples, {"w_top", "top_ge_half", "sum_sq"}, {top, above, sum_sq});
  const SphereReference ref =
      a.no_reference ? SphereReference{std::nullopt, "--no-reference"} : sphere_reference(d, n, beta);
  const auto reference_of = [&](double reference::CriticalSummary::*value,
                                double reference::CriticalErrors::*error) -> std::optional<ReferenceValue> {
    if (!ref.summary) return std::nullopt;
    return ReferenceValue{(*ref.summary).*value, ref.summary->error.*error};
  };
  using S = reference::CriticalSummary;
  using E = reference::CriticalErrors;
  const std::vector<EstimateLine> lines{
      {"mean_top", "E w_(1)", m_top.mean, m_top.std_error(), reference_of(&S::mean_top, &E::mean_top)},
      {"p_top_ge_half", "P(w_(1) >= 1/2)", m_above.mean, m_above.std_error(),
       reference_of(&S::p_top_ge_half, &E::p_top_ge_half)},
      {"mean_sum_sq", "E sum w^2", m_sq.mean, m_sq.std_error(), reference_of(&S::mean_sum_sq, &E::mean_sum_sq)}};
  const Json doc{{"d", d},
                 {"n", n},
                 {"beta", beta},
                 {"seed", seed},
                 {"reps", reps},
                 {"sampler", a.sampler},
                 {"seconds", seconds.count()}};
  print_simulation(doc,
                   fmt::format("sphere d={} n={} beta={:.6g} sampler={} reps={} ({:.3g} s)", d, n, beta, a.sampler,
                               reps, seconds.count()),
                   lines, ref.unavailable, a.json);
  return kExitPass;
}

}  // namespace

void add_simulate_command(CLI::App& app, int& exit_status) {
  CLI::App* simulate =
      app.add_subcommand("simulate", "Run one Monte Carlo experiment or one trajectory of the dynamics");
  simulate->require_subcommand(1);
  auto args = std::make_shared<SimulateArguments>();
  CLI::App* sphere = simulate->add_subcommand("sphere", "Weights of n keys uniform on S^{d-1} at a fixed query");
  sphere->add_option("--d", args->d, "dimension d >= 2")->required();
  sphere->add_option("--n", args->n, "number of keys")->required();
  sphere->add_option("--gamma", args->gamma, "beta = gamma n^{2/(d-1)}");
  sphere->add_option("--beta", args->beta, "inverse temperature");
  sphere->add_option("--reps", args->reps, "replicates")->required();
  sphere->add_option("--sampler", args->sampler, "naive (all n keys) or truncated (exact, cost independent of n)")
      ->capture_default_str();
  sphere->add_option("--seed", args->seed, "seed")->capture_default_str();
  sphere->add_option("--threads", args->threads, "OpenMP threads (results do not depend on it)");
  sphere->add_option("--max-draws", args->max_draws,
                     "Largest number of key coordinates drawn (keys x d x replicates; default 3e9, about a minute)");
  sphere->add_option("--samples", args->samples,
                     "Save w_(1), 1{w_(1) >= 1/2} and sum w^2 of every replicate to FILE.npy (a record array)");
  sphere->add_flag("--no-reference", args->no_reference,
                   "Skip the exact finite-n reference (it takes seconds to a minute at d >= 5)");
  sphere->add_flag("--json", args->json, "Print one JSON document");
  sphere->callback([args, &exit_status] { exit_status = simulate_sphere(*args); });
  add_simulate_family(*simulate, exit_status);
  add_simulate_dynamics(*simulate, exit_status);
  add_simulate_surrogate(*simulate, exit_status);
}

}  // namespace attnlaw::cli
