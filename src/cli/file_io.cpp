// Raw descriptor input and output for the CLI.
#include "file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace lightsout::cli {

InputFile::InputFile(const std::string& path) {
  if (path == "-") {
    fd_ = 0;
    owned_ = false;
    name_ = "<stdin>";
    return;
  }
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  owned_ = true;
  name_ = path;
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd_);
    throw std::runtime_error("cannot read '" + path + "': it is a directory");
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

std::size_t InputFile::read(char* buf, std::size_t capacity) {
  for (;;) {
    const ssize_t n = ::read(fd_, buf, capacity);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) {
      throw std::runtime_error("reading '" + name_ + "': " + std::strerror(errno));
    }
  }
}

namespace {

void write_all(int fd, const char* data, std::size_t size, const std::string& name) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("writing " + name + ": " + std::strerror(errno));
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

}  // namespace

InputShape shape_of_file(const std::string& path) {
  if (path == "-") return {};
  // Only a regular file is looked at: opening a FIFO or a device would take bytes (or the
  // writer) from the solve that reads it next.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  try {
    InputFile input(path);
    if (!input.regular_file_size()) return {};
    constexpr std::size_t kFirst = std::size_t{64} << 10;
    constexpr std::size_t kWhole = std::size_t{4} << 20;
    const std::size_t size = static_cast<std::size_t>(*input.regular_file_size());
    std::string text(std::min(size, kFirst), '\0');
    std::size_t got = 0;
    const auto fill = [&](std::size_t want) {
      text.resize(want);
      while (got < want) {
        const std::size_t n = input.read(text.data() + got, want - got);
        if (n == 0) break;
        got += n;
      }
      text.resize(got);
    };
    fill(text.size());
    InputShape shape = input_shape(text, got == size);
    // A first line of two or more values may be a lone puzzle: its size needs all of it.
    if (!shape.board && !shape.single && got < size && size <= kWhole &&
        text.find_first_of(" \t") < text.find('\n')) {
      fill(size);
      shape = input_shape(text, got == size);
    }
    return shape;
  } catch (const std::exception&) {
    return {};  // unreadable: the solve itself says why
  }
}

void refuse_binary_to_terminal(const std::string& output, const std::string& what,
                               const std::string& fix) {
  if (output == "-" && ::isatty(STDOUT_FILENO) == 1) {
    throw std::runtime_error("refusing to write " + what + " to a terminal; " + fix);
  }
}

void prompt_if_terminal(const std::string& input, const std::string& what) {
  if (input == "-" && ::isatty(STDIN_FILENO) == 1) {
    const std::string line =
        "lightsout: reading " + what + " from the terminal; end with Ctrl-D, or give a file\n";
    (void)::write(STDERR_FILENO, line.data(), line.size());
  }
}

void write_stdout(const char* data, std::size_t size) { write_all(1, data, size, "output"); }

}  // namespace lightsout::cli
