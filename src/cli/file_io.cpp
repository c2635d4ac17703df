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
