// `lightsout info RxC`: nullity and solvable counts of a board size, and its quiet patterns.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "board_size.hpp"
#include "commands.hpp"
#include "lightsout/board.hpp"
#include "lightsout/info.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solve_rules.hpp"
#include "rules_cli.hpp"

namespace lightsout::cli {

namespace {

// Largest side `info` accepts; the product (10^18 cells) still fits in 64 bits.
constexpr std::uint64_t kMaxSide = 1'000'000'000;

struct InfoArgs {
  std::string size;
  bool json = false;
  std::string kernel_path;
  bool kernel = false;  // --kernel given (even with an empty FILE)
  std::string rules;
  bool rules_given = false;  // --rules given (even empty)
};

void print_error(const std::string& message) {
  fmt::print(stderr, "lightsout: info: {}\n", message);
}

// "1" for 2^0, "2^d (N)" while N fits in 64 bits, "2^d" beyond.
std::string power_of_two(std::uint64_t d) {
  if (d == 0) return "1";
  if (d < 64) return fmt::format("2^{} ({})", d, std::uint64_t{1} << d);
  return fmt::format("2^{}", d);
}

// Writes the patterns as grid text: each pattern as rows of '0'/'1', patterns separated by one
// blank line; no patterns give an empty file. Throws std::runtime_error naming the file.
void write_patterns(const std::string& path, const std::vector<Board>& patterns) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"),
                                                       &std::fclose);
  auto fail = [&path](int err) {
    return std::runtime_error(
        fmt::format("cannot write '{}': {}", path, err != 0 ? std::strerror(err) : "write error"));
  };
  if (!file) throw fail(errno);
  constexpr std::size_t kBlock = std::size_t{1} << 20;
  std::string buffer;
  buffer.reserve(kBlock + 128);
  auto flush = [&] {
    if (!buffer.empty() &&
        std::fwrite(buffer.data(), 1, buffer.size(), file.get()) != buffer.size()) {
      throw fail(errno);
    }
    buffer.clear();
  };
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const Board& b = patterns[i];
    if (i > 0) buffer.push_back('\n');
    for (std::size_t r = 0; r < b.rows(); ++r) {
      const auto words = b.row(r);
      for (std::size_t c0 = 0; c0 < b.cols(); c0 += 64) {
        const std::uint64_t w = words[c0 / 64];
        const std::size_t count = std::min<std::size_t>(64, b.cols() - c0);
        for (std::size_t k = 0; k < count; ++k) buffer.push_back(((w >> k) & 1U) != 0 ? '1' : '0');
        if (buffer.size() >= kBlock) flush();
      }
      buffer.push_back('\n');
    }
  }
  flush();
  std::FILE* raw = file.release();
  if (std::fclose(raw) != 0) throw fail(errno);
}

// A JSON string literal.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    if (ch == '"' || ch == '\\') {
      out.push_back('\\');
      out.push_back(ch);
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(ch));
    } else {
      out.push_back(ch);
    }
  }
  return out + "\"";
}

bool is_prime(unsigned k) {
  for (unsigned d = 2; d * d <= k; ++d) {
    if (k % d == 0) return false;
  }
  return k >= 2;
}

// `info --rules` with non-classic rules: the homogeneous system solved on the dark board.
int run_rules_info(const InfoArgs& args, const Rules& rules, std::uint64_t rows,
                   std::uint64_t cols) {
  if (args.kernel) {
    print_error("--kernel applies to the classic rules only");
    return kExitBadInput;
  }
  if (!check_rules_board(rules, rows, cols)) return kExitBadInput;
  Rules quiet_rules = rules;
  quiet_rules.target_on = false;  // the quiet patterns do not depend on the goal
  RulesSolveOptions options;
  options.kernel = false;
  const RulesResult result =
      solve_rules(quiet_rules, rows, cols, std::vector<std::uint8_t>(rows * cols, 0), options);
  const std::size_t cells = existing_cells(rules, rows, cols);
  const unsigned k = rules.states;
  const bool all_solvable = result.solution_count == "1";
  const std::string canonical = to_string(rules);
  if (args.json) {
    const std::string log2 = k == 2 ? std::to_string(cells - result.nullity) : "null";
    fmt::print(
        "{{\"rows\":{},\"cols\":{},\"nullity\":{},\"solvable_log2\":{},\"all_solvable\":{},"
        "\"rules\":{},\"states\":{},\"quiet_patterns\":{}}}\n",
        rows, cols, result.nullity, log2, all_solvable, json_string(canonical), k,
        json_string(result.solution_count));
  } else {
    fmt::print("board {}x{}: nullity {}\n", rows, cols, result.nullity);
    if (is_prime(k)) {
      fmt::print("solvable configurations: {}^{} of {}^{}\n", k, cells - result.nullity, k, cells);
    } else {
      fmt::print("solvable configurations: {}^{} / {} of {}^{}\n", k, cells, result.solution_count,
                 k, cells);
    }
    fmt::print("every board solvable: {}\n", all_solvable ? "yes" : "no");
    fmt::print("solutions per solvable board: {}\n", result.solution_count);
    fmt::print("rules: {} ({} states, {} cells)\n", canonical, k, cells);
    fmt::print("quiet patterns: {}\n", result.solution_count);
  }
  std::fflush(stdout);
  if (std::ferror(stdout)) {
    print_error("cannot write to standard output");
    return kExitBadInput;
  }
  return kExitOk;
}

