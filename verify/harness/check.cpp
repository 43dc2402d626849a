#include "verify/harness/check.hpp"

namespace attnlaw::harness {

const char* to_string(Verdict v) noexcept {
  switch (v) {
    case Verdict::pass: return "PASS";
    case Verdict::suspect: return "SUSPECT";
    case Verdict::fail: return "FAIL";
  }
  return "FAIL";
}

const char* to_string(NullLaw law) noexcept { return law == NullLaw::uniform ? "uniform" : "conservative"; }

Check make_check(const stats::TestResult& result, std::string target) {
  Check c;
  c.test = result.test;
  c.target = std::move(target);
  c.statistic = result.statistic;
  c.p_value = result.p_value;
  c.p_method = result.p_method;
  return c;
}

}  // namespace attnlaw::harness
