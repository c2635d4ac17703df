// The judge family (solve --judge poj3279, poj1681, poj1753, poj3185, poj1830) against oracles of
// its own: random cases written as text, answered through JudgeCaseReader and the solver calls the
// CLI makes, and by the built lightsout on the whole file, each compared with plain enumeration.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "io/judge_family_simd.hpp"
#include "io/mapped_input.hpp"
#include "lightsout/input_file.hpp"
#include "lightsout/judge_family.hpp"
#include "lightsout/judge_family_answers.hpp"
#include "lightsout/row_solver.hpp"
#include "lightsout/word_system.hpp"

namespace lightsout {
namespace {

// --- the oracles: no code shared with the library ---

// The fewest presses of a grid found by chasing every one of the 2^cols first rows; the answer
// text of the lightest (the lexicographically least text among them), and how many tie.
struct GridOracle {
  bool solvable = false;
  int presses = 0;
  std::string text;  // the press rows as poj3279 prints them
  int lightest = 0;  // how many solutions have the fewest presses
};

std::string press_text(const std::vector<std::uint32_t>& p, int cols) {
  std::string s;
  for (std::uint32_t row : p) {
    for (int c = 0; c < cols; ++c) {
      if (c != 0) s += ' ';
      s += ((row >> c) & 1U) != 0 ? '1' : '0';
    }
    s += '\n';
  }
  return s;
}

GridOracle enumerate_first_rows(const std::vector<std::uint32_t>& lights, int cols) {
  const int rows = static_cast<int>(lights.size());
  const std::uint32_t mask = (std::uint32_t{1} << cols) - 1;
  GridOracle best;
  std::vector<std::uint32_t> state(rows);
  std::vector<std::uint32_t> p(rows);
  for (std::uint32_t first = 0; first <= mask; ++first) {
    state = lights;
    int n = 0;
    for (int r = 0; r < rows; ++r) {
      p[r] = r == 0 ? first : state[r - 1];  // press under every light left on above
      n += std::popcount(p[r]);
      if (r > 0) state[r - 1] ^= p[r];
      state[r] ^= (p[r] ^ (p[r] << 1) ^ (p[r] >> 1)) & mask;
      if (r + 1 < rows) state[r + 1] ^= p[r];
    }
    if (state[rows - 1] != 0) continue;
    if (!best.solvable || n < best.presses) {
      best = {true, n, press_text(p, cols), 1};
    } else if (n == best.presses) {
      ++best.lightest;
      std::string t = press_text(p, cols);
      if (t < best.text) best.text = std::move(t);
    }
  }
  return best;
}

// For a 1-row or 4 x 4 board: the fewest presses reaching each of the 2^cells light patterns from
// all dark, over every press set (255: none reaches it).
std::vector<std::uint8_t> fewest_table(int rows, int cols) {
  const int cells = rows * cols;
  std::vector<std::uint32_t> effect(cells, 0);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      std::uint32_t e = 0;
      for (auto [dr, dc] : {std::pair{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
        const int rr = r + dr;
        const int cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) e |= std::uint32_t{1} << (rr * cols + cc);
      }
      effect[r * cols + c] = e;
    }
  }
  std::vector<std::uint8_t> best(std::size_t{1} << cells, 255);
  for (std::uint32_t set = 0; set < (std::uint32_t{1} << cells); ++set) {
    std::uint32_t lit = 0;
    for (int k = 0; k < cells; ++k) {
      if ((set >> k) & 1U) lit ^= effect[k];
    }
    best[lit] = std::min<std::uint8_t>(best[lit], static_cast<std::uint8_t>(std::popcount(set)));
  }
  return best;
}

// The switch problem's matrix as plain booleans: flips[j][i] when pressing switch j flips i.
struct Switches {
  int n = 0;
  std::vector<std::vector<bool>> flips;
  std::vector<bool> change;
};

// How many press sets flip exactly `change`, by trying all 2^n of them.
std::uint64_t count_by_brute_force(const Switches& s) {
  std::uint64_t count = 0;
  for (std::uint32_t set = 0; set < (std::uint32_t{1} << s.n); ++set) {
    std::vector<bool> flipped(s.n, false);
    for (int j = 0; j < s.n; ++j) {
      if (((set >> j) & 1U) == 0) continue;
      for (int i = 0; i < s.n; ++i) flipped[i] = flipped[i] != s.flips[j][i];
    }
    if (flipped == s.change) ++count;
  }
  return count;
}

// The rank of a dense 0/1 matrix by row reduction.
int dense_rank(std::vector<std::vector<int>> m) {
  int rank = 0;
  const int cols = m.empty() ? 0 : static_cast<int>(m[0].size());
  for (int c = 0; c < cols && rank < static_cast<int>(m.size()); ++c) {
    int pivot = rank;
    while (pivot < static_cast<int>(m.size()) && m[pivot][c] == 0) ++pivot;
    if (pivot == static_cast<int>(m.size())) continue;
    std::swap(m[pivot], m[rank]);
    for (int r = 0; r < static_cast<int>(m.size()); ++r) {
      if (r != rank && m[r][c] != 0) {
        for (int k = 0; k < cols; ++k) m[r][k] ^= m[rank][k];
      }
    }
    ++rank;
  }
  return rank;
}

// The count from ranks: 2^(n - rank A) when rank [A | change] = rank A, else none (0).
std::uint64_t count_by_rank(const Switches& s) {
  std::vector<std::vector<int>> a(s.n, std::vector<int>(s.n));
  std::vector<std::vector<int>> augmented(s.n, std::vector<int>(s.n + 1));
  for (int i = 0; i < s.n; ++i) {
    for (int j = 0; j < s.n; ++j) a[i][j] = augmented[i][j] = s.flips[j][i] ? 1 : 0;
    augmented[i][s.n] = s.change[i] ? 1 : 0;
  }
  const int rank = dense_rank(a);
  if (dense_rank(augmented) != rank) return 0;
  return std::uint64_t{1} << (s.n - rank);
}

// --- writing cases as text, with the whitespace a judge's scanf accepts ---

class TextWriter {
 public:
  explicit TextWriter(std::mt19937_64& rng) : rng_(rng) {}
  // Between two values: mostly one space, now and then tabs, several blanks or a line break.
  std::string gap() { return usually(" ", {"\t", "  ", "\n", " \r\n "}); }
  // After a row: mostly "\n", now and then CRLF, a trailing blank or a blank line.
  std::string row_end() { return usually("\n", {"\r\n", " \n", "\n\n", "\t\n"}); }
  std::string bits(std::uint32_t row, int n) {
    std::string s;
    for (int c = 0; c < n; ++c) {
      if (c != 0) s += gap();
      s += ((row >> c) & 1U) != 0 ? '1' : '0';
    }
    return s + row_end();
  }
  // Letters mostly together; sometimes blanks between them.
  std::string letters(std::uint32_t row, int n, char zero, char one) {
    const bool spaced = rng_() % 20 == 0;
    std::string s;
    for (int c = 0; c < n; ++c) {
      if (c != 0 && spaced) s += gap();
      s += ((row >> c) & 1U) != 0 ? one : zero;
    }
    return s + row_end();
  }

