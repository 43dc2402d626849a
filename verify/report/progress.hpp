#pragma once
// Progress of a run on stderr, never stdout (stdout carries the --json document): a bar redrawn
// in place on a terminal, one plain line per item otherwise (CI logs, pipes). Safe to call from
// OpenMP threads.
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace attnlaw::report {

class Progress {
 public:
  // Reports on stderr, as a bar when isatty(2).
  Progress(std::size_t total, std::string label);
  // Reports on `sink`, as a bar when `terminal` (used by tests; `sink` must outlive the object).
  Progress(std::size_t total, std::string label, std::FILE* sink, bool terminal);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  // On a terminal, finishes the bar if finish() was not called, so the shell prompt does not land
  // on it; off a terminal an unfinished run (an error on its way) adds no summary line.
  ~Progress();

  // One more item done; `item` names it (e.g. the claim and grid point).
  void advance(std::string_view item);
  // Ends the display: the final bar and a newline on a terminal, a summary line otherwise.
  // Further calls do nothing.
  void finish();

  std::size_t done() const;
  // The number of items, when it is known only once the work has begun (0 at construction).
  void set_total(std::size_t total);

 private:
  void draw_bar_locked(std::string_view item);

  mutable std::mutex mutex_;
  std::size_t total_;
  std::size_t done_ = 0;
  std::string label_;
  std::FILE* sink_;
  bool terminal_;
  bool finished_ = false;
  std::size_t last_width_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace attnlaw::report
