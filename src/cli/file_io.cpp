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
    const std::uint64_t size = *input.regular_file_size();
    std::string text(kFirst, '\0');
    const auto fill = [&] {  // the next bytes, up to kFirst; "" at the end
      std::size_t got = 0;
      while (got < kFirst) {
        const std::size_t n = input.read(text.data() + got, kFirst - got);
        if (n == 0) break;
        got += n;
      }
      return std::string_view(text.data(), got);
    };
    std::string_view piece = fill();
    InputShape shape = input_shape(piece, piece.size() == size);
    if (shape.board || shape.single || piece.size() == size) return shape;
    // A first line of two or more values may be a lone puzzle of any size: its rows are
    // counted through the whole file, a piece at a time. A count layout's first line (one
    // value) stops it at once, a row of another width at that row.
    SinglePuzzleScan scan;
    while (!piece.empty() && scan.feed(piece)) piece = fill();
    if (piece.empty()) shape.single = scan.size();
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