 private:
  // `usual`, or each of `rare` with chance 1/40 (one draw from the stream either way).
  std::string usually(const char* usual, const std::array<const char*, 4>& rare) {
    const std::uint64_t r = rng_() % 40;
    return r < rare.size() ? rare[r] : usual;
  }

  std::mt19937_64& rng_;
};

std::uint32_t random_row(std::mt19937_64& rng, int n, int density_percent) {
  std::uint32_t row = 0;
  for (int c = 0; c < n; ++c) {
    if (static_cast<int>(rng() % 100) < density_percent) row |= std::uint32_t{1} << c;
  }
  return row;
}

// --- the tool's answers: the library calls of `solve --judge`, and the binary itself ---

// The reader over a string, handing it out in pieces of random length.
JudgeCaseReader reader_over(JudgeProblem problem, const std::string& text, std::uint64_t seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  auto at = std::make_shared<std::size_t>(0);
  return JudgeCaseReader(
      problem,
      [&text, rng, at](char* buf, std::size_t cap) {
        const std::size_t n = std::min({cap, text.size() - *at, std::size_t{1} + (*rng)() % 5000});
        std::copy_n(text.data() + *at, n, buf);
        *at += n;
        return n;
      },
      4096);
}

// What the library answers (answer_judge_cases, which the CLI calls for a pipe), read in pieces of
// random length.
std::string library_answers(JudgeProblem problem, const std::string& text) {
  std::string out;
  JudgeCaseReader reader = reader_over(problem, text, text.size());
  answer_judge_cases(
      reader, [&out](const char* bytes, std::size_t n) { out.append(bytes, n); }, 1 << 12);
  return out;
}

#ifdef LIGHTSOUT_BINARY
struct CliRun {
  int status = -1;
  std::string out;
};

// `lightsout solve --judge NAME FILE` on the text, its stdout and exit status.
CliRun cli_answers(JudgeProblem problem, const std::string& text) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "judge_family_test.XXXXXX").string();
  std::vector<char> dir(pattern.begin(), pattern.end());
  dir.push_back('\0');
  if (mkdtemp(dir.data()) == nullptr) return {};
  const std::string in = std::string(dir.data()) + "/in.txt";
  const std::string out = std::string(dir.data()) + "/out.txt";
  std::ofstream(in, std::ios::binary) << text;
  const std::string command = std::string(LIGHTSOUT_BINARY) + " solve --judge " +
                              std::string(judge_problem_name(problem)) + " " + in + " >" + out +
                              " 2>/dev/null";
  CliRun run;
  const int status = std::system(command.c_str());
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream f(out, std::ios::binary);
  run.out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  std::remove(in.c_str());
  std::remove(out.c_str());
  rmdir(dir.data());
  return run;
}

