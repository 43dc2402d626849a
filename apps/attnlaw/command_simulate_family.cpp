// `attnlaw simulate family`: rows of n i.i.d. scores of one family of the unified framework at
// beta = c h_n, the critical window, with the exact top-K sampler the UF claims use, beside the
// exact finite-n expectations (reference/extreme_value/finite_n_window.hpp) where they answer.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/simulation_output.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "reference/extreme_value/finite_n_window.hpp"
#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "verify/harness/check.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/point.hpp"
#include "verify/harness/thread_count.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

struct FamilyArguments {
  std::string family, shape, n, c, K, reps, seed = "20261130", threads, samples;
  bool json = false, no_reference = false;
};

// Full rows up to here; beyond, the top kTruncatedK and the bulk's conditional mean.
constexpr std::uint64_t kMaxFullRow = 1ull << 20;
constexpr std::uint64_t kTruncatedK = 1ull << 16;
constexpr std::uint64_t kMaxN = 1ull << 53;
// The quadrature of the exact expectations reproduces the PD(1/c, 0) limit within 1e-6 on this
// range of c (tests/unit/unified_framework); outside it no accuracy has been measured.
constexpr double kReferenceMinC = 4.0 / 3.0, kReferenceMaxC = 4.0, kReferenceError = 1e-6;

int simulate_family(const FamilyArguments& a) {
  const reference::ScoreFamily family = parse_family_arguments(a.family, a.shape);
  if (family.kind == reference::ScoreFamily::Kind::uniform) {
    throw UsageError(
        "--family: uniform scores have no Gumbel-type critical window (beta = c h_n); use exponential, "
        "gaussian, weibull or log2");
  }
  const std::uint64_t n = parse_integer("--n", a.n, 2, kMaxN);
  const double c = parse_real("--c", a.c, 1e-3, 1e3);
  const std::size_t reps = parse_integer("--reps", a.reps, 2, 100000000);
  const auto seed = static_cast<std::uint32_t>(parse_integer("--seed", a.seed, 0, UINT32_MAX));
  const std::uint64_t K = a.K.empty() ? (n <= kMaxFullRow ? n : kTruncatedK) : parse_integer("--K", a.K, 2, n);
  if (static_cast<double>(K) * static_cast<double>(reps) > 3e9) {
    throw UsageError(
        fmt::format("--reps/--K: {} rows of {} retained scores is above the limit of 3e9 scores", reps, K));
  }
  harness::use_threads(a.threads.empty() ? 0 : static_cast<int>(parse_integer("--threads", a.threads, 1, 1024)));
  const double h = reference::family_scale<double>(family, static_cast<double>(n)).h;
  const double beta = c * h;

  const auto stream = rng::make_key(
      seed, "simulate/family", harness::canonical_label({{"family", family.name()}, {"n", n}, {"c", c}, {"K", K}}));
  const auto start = std::chrono::steady_clock::now();
  const auto s = theory::unified_framework::simulate_window(family, n, beta, K, reps, stream);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  if (!a.samples.empty())
    write_samples(a.samples, {"top_weight", "sum_sq", "entropy", "partition"},
                  {s.top_weight, s.sum_sq, s.entropy, s.partition});

  std::optional<reference::WindowExpectations<double>> exact;
  std::string unavailable = a.no_reference ? "--no-reference" : "";
  if (!a.no_reference) {
    if (!(c >= kReferenceMinC && c <= kReferenceMaxC)) {
      unavailable = fmt::format("the exact expectations' accuracy is measured for c in [4/3, 4], got c = {:g}", c);
    } else if (n < 100) {
      unavailable = "the exact expectations hold for n >= 100";
    } else {
      try {
        exact = reference::exact_window_expectations<double>(family, static_cast<double>(n), c);
      } catch (const std::exception& e) {
        unavailable = fmt::format("the exact expectations refuse this family: {}", e.what());
      }
    }
  }
  // Beyond the top K the bulk enters through its conditional mean: a bias of relative order
  // K^{1-2c} (theory/unified_framework/critical_window.hpp), added to the reference's bound.
  const double truncation = K < n ? std::pow(static_cast<double>(K), 1 - 2 * c) : 0.0;
  const auto line = [&](const char* name, const char* label, const std::vector<double>& v,
                        double reference::WindowExpectations<double>::*field) {
    const stats::MeanWithError m = stats::mean_with_error_of_run(v);
    EstimateLine out{name, label, m.mean, m.std_error(), std::nullopt};
    if (exact) {
      const double value = (*exact).*field;
      out.reference = ReferenceValue{value, kReferenceError + truncation * std::abs(value)};
    }
    return out;
  };
  using W = reference::WindowExpectations<double>;
  const std::vector<EstimateLine> lines{line("mean_top", "E a_(1)", s.top_weight, &W::top_weight),
                                        line("mean_sum_sq", "E sum a^2", s.sum_sq, &W::sum_sq),
                                        line("mean_entropy", "E H", s.entropy, &W::entropy)};
  const Json doc{{"family", family.name()},
                 {"n", n},
                 {"c", c},
                 {"h_n", h},
                 {"beta", beta},
                 {"K", K},
                 {"seed", seed},
                 {"reps", reps},
                 {"seconds", seconds.count()}};
  print_simulation(doc,
                   fmt::format("family {} n={} c={:g} (beta = c h_n = {:.6g}) K={} reps={} ({:.3g} s)", family.name(),
                               n, c, beta, K, reps, seconds.count()),
                   lines, unavailable, a.json);
  return kExitPass;
}

}  // namespace

void add_simulate_family(CLI::App& simulate, int& exit_status) {
  auto args = std::make_shared<FamilyArguments>();
  CLI::App* cmd = simulate.add_subcommand(
      "family", "Rows of n i.i.d. scores of a UF family in the critical window beta = c h_n (UF.family.*)");
  cmd->add_option("--family", args->family, "exponential, gaussian, weibull or log2")->required();
  cmd->add_option("--shape", args->shape, "p for weibull (required), eta for log2 (default 1)");
  cmd->add_option("--n", args->n, "scores per row, 2 <= n <= 2^53")->required();
  cmd->add_option("--c", args->c, "beta = c h_n (the window is c > 1)")->required();
  cmd->add_option("--K", args->K, "top scores kept per row (default: all up to 2^20, else 2^16)");
  cmd->add_option("--reps", args->reps, "rows")->required();
  cmd->add_option("--seed", args->seed, "seed")->capture_default_str();
  cmd->add_option("--threads", args->threads, "OpenMP threads (results do not depend on it)");
  cmd->add_option("--samples", args->samples, "Save a_(1), sum a^2, H and Z of every row to FILE.npy (a record array)");
  cmd->add_flag("--no-reference", args->no_reference, "Skip the exact finite-n expectations");
  cmd->add_flag("--json", args->json, "Print one JSON document");
  cmd->callback([args, &exit_status] { exit_status = simulate_family(*args); });
}

}  // namespace attnlaw::cli
