#include "verify/report/gnuplot_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>
#include <vector>

extern char** environ;

namespace attnlaw::report {
namespace {

std::string system_message(int error) { return std::generic_category().message(error); }

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const noexcept { return fd_; }
  void reset() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void adopt(int fd) noexcept {
    reset();
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// The child's stdin is a socket, not a pipe, so that writing to a gnuplot that already exited
// returns EPIPE through send(MSG_NOSIGNAL) instead of raising SIGPIPE in the whole process.
struct Channels {
  Fd stdin_parent, stdin_child, stdout_parent, stdout_child, stderr_parent, stderr_child;
};

void open_channels(Channels& ch) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    throw std::runtime_error("gnuplot: socketpair failed: " + system_message(errno));
  ch.stdin_parent.adopt(sv[0]);
  ch.stdin_child.adopt(sv[1]);
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) throw std::runtime_error("gnuplot: pipe failed: " + system_message(errno));
  ch.stdout_parent.adopt(p[0]);
  ch.stdout_child.adopt(p[1]);
  if (::pipe2(p, O_CLOEXEC) != 0) throw std::runtime_error("gnuplot: pipe failed: " + system_message(errno));
  ch.stderr_parent.adopt(p[0]);
  ch.stderr_child.adopt(p[1]);
  for (int fd : {ch.stdin_parent.get(), ch.stdout_parent.get(), ch.stderr_parent.get()})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// The parent's environment with the locale pinned to C, so gnuplot's number formatting cannot
// depend on the user's settings.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string_view kv(*e);
    if (kv.starts_with("LC_") || kv.starts_with("LANG=") || kv.starts_with("LANGUAGE=")) continue;
    env.emplace_back(kv);
  }
  env.emplace_back("LC_ALL=C");
  return env;
}

}  // namespace

std::string run_gnuplot(std::string_view script, const std::string& program, int timeout_seconds) {
  Channels ch;
  open_channels(ch);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, ch.stdin_child.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, ch.stdout_child.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, ch.stderr_child.get(), STDERR_FILENO);

  std::vector<std::string> env = child_environment();
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::string arg0 = program, arg1 = "-d";
  char* argv[] = {arg0.data(), arg1.data(), nullptr};

  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    throw GnuplotUnavailable(
        fmt::format("cannot run '{}': {}; gnuplot (with the svg terminal) is needed to render figures "
                    "(Debian: apt-get install gnuplot-nox)",
                    program, system_message(rc)));
  }
  ch.stdin_child.reset();
  ch.stdout_child.reset();
  ch.stderr_child.reset();

  std::string out, err;
  std::size_t written = 0;
  if (script.empty()) ch.stdin_parent.reset();
  bool timed_out = false;
  int poll_error = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  char buffer[65536];
  while (ch.stdout_parent.get() >= 0 || ch.stderr_parent.get() >= 0) {
    pollfd fds[3];
    nfds_t n = 0;
    Fd* owners[3];
    if (ch.stdin_parent.get() >= 0) {
      fds[n] = {ch.stdin_parent.get(), POLLOUT, 0};
      owners[n++] = &ch.stdin_parent;
    }
    for (Fd* f : {&ch.stdout_parent, &ch.stderr_parent}) {
      if (f->get() < 0) continue;
      fds[n] = {f->get(), POLLIN, 0};
      owners[n++] = f;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    const int ready = ::poll(fds, n, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      poll_error = errno;
      break;
    }
    for (nfds_t i = 0; i < n; ++i) {
      if (fds[i].revents == 0) continue;
      Fd& f = *owners[i];
      if (&f == &ch.stdin_parent) {
        const ssize_t k = ::send(f.get(), script.data() + written, script.size() - written, MSG_NOSIGNAL);
        if (k > 0) written += static_cast<std::size_t>(k);
        // EOF tells gnuplot the script is complete; on EPIPE it has quit and stderr says why.
        if (written == script.size() || (k < 0 && errno != EAGAIN && errno != EINTR)) f.reset();
      } else {
        const ssize_t k = ::read(f.get(), buffer, sizeof buffer);
        if (k > 0) {
          (&f == &ch.stdout_parent ? out : err).append(buffer, static_cast<std::size_t>(k));
        } else if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
          f.reset();
        }
      }
    }
  }
  if (timed_out || poll_error != 0) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) throw std::runtime_error(fmt::format("gnuplot ran longer than {} s and was stopped", timeout_seconds));
  if (poll_error != 0) throw std::runtime_error("gnuplot: poll failed: " + system_message(poll_error));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string why = WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                              : fmt::format("signal {}", WTERMSIG(status));
    throw std::runtime_error(fmt::format("gnuplot failed ({}): {}", why, err.empty() ? "no message" : err));
  }
  return out;
}

}  // namespace attnlaw::report
