#pragma once
// A reference law asked for a value outside its stated domain: the arguments lie where no
// algorithm of the law is known (by measurement against an independent route) to reach the law's
// stated accuracy, or the error bound computed on the way exceeds it. Thrown instead of returning
// a value that may be wrong; the command line turns it into exit status 2 and one line
// "--ARGUMENT: REASON".
#include <stdexcept>
#include <string>

namespace attnlaw::reference {

class OutOfDomain : public std::domain_error {
 public:
  // argument: the parameter at fault, as the law names it ("n", "gamma", "d", "statistic", ...);
  // reason: why, with the domain that holds.
  OutOfDomain(std::string argument, std::string reason)
      : std::domain_error(argument + ": " + reason), argument_(std::move(argument)), reason_(std::move(reason)) {}
  const std::string& argument() const { return argument_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string argument_;
  std::string reason_;
};

}  // namespace attnlaw::reference
