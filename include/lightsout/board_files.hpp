// Board and rules files read by every front end: the one place that opens a board file with its
// BoardReadLimits, the loader of holes=FILE / graph=FILE, and the rules text that may name them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "lightsout/board_format.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/input_file.hpp"  // FileError
#include "lightsout/rules.hpp"

namespace lightsout {

// A malformed board file, in one line: "F:LINE:COL: message" (F is "<stdin>" for "-"), as the
// CLI prints it after "lightsout: ".
class BoardFileError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct BoardFileOptions {
  std::optional<BoardFormat> format;  // nullopt: by the path's extension, else detected
  unsigned states = 2;
  // Two states only: read_board_thin, so that a board much taller than wide comes back as its
  // transpose at a bit a cell (BoardFile::transposed says so).
  bool thin = false;
  std::uint64_t max_cells = 0;   // 0: default_max_cells of the bytes the file stores
  std::string max_cells_option;  // what raises the limit, named in its message ("--max-cells")
};

// A board file as read.
struct BoardFile {
  Grid grid;
  bool transposed = false;                   // grid holds the transpose of the board (thin only)
  BoardFormat detected = BoardFormat::grid;  // the format the data was read as
};

// Contract: reads one board of options.states states from `path` ("-" = standard input). The
// format is options.format, else the extension's (board_format_for_path), else detected. The
// limits: the file's size bounds what a header may claim (BoardReadLimits::input_bytes), and at
// most options.max_cells cells, or, when 0, default_max_cells of the bytes a regular file really
// stores (2^26 from a pipe). Throws FileError ("cannot open 'F': ...", "cannot read 'F': it is a
// directory", "reading 'F': ...") and BoardFileError ("F:LINE:COL: message") for a malformed,
// truncated or oversized board; nothing else but std::bad_alloc.
BoardFile read_board_file(const std::string& path, const BoardFileOptions& options);

// A board-file solve's two sides as given: the paths ("-": standard input or output), the names
// of their formats ("": none given), and every file the command reads, which the output may not
// replace.
struct BoardFileSides {
  std::string input = "-";
  std::string output = "-";
  std::string input_format;   // a name parse_board_format takes, or ""
  std::string output_format;  // the same for the output
  std::span<const std::string> inputs;
};

// The formats a board-file solve reads and writes; nullopt: detected from the data (input), the
// input's (output).
struct BoardFileFormats {
  std::optional<BoardFormat> input;
  std::optional<BoardFormat> output;
};

// Contract: the formats of a board-file solve, settled before anything is read. First refuses an
// output that would replace one of sides.inputs (refuse_output_over_input: FileWriteError naming
// both, `what` being written), then takes each side's format by its name, else by its path's
// extension (board_format_for_path; none for "-"). Throws std::invalid_argument "--format:
// unknown format 'NAME' (p1, p4, pbm, grid, judge)" (--output-format for the output) for a name
// parse_board_format does not take.
BoardFileFormats board_file_formats(const BoardFileSides& sides, const std::string& what);

// holes=FILE and graph=FILE files larger than this are refused.
inline constexpr std::uint64_t kMaxRulesFileBytes = std::uint64_t{64} << 20;

// Contract: the whole of a rules file (a FileLoader of rules_text.hpp; "-" = standard input).
// Throws FileError as InputFile does, and FileError "'F' is larger than 64 MiB" (EFBIG) for a
// file, or a pipe's data, past kMaxRulesFileBytes: a regular file is refused by its size before
// anything is read, a pipe once it passes the limit.
std::string load_rules_file(const std::string& path);

// The most nodes a graph=FILE or graph=[...] of rules_with_files may have, for rules of `states`
// states: for K > 2 the largest board dense elimination over Z_K takes (2^16 cells); for K = 2,
// 2^20 nodes. Banded elimination would take up to 2^26 cells, but its cost depends on the edges,
// which come after the count: a 2^24-node graph of a few bytes took gigabytes before it was
// refused or solved. A larger graph is refused before it is built.
inline constexpr std::uint64_t kMaxTwoStateGraphNodes = std::uint64_t{1} << 20;
std::size_t max_file_graph_nodes(unsigned states);

// Contract: the rules of `text` (rules_text.hpp) where holes=FILE and graph=FILE are files here,
// read by load_rules_file (relative to the working directory), and a graph holds at most
// max_file_graph_nodes(K) nodes, wherever states=K stands: what the CLI's --rules and Python's
// rules= take. Throws RulesError as parse_rules does (RulesTooLarge for a graph past the limit,
// "token 'graph=F': the graph has N nodes, over the limit of L here"; a file's error under its
// token's name). Each file's path is appended to `files_read` (when given) before it is read: the
// inputs no output of the caller may replace.
Rules rules_with_files(std::string_view text, std::vector<std::string>* files_read = nullptr);

}  // namespace lightsout
