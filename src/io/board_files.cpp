// read_board_file, load_rules_file and rules_with_files: an InputFile, its limits, one-line errors.
#include "lightsout/board_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include <fmt/core.h>

#include "lightsout/atomic_file.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

BoardFileFormats board_file_formats(const BoardFileSides& sides, const std::string& what) {
  refuse_output_over_input(sides.output, sides.inputs, what);
  const auto side = [](const char* option, const std::string& name, const std::string& path) {
    if (name.empty()) {
      return path == "-" ? std::nullopt : board_format_for_path(path);
    }
    const std::optional<BoardFormat> format = parse_board_format(name);
    if (!format) {
      throw std::invalid_argument(unknown_board_format(option, name));
    }
    return format;
  };
  return {side("--format", sides.input_format, sides.input),
          side("--output-format", sides.output_format, sides.output)};
}

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

namespace {

// What a file that is not a regular one is, for its refusal ("a FIFO"), or nullptr.
const char* special_kind(const struct stat& st) {
  if (S_ISREG(st.st_mode)) return nullptr;
  if (S_ISDIR(st.st_mode)) return "a directory";
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "a device";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::string load_rules_file(const std::string& path) {
  // A FIFO would block the open until a writer came (holes=FIFO waited forever), a device may
  // never end: only regular files (and "-") are read, told by stat(2), which opens nothing.
  struct stat st {};
  if (path != "-" && ::stat(path.c_str(), &st) == 0) {
    if (const char* kind = special_kind(st)) {
      if (S_ISDIR(st.st_mode)) {  // InputFile's words
        throw FileError(fmt::format("cannot read '{}': it is a directory", path), EISDIR);
      }
      throw FileError(fmt::format("cannot read '{}': it is {}, not a regular file", path, kind),
                      EINVAL);
    }
  }
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

std::size_t max_file_graph_nodes(unsigned states) {
  Rules rules;
  rules.states = states;
  const std::uint64_t most =
      states == 2 ? kMaxTwoStateGraphNodes : Solver::max_cells(rules, Method::zk);
  return static_cast<std::size_t>(std::min<std::uint64_t>(most, kMaxGraphNodes));
}

Rules rules_with_files(std::string_view text, std::vector<std::string>* files_read) {
  if (files_read == nullptr) return parse_rules(text, load_rules_file, max_file_graph_nodes);
  const FileLoader noting = [files_read](const std::string& path) {
    files_read->push_back(path);
    return load_rules_file(path);
  };
  return parse_rules(text, noting, max_file_graph_nodes);
}

}  // namespace lightsout
