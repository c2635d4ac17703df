// --rules on the command line: the file loader, one-line errors, and `solve` under any rules.
#include "rules_cli.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <stdexcept>
#include <string_view>

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/judge_format.hpp"
#include "lightsout/solve_rules.hpp"
#include "progress.hpp"

namespace lightsout::cli {

std::string load_rules_file(const std::string& path) {
  InputFile file(path);
  const auto size = file.regular_file_size();
  const std::string too_big =
      fmt::format("'{}' is larger than {} MiB", path, kMaxRulesFileBytes >> 20);
  if (size && *size > kMaxRulesFileBytes) throw std::runtime_error(too_big);
  std::string text;
  std::vector<char> buf(std::size_t{1} << 20);
  for (;;) {
    const std::size_t n = file.read(buf.data(), buf.size());
    if (n == 0) break;
    if (text.size() + n > kMaxRulesFileBytes) throw std::runtime_error(too_big);
    text.append(buf.data(), n);
  }
  return text;
}

int rules_error(const std::exception& e) {
  std::string_view message = e.what();
  if (message.starts_with("rules: ")) message.remove_prefix(7);
  fmt::print(stderr, "lightsout: --rules: {}\n", message);
  return kExitBadInput;
}

std::optional<Rules> parse_cli_rules(const std::string& text) {
  try {
    return parse_rules(text, load_rules_file);
  } catch (const std::exception& e) {
    rules_error(e);
    return std::nullopt;
  }
}

std::size_t existing_cells(const Rules& rules, std::size_t rows, std::size_t cols) {
  return rows * cols - (rules.has_holes() ? rules.holes.popcount() : 0);
}

bool check_rules_board(const Rules& rules, std::size_t rows, std::size_t cols) {
  try {
    check_board_size(rules, rows, cols);
  } catch (const std::exception& e) {
    rules_error(e);
    return false;
  }
  const std::size_t limit = rules.states == 2 ? kMaxDenseCellsGf2 : kMaxDenseCellsZk;
  const std::size_t cells = existing_cells(rules, rows, cols);
  if (cells > limit) {
    fmt::print(stderr,
               "lightsout: --rules: a {}x{} board has {} cells; the rules solver (dense "
               "elimination) takes at most {} cells for {} states\n",
               rows, cols, cells, limit, rules.states);
    return false;
  }
  return true;
}

const char* rules_method_name(const Rules& rules) {
  return rules.states == 2 ? "rules (M4RI)" : "rules (Z_k)";
}

std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules) {
  if (rules.has_graph()) return std::pair<std::size_t, std::size_t>{rules.graph.size(), 1};
  if (rules.has_holes()) {
    return std::pair<std::size_t, std::size_t>{rules.holes.rows(), rules.holes.cols()};
  }
  return std::nullopt;
}

std::vector<std::uint8_t> board_values(const Board& board) {
  std::vector<std::uint8_t> values(board.rows() * board.cols());
  for (std::size_t r = 0; r < board.rows(); ++r) {
    for (std::size_t c = 0; c < board.cols(); ++c) {
      values[r * board.cols() + c] = board.get(r, c) ? 1 : 0;
    }
  }
  return values;
}

Board values_board(const std::vector<std::uint8_t>& values, std::size_t rows, std::size_t cols) {
  Board board(rows, cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) board.set(r, c, (values[r * cols + c] & 1U) != 0);
  }
  return board;
}

std::string values_text(const std::vector<std::uint8_t>& values, std::size_t cols) {
  std::string out;
  out.reserve(values.size() * 3);
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += std::to_string(values[i]);
    out.push_back((i + 1) % cols == 0 ? '\n' : ' ');
  }
  return out;
}