#endif

// What answer_judge_file gives for the text written to a file: the answers, the error's what()
// (empty without one) and the tally.
struct FileRun {
  std::string out;
  std::string error;
  JudgeFamilyTally tally;
};

// With `unmapped`, the one mapping allowed at a time is held during the call, so that the
// segments are read with pread.
FileRun file_answers(JudgeProblem problem, const std::string& text, const JudgeFileSplit& split,
                     bool unmapped = false) {
  static int serial = 0;
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("judge_family_test." + std::to_string(getpid()) + "." + std::to_string(serial++));
  std::ofstream(path, std::ios::binary) << text;
  FileRun run;
  try {
    const InputFile file(path.string());
    const std::unique_ptr<detail::MappedInput> held =
        unmapped ? detail::MappedInput::map(file) : nullptr;
    EXPECT_EQ(held != nullptr, unmapped);
    run.tally = answer_judge_file(
        problem, file, [&run](const char* b, std::size_t n) { run.out.append(b, n); }, split);
  } catch (const JudgeCaseError& e) {
    run.error = e.what();
  }
  std::filesystem::remove(path);
  return run;
}

// The splits the file tests try: one pass, and segments of a few sizes on 2 and 3 threads.
std::vector<JudgeFileSplit> test_splits() { return {{1, 0}, {2, 0}, {2, 97}, {3, 611}, {2, 4000}}; }

// The first line where two answer texts differ, with the case's place, for failure messages.
std::string first_difference(const std::string& want, const std::string& got) {
  std::istringstream a(want);
  std::istringstream b(got);
  std::string x;
  std::string y;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, x));
    const bool more_b = static_cast<bool>(std::getline(b, y));
    if (!more_a && !more_b) return "no difference";
    if (!more_a || !more_b || x != y) {
      return "answer line " + std::to_string(line) + ": wanted '" + (more_a ? x : "<end>") +
             "', got '" + (more_b ? y : "<end>") + "'";
    }
  }
}

// The oracle's answers against the library's and the binary's (with its exit status).
void expect_answers(JudgeProblem problem, const std::string& text, const std::string& want,
                    int status = 0) {
  const std::string library = library_answers(problem, text);
  EXPECT_TRUE(library == want) << "library: " << first_difference(want, library);
  for (const JudgeFileSplit& split : test_splits()) {
    const FileRun run = file_answers(problem, text, split);
    EXPECT_EQ(run.error, "");
    EXPECT_TRUE(run.out == want) << "answer_judge_file, " << split.threads
                                 << " threads, segments of " << split.segment_bytes << ": "
                                 << first_difference(want, run.out);
  }
#ifdef LIGHTSOUT_BINARY
  const CliRun cli = cli_answers(problem, text);
  EXPECT_EQ(cli.status, status);
  EXPECT_TRUE(cli.out == want) << "lightsout: " << first_difference(want, cli.out);
#else
  static_cast<void>(status);  // the sanitizer tree: the library's answers only
#endif
}

// Appends a case's expected answer line to `want`: the number `answer`, or where the case has
// none the problem's words for that (`none`), which `nones` counts.
void add_answer(std::string& want, int& nones, bool has_answer, std::uint64_t answer,
                std::string_view none) {
  want += has_answer ? std::to_string(answer) : std::string(none);
  want += '\n';
  nones += has_answer ? 0 : 1;
}

// --- the tests ---

