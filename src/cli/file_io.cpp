// Raw descriptor input and output for the CLI.
#include "file_io.hpp"

#include <fcntl.h>
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