int run_rules_judge_solve(const RulesJudgeArgs& args, const Rules& rules) {
  if (!check_rules_board(rules, args.rows, args.cols)) return kExitBadInput;
  const JudgeLayout layout = args.layout == "count"    ? JudgeLayout::count
                             : args.layout == "single" ? JudgeLayout::single
                                                       : JudgeLayout::detect;
  InputFile input(args.input);
  JudgeReader reader([&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
                     args.rows, args.cols, layout, input.buffer_bytes());
  reader.set_states(rules.states);
  std::optional<JudgeWriter> writer;
  RulesSolveOptions options;
  options.kernel = false;
  options.minimal = args.minimal;
  std::vector<std::uint8_t> lights(args.rows * args.cols);
  std::size_t unsolvable = 0;
  try {
    while (reader.next_values(lights)) {
      if (!writer)
        writer.emplace(write_stdout, args.cols, reader.layout(), args.trailing_space,
                       input.buffer_bytes());
      const std::size_t k = reader.puzzles_read();
      const RulesResult result = solve_rules(rules, args.rows, args.cols, lights, options);
      if (!result.solvable) {
        writer->write_no_solution(k);
        ++unsolvable;
      } else {
        writer->write_values(k, result.presses);
      }
    }
  } catch (const JudgeParseError& e) {
    if (writer) writer->flush();
    fmt::print(stderr, "lightsout: {}:{}\n", input.name(), e.what());
    return kExitBadInput;
  }
  if (writer) writer->flush();
  if (unsolvable > 0) {
    fmt::print(stderr, "lightsout: {} of {} puzzles have no solution\n", unsolvable,
               reader.puzzles_read());
    return kExitUnsolvable;
  }
  return kExitOk;
}

namespace {

std::string quote_token(std::string_view token) {
  std::string out = "'";
  for (const unsigned char ch : token.substr(0, 20)) {
    if (ch >= 0x20 && ch < 0x7F) {
      out.push_back(static_cast<char>(ch));
    } else {
      out += fmt::format("\\x{:02x}", ch);
    }
  }
  if (token.size() > 20) out += "...";
  return out + "'";
}

// One board of values 0..states-1 in judge text (rows of whitespace-separated values, blank lines
// before and after skipped, every row as long as the first). Throws BoardParseError.
std::vector<std::uint8_t> parse_values_board(const std::string& text, unsigned states,
                                             std::size_t& rows, std::size_t& cols) {
  std::vector<std::uint8_t> values;
  rows = 0;
  cols = 0;
  std::size_t line_no = 0;
  std::size_t blank_line = 0;  // a blank line seen after the first row (an error if a row follows)
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::size_t end = nl == std::string::npos ? text.size() : nl;
    const std::string_view line(text.data() + pos, end - pos);
    ++line_no;
    pos = end + 1;
    std::size_t count = 0;
    std::size_t i = 0;
    while (i < line.size()) {
      const auto is_blank = [](char ch) {
        return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
      };
      if (is_blank(line[i])) {
        ++i;
        continue;
      }
      const std::size_t start = i;
      while (i < line.size() && !is_blank(line[i])) ++i;
      const std::string_view token = line.substr(start, i - start);
      if (rows > 0 && count == 0 && blank_line != 0) {
        throw BoardParseError(blank_line, 1, "empty line between rows");
      }
      unsigned v = 0;
      bool ok = !token.empty() && token.size() <= 3 && (token.size() == 1 || token[0] != '0');
      for (const char ch : token) {
        ok = ok && ch >= '0' && ch <= '9';
        if (ok) v = v * 10 + static_cast<unsigned>(ch - '0');
      }
      if (!ok || v >= states) {
        throw BoardParseError(
            line_no, start + 1,
            fmt::format("expected a value 0..{}, found {}", states - 1, quote_token(token)));
      }
      values.push_back(static_cast<std::uint8_t>(v));
      ++count;
    }
    if (count == 0) {
      if (rows > 0 && blank_line == 0) blank_line = line_no;
      continue;
    }
    if (rows == 0) {
      cols = count;
    } else if (count != cols) {
      throw BoardParseError(
          line_no, 1,
          fmt::format("row {} has {} values, the first row has {}", rows + 1, count, cols));
    }
    ++rows;
  }
  if (rows == 0)
    throw BoardParseError(line_no == 0 ? 1 : line_no, 1, "empty input: expected a board");
  return values;
}

}  // namespace

