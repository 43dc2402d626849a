// write_file_atomically: content lands whole or not at all. Failures are provoked three ways that
// work even as root (a missing directory, a directory in the way of the rename, a file-size limit
// that stops the write midway) and one that needs an unprivileged user (a read-only directory).
#include "verify/report/atomic_file.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/unit/report/report_test_support.hpp"

namespace attnlaw::report {
namespace {

using test_support::read_text;
using test_support::ScratchDir;

std::vector<std::string> names_in(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string error_of(const std::filesystem::path& path, std::string_view content) {
  try {
    write_file_atomically(path, content);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

TEST(AtomicFile, WritesAndReplaces) {
  ScratchDir dir;
  const auto file = dir.path() / "REPORT.md";
  write_file_atomically(file, "first\n");
  EXPECT_EQ(read_text(file), "first\n");
  write_file_atomically(file, std::string(100000, 'x'));
  EXPECT_EQ(read_text(file), std::string(100000, 'x'));
  write_file_atomically(file, "");
  EXPECT_EQ(read_text(file), "");
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"REPORT.md"});
}

TEST(AtomicFile, MissingDirectoryNamesThePath) {
  ScratchDir dir;
  const auto file = dir.path() / "no-such-dir" / "REPORT.md";
  const std::string msg = error_of(file, "x");
  EXPECT_NE(msg.find("cannot write " + file.string()), std::string::npos) << msg;
  EXPECT_TRUE(names_in(dir.path()).empty());
}

TEST(AtomicFile, FailedRenameLeavesNoTemporary) {
  ScratchDir dir;
  // A non-empty directory where the file should go: the temporary is written, the rename fails.
  const auto target = dir.path() / "figures";
  std::filesystem::create_directory(target);
  write_file_atomically(target / "keep.svg", "keep");
  const std::string msg = error_of(target, "content");
  EXPECT_NE(msg.find("cannot write " + target.string() + ": rename failed"), std::string::npos) << msg;
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"figures"});
  EXPECT_EQ(read_text(target / "keep.svg"), "keep");
}

TEST(AtomicFile, WriteStoppedMidwayKeepsOldContent) {
  ScratchDir dir;
  const auto file = dir.path() / "results.json";
  write_file_atomically(file, "old");
  // RLIMIT_FSIZE makes write(2) fail with EFBIG after 4 KiB, as a full disk would (SIGXFSZ ignored so
  // the error is returned instead of killing the test). gtest_discover_tests runs each TEST in its
  // own process; the limit is restored anyway.
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  struct sigaction ignore {
  }, old_action{};
  ignore.sa_handler = SIG_IGN;
  ASSERT_EQ(::sigaction(SIGXFSZ, &ignore, &old_action), 0);
  rlimit small = saved;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string msg = error_of(file, std::string(1 << 20, 'n'));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::sigaction(SIGXFSZ, &old_action, nullptr);

  EXPECT_NE(msg.find("cannot write " + file.string() + ": write failed"), std::string::npos) << msg;
  EXPECT_EQ(read_text(file), "old");
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"results.json"});
}

TEST(AtomicFile, UnwritableDirectory) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories; covered by the tests above";
  ScratchDir dir;
  const auto file = dir.path() / "REPORT.md";
  write_file_atomically(file, "old");
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  const std::string msg = error_of(file, "new");
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
  EXPECT_NE(msg.find("cannot write " + file.string()), std::string::npos) << msg;
  EXPECT_EQ(read_text(file), "old");
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"REPORT.md"});
}

}  // namespace
}  // namespace attnlaw::report