// Reads that return a few bytes at a time: each read is given only the room the buffer has left
// (after a short read the reader once offered the whole free space again, past the buffer's end).
TEST(JudgeFamily, ShortReadsStayInTheBuffer) {
  std::string row;
  for (int i = 0; i < 28; ++i) row += i == 0 ? "1" : " 0";
  std::string text = "1000\n";
  for (int k = 0; k < 1000; ++k) text += "28\n" + row + "\n" + row + "\n1 2\n2 3\n0 0\n";
  const std::size_t capacity = 4096;
  const char* base = nullptr;
  std::size_t at = 0;
  bool overrun = false;
  JudgeCaseReader reader(
      JudgeProblem::poj1830,
      [&](char* buf, std::size_t cap) {
        if (base == nullptr) base = buf;  // the first read fills the buffer from its start
        overrun = overrun || buf + cap > base + capacity;
        const std::size_t n = std::min({cap, text.size() - at, std::size_t{3}});
        std::copy_n(text.data() + at, n, buf);
        at += n;
        return n;
      },
      capacity);
  SwitchCase c;
  std::size_t cases = 0;
  while (reader.next(c)) {
    ++cases;
    EXPECT_EQ(c.change, 0U);
    EXPECT_EQ(c.presses[0], 0b11U);
    EXPECT_EQ(c.presses[1], 0b110U);
  }
  EXPECT_EQ(cases, 1000U);
  EXPECT_FALSE(overrun);
}

TEST(JudgeFamily, FliptileFewestAndLexicographicallyLeast) {
  std::mt19937_64 rng(3279);
  TextWriter w(rng);
  std::vector<std::pair<int, int>> sizes;
  // Sizes with many lightest solutions (1 x 5, 4 x 4, 5 x 5, 2 x 3 ...), then random ones.
  for (auto s : {std::pair{1, 5},
                 {4, 4},
                 {5, 5},
                 {2, 3},
                 {3, 2},
                 {1, 2},
                 {4, 5},
                 {5, 4},
                 {9, 9},
                 {1, 1},
                 {15, 15},
                 {1, 15},
                 {15, 1},
                 {3, 3},
                 {11, 11}}) {
    for (int k = 0; k < 60; ++k) sizes.push_back(s);
  }
  for (int k = 0; k < 1500; ++k) sizes.emplace_back(1 + rng() % 15, 1 + rng() % 15);
  std::string text;
  std::string want;
  int ties = 0;
  int impossible = 0;
  for (auto [rows, cols] : sizes) {
    const int density = static_cast<int>(rng() % 101);
    std::vector<std::uint32_t> lights(rows);
    for (auto& r : lights) r = random_row(rng, cols, density);
    text += std::to_string(rows) + w.gap() + std::to_string(cols) + w.row_end();
    for (auto r : lights) text += w.bits(r, cols);
    const GridOracle o = enumerate_first_rows(lights, cols);
    want += o.solvable ? o.text : "IMPOSSIBLE\n";
    ties += o.lightest > 1 ? 1 : 0;
    impossible += o.solvable ? 0 : 1;
  }
  EXPECT_GT(ties, 100);  // the lexicographic choice was tested
  EXPECT_GT(impossible, 300);
  expect_answers(JudgeProblem::poj3279, text, want);
}

TEST(JudgeFamily, PainterFewestOrInf) {
  std::mt19937_64 rng(1681);
  TextWriter w(rng);
  std::vector<int> sides;
  for (int n = 1; n <= 15; ++n) {
    for (int k = 0; k < 40; ++k) sides.push_back(n);
  }
  for (int k = 0; k < 300; ++k) sides.push_back(4 + static_cast<int>(rng() % 2));  // nullity 4, 2
  std::string text = std::to_string(sides.size()) + "\n";
  std::string want;
  int inf = 0;
  int ties = 0;
  for (int n : sides) {
    const int density = static_cast<int>(rng() % 101);
    std::vector<std::uint32_t> lit(n);  // the 'w' bricks
    for (auto& r : lit) r = random_row(rng, n, density);
    text += std::to_string(n) + w.row_end();
    for (auto r : lit) text += w.letters(r, n, 'y', 'w');
    const GridOracle o = enumerate_first_rows(lit, n);
    add_answer(want, inf, o.solvable, static_cast<std::uint64_t>(o.presses), "inf");
    ties += o.lightest > 1 ? 1 : 0;
  }
  EXPECT_GT(inf, 200);
  EXPECT_GT(ties, 50);
  expect_answers(JudgeProblem::poj1681, text, want);
}

