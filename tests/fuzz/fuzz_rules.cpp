// libFuzzer target: parse_rules over arbitrary text, with an in-memory loader that serves
// fuzzer-chosen contents for holes=FILE and graph=FILE (the inline holes=[ROWS] and graph=[N:EDGES]
// forms are in the text itself). The only acceptable failure is RulesError.
// On success: to_string is canonical (it parses back to equal rules and prints the same text), a
// graph parses again under a node limit of its size and is RulesTooLarge under one less, and
// the press system builds (and, on small boards, solve_rules solves) on a board the rules accept.
//
// Input: two control bytes (a board size), then the rules text, '\0', file A, '\0', file B. The
// loader serves file A for paths starting with an even byte, file B otherwise, and throws for the
// path "missing" (the loader-failure path). It also refuses files holding a run of 6 or more
// digits, and rules text holding one is skipped: a graph (a file's header, or graph=[N:...]) may
// claim up to 2^24 nodes, a legitimate 400 MB that would only slow the fuzzer down.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/solve_rules.hpp"
#include "fuzz_support.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"

using lightsout::Rules;
using lightsout::RulesError;
using namespace lightsout::fuzz;  // fuzz_support.hpp

namespace {

bool long_digit_run(std::string_view s) {
  std::size_t run = 0;
  for (const char ch : s) {
    run = (ch >= '0' && ch <= '9') ? run + 1 : 0;
    if (run >= 6) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const auto [rows_byte, cols_byte] = control.take<2>();
  const std::string_view rest(reinterpret_cast<const char*>(control.data()), control.size());
  const std::size_t first_nul = rest.find('\0');
  const std::string_view text = rest.substr(0, first_nul);
  if (long_digit_run(text)) return 0;
  std::string_view file_a;
  std::string_view file_b;
  if (first_nul != std::string_view::npos) {
    const std::string_view files = rest.substr(first_nul + 1);
    const std::size_t second_nul = files.find('\0');
    file_a = files.substr(0, second_nul);
    if (second_nul != std::string_view::npos) file_b = files.substr(second_nul + 1);
  }
  const lightsout::FileLoader loader = [&](const std::string& path) -> std::string {
    if (path == "missing") throw std::runtime_error("no such file");
    const std::string_view content =
        (static_cast<unsigned char>(path.front()) % 2 == 0) ? file_a : file_b;
    if (long_digit_run(content)) throw std::runtime_error("refused: long number");
    return std::string(content);
  };

  Rules rules;
  try {
    rules = lightsout::parse_rules(text, loader);
  } catch (const RulesError&) {
    return 0;
  }

  // The canonical text round trip.
  const std::string canonical = lightsout::to_string(rules);
  Rules again;
  try {
    again = lightsout::parse_rules(canonical, loader);
  } catch (const RulesError& e) {
    std::fprintf(stderr, "canonical '%s': %s\n", canonical.c_str(), e.what());
    finding("to_string does not parse back");
  }
  if (!(again == rules)) finding("to_string parses back to different rules");
  if (lightsout::to_string(again) != canonical) finding("to_string not canonical");
  if (lightsout::is_classic(again) != lightsout::is_classic(rules)) {
    finding("is_classic changes across the round trip");
  }

  // The node limit: exactly the graph's size passes, one less is RulesTooLarge.
  if (rules.has_graph()) {
    const std::size_t nodes = rules.graph.size();
    if (!(lightsout::parse_rules(text, loader, nodes) == rules)) {
      finding("a graph within max_graph_nodes parses differently");
    }
    try {
      lightsout::parse_rules(text, loader, nodes - 1);
      finding("a graph past max_graph_nodes accepted");
    } catch (const lightsout::RulesTooLarge&) {
    }
  }

  // A board the rules accept: the holes grid's size, N x 1 for a graph, else from the bytes.
  std::size_t rows = 1 + rows_byte % 8;
  std::size_t cols = 1 + cols_byte % 8;
  if (rules.has_holes()) {
    rows = rules.holes.rows();
    cols = rules.holes.cols();
  } else if (rules.has_graph()) {
    rows = rules.graph.size();
    cols = 1;
  }
  if (rows * cols > 4096) return 0;
  const lightsout::PressSystem system = lightsout::build_press_system(rules, rows, cols);
  if (system.rows != rows || system.cols != cols) finding("press system size");
  if (system.size() > 64) return 0;
  std::vector<std::uint8_t> lights(rows * cols);
  for (std::size_t i = 0; i < lights.size(); ++i) {
    lights[i] =
        static_cast<std::uint8_t>((rows_byte * 31U + cols_byte * 7U + i * 13U) % rules.states);
  }
  lightsout::Options options;
  options.kernel = true;
  options.minimal = (rows_byte & 0x80) != 0;
  options.minimal_budget = std::uint64_t{1} << 16;
  // The dense methods through the Solver (its finishing step searches the fewest presses).
  const lightsout::Result result =
      lightsout::Solver(rules, rows, cols,
                        rules.states == 2 ? lightsout::Method::gf2 : lightsout::Method::zk)
          .solve(lightsout::Grid::from_values(rows, cols, rules.states, lights), options);
  if (result.solvable) {
    // Bring every existing cell to the target.
    std::vector<std::uint8_t> end = lights;
    system.apply(result.presses.to_values(), end);
    const std::uint8_t goal = rules.target_on ? static_cast<std::uint8_t>(rules.states - 1) : 0;
    for (const std::uint32_t cell : system.cells) {
      if (end[cell] != goal) finding("solve_rules presses do not reach the target");
    }
  }
  return 0;
}
