#include "theory/all_claims.hpp"

#include "theory/entropic_bound/claims.hpp"
#include "theory/multihead_dynamics/claims.hpp"
#include "theory/scaling_limits/claims.hpp"
#include "theory/statistics/claims.hpp"
#include "theory/unified_framework/claims.hpp"

namespace attnlaw::theory {

const harness::Registry& all_claims() {
  static const harness::Registry registry = [] {
    harness::Registry r;
    scaling_limits::register_claims(r);
    unified_framework::register_claims(r);
    multihead_dynamics::register_claims(r);
    entropic_bound::register_claims(r);
    statistics::register_claims(r);
    r.validate();
    return r;
  }();
  return registry;
}

}  // namespace attnlaw::theory