TEST(JudgeFamily, FlipGameEveryBoard) {
  // All 2^16 boards back to back, against the fewest presses over all 2^16 press sets.
  const std::vector<std::uint8_t> best = fewest_table(4, 4);
  std::mt19937_64 rng(1753);
  TextWriter w(rng);
  std::string text;
  std::string want;
  int impossible = 0;
  for (std::uint32_t board = 0; board < (1U << 16); ++board) {  // bit r*4+c: 'b' at (r, c)
    for (int r = 0; r < 4; ++r) text += w.letters((board >> (4 * r)) & 0xF, 4, 'w', 'b');
    const int n = std::min(best[board], best[board ^ 0xFFFF]);
    add_answer(want, impossible, n != 255, static_cast<std::uint64_t>(n), "Impossible");
  }
  EXPECT_GT(impossible, 0);
  expect_answers(JudgeProblem::poj1753, text, want);
}

TEST(JudgeFamily, WaterBowlsAgainstEveryPressSet) {
  const std::vector<std::uint8_t> best = fewest_table(1, 20);
  std::mt19937_64 rng(3185);
  TextWriter w(rng);
  // The statement's sample first (3), then bowls made solvable by random presses, then random.
  std::string text = "0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 0\n";
  std::string want = "3\n";
  int unsolvable = 0;
  for (int k = 0; k < 400; ++k) {
    std::uint32_t bowls = random_row(rng, 20, static_cast<int>(rng() % 101));
    if (k < 200) {  // the effect of random presses: solvable by construction
      const std::uint32_t presses = bowls;
      bowls = (presses ^ (presses << 1) ^ (presses >> 1)) & 0xFFFFF;
    }
    text += w.bits(bowls, 20);
    add_answer(want, unsolvable, best[bowls] != 255, best[bowls], "impossible");
  }
  EXPECT_GT(unsolvable, 50);
  expect_answers(JudgeProblem::poj3185, text, want, 1);  // some have no solution: exit 1
}

TEST(JudgeFamily, SwitchProblemCounts) {
  std::mt19937_64 rng(1830);
  TextWriter w(rng);
  std::vector<int> ns;
  for (int k = 0; k < 2000; ++k) ns.push_back(1 + static_cast<int>(rng() % 12));
  for (int k = 0; k < 600; ++k) ns.push_back(13 + static_cast<int>(rng() % 16));
  for (int k = 0; k < 20; ++k) ns.push_back(28);
  std::string text = std::to_string(ns.size()) + "\n";
  std::string want;
  int impossible = 0;
  int large_impossible = 0;
  int many = 0;
  for (int n : ns) {
    Switches s{n, std::vector<std::vector<bool>>(n, std::vector<bool>(n, false)),
               std::vector<bool>(n, false)};
    for (int i = 0; i < n; ++i) s.flips[i][i] = true;
    std::string links;
    const int count = static_cast<int>(rng() % (3 * n + 1));
    for (int k = 0; k < count; ++k) {
      const int i = static_cast<int>(rng() % n);
      // Now and then a repeated link (it does not cancel) or a switch linked to itself.
      const int j = k > 0 && rng() % 10 == 0 ? i : static_cast<int>(rng() % n);
      const std::string line =
          std::to_string(i + 1) + w.gap() + std::to_string(j + 1) + w.row_end();
      links += line;
      if (rng() % 10 == 0) links += line;
      s.flips[i][j] = true;
    }
    std::uint32_t start = random_row(rng, n, 50);
    std::uint32_t end = random_row(rng, n, 50);
    if (rng() % 2 == 0) {  // an end the presses reach: some press set applied to the start
      end = start;
      for (int j = 0; j < n; ++j) {
        if (rng() % 2 == 0) continue;
        for (int i = 0; i < n; ++i) end ^= s.flips[j][i] ? std::uint32_t{1} << i : 0;
      }
    }
    for (int i = 0; i < n; ++i) s.change[i] = (((start ^ end) >> i) & 1U) != 0;
    text += std::to_string(n) + w.row_end() + w.bits(start, n) + w.bits(end, n) + links + "0" +
            w.gap() + "0" + w.row_end();
    const std::uint64_t ways = n <= 12 ? count_by_brute_force(s) : count_by_rank(s);
    if (n <= 12) {
      EXPECT_EQ(ways, count_by_rank(s));  // the two oracles agree
    }
    add_answer(want, impossible, ways != 0, ways, "Oh,it's impossible~!!");
    large_impossible += ways == 0 && n > 12 ? 1 : 0;
    many += ways > 1 ? 1 : 0;
  }
  EXPECT_GT(impossible, 200);
  EXPECT_GT(large_impossible, 50);
  EXPECT_GT(many, 300);
  expect_answers(JudgeProblem::poj1830, text, want);
}

}  // namespace
}  // namespace lightsout

