#pragma once
// The uniform law on the unit sphere S^{m-1} of R^m, m >= 2, tested from M i.i.d. unit vectors
// stored row-major (M x m): the law of the directions that the output's tangential part
// P_perp ybar/|P_perp ybar| and a sampled key's tangential direction u have under the theorem
// (m = d - 1). Two statistics, each with its exact law under uniformity:
//
// - the first coordinate: (u_1 + 1)/2 ~ Beta((m-1)/2, (m-1)/2) exactly (m = 2: the arcsine law);
//   sphere_first_coordinate_pit returns its CDF at each row, U(0,1) under uniformity, for a
//   goodness-of-fit test (any departure of the marginal of a coordinate);
// - the fourth-moment statistic S = sum_i u_i^4 (Bingham-type: it sees the anisotropy that
//   moments of order <= 3 cannot, e.g. directions that pile up towards the axes or the corners
//   of the cube): E S = 3/(m+2), E S^2 = (96 + 9m)/((m+2)(m+4)(m+6)) exactly, from
//   E prod u_i^{2k_i} = prod (2k_i - 1)!! / (m (m+2) ... (m + 2K - 2)), K = sum k_i.
//   sphere_fourth_moment_values returns S per row, for a z-test of its mean with the exact
//   standard deviation (S lies in [1/m, 1]: the mean of M >= 1000 rows is normal to ~1e-3).
#include <span>
#include <vector>

namespace attnlaw::stats {

std::vector<double> sphere_first_coordinate_pit(std::span<const double> directions, int m);

std::vector<double> sphere_fourth_moment_values(std::span<const double> directions, int m);
double sphere_fourth_moment_mean(int m);  // 3/(m+2)
double sphere_fourth_moment_sd(int m);    // sqrt(E S^2 - (E S)^2)

}  // namespace attnlaw::stats
