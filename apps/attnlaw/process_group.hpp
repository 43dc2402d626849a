#pragma once
// The processes of one run: one, or the ranks of an MPI job (`mpirun -np K attnlaw ...`). Built
// without MPI (ATTNLAW_MPI off), or started without a launcher, it is a group of one; MPI is
// initialised only under a launcher, so a plain `attnlaw` never pays for it or prints its warnings.
#include <string>
#include <vector>

namespace attnlaw::cli {

class ProcessGroup {
 public:
  static ProcessGroup& world();  // initialised on first use, finalised at exit

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool leader() const { return rank_ == 0; }

  // Every rank's `local` in rank order on the leader; empty elsewhere. Collective.
  std::vector<std::string> gather_to_leader(const std::string& local) const;
  // Every rank's `local` in rank order, on every rank. Collective.
  std::vector<std::string> all_gather(const std::string& local) const;
  // The leader's `value` on every rank. Collective.
  std::string broadcast_from_leader(std::string value) const;

 private:
  ProcessGroup();
  int rank_ = 0;
  int size_ = 1;
  bool initialised_ = false;
  friend struct ProcessGroupFinaliser;
};

}  // namespace attnlaw::cli
