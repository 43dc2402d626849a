// Upper tail of L = lim Lambda_n / h_n = sup_{k>=2} log k / M_{k-1}, M_{k-1} = sum_{i<k} E_i / i
// (theory-notes UF.md UF.gumbel.lambda-law), by Monte Carlo with an exact treatment of the sup.
//
// Representation. As processes in k, (M_{k-1})_{k>=1} =_d (log(Gamma_k / Gamma_1))_{k>=1} with
// Gamma_k = E_1 + ... + E_k: the ratios Gamma_k / Gamma_{k+1} are independent Beta(k, 1) =_d
// U^{1/k} (beta-gamma algebra), so log(Gamma_{k+1}/Gamma_k) =_d E_k / k independently. Hence
//   log k / M_{k-1} > x  <=>  Gamma_k < Gamma_1 k^{1/x},
// and the partial sums Gamma_k can be sampled at sparse k: Gamma_b = Gamma_a + Gamma(b - a), and
// given Gamma_a and Gamma_b, Gamma_m = Gamma_a + (Gamma_b - Gamma_a) Beta(m - a, b - m) (the
// Dirichlet bridge), both exact.
//
// The sup, exactly above x_min = 1.1 (the smallest tabulated x). Per sample, Gamma_1..Gamma_32 are
// drawn one by one; then dyadic blocks [a, 2a) with only the endpoints drawn. For interior k of a
// block, log k / M_{k-1} < log b / log(Gamma_a / Gamma_1); a block whose bound does not exceed the
// running maximum (started at x_min) cannot change any indicator {L > x}, x >= x_min; otherwise
// it is split at its midpoint by the bridge, recursively down to single k. The result is
// max(L_K, x_min) with L_K the sup over k <= K, exact for every sample.
//
// Truncation (K_max). After each block the probability that some k > K exceeds x_min, given the
// sample so far, is bounded by a union over the geometric grid a_i = K (1 + 1/64)^i:
//   P(exists k in [a_i, a_{i+1}): Gamma_k < Gamma_1 k^{1/x}) <= P(Gamma_{a_i} < Gamma_1 a_{i+1}^{1/x}),
//   Gamma_{a_i} - Gamma_K ~ Gamma(a_i - K), P(Gamma(s) <= rho s) <= exp(-s (rho - 1 - log rho)) (Chernoff).
// Blocks are added until that bound is below 1e-15 or K reaches K_max = 2^60; the sample's final
// bound is accumulated, and its mean bounds (in expectation) the probability that truncation
// changed any tabulated indicator. The far blocks matter: for x = 1.1 a sample with Gamma_1 = 5
// can still exceed x near k ~ 5^{11}, so the exceedance of 1.1 is genuinely not a small-k event.
//
// Usage: generate_lambda_law_table OUTPUT_HEADER [SAMPLES [SEED]]
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "verify/rng/beta.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/philox_stream.hpp"

namespace {

constexpr std::array<double, 8> kX = {1.1, 1.25, 1.5, 2, 3, 5, 10, 20};
constexpr double kFloor = 1.1;
constexpr std::uint64_t kDirect = 32;
constexpr std::uint64_t kCap = std::uint64_t{1} << 60;
constexpr double kTailTarget = 1e-15;

// Chernoff bound on P(exists k > K: Gamma_k < Gamma_1 k^{1/x_min}) given Gamma_1 and Gamma_K.
double tail_bound(double gamma1, double K, double gamma_K) {
  const double step = 1.0 + 1.0 / 64;
  double total = 0;
  double a = K;
  for (int i = 0; i < 100000; ++i) {
    const double next = a * step;
    const double threshold = gamma1 * std::pow(next, 1 / kFloor) - gamma_K;
    double term;
    if (threshold <= 0) {
      term = 0;
    } else if (i == 0) {
      term = 1;  // Gamma_{a_0} = Gamma_K is known and below the threshold
    } else {
      const double shape = a - K;
      const double rho = threshold / shape;
      term = rho >= 1 ? 1 : std::exp(-shape * (rho - 1 - std::log(rho)));
    }
    total += term;
    if (total >= 1) return 1;
    // Beyond a^{1 - 1/x} >> Gamma_1 the terms fall faster than geometrically.
    if (term < 1e-300 && i > 64 && gamma1 * std::pow(next, 1 / kFloor) < 0.5 * a) break;
    a = next;
    if (a > 1e300) break;
  }
  return total;
}

struct Sampler {
  attnlaw::rng::SampleSource source;
  double gamma1 = 0;
  double best = kFloor;
  std::uint64_t nodes = 0;

  void consider(std::uint64_t k, double gamma_k) {
    const double v = std::log(static_cast<double>(k)) / std::log(gamma_k / gamma1);
    if (v > best) best = v;
  }

