// read_board_file and load_rules_file: an InputFile, its limits, and one-line errors.
#include "board_files.hpp"

#include <cerrno>
#include <vector>

#include <fmt/core.h>

namespace lightsout::api {

BoardFile read_board_file(const std::string& path, const BoardFileOptions& options) {
  InputFile input(path);
  std::optional<BoardFormat> format = options.format;
  if (!format && path != "-") format = board_format_for_path(path);
  BoardReadLimits limits;
  limits.input_bytes = input.regular_file_size();
  limits.max_cells =
      options.max_cells != 0 ? options.max_cells : default_max_cells(input.stored_bytes());
  limits.max_cells_option = options.max_cells_option;
  const ReadFn read = [&input](char* buf, std::size_t cap) { return input.read(buf, cap); };
  BoardFile out;
  try {
    if (options.thin && options.states == 2) {
      out.grid = Grid(read_board_thin(read, format, limits, &out.detected, &out.transposed));
    } else {
      out.grid = read_grid(read, format, options.states, limits, &out.detected);
    }
  } catch (const BoardParseError& e) {
    throw BoardFileError(fmt::format("{}:{}", input.name(), e.what()));
  }
  return out;
}

std::string load_rules_file(const std::string& path) {
  InputFile file(path);
  const auto too_big = [&path] {
    return FileError(fmt::format("'{}' is larger than {} MiB", path, kMaxRulesFileBytes >> 20),
                     EFBIG);
  };
  const auto size = file.regular_file_size();
  if (size && *size > kMaxRulesFileBytes) throw too_big();
  std::string text;
  std::vector<char> buf(std::size_t{1} << 20);
  for (;;) {
    const std::size_t n = file.read(buf.data(), buf.size());
    if (n == 0) break;
    if (text.size() + n > kMaxRulesFileBytes) throw too_big();
    text.append(buf.data(), n);
  }
  return text;
}

}  // namespace lightsout::api
