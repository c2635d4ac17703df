// Board files for the Python module: reads through the API layer, writes through AtomicFile.
#include "files.hpp"

#include "lightsout/atomic_file.hpp"

#include <cstdint>

#include <fmt/core.h>

namespace lightsout::python {

BoardFormat named_board_format(const std::string& name) {
  const std::optional<BoardFormat> f = parse_board_format(name);
  if (!f)
    throw std::invalid_argument(
        fmt::format("unknown format '{}' (p1, p4, pbm, grid, judge)", name));
  return *f;
}

Grid read_grid_file(const std::string& path, std::optional<BoardFormat> format, unsigned states,
                    std::uint64_t max_cells) {
  return read_board_file(path, {.format = format,
                                .states = states,
                                .thin = false,
                                .max_cells = max_cells,
                                .max_cells_option = "max_cells="})
      .grid;
}

void write_grid_file(const std::string& path, const Grid& grid, std::optional<BoardFormat> format) {
  if (!format) format = board_format_for_path(path);
  if (!format) format = grid.states() == 2 ? BoardFormat::grid : BoardFormat::judge;
  // Refused before the file is created (K > 2 in a two-state format).
  if (grid.states() != 2 && *format != BoardFormat::judge) {
    throw std::invalid_argument(
        fmt::format("boards of {} states are judge text (values 0..{}), not {}", grid.states(),
                    grid.states() - 1, board_format_name(*format)));
  }
  // The target is replaced only once the whole board is written (AtomicFile).
  try {
    AtomicFile file(path);
    write_grid(grid, *format,
               [&file](const char* data, std::size_t size) { file.write(data, size); });
    file.commit();
  } catch (const FileWriteError& e) {
    throw FileError(e.what(), e.error());
  }
}

void write_whole_file(const std::string& path, std::string_view bytes) {
  try {
    AtomicFile file(path);
    file.write(bytes.data(), bytes.size());
    file.commit();
  } catch (const FileWriteError& e) {
    throw FileError(e.what(), e.error());
  }
}

}  // namespace lightsout::python
