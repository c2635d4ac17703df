// Board files for the Python module: read_board / write_board on paths, with the CLI's messages.
#pragma once

#include <cerrno>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "lightsout/board_format.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::python {

// A file that cannot be opened, read or written: "cannot open 'F': <strerror>" (the CLI's
// words); error() is the errno (0 when unknown).
class FileError : public std::runtime_error {
 public:
  FileError(const std::string& message, int error) : std::runtime_error(message), error_(error) {}
  int error() const { return error_; }

 private:
  int error_;
};

// A malformed board file: "F:LINE:COL: message", as the CLI prints it after "lightsout: ".
class BoardFileError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The format named by `name` ("p1", "p4", "pbm", "grid", "judge"/"txt"); std::invalid_argument
// for anything else.
BoardFormat named_board_format(const std::string& name);

// Reads one board of `states` states from `path`: the format given, else by extension, else
// detected (as `lightsout solve` does); up to max_cells cells, 0 = the CLI's defaults. A board
// past the limit says "... cells (max_cells=)".
Grid read_grid_file(const std::string& path, std::optional<BoardFormat> format, unsigned states,
                    std::uint64_t max_cells);

// Writes `grid` to `path` in `format`, else by extension, else grid text (judge text for K > 2).
void write_grid_file(const std::string& path, const Grid& grid, std::optional<BoardFormat> format);

// Writes `data` to `path`, replacing it only once all of it is written (AtomicFile).
void write_whole_file(const std::string& path, std::string_view data);

// The whole of a rules file (holes=FILE, graph=FILE), up to 64 MiB, as the CLI's loader.
std::string load_text_file(const std::string& path);

}  // namespace lightsout::python
