#pragma once
// A report directory replaced as a unit. The writer fills a staging folder beside DIR; commit()
// exchanges the two in one atomic rename (Linux renameat2 RENAME_EXCHANGE), so whenever the
// process dies, or a step of the writer fails, DIR holds the whole old report or the whole new
// one. The entries of DIR the writer does not own (another command's files in the same folder,
// such as a diagnosis beside a battery's report) are carried into the staging folder as hard
// links first, so the swap leaves them in place. A staging folder left by a killed process is
// removed by the next writer of the same DIR.
#include <filesystem>
#include <string>
#include <vector>

namespace attnlaw::report {

class StagedDirectory {
 public:
  // `owned`: the names (files or folders) directly under DIR that the writer replaces.
  StagedDirectory(std::filesystem::path dir, std::vector<std::string> owned);
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;
  ~StagedDirectory();  // an uncommitted staging folder is removed

  // Where the writer writes: the staging folder, already holding DIR's entries it does not own.
  const std::filesystem::path& path() const { return staging_; }

  // Puts the staging folder in DIR's place. Throws std::runtime_error (DIR untouched) if it cannot.
  void commit();

 private:
  std::filesystem::path dir_, staging_;
  bool committed_ = false;
};

// The staging folder of `dir`: `.NAME.staging` beside it, on the same file system.
std::filesystem::path staging_path(const std::filesystem::path& dir);

}  // namespace attnlaw::report
