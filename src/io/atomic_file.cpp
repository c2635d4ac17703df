// AtomicFile: a new unnamed file beside the target, renamed over it only when complete.
#include "lightsout/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fmt/core.h>

namespace lightsout {

namespace {

std::string reason(int err) { return std::strerror(err); }

FileWriteError cannot_write(const std::string& path, const std::string& why, int err) {
  return FileWriteError(fmt::format("cannot write '{}': {}", path, why), err);
}

// The directory part of a path ("." for a bare name).
std::string directory_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A hidden name beside `target` that no file has yet: ".NAME.XXXXXX" with a random suffix.
std::string hidden_name(const std::string& target, std::mt19937_64& rng) {
  const std::string prefix =
      target.find('/') == std::string::npos ? std::string() : directory_of(target) + "/";
  return fmt::format("{}.{}.{:012x}.tmp", prefix, base_of(target), rng() & 0xffffffffffffULL);
}

// Where `path` leads when it is a chain of symbolic links to a name that does not exist: the
// last link's target (relative ones taken from their link's directory), else `path` itself.
// Throws FileWriteError for a loop.
std::string dangling_link_target(const std::string& path) {
  std::string at = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return at;
    if (hops == 40) throw cannot_write(path, reason(ELOOP), ELOOP);
    std::string link(PATH_MAX, '\0');
    const ssize_t n = ::readlink(at.c_str(), link.data(), link.size());
    if (n <= 0) return at;
    link.resize(static_cast<std::size_t>(n));
    if (link.front() == '/' || at.find('/') == std::string::npos) {
      at = link;
    } else {
      at = directory_of(at);
      at += '/';
      at += link;
    }
  }
}

void write_all(int fd, const char* data, std::size_t size, const std::string& name) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      throw FileWriteError(fmt::format("writing '{}': {}", name, reason(err)), err);
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path) : name_(path) {
  if (path == "-") {
    fd_ = STDOUT_FILENO;
    name_ = "<stdout>";
    return;
  }
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) throw cannot_write(path, "it is a directory", EISDIR);
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, a FIFO or a socket: there is nothing to replace, only a stream to write.
    fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) {
      const int err = errno;
      throw cannot_write(path, reason(err), err);
    }
    owned_ = true;
    return;
  }
  // The file a symlink leads to is the one replaced; a dangling link's target is created, as
  // `>` and cp do, and the link kept.
  target_ = path;
  if (exists) {
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) != nullptr) target_ = resolved;
  } else {
    target_ = dangling_link_target(path);
  }
  const mode_t mode = exists ? (st.st_mode & 07777) : 0644;
  const std::string dir = directory_of(target_);
  in_place_ = false;
  owned_ = true;
  fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
  if (fd_ < 0 && errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
    const int err = errno;
    throw cannot_write(path, reason(err), err);
  }
  if (fd_ < 0) {
    // No O_TMPFILE on this file system: a hidden name, removed again on failure.
    std::mt19937_64 rng(std::random_device{}());
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
      temp_name_ = hidden_name(target_, rng);
      fd_ = ::open(temp_name_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
      if (fd_ < 0 && errno != EEXIST) {
        const int err = errno;
        temp_name_.clear();
        throw cannot_write(path, reason(err), err);
      }
    }
    if (fd_ < 0) throw cannot_write(path, "no free temporary name beside it", EEXIST);
  }
  // An existing file keeps its mode exactly (open applies the umask to the new one).
  if (exists) (void)::fchmod(fd_, mode);
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() noexcept {
  if (owned_ && fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_name_.empty()) ::unlink(temp_name_.c_str());
  temp_name_.clear();
}

void AtomicFile::write(const char* data, std::size_t size) { write_all(fd_, data, size, name_); }

void AtomicFile::commit() {
  if (committed_) return;
  committed_ = true;
  if (in_place_) {
    if (owned_) {
      const int fd = fd_;
      fd_ = -1;
      if (::close(fd) != 0 && errno != EINTR) {
        const int err = errno;
        throw FileWriteError(fmt::format("writing '{}': {}", name_, reason(err)), err);
      }
    }
    return;
  }
  std::mt19937_64 rng(std::random_device{}());
  if (temp_name_.empty()) {
    // Give the unnamed file a hidden name, then rename that over the target: linkat cannot
    // replace an existing name, rename can, atomically.
    const std::string proc = fmt::format("/proc/self/fd/{}", fd_);
    for (int attempt = 0; attempt < 100; ++attempt) {
      const std::string name = hidden_name(target_, rng);
      int rc = ::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW);
      if (rc != 0 && errno == ENOENT) {
        rc = ::linkat(fd_, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH);  // no /proc
      }
      if (rc == 0) {
        temp_name_ = name;
        break;
      }
      if (errno != EEXIST) {
        const int err = errno;
        discard();
        throw cannot_write(name_, reason(err), err);
      }
    }
    if (temp_name_.empty()) {
      discard();
      throw cannot_write(name_, "no free temporary name beside it", EEXIST);
    }
  }
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && errno != EINTR) {  // a delayed write error (NFS, quotas)
    const int err = errno;
    discard();
    throw FileWriteError(fmt::format("writing '{}': {}", name_, reason(err)), err);
  }
  if (::rename(temp_name_.c_str(), target_.c_str()) != 0) {
    const int err = errno;
    discard();
    throw cannot_write(name_, reason(err), err);
  }
  temp_name_.clear();
}

std::optional<std::string> output_overwrites_input(const std::string& output,
                                                   std::span<const std::string> inputs) {
  struct stat out {};
  const int rc = output == "-" ? ::fstat(STDOUT_FILENO, &out) : ::stat(output.c_str(), &out);
  if (rc != 0 || !S_ISREG(out.st_mode)) return std::nullopt;
  for (const std::string& input : inputs) {
    struct stat in {};
    const int irc = input == "-" ? ::fstat(STDIN_FILENO, &in) : ::stat(input.c_str(), &in);
    if (irc == 0 && S_ISREG(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      return input;
    }
  }
  return std::nullopt;
}

void refuse_output_over_input(const std::string& output, std::span<const std::string> inputs,
                              const std::string& what) {
  const std::optional<std::string> input = output_overwrites_input(output, inputs);
  if (!input) return;
  const std::string out_name = output == "-" ? "standard output" : fmt::format("'{}'", output);
  const std::string in_name =
      *input == "-" ? "standard input" : fmt::format("the input '{}'", *input);
  throw FileWriteError(fmt::format("{} is the same file as {}: {} would overwrite it "
                                   "(choose another output file)",
                                   out_name, in_name, what),
                       0);
}

}  // namespace lightsout
