#pragma once
// Runs a program with an exact argument vector (no shell: any byte but NUL reaches it as given),
// in a chosen working directory, under a CPU-time and address-space limit and a wall-clock
// timeout. The command-line fuzz needs all four: its arguments are hostile, and a command that
// starts real work must be stopped rather than left to run.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace attnlaw::testing {

struct Limits {
  rlim_t cpu_seconds = 30;
  rlim_t address_space_bytes = rlim_t{4} << 30;
  std::chrono::milliseconds wall{120000};
};

struct ArgvOutcome {
  bool exited = false;     // normal exit; otherwise killed by `signal`
  int status = -1;         // exit status when exited
  int signal = 0;          // the signal that ended it (SIGXCPU: the CPU limit; SIGKILL: the wall timeout)
  bool timed_out = false;  // the wall timeout sent the SIGKILL
  double seconds = 0;      // wall time
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::stringstream s;
  s << std::ifstream(path, std::ios::binary).rdbuf();
  return s.str();
}

inline ArgvOutcome run_argv(const std::string& program, const std::vector<std::string>& args,
                            const std::filesystem::path& cwd, const Limits& limits = {}) {
  const std::filesystem::path out_path = cwd / ".stdout", err_path = cwd / ".stderr";
  std::vector<char*> argv;
  std::string argv0 = program;
  argv.push_back(argv0.data());
  std::vector<std::string> copies = args;
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    if (::chdir(cwd.c_str()) != 0) ::_exit(126);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(126);
    const rlimit cpu{limits.cpu_seconds, limits.cpu_seconds + 5};
    const rlimit as{limits.address_space_bytes, limits.address_space_bytes};
    ::setrlimit(RLIMIT_CPU, &cpu);
    ::setrlimit(RLIMIT_AS, &as);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  ArgvOutcome o;
  int raw = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &raw, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() - start > limits.wall) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &raw, 0);
      o.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  o.exited = WIFEXITED(raw);
  o.status = o.exited ? WEXITSTATUS(raw) : -1;
  o.signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
  o.out = slurp(out_path);
  o.err = slurp(err_path);
  return o;
}

}  // namespace attnlaw::testing
