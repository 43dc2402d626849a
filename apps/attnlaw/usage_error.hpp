#pragma once
// Bad usage or bad input: exit status 2 and one line naming the argument or file.
#include <stdexcept>
#include <string>

namespace attnlaw::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kExitPass = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitUsage = 2;

}  // namespace attnlaw::cli
