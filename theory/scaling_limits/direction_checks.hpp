#pragma once
// The checks of the law of directions in q-perp, shared by the SL claims whose samplers draw
// them: M i.i.d. unit vectors of S^{m-1}, m = d - 1 >= 2, uniform under the theorem (the keys'
// law is invariant under the rotations that fix q). Either a sampled key's tangential direction
// u (truncated sampler) or the output's P_perp ybar/|P_perp ybar| (naive sampler).
//
// Two checks (verify/stats/sphere_uniformity.hpp), each at the battery policy's alpha:
// - AD on the PIT of the first coordinate, (u_1 + 1)/2 ~ Beta((m-1)/2, (m-1)/2) exactly;
// - a z-test of the mean of S = sum_i u_i^4 against 3/(m+2), exact standard deviation; its
//   promised discrepancy is a shift of kFourthMomentTarget in E S.
// Against the planted "tangential-directions-from-cube" (a normalised uniform point of the cube):
// E S = 0.7145 at m = 2 (uniform 3/4), 0.5410 at m = 3 (3/5), 0.4280 at m = 4 (1/2), and the
// first coordinate's CDF is 0.023, 0.035, 0.040 away in sup-distance (4e5 draws each).
#include <span>
#include <string>

#include "verify/harness/claim.hpp"

namespace attnlaw::theory::scaling_limits {

inline constexpr double kFourthMomentTarget = 0.015;

// Appends the two checks on the rows of `directions` (M x m, row-major) to `out`; `what` names the
// directions in the checks' targets.
void direction_law_checks(std::span<const double> directions, int m, const std::string& what,
                          harness::ExperimentResult& out);

}  // namespace attnlaw::theory::scaling_limits
