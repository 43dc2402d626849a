#pragma once
// The one exception the report raises for a results document it cannot render. The CLI maps it
// to exit status 2, so its message must name the file and the offending field.
#include <stdexcept>

namespace attnlaw::report {

class ReportInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace attnlaw::report