namespace lightsout {
namespace {

// Cases in the usual layout (where answer_judge_file finds its cuts): Painter's sides 1..15, or
// switch problems of 1..28 switches.
std::string usual_layout_cases(JudgeProblem problem, std::mt19937_64& rng, int cases) {
  std::string text = std::to_string(cases) + "\n";
  for (int k = 0; k < cases; ++k) {
    if (problem == JudgeProblem::poj1681) {
      const int n = 1 + static_cast<int>(rng() % 15);
      text += std::to_string(n) + "\n";
      for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) text += rng() % 2 == 0 ? 'w' : 'y';
        text += '\n';
      }
      continue;
    }
    const int n = 1 + static_cast<int>(rng() % 28);
    text += std::to_string(n) + "\n";
    for (int row = 0; row < 2; ++row) {
      for (int i = 0; i < n; ++i) text += std::string(i == 0 ? "" : " ") + (rng() % 2 ? "1" : "0");
      text += '\n';
    }
    const int links = static_cast<int>(rng() % (2 * n + 1));
    for (int l = 0; l < links; ++l) {
      text += std::to_string(1 + rng() % n) + " " + std::to_string(1 + rng() % n) + "\n";
    }
    text += "0 0\n";
  }
  return text;
}

// answer_judge_cases over a reader handed at most `piece` bytes a call, its answers and error.
FileRun piecewise_answers(JudgeProblem problem, const std::string& text, std::size_t piece) {
  std::size_t at = 0;
  JudgeCaseReader reader(
      problem,
      [&](char* buf, std::size_t cap) {
        const std::size_t n = std::min({cap, text.size() - at, piece});
        std::copy_n(text.data() + at, n, buf);
        at += n;
        return n;
      },
      1 << 16);
  FileRun run;
  try {
    run.tally = answer_judge_cases(
        reader, [&run](const char* b, std::size_t n) { run.out.append(b, n); }, 1 << 12);
  } catch (const JudgeCaseError& e) {
    run.error = e.what();
  }
  return run;
}

// `text` broken at a random place, by the trial's turn: a few bytes cut out, a piece of junk put
// in, or a line of another form put where a line starts.
std::string broken_text(const std::string& text, std::mt19937_64& rng, int trial,
                        std::span<const char* const> junk, std::span<const char* const> lines) {
  std::string bad = text;
  const std::size_t at = 1 + rng() % (text.size() - 2);
  if (trial % 3 == 0) {
    bad.erase(at, 1 + rng() % 3);
  } else if (trial % 3 == 1) {
    bad.insert(at, junk[rng() % junk.size()]);
  } else {
    bad.insert(bad.find('\n', at) + 1, lines[rng() % lines.size()]);
  }
  return bad;
}

// Broken text read from a byte at a time (the rows and links mostly by the general path and the
// line-at-a-time loops: little is buffered) and from the whole text at once (by the 16- and
// 64-byte blocks): the same answers and the same error, wherever the break is.
TEST(JudgeFamily, BlockReadingAgreesWithByteReading) {
  std::mt19937_64 rng(1983);
  const std::array<const char*, 8> junk = {"x", " ", "\n", "0", "00 ", "29", "\r", "7 7\n"};
  const std::array<const char*, 14> lines = {"5 0\n",   "0 5\n",  "123 4\n",    "4 100\n", "1  2\n",
                                             " 1 2\n",  "1 2 \n", "29 1\n",     "1 29\n",  "0 0\n",
                                             "00 00\n", "01 2\n", "5 0\n0 0\n", "yyw\n"};
  int errors = 0;
  for (const JudgeProblem problem : {JudgeProblem::poj1681, JudgeProblem::poj1830}) {
    const std::string text = usual_layout_cases(problem, rng, 200);
    for (int trial = 0; trial < 300; ++trial) {
      const std::string bad = broken_text(text, rng, trial, junk, lines);
      const FileRun bytewise = piecewise_answers(problem, bad, 1);
      const FileRun whole = piecewise_answers(problem, bad, bad.size());
      errors += bytewise.error.empty() ? 0 : 1;
      EXPECT_EQ(whole.error, bytewise.error) << "trial " << trial;
      EXPECT_TRUE(whole.out == bytewise.out)
          << "trial " << trial << ": " << first_difference(bytewise.out, whole.out);
    }
  }
  EXPECT_GT(errors, 300);
}