int run_info(const InfoArgs& args, const std::vector<std::string>& extras) {
  // CLI11 takes "-3x4" for an option: it reaches here as an extra, and is reported as a size.
  std::string size_text = args.size;
  for (const std::string& extra : extras) {
    if (extra == "--") continue;  // kept by allow_extras; what follows it is positional
    const bool looks_like_size = extra.size() > 1 && extra[0] == '-' && extra[1] >= '0' &&
                                 extra[1] <= '9' && size_text.empty();
    if (!looks_like_size) {
      fmt::print(stderr,
                 "lightsout: info: unexpected argument '{}'\n"
                 "Run 'lightsout info --help' for usage.\n",
                 extra);
      return kExitBadInput;
    }
    size_text = extra;
  }
  std::optional<Rules> rules;
  if (args.rules_given) {
    rules = parse_cli_rules(args.rules);
    if (!rules) return kExitBadInput;
    const auto implied = implied_size(*rules);
    if (size_text.empty() && implied) {
      size_text = fmt::format("{}x{}", implied->first, implied->second);
    }
  }
  if (size_text.empty()) {
    print_error("expected a board size RxC (e.g. 5x5)");
    return kExitBadInput;
  }
  const std::optional<BoardSize> size =
      parse_board_size(size_text, kMaxSide, std::numeric_limits<std::uint64_t>::max());
  if (!size) {
    print_error(fmt::format("board size must be RxC with 1 <= R, C <= {} (e.g. 5x5), got '{}'",
                            kMaxSide, size_text));
    return kExitBadInput;
  }

  if (rules && !is_classic(*rules)) {
    try {
      return run_rules_info(args, *rules, size->rows, size->cols);
    } catch (const std::exception& e) {
      print_error(e.what());
      return kExitBadInput;
    }
  }

  BoardInfo info;
  try {
    info = board_info(size->rows, size->cols);
    if (args.kernel) {
      std::vector<Board> patterns;
      try {
        patterns = quiet_patterns(size->rows, size->cols);
      } catch (const std::length_error& e) {
        print_error(fmt::format("--kernel: {}", e.what()));
        return kExitBadInput;
      }
      write_patterns(args.kernel_path, patterns);
    }
  } catch (const std::exception& e) {
    print_error(e.what());
    return kExitBadInput;
  }

  // Classic rules named with --rules: the same facts, plus the rules keys.
  const std::string quiet = info.nullity < 64 ? std::to_string(std::uint64_t{1} << info.nullity)
                                              : fmt::format("2^{}", info.nullity);
  if (args.json && rules) {
    fmt::print(
        "{{\"rows\":{},\"cols\":{},\"nullity\":{},\"solvable_log2\":{},\"all_solvable\":{},"
        "\"rules\":{},\"states\":2,\"quiet_patterns\":{}}}\n",
        info.rows, info.cols, info.nullity, info.solvable_log2, info.all_solvable,
        json_string(to_string(*rules)), json_string(quiet));
  } else if (args.json) {
    fmt::print(
        "{{\"rows\":{},\"cols\":{},\"nullity\":{},\"solvable_log2\":{},\"all_solvable\":{}}}\n",
        info.rows, info.cols, info.nullity, info.solvable_log2, info.all_solvable);
  } else {
    fmt::print("board {}x{}: nullity {}\n", info.rows, info.cols, info.nullity);
    fmt::print("solvable configurations: 2^{} of 2^{}\n", info.solvable_log2,
               std::uint64_t{info.rows} * info.cols);
    fmt::print("every board solvable: {}\n", info.all_solvable ? "yes" : "no");
    fmt::print("solutions per solvable board: {}\n", power_of_two(info.nullity));
    if (args.kernel) {
      fmt::print("quiet patterns: {} written to {}\n", info.nullity, args.kernel_path);
    }
    if (rules) {
      fmt::print("rules: {} (2 states, {} cells)\n", to_string(*rules),
                 std::uint64_t{info.rows} * info.cols);
      fmt::print("quiet patterns: {}\n", quiet);
    }
  }
  std::fflush(stdout);
  if (std::ferror(stdout)) {
    print_error("cannot write to standard output");
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace

std::function<int()> add_info_command(CLI::App& app) {
  auto args = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand(
      "info", "What a board size decides: nullity, solvable boards, solutions per board");
  cmd->add_option("size", args->size, "Board size RxC (rows x columns), 1 <= R, C <= 10^9");
  cmd->add_flag("--json", args->json,
                "One JSON line: "
                "{\"rows\":R,\"cols\":C,\"nullity\":d,\"solvable_log2\":k,\"all_solvable\":b}");
  CLI::Option* kernel =
      cmd->add_option("--kernel", args->kernel_path,
                      "Write a basis of the quiet patterns (presses that change nothing) to FILE: "
                      "rows of 0/1, a blank line between patterns (boards up to 2^32 cells)")
          ->type_name("FILE");
  CLI::Option* rules_opt =
      cmd->add_option("--rules", args->rules,
                      "Variant rules (e.g. torus,states=3): the nullity and the number of quiet "
                      "patterns under them, by elimination (a few thousand cells); graph= and "
                      "holes= imply the size")
          ->type_name("TEXT");
  cmd->allow_extras();
  cmd->footer(
      "The nullity d is the number of independent quiet patterns: 2^(R*C - d) boards are "
      "solvable, each in 2^d ways.\nIt is computed from the size alone, in about 0.4 s for "
      "10^6x10^6 and 10 s for 10^7x10^7 (the time grows with the smaller odd part of R + 1 "
      "and C + 1).\nExit status: 0 done, 2 bad input or usage.");
  return [args, cmd, kernel, rules_opt] {
    args->kernel = kernel->count() > 0;
    args->rules_given = rules_opt->count() > 0;
    return run_info(*args, cmd->remaining());
  };
}

}  // namespace lightsout::cli
