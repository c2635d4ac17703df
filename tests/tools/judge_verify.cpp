// judge_verify: an independent checker for `lightsout solve` output, sharing no code with it.
//
// Usage: judge_verify ROWS COLS INPUT OUTPUT [--brute-force-minimal]
// Reads puzzles (count-first judge format) and the tool's output, presses every button the output
// names on a plain int grid, and demands that each board goes dark. A "no solution" block is
// checked by brute force when the board has at most 16 cells, and otherwise only counted.
// --brute-force-minimal also demands, for boards of at most 16 cells, that no solution has fewer
// presses. Prints "ok: N puzzles, U without solution" and exits 0, or names the first bad puzzle
// and exits 1.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using Grid = std::vector<int>;

void press(Grid& g, int rows, int cols, int r, int c) {
  const int dr[5] = {0, -1, 1, 0, 0};
  const int dc[5] = {0, 0, 0, -1, 1};
  for (int k = 0; k < 5; ++k) {
    const int rr = r + dr[k], cc = c + dc[k];
    if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) g[rr * cols + cc] ^= 1;
  }
}

// Smallest number of presses that darkens g, or -1; tries all 2^cells press sets.
int brute_force_fewest(const Grid& g, int rows, int cols) {
  const int cells = rows * cols;
  int best = -1;
  for (long mask = 0; mask < (1L << cells); ++mask) {
    Grid t = g;
    for (int i = 0; i < cells; ++i) {
      if ((mask >> i) & 1) press(t, rows, cols, i / cols, i % cols);
    }
    bool dark = true;
    for (int v : t) dark = dark && v == 0;
    const int n = __builtin_popcountl(mask);
    if (dark && (best < 0 || n < best)) best = n;
  }
  return best;
}

[[noreturn]] void fail(long puzzle, const std::string& why) {
  std::fprintf(stderr, "judge_verify: puzzle %ld: %s\n", puzzle, why.c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: judge_verify ROWS COLS INPUT OUTPUT [--brute-force-minimal]\n");
    return 2;
  }
  const int rows = std::atoi(argv[1]);
  const int cols = std::atoi(argv[2]);
  const bool check_minimal = argc > 5 && std::string(argv[5]) == "--brute-force-minimal";
  std::ifstream in(argv[3]);
  std::ifstream out(argv[4]);
  std::ios::sync_with_stdio(false);
  long count = 0;
  if (!(in >> count) || count <= 0) fail(0, "cannot read the count");
  long unsolvable = 0;
  for (long p = 1; p <= count; ++p) {
    Grid g(static_cast<std::size_t>(rows * cols));
    for (int& v : g) {
      if (!(in >> v)) fail(p, "input ended early");
    }
    std::string word;
    if (!(out >> word) || word != "PUZZLE") fail(p, "missing PUZZLE header");
    std::string number_tag = "#";  // built in two steps: GCC 12 -Wrestrict misfires on "#" + s
    number_tag += std::to_string(p);
    if (!(out >> word) || word != number_tag) fail(p, "wrong puzzle number " + word);
    out >> std::ws;
    if (out.peek() == 'n') {
      std::string no, solution;
      out >> no >> solution;
      if (no != "no" || solution != "solution") fail(p, "garbled 'no solution' line");
      if (rows * cols <= 16 && brute_force_fewest(g, rows, cols) >= 0) {
        fail(p, "said 'no solution' but brute force found one");
      }
      ++unsolvable;
      continue;
    }
    Grid original = g;
    int presses = 0;
    for (int i = 0; i < rows * cols; ++i) {
      int x = 0;
      if (!(out >> x) || (x != 0 && x != 1)) fail(p, "bad press value");
      if (x == 1) {
        press(g, rows, cols, i / cols, i % cols);
        ++presses;
      }
    }
    for (int v : g) {
      if (v != 0) fail(p, "the presses leave a light on");
    }
    if (check_minimal && rows * cols <= 16 && brute_force_fewest(original, rows, cols) != presses) {
      fail(p, "not the fewest presses");
    }
  }
  std::string extra;
  if (out >> extra) fail(count, "output has more than the puzzles: '" + extra + "'");
  std::printf("ok: %ld puzzles, %ld without solution\n", count, unsolvable);
  return 0;
}
