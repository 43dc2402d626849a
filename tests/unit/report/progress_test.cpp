// Progress output captured in a temporary file; the expected lines follow from the format the
// header documents ("[k/N] item" off a terminal, a '\r'-redrawn bar on one).
#include "verify/report/progress.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace attnlaw::report {
namespace {

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  return out;
}

TEST(Progress, PlainLinesOffTerminal) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p(3, "smoke", f, false);
    p.advance("SL.a d=3");
    p.advance("SL.b d=3");
    p.advance("UF.c");
    p.finish();
    p.finish();  // idempotent
  }
  const std::string out = contents(f);
  std::fclose(f);
  EXPECT_EQ(out.rfind("[1/3] SL.a d=3\n[2/3] SL.b d=3\n[3/3] UF.c\nsmoke: 3 of 3 done in ", 0), 0u) << out;
  EXPECT_EQ(out.find('\r'), std::string::npos);
  EXPECT_EQ(out.back(), '\n');
}

TEST(Progress, AnUnfinishedRunOffTerminalAddsNoSummaryLine) {
  // An error on its way out: the item lines stay, and the error is the one line after them.
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p(3, "smoke", f, false);
    p.advance("SL.a d=3");
  }
  const std::string out = contents(f);
  std::fclose(f);
  EXPECT_EQ(out, "[1/3] SL.a d=3\n");
}

TEST(Progress, BarOnTerminal) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p(4, "smoke", f, true);
    for (int i = 0; i < 4; ++i) p.advance("item");
  }  // the destructor finishes the line
  const std::string out = contents(f);
  std::fclose(f);
  EXPECT_EQ(out.front(), '\r');
  EXPECT_EQ(out.back(), '\n');
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1);
  // The last item always redraws: a full bar, 24 cells, with the elapsed time.
  EXPECT_NE(out.find("smoke [########################] 4/4 "), std::string::npos) << out;
  EXPECT_NE(out.find(" s item"), std::string::npos) << out;
  // Drawn empty at once, before the first item is done.
  EXPECT_EQ(out.rfind("\rsmoke [........................] 0/4 0.0 s starting", 0), 0u) << out;
}

TEST(Progress, ThreadSafeLines) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  constexpr int kThreads = 4, kEach = 250;
  {
    Progress p(kThreads * kEach, "threads", f, false);
    std::vector<std::thread> pool;
    for (int t = 0; t < kThreads; ++t)
      pool.emplace_back([&p, t] {
        for (int i = 0; i < kEach; ++i) p.advance(fmt::format("t{}-{}", t, i));
      });
    for (auto& th : pool) th.join();
    EXPECT_EQ(p.done(), static_cast<std::size_t>(kThreads * kEach));
    p.finish();
  }
  std::istringstream lines(contents(f));
  std::fclose(f);
  // Every line whole, and the counts 1..N in order: the count and its line are one critical section.
  const std::regex line_re(R"(\[(\d+)/1000\] t[0-3]-\d+)");
  std::string line;
  int expected = 1;
  while (std::getline(lines, line) && expected <= kThreads * kEach) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, line_re)) << line;
    EXPECT_EQ(std::stoi(m[1]), expected);
    ++expected;
  }
  EXPECT_EQ(expected, kThreads * kEach + 1);
  EXPECT_EQ(line.rfind("threads: 1000 of 1000 done in ", 0), 0u) << line;
}

}  // namespace
}  // namespace attnlaw::report
