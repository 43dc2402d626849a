// Memo computes each key once, from any number of threads, and keeps the values apart.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <utility>
#include <vector>

#include "verify/harness/memo.hpp"

namespace attnlaw::harness {
namespace {

TEST(Memo, ComputesEachKeyOnceAndKeepsKeysApart) {
  Memo<std::pair<int, double>, double> memo;
  int calls = 0;
  const auto square = [&](double x) {
    ++calls;
    return x * x;
  };
  EXPECT_EQ(memo.get({3, 2.0}, [&] { return square(2.0); }), 4.0);
  EXPECT_EQ(memo.get({3, 2.0}, [&] { return square(99.0); }), 4.0);  // cached: not recomputed
  // A planted model's inputs (here 1.03 times the true one) are another key.
  EXPECT_EQ(memo.get({3, 2.06}, [&] { return square(2.06); }), 2.06 * 2.06);
  EXPECT_EQ(calls, 2);
}

TEST(Memo, IsSafeFromManyThreads) {
  Memo<int, std::vector<int>> memo;
  std::atomic<int> calls{0};
  std::vector<std::thread> threads;
  std::vector<const std::vector<int>*> seen(8);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      seen[static_cast<std::size_t>(t)] = &memo.get(7, [&] {
        ++calls;
        return std::vector<int>(1000, 7);
      });
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(calls.load(), 1);
  for (const auto* v : seen) EXPECT_EQ(v, seen[0]);  // one value, never moved
}

}  // namespace
}  // namespace attnlaw::harness
