// InputFile: open, fstat, read with EINTR retried.
#include "lightsout/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace lightsout {

InputFile::InputFile(const std::string& path) {
  if (path == "-") {
    fd_ = 0;
    owned_ = false;
    name_ = "<stdin>";
    return;
  }
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    const int err = errno;
    throw FileError("cannot open '" + path + "': " + std::strerror(err), err);
  }
  owned_ = true;
  name_ = path;
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd_);
    throw FileError("cannot read '" + path + "': it is a directory", EISDIR);
  }
  if (S_ISREG(st.st_mode)) {
    size_ = static_cast<std::uint64_t>(st.st_size);
    stored_ = std::min(*size_, static_cast<std::uint64_t>(st.st_blocks) * 512);
  }
}

InputFile::~InputFile() {
  if (owned_) ::close(fd_);
}

std::size_t InputFile::buffer_bytes() const {
  constexpr std::uint64_t kSmallest = std::uint64_t{16} << 10;
  constexpr std::uint64_t kLargest = std::uint64_t{1} << 20;
  if (!size_) return kLargest;
  // Twice the input holds any judge answer to it in one block (values are written as read).
  return static_cast<std::size_t>(std::clamp(*size_ * 2 + 1, kSmallest, kLargest));
}

namespace {

// Calls `read` until it is not interrupted: the bytes read, or FileError naming the file.
template <typename Read>
std::size_t read_retrying(const std::string& name, Read read) {
  for (;;) {
    const ssize_t n = read();
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) {
      const int err = errno;
      throw FileError("reading '" + name + "': " + std::strerror(err), err);
    }
  }
}

}  // namespace

std::size_t InputFile::read(char* buf, std::size_t capacity) {
  return read_retrying(name_, [&] { return ::read(fd_, buf, capacity); });
}

std::size_t InputFile::read_at(std::uint64_t offset, char* buf, std::size_t capacity) const {
  return read_retrying(name_,
                       [&] { return ::pread(fd_, buf, capacity, static_cast<off_t>(offset)); });
}

}  // namespace lightsout
