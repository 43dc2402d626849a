#include "verify/report/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>

namespace attnlaw::report {
namespace {

constexpr std::size_t kBarCells = 24;
// Redrawing faster than the eye reads only costs terminal bandwidth.
constexpr auto kRedrawInterval = std::chrono::milliseconds(100);

std::size_t terminal_columns(std::FILE* sink) {
  winsize ws{};
  if (::ioctl(::fileno(sink), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

std::string seconds(std::chrono::duration<double> d) { return fmt::format("{:.1f} s", d.count()); }

}  // namespace

Progress::Progress(std::size_t total, std::string label)
    : Progress(total, std::move(label), stderr, ::isatty(STDERR_FILENO) == 1) {}

Progress::Progress(std::size_t total, std::string label, std::FILE* sink, bool terminal)
    : total_(total),
      label_(std::move(label)),
      sink_(sink),
      terminal_(terminal),
      start_(std::chrono::steady_clock::now()) {
  // An empty bar at once: the first grid point may take seconds, and a silent terminal looks hung.
  if (terminal_) {
    const std::lock_guard lock(mutex_);
    draw_bar_locked("starting");
  }
}

Progress::~Progress() {
  try {
    // Unwinding off a terminal: the item lines already say how far the run got, and the error
    // that follows must stay the one line after them.
    if (terminal_) finish();
  } catch (...) {
    // A destructor must not throw; a lost final progress line is harmless.
  }
}

std::size_t Progress::done() const {
  const std::lock_guard lock(mutex_);
  return done_;
}

void Progress::advance(std::string_view item) {
  const std::lock_guard lock(mutex_);
  if (finished_) return;
  ++done_;
  if (terminal_) {
    const auto now = std::chrono::steady_clock::now();
    if (done_ != total_ && now - last_draw_ < kRedrawInterval) return;
    last_draw_ = now;
    draw_bar_locked(item);
  } else {
    // One fputs per line, under the lock: lines from different threads never interleave.
    const std::string line = fmt::format("[{}/{}] {}\n", done_, total_, item);
    std::fputs(line.c_str(), sink_);
    std::fflush(sink_);
  }
}

void Progress::finish() {
  const std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  const std::string elapsed = seconds(std::chrono::steady_clock::now() - start_);
  if (terminal_) {
    draw_bar_locked("done");
    std::fputs("\n", sink_);
  } else {
    const std::string line = fmt::format("{}: {} of {} done in {}\n", label_, done_, total_, elapsed);
    std::fputs(line.c_str(), sink_);
  }
  std::fflush(sink_);
}

void Progress::draw_bar_locked(std::string_view item) {
  const std::size_t filled = total_ == 0 ? kBarCells : std::min(kBarCells, done_ * kBarCells / total_);
  // Elapsed time, and while items remain the remaining time at the average pace so far.
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
  std::string timing = seconds(elapsed);
  if (done_ > 0 && done_ < total_)
    timing += ", ETA " + seconds(elapsed * static_cast<double>(total_ - done_) / static_cast<double>(done_));
  std::string line = fmt::format("\r{} [{}{}] {}/{} {} {}", label_, std::string(filled, '#'),
                                 std::string(kBarCells - filled, '.'), done_, total_, timing, item);
  // Keep to one screen line (a wrapped line cannot be redrawn with '\r'), and blank out what is
  // left of a longer previous line.
  const std::size_t limit = terminal_columns(sink_);
  if (line.size() - 1 >= limit) line.resize(limit);  // -1: the '\r' takes no column
  const std::size_t width = line.size() - 1;
  if (width < last_width_) line.append(last_width_ - width, ' ');
  last_width_ = width;
  std::fputs(line.c_str(), sink_);
  std::fflush(sink_);
}

void Progress::set_total(std::size_t total) {
  std::lock_guard lock(mutex_);
  total_ = total;
}

}  // namespace attnlaw::report
