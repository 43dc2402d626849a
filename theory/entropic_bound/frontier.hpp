#pragma once
// The predictability frontier that closes the EB section of a report: one table, to which every EB
// claim adds the rows its run measured (which setting recovers r* exactly, partially or not, with
// the accuracy measured there). The harness merges the rows by id, in run order.
#include <cstddef>
#include <string>
#include <vector>

#include "verify/harness/table.hpp"

namespace attnlaw::theory::entropic_bound {

// rows of {setting, observed, recovers r*, measured, claim id}.
harness::Table frontier_table(std::vector<std::vector<std::string>> rows);
harness::Table frontier_row(std::string setting, std::string observed, std::string recovers, std::string measured,
                            std::string claim);

// "exactly" when every one of `of` instances recovered r*, "not" when none did, else "partially".
std::string recovery_word(std::size_t recovered, std::size_t of);

}  // namespace attnlaw::theory::entropic_bound
