// Board and rules files for the Python module: stdio reads and writes, the CLI's limits and words.
#include "files.hpp"

#include "lightsout/atomic_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include <fmt/core.h>

namespace lightsout::python {

namespace {

constexpr std::uint64_t kMaxRulesFileBytes = std::uint64_t{64} << 20;

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

File open_file(const std::string& path, const char* mode, const char* verb) {
  File f(std::fopen(path.c_str(), mode), &std::fclose);
  if (!f) {
    const int err = errno;
    throw FileError(fmt::format("cannot {} '{}': {}", verb, path, std::strerror(err)), err);
  }
  return f;
}

// The size of a regular file, nullopt for anything else (a pipe, a device).
std::optional<std::uint64_t> regular_size(std::FILE* f) {
  struct stat st {};
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(st.st_size);
}

// The bytes a regular file stores (a sparse file's holes left out), as the CLI's limits trust.
std::optional<std::uint64_t> stored_size(std::FILE* f) {
  struct stat st {};
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return std::min(static_cast<std::uint64_t>(st.st_size),
                  static_cast<std::uint64_t>(st.st_blocks) * 512);
}

}  // namespace

BoardFormat named_board_format(const std::string& name) {
  const std::optional<BoardFormat> f = parse_board_format(name);
  if (!f)
    throw std::invalid_argument(
        fmt::format("unknown format '{}' (p1, p4, pbm, grid, judge)", name));
  return *f;
}

Grid read_grid_file(const std::string& path, std::optional<BoardFormat> format, unsigned states,
                    std::uint64_t max_cells) {
  File f = open_file(path, "rb", "open");
  if (!format) format = board_format_for_path(path);
  BoardReadLimits limits;
  limits.input_bytes = regular_size(f.get());
  limits.max_cells = max_cells != 0 ? max_cells : default_max_cells(stored_size(f.get()));
  limits.max_cells_option = "max_cells=";
  std::FILE* raw = f.get();
  try {
    return read_grid(
        [raw, &path](char* buf, std::size_t cap) {
          const std::size_t n = std::fread(buf, 1, cap, raw);
          if (n == 0 && std::ferror(raw)) {
            const int err = errno;
            throw FileError(fmt::format("cannot read '{}': {}", path, std::strerror(err)), err);
          }
          return n;
        },
        format, states, limits);
  } catch (const BoardParseError& e) {
    throw BoardFileError(fmt::format("{}:{}", path, e.what()));
  }
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

std::string load_text_file(const std::string& path) {
  File f = open_file(path, "rb", "open");
  const std::string too_big =
      fmt::format("'{}' is larger than {} MiB", path, kMaxRulesFileBytes >> 20);
  const auto size = regular_size(f.get());
  if (size && *size > kMaxRulesFileBytes) throw std::runtime_error(too_big);
  std::string text;
  std::vector<char> buf(std::size_t{1} << 16);
  for (;;) {
    const std::size_t n = std::fread(buf.data(), 1, buf.size(), f.get());
    if (n == 0) break;
    if (text.size() + n > kMaxRulesFileBytes) throw std::runtime_error(too_big);
    text.append(buf.data(), n);
  }
  return text;
}

}  // namespace lightsout::python
