// Board files for the Python module: read_board / write_board on paths, with the CLI's messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::python {

// Files that cannot be opened, read or written, and malformed boards raise the library's one-line
// errors (FileError, BoardFileError in lightsout/board_files.hpp), which the module turns into
// OSError subclasses and BoardFormatError.

// The format named by `name` ("p1", "p4", "pbm", "grid", "judge"/"txt"); std::invalid_argument
// for anything else.
BoardFormat named_board_format(const std::string& name);

// Reads one board of `states` states from `path` with read_board_file: the format given,
// else by extension, else detected (as `lightsout solve` does); up to max_cells cells, 0 = the
// CLI's defaults. A board past the limit says "... cells (max_cells=)".
Grid read_grid_file(const std::string& path, std::optional<BoardFormat> format, unsigned states,
                    std::uint64_t max_cells);

// Writes `grid` to `path` in `format`, else by extension, else grid text (judge text for K > 2).
void write_grid_file(const std::string& path, const Grid& grid, std::optional<BoardFormat> format);

// Writes `data` to `path`, replacing it only once all of it is written (AtomicFile).
void write_whole_file(const std::string& path, std::string_view data);

}  // namespace lightsout::python