  // Interior points of (a, b) with Gamma_a, Gamma_b known.
  void refine(std::uint64_t a, double gamma_a, std::uint64_t b, double gamma_b) {
    if (b - a <= 1) return;
    if (std::log(static_cast<double>(b)) / std::log(gamma_a / gamma1) <= best) return;
    const std::uint64_t m = a + (b - a) / 2;
    const attnlaw::rng::beta_distribution<double> bridge(static_cast<double>(m - a), static_cast<double>(b - m));
    const double gamma_m = gamma_a + (gamma_b - gamma_a) * bridge(source);
    ++nodes;
    consider(m, gamma_m);
    refine(a, gamma_a, m, gamma_m);
    refine(m, gamma_m, b, gamma_b);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: generate_lambda_law_table OUTPUT_HEADER [SAMPLES [SEED]]\n";
    return 2;
  }
  const std::string output = argv[1];
  const std::uint64_t samples = argc > 2 ? std::stoull(argv[2]) : 1000000;
  const std::uint32_t seed = argc > 3 ? static_cast<std::uint32_t>(std::stoul(argv[3])) : 20260601u;
  const auto key = attnlaw::rng::make_key(seed, "UF.gumbel.lambda-law", "reference-table");
  const auto started = std::chrono::steady_clock::now();

  std::array<std::uint64_t, kX.size()> exceed{};
  double truncation = 0;
  double deepest = 0;
  std::uint64_t nodes = 0;
  for (std::uint64_t i = 0; i < samples; ++i) {
    Sampler s{attnlaw::rng::SampleSource(key, 0, i)};
    s.gamma1 = attnlaw::rng::exponential<double>(s.source);
    double gamma = s.gamma1;
    for (std::uint64_t k = 2; k <= kDirect; ++k) {
      gamma += attnlaw::rng::exponential<double>(s.source);
      s.consider(k, gamma);
    }
    std::uint64_t a = kDirect;
    double bound = tail_bound(s.gamma1, static_cast<double>(a), gamma);
    while (bound > kTailTarget && a < kCap) {
      const std::uint64_t b = 2 * a;
      const attnlaw::rng::gamma_distribution<double> increment(static_cast<double>(b - a));
      const double gamma_b = gamma + increment(s.source);
      s.consider(b, gamma_b);
      s.refine(a, gamma, b, gamma_b);
      a = b;
      gamma = gamma_b;
      bound = tail_bound(s.gamma1, static_cast<double>(a), gamma);
    }
    truncation += bound;
    if (static_cast<double>(a) > deepest) deepest = static_cast<double>(a);
    nodes += s.nodes;
    for (std::size_t j = 0; j < kX.size(); ++j) {
      if (s.best > kX[j]) ++exceed[j];
    }
  }
  truncation /= static_cast<double>(samples);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::ofstream out(output);
  if (!out) {
    std::cerr << "cannot write " << output << '\n';
    return 1;
  }
  out << "#pragma once\n"
      << "// GENERATED by reference/tools/lambda_law/generate_lambda_law_table.cpp (`make tables`); do not edit.\n"
      << "// P(L > x) for L = sup_{k>=2} log k / M_{k-1} (theory-notes UF.md UF.gumbel.lambda-law): Monte Carlo\n"
      << "// with the sup simulated exactly above x = 1.1 (dyadic Gamma_k blocks refined by the Dirichlet bridge).\n"
      << "// command:    generate_lambda_law_table OUTPUT " << samples << ' ' << seed << '\n'
      << "// stream:     Philox4x32-10, key make_key(seed, \"UF.gumbel.lambda-law\", \"reference-table\"), sample i\n"
      << "// seed:       " << seed << '\n'
      << "// samples:    " << samples << '\n'
      << "// K_max:      2^60 cap, per sample until the Chernoff tail bound is < 1e-15 (deepest K reached: "
      << deepest << ")\n"
      << "// truncation: mean per-sample bound on P(some k > K exceeds 1.1) = " << truncation << '\n'
      << "// date:       " << date << " (" << seconds << " s, " << nodes << " bridge points)\n"
      << "#include <cstdint>\n\n"
      << "namespace attnlaw::reference::unified::lambda_law_table {\n\n"
      << "struct Row {\n  double x;\n  double tail;            // P(L > x), sample proportion\n"
      << "  double standard_error;  // sqrt(p (1 - p) / samples)\n};\n\n"
      << "inline constexpr std::uint32_t kSeed = " << seed << "u;\n"
      << "inline constexpr std::uint64_t kSamples = " << samples << "u;\n";
  out.precision(6);
  out << "inline constexpr double kTruncationBound = " << std::scientific << (truncation > 0 ? truncation : 0.0)
      << ";\n\ninline constexpr Row kRows[] = {\n";
  out << std::defaultfloat;
  for (std::size_t j = 0; j < kX.size(); ++j) {
    const double p = static_cast<double>(exceed[j]) / static_cast<double>(samples);
    const double se = std::sqrt(p * (1 - p) / static_cast<double>(samples));
    out.precision(6);
    out << "    {" << kX[j] << ", ";
    out.precision(17);
    out << p << ", ";
    out.precision(4);
    out << se << "},\n";
    std::printf("P(L > %-4g) = %.5f +- %.5f\n", kX[j], p, se);
  }
  out << "};\n\n}  // namespace attnlaw::reference::unified::lambda_law_table\n";
  std::printf("truncation bound %.3g, deepest K %.3g, %.1f s\n", truncation, deepest, seconds);
  return 0;
}
