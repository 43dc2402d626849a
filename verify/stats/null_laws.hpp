#pragma once
// All exact null laws of verify/stats, for callers that want the distributions without the tests.
#include "verify/stats/null/anderson_darling.hpp"
#include "verify/stats/null/cramer_von_mises.hpp"
#include "verify/stats/null/kolmogorov_smirnov.hpp"
