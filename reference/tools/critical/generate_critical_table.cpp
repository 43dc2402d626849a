// Generates tests/data/critical/mecke_mpfr50.txt: the general-d critical references of
// reference/poisson_process (Mecke/Laplace quadratures, for the Poisson limit and the exact finite-n
// sphere law) evaluated in mpfr_float_50, each with its own error estimate (panel halving).
//
// What this table can and cannot catch: it runs the same formulas as the double path, so it checks
// the double results' rounding, truncation (tail_depth grows with the precision) and quadrature
// convergence, and so whether the double error estimates are honest; the formulas themselves are
// checked elsewhere by independent routes (d = 3 generalised-Dickman closed forms, brute-force
// Monte Carlo of the finite-n law in tests/unit/reference_critical and the SL claims).
//
// Usage: generate_critical_table OUTPUT_FILE
#include <mpfr.h>
#include <boost/version.hpp>
#include "reference/numerics/mpfr_real.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/finite_n.hpp"
#include "reference/poisson_process/ppp_functionals.hpp"

namespace {

using Mp = attnlaw::reference::mpfr_float_50;
using namespace attnlaw::reference;

std::string digits(const Mp& x, int n = 30) {
  std::ostringstream s;
  s << std::setprecision(n) << std::scientific << x;
  return s.str();
}

template <class Model>
void write_row(std::ostream& out, const char* kind, int d, double gamma, std::uint64_t n, const Model& model) {
  const auto top = mean_top_weight(model);
  const auto mm = mecke_moments(model);
  out << kind << ' ' << d << ' ' << gamma << ' ' << n << ' ' << digits(top.value) << ' ' << digits(top.error, 3) << ' '
      << digits(mm.sum_squares.value) << ' ' << digits(mm.sum_squares.error, 3) << ' ' << digits(mm.energy.value) << ' '
      << digits(mm.energy.error, 3) << '\n'
      << std::flush;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: generate_critical_table OUTPUT_FILE\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::ostringstream body;
  // One limit and one finite-n point at general d (d = 3 has its own 50-digit closed forms): the
  // 50-digit quadratures take tens of CPU minutes each.
  write_row(body, "limit", 4, 1.0, 0, sphere_limit_model<Mp>(4, Mp(1)));
  std::cerr << "limit d=4 done\n";
  for (const auto& [d, n] : {std::pair{5, std::uint64_t{200}}}) {
    const Mp beta = Mp(1) * pow(Mp(n), Mp(2) / (d - 1));
    write_row(body, "finite", d, 1.0, n, sphere_finite_model<Mp>(d, beta, n));
    std::cerr << "finite d=" << d << " done\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::ofstream out(std::string(argv[1]) + ".tmp");
  out << "# Critical references of reference/critical in mpfr_float_50 (50 digits; tail_depth 123).\n"
      << "# kind: limit (Poisson limit, beta = gamma n^{2/(d-1)}, n -> inf; n = 0) or finite (exact law at n).\n"
      << "# columns: kind d gamma n E_W1 err E_sumW2 err E_energy err (each value with its panel-halving estimate)\n"
      << "# command: generate_critical_table tests/data/critical/mecke_mpfr50.txt\n"
      << "# libraries: Boost " << BOOST_LIB_VERSION << ", MPFR " << mpfr_get_version() << "\n"
      << "# date: " << date << "; run time " << std::fixed << std::setprecision(0) << seconds << " s\n"
      << body.str();
  out.close();
  std::rename((std::string(argv[1]) + ".tmp").c_str(), argv[1]);
  return 0;
}