// The switch problem's AVX-512 reading of a case whole (where the CPU has it): on cases in the
// usual layout it takes each case, its bytes, lines, rows and links (checked against the text it
// was made from); on broken text it gives the same answers and error as the other paths.
TEST(JudgeFamily, WideSwitchReadingAgreesWithTheOtherPaths) {
  const bool was = detail::use_wide_switch(true);
  if (!detail::wide_switch_usable()) {
    GTEST_SKIP() << "this CPU has no AVX-512 VBMI2, so the switch problem has one reading only";
  }
  std::mt19937_64 rng(1830);
  int whole = 0;
  int long_cases = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 28);
    const auto number = [&](int v) {  // now and then with a leading 0 (scanf reads it so)
      return (v < 10 && rng() % 16 == 0 ? "0" : "") + std::to_string(v);
    };
    std::string text = number(n) + "\n";
    std::uint64_t rows[2] = {0, 0};
    for (std::uint64_t& row : rows) {
      for (int i = 0; i < n; ++i) {
        const bool on = rng() % 2 == 1;
        row |= on ? std::uint64_t{1} << i : 0;
        text += std::string(i == 0 ? "" : " ") + (on ? "1" : "0");
      }
      text += '\n';
    }
    std::array<std::uint64_t, 28> presses{};
    for (int i = 0; i < n; ++i) presses[i] = std::uint64_t{1} << i;
    const int links = static_cast<int>(rng() % (trial % 100 == 0 ? 1500 : 3 * n + 1));
    for (int l = 0; l < links; ++l) {
      const int i = 1 + static_cast<int>(rng() % n);
      const int j = 1 + static_cast<int>(rng() % n);
      presses[i - 1] |= std::uint64_t{1} << (j - 1);
      text += number(i) + " " + number(j) + "\n";
    }
    text += "0 0\n";
    // What follows: the next case's start, or bytes of any kind; then room for the loads.
    std::string buffer = text;
    for (int k = 0; k < 70; ++k)
      buffer += static_cast<char>(rng() % 2 == 0 ? '0' + rng() % 10 : rng() % 256);
    SwitchCase got;
    detail::WideSwitchTake took;
    const auto* p = reinterpret_cast<const unsigned char*>(buffer.data());
    const bool taken = detail::wide_switch_case(p, p + buffer.size(), got, took);
    // A case of more numbers than it keeps (2048; where a block ends decides within one block's
    // numbers of that) is left to the other paths.
    const int numbers = 1 + 2 * n + 2 * links + 2;
    if (numbers > 2048 + 64) {
      EXPECT_FALSE(taken) << "trial " << trial;
      ++long_cases;
      continue;
    }
    if (numbers > 2048 - 64 && !taken) continue;
    ASSERT_TRUE(taken) << "trial " << trial << ":\n" << text;
    ++whole;
    EXPECT_EQ(took.bytes, text.size()) << "trial " << trial;
    EXPECT_EQ(took.lines, static_cast<std::size_t>(4 + links)) << "trial " << trial;
    EXPECT_EQ(got.n, static_cast<std::size_t>(n)) << "trial " << trial;
    EXPECT_EQ(got.change, rows[0] ^ rows[1]) << "trial " << trial;
    for (int i = 0; i < n; ++i) EXPECT_EQ(got.presses[i], presses[i]) << "trial " << trial;
  }
  EXPECT_GT(whole, 2900);
  EXPECT_GT(long_cases, 5);
  // Broken text: the answers and error with and without the wide reading.
  const std::array<const char*, 12> junk = {"x",  " ",     "\n", "0",  "00 ", "29",
                                            "\r", "7 7\n", "1",  "01", "\t",  "100"};
  const std::array<const char*, 16> lines = {
      "5 0\n",  "0 5\n", "123 4\n", "4 100\n", "1  2\n", " 1 2\n",     "1 2 \n",  "29 1\n",
      "1 29\n", "0 0\n", "00 00\n", "01 2\n",  "0 00\n", "5 0\n0 0\n", "1 0 1\n", "\n"};
  int errors = 0;
  const std::string text = usual_layout_cases(JudgeProblem::poj1830, rng, 200);
  for (int trial = 0; trial < 600; ++trial) {
    const std::string bad = broken_text(text, rng, trial, junk, lines);
    detail::use_wide_switch(true);
    const FileRun wide = piecewise_answers(JudgeProblem::poj1830, bad, bad.size());
    detail::use_wide_switch(false);
    const FileRun other = piecewise_answers(JudgeProblem::poj1830, bad, bad.size());
    errors += other.error.empty() ? 0 : 1;
    EXPECT_EQ(wide.error, other.error) << "trial " << trial;
    EXPECT_TRUE(wide.out == other.out)
        << "trial " << trial << ": " << first_difference(other.out, wide.out);
  }
  EXPECT_GT(errors, 300);
  detail::use_wide_switch(was);
}