int run_rules_board_solve(const BoardSolveArgs& args, const Rules& rules) {
  auto named = [](const std::string& option, const std::string& name) {
    const std::optional<BoardFormat> f = parse_board_format(name);
    if (!f) {
      fmt::print(stderr, "lightsout: {}: unknown format '{}' (p1, p4, pbm, grid, judge)\n", option,
                 name);
    }
    return f;
  };
  std::optional<BoardFormat> in_format;
  if (!args.format.empty()) {
    in_format = named("--format", args.format);
    if (!in_format) return kExitBadInput;
  } else if (args.input != "-") {
    in_format = board_format_for_path(args.input);
  }
  std::optional<BoardFormat> out_format;
  if (!args.output_format.empty()) {
    out_format = named("--output-format", args.output_format);
    if (!out_format) return kExitBadInput;
  } else if (args.output != "-") {
    out_format = board_format_for_path(args.output);
  }
  if (args.method != "auto") {
    fmt::print(stderr, "lightsout: --method applies to the classic rules only\n");
    return kExitBadInput;
  }
  const unsigned k = rules.states;
  if (k > 2) {
    for (const auto& [what, f] : {std::pair{"input", in_format}, std::pair{"output", out_format}}) {
      if (f && *f != BoardFormat::judge) {
        fmt::print(stderr,
                   "lightsout: --rules: boards of {} states are judge text (values 0..{}), "
                   "not {} ({})\n",
                   k, k - 1, board_format_name(*f), what);
        return kExitBadInput;
      }
    }
  }

  PhaseClock clock(!args.quiet && stderr_is_terminal());
  InputFile input(args.input);
  std::vector<std::uint8_t> lights;
  std::size_t rows = 0;
  std::size_t cols = 0;
  BoardFormat detected = BoardFormat::judge;
  try {
    clock.report("read", 0.0);
    if (k == 2) {
      BoardReadLimits limits;
      limits.input_bytes = input.regular_file_size();
      const Board board =
          read_board([&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
                     in_format, limits, &detected);
      rows = board.rows();
      cols = board.cols();
      if (!check_rules_board(rules, rows, cols)) {
        clock.finish();
        return kExitBadInput;
      }
      lights = board_values(board);
    } else {
      std::string text;
      std::vector<char> buf(std::size_t{1} << 20);
      for (;;) {
        const std::size_t n = input.read(buf.data(), buf.size());
        if (n == 0) break;
        if (text.size() + n > kMaxRulesFileBytes) {
          clock.finish();
          fmt::print(stderr, "lightsout: {}: larger than {} MiB\n", input.name(),
                     kMaxRulesFileBytes >> 20);
          return kExitBadInput;
        }
        text.append(buf.data(), n);
      }
      lights = parse_values_board(text, k, rows, cols);
      if (!check_rules_board(rules, rows, cols)) {
        clock.finish();
        return kExitBadInput;
      }
    }
  } catch (const BoardParseError& e) {
    clock.finish();
    fmt::print(stderr, "lightsout: {}:{}\n", input.name(), e.what());
    return kExitBadInput;
  }

  clock.report("solve", 0.0);
  RulesSolveOptions options;
  options.kernel = false;
  options.minimal = args.minimal;
  const RulesResult result = solve_rules(rules, rows, cols, lights, options);
  auto stats = [&] {
    if (!args.stats) return;
    fmt::print(stderr, "method: {}\nnullity: {}\nsolutions: {}\n", rules_method_name(rules),
               result.nullity, result.solution_count);
    if (result.solvable) {
      const std::size_t presses =
          std::accumulate(result.presses.begin(), result.presses.end(), std::size_t{0});
      fmt::print(stderr, "presses: {}{}\n", presses,
                 result.minimal
                     ? (result.minimal_proven ? " (fewest, proven)" : " (fewest found, not proven)")
                     : "");
    }
    fmt::print(stderr, "{}", clock.summary());
  };
  if (!result.solvable) {
    clock.finish();
    fmt::print(stderr,
               "lightsout: no solution: this {}x{} board is not solvable under --rules {}\n", rows,
               cols, to_string(rules));
    stats();
    return kExitUnsolvable;
  }
  clock.report("write", 0.0);
  OutputFile output(args.output);
  if (k == 2) {
    if (args.output_format.empty() && out_format == BoardFormat::pbm_raw &&
        detected == BoardFormat::pbm_plain) {
      out_format = BoardFormat::pbm_plain;
    }
    write_board(values_board(result.presses, rows, cols), out_format.value_or(detected),
                [&output](const char* data, std::size_t size) { output.write(data, size); });
  } else {
    const std::string text = values_text(result.presses, cols);
    output.write(text.data(), text.size());
  }
  clock.finish();
  stats();
  return kExitOk;
}

}  // namespace lightsout::cli
