// LD_PRELOAD shim for the fault tests: the first write to a regular file stops the process halfway.
//
// Preloaded into a lightsout command, it passes every write through except the first one to a
// regular file opened by the program (descriptor > 2): of that one it writes half the bytes, then
// the process stops itself with SIGSTOP. A test then sees the process stopped in the middle of
// its output (state 'T' in /proc/PID/stat), looks at the target, and kills it with SIGKILL: what
// a crash, an OOM kill or a power cut at that instant would leave. The short write it returns is
// retried by the caller, as any short write is.
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstddef>

namespace {
std::atomic<bool> stopped{false};
}  // namespace

extern "C" ssize_t write(int fd, const void* buf, std::size_t count) {
  using WriteFn = ssize_t (*)(int, const void*, std::size_t);
  static const auto real = reinterpret_cast<WriteFn>(dlsym(RTLD_NEXT, "write"));
  struct stat st {};
  if (fd > 2 && count > 1 && !stopped.load() && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      !stopped.exchange(true)) {
    const ssize_t written = real(fd, buf, count / 2);
    std::raise(SIGSTOP);
    return written;
  }
  return real(fd, buf, count);
}