// Broken inputs: on every split, answer_judge_file writes the one-pass reading's answers and
// throws its error (line, column and case), wherever the break falls among the segments.
TEST(JudgeFamily, SegmentsAnswerAsOnePassOnBrokenInput) {
  std::mt19937_64 rng(43);
  for (const JudgeProblem problem : {JudgeProblem::poj1681, JudgeProblem::poj1830}) {
    const std::string text = usual_layout_cases(problem, rng, 300);
    const FileRun whole = file_answers(problem, text, {1, 0});
    ASSERT_EQ(whole.error, "");
    ASSERT_EQ(whole.tally.cases, 300U);
    int errors = 0;
    for (int trial = 0; trial < 60; ++trial) {
      std::string bad = text;
      const std::size_t at = 1 + rng() % (text.size() - 2);
      switch (trial % 6) {
        case 0:
          bad[at] = 'x';  // a stray letter
          break;
        case 1:
          bad.erase(at, 1 + rng() % 40);  // a piece cut out
          break;
        case 2:
          bad.resize(at);  // cut short
          break;
        case 3:  // a count one too many or one too few
          bad.replace(0, bad.find('\n'), trial % 12 == 3 ? "301" : "299");
          break;
        case 4:
          bad.insert(bad.find('\n', at) + 1, "7\n");  // a stray line
          break;
        default:
          bad += "1\n";  // text after the last case
          break;
      }
      const FileRun one = file_answers(problem, bad, {1, 0});
      errors += one.error.empty() ? 0 : 1;
      for (const JudgeFileSplit& split : test_splits()) {
        const FileRun got = file_answers(problem, bad, split);
        EXPECT_EQ(got.error, one.error)
            << "trial " << trial << ", segments of " << split.segment_bytes;
        EXPECT_TRUE(got.out == one.out)
            << "trial " << trial << ", segments of " << split.segment_bytes << ": "
            << first_difference(one.out, got.out);
        EXPECT_EQ(got.tally.cases, one.tally.cases);
        EXPECT_EQ(got.tally.without, one.tally.without);
      }
      const FileRun unmapped = file_answers(problem, bad, {2, 611}, true);
      EXPECT_EQ(unmapped.error, one.error) << "trial " << trial << ", read with pread";
      EXPECT_TRUE(unmapped.out == one.out)
          << "trial " << trial << ", read with pread: " << first_difference(one.out, unmapped.out);
    }
    EXPECT_GT(errors, 40);  // most breaks are errors; a few (a cut piece) may still read
  }
}

}  // namespace
}  // namespace lightsout

namespace lightsout {
namespace {

// A mapped file that shrinks under its reader: the lost pages read as zeros, failed() says so,
// and nothing crashes; one mapping is guarded at a time, and the guard is free again after it.
TEST(JudgeFamily, AMappedFileThatShrinksReadsAsZerosAndSaysSo) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("judge_family_test.mapped." + std::to_string(getpid()));
  std::ofstream(path, std::ios::binary) << std::string(3 * 4096 + 10, 'a');
  {
    const InputFile file(path.string());
    const std::unique_ptr<detail::MappedInput> mapped = detail::MappedInput::map(file);
    ASSERT_NE(mapped, nullptr);
    EXPECT_EQ(detail::MappedInput::map(file), nullptr);  // one at a time
    EXPECT_EQ(mapped->text().size(), 3U * 4096 + 10);
    EXPECT_GE(mapped->readable(), mapped->text().size());
    EXPECT_EQ(mapped->text()[5000], 'a');
    EXPECT_FALSE(mapped->failed());
    std::filesystem::resize_file(path, 100);
    const volatile char* lost = mapped->text().data() + 9000;
    EXPECT_EQ(*lost, '\0');
    EXPECT_TRUE(mapped->failed());
  }
  const InputFile file(path.string());
  const std::unique_ptr<detail::MappedInput> again = detail::MappedInput::map(file);
  ASSERT_NE(again, nullptr);
  EXPECT_FALSE(again->failed());
  EXPECT_EQ(again->text().size(), 100U);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace lightsout
