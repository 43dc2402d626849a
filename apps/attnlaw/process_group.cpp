#include "apps/attnlaw/process_group.hpp"

#include <cstdlib>
#include <stdexcept>

#ifdef ATTNLAW_WITH_MPI
#include <mpi.h>
#endif

namespace attnlaw::cli {
namespace {

// Set by mpirun/mpiexec (Open MPI, MPICH, PMIx) and by Slurm's srun with a PMI plugin.
bool started_by_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

}  // namespace

#ifdef ATTNLAW_WITH_MPI

struct ProcessGroupFinaliser {
  ~ProcessGroupFinaliser() {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (ProcessGroup::world().initialised_ && !finalised) MPI_Finalize();
  }
};

ProcessGroup::ProcessGroup() {
  if (!started_by_launcher()) return;
  int provided = 0;
  // Only the main thread calls MPI; OpenMP threads compute inside each rank.
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    throw std::runtime_error("MPI_Init_thread failed");
  initialised_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

ProcessGroup& ProcessGroup::world() {
  static ProcessGroup group;
  static ProcessGroupFinaliser finaliser;
  return group;
}

namespace {

// Sizes first, then the bytes, to the leader or to all; counts are int in MPI-3, so all the ranks'
// results together are at most 2 GiB.
std::vector<std::string> gather(const std::string& local, bool to_all, int size, bool receives) {
  if (local.size() > static_cast<std::size_t>(INT32_MAX)) throw std::runtime_error("MPI gather: over 2 GiB");
  int length = static_cast<int>(local.size());
  std::vector<int> lengths(receives ? static_cast<std::size_t>(size) : 0);
  if (to_all) {
    MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
  } else {
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  std::vector<int> offsets(lengths.size());
  std::size_t total = 0;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(lengths[r]);
    if (total > static_cast<std::size_t>(INT32_MAX)) throw std::runtime_error("MPI gather: over 2 GiB");
  }
  std::string all(total, '\0');
  if (to_all) {
    MPI_Allgatherv(local.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                   MPI_COMM_WORLD);
  } else {
    MPI_Gatherv(local.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
  }
  std::vector<std::string> out;
  for (std::size_t r = 0; r < lengths.size(); ++r)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
  return out;
}

}  // namespace

std::vector<std::string> ProcessGroup::gather_to_leader(const std::string& local) const {
  if (size_ == 1) return {local};
  return gather(local, false, size_, leader());
}

std::vector<std::string> ProcessGroup::all_gather(const std::string& local) const {
  if (size_ == 1) return {local};
  return gather(local, true, size_, true);
}

std::string ProcessGroup::broadcast_from_leader(std::string value) const {
  if (size_ == 1) return value;
  if (value.size() > static_cast<std::size_t>(INT32_MAX)) throw std::runtime_error("MPI broadcast: over 2 GiB");
  int length = static_cast<int>(value.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  value.resize(static_cast<std::size_t>(length));
  MPI_Bcast(value.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  return value;
}

#else

ProcessGroup::ProcessGroup() {
  // Every copy would run the whole battery and write the same report.
  const char* ranks = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (started_by_launcher() && ranks != nullptr && std::atoi(ranks) > 1) {
    throw std::runtime_error(
        "started by mpirun with several ranks, but this attnlaw was built without MPI (configure with "
        "-DATTNLAW_MPI=ON)");
  }
}

ProcessGroup& ProcessGroup::world() {
  static ProcessGroup group;
  return group;
}

std::vector<std::string> ProcessGroup::gather_to_leader(const std::string& local) const { return {local}; }
std::vector<std::string> ProcessGroup::all_gather(const std::string& local) const { return {local}; }
std::string ProcessGroup::broadcast_from_leader(std::string value) const { return value; }

#endif

}  // namespace attnlaw::cli
