// PressRows and verify_rules_files against PressSystem::apply on random boards and presses, and
// ValueRowReader against read_grid on the same text.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "io/value_rows.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/press_rows.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/rules_verify.hpp"

namespace lightsout {
namespace {

std::vector<std::uint8_t> random_values(std::mt19937_64& rng, std::size_t n, unsigned k) {
  std::vector<std::uint8_t> v(n);
  for (auto& x : v) x = static_cast<std::uint8_t>(rng() % k);
  return v;
}

// Inline holes of a rows x cols board, about one cell in five.
std::string random_holes(std::mt19937_64& rng, std::size_t rows, std::size_t cols) {
  std::string text = "holes=[";
  for (std::size_t r = 0; r < rows; ++r) {
    if (r != 0) text += '/';
    for (std::size_t c = 0; c < cols; ++c) text += rng() % 5 == 0 ? '1' : '0';
  }
  return text + "]";
}

// The oracle: the existing cells not at the goal after PressSystem::apply.
std::uint64_t oracle_left(const Rules& rules, std::size_t rows, std::size_t cols,
                          std::vector<std::uint8_t> lights,
                          const std::vector<std::uint8_t>& presses) {
  const PressSystem system = build_press_system(rules, rows, cols);
  system.apply(presses, lights);
  const unsigned goal = rules.target_on ? rules.states - 1 : 0;
  std::uint64_t left = 0;
  for (const std::uint32_t cell : system.cells) left += lights[cell] != goal ? 1 : 0;
  return left;
}

std::uint64_t press_rows_left(const Rules& rules, std::size_t rows, std::size_t cols,
                              const std::vector<std::uint8_t>& lights,
                              const std::vector<std::uint8_t>& presses) {
  PressRows apply(rules, cols);
  for (std::size_t r = 0; r < rows; ++r) apply.put(&lights[r * cols], &presses[r * cols]);
  EXPECT_EQ(apply.rows_put(), rows);
  return apply.finish();
}

// Grid neighbourhoods of every kind: named, masks off centre and tall, wrapped both ways or one,
// self=0, target=on, more states.
const char* const kGridRules[] = {
    "torus,states=3",
    "nbhd=x",
    "nbhd=knight,states=5",
    "nbhd=knight,states=5,torus",
    "cylinder,nbhd=square,states=4",
    "target=on,states=3",
    "torus,target=on",
    "self=0,torus,states=7",
    "nbhd=110/011/000,states=4",
    "torus,nbhd=1/0/0/0/1/1/1,states=3",
    "cylinder,nbhd=11100/00001/00100,states=255",
    "nbhd=1",
};

TEST(PressRows, MatchesPressSystemApply) {
  std::mt19937_64 rng(25);
  const std::size_t sizes[][2] = {{1, 1}, {1, 7}, {2, 3}, {3, 3},  {4, 2},  {5, 5},  {6, 9},
                                  {7, 4}, {8, 8}, {9, 1}, {13, 6}, {31, 5}, {40, 70}};
  for (const char* text : kGridRules) {
    for (const auto& [rows, cols] : sizes) {
      for (const bool holes : {false, true}) {
        const std::string full =
            holes ? std::string(text) + "," + random_holes(rng, rows, cols) : std::string(text);
        const Rules rules = parse_rules(full);
        const auto lights = random_values(rng, rows * cols, rules.states);
        auto presses = random_values(rng, rows * cols, rules.states);
        SCOPED_TRACE(full + " " + std::to_string(rows) + "x" + std::to_string(cols));
        EXPECT_EQ(press_rows_left(rules, rows, cols, lights, presses),
                  oracle_left(rules, rows, cols, lights, presses));
        // The presses that solve a board: the lights they undo, so every cell ends at the goal.
        std::vector<std::uint8_t> solved(rows * cols, rules.target_on ? rules.states - 1 : 0);
        const PressSystem system = build_press_system(rules, rows, cols);
        std::vector<std::uint8_t> undone(rows * cols, 0);
        system.apply(presses, undone);
        for (std::size_t i = 0; i < solved.size(); ++i) {
          solved[i] =
              static_cast<std::uint8_t>((solved[i] + rules.states - undone[i]) % rules.states);
        }
        EXPECT_EQ(press_rows_left(rules, rows, cols, solved, presses), 0U);
      }
    }
  }
}

// A scratch file, removed at the end.
class TempFile {
 public:
  explicit TempFile(const std::string& text) {
    std::string name = (std::filesystem::temp_directory_path() / "press_rows_test.XXXXXX").string();
    const int fd = mkstemp(name.data());
    EXPECT_GE(fd, 0);
    path_ = name;
    EXPECT_EQ(write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    close(fd);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string judge_text(const std::vector<std::uint8_t>& values, std::size_t cols) {
  std::string text;
  for (std::size_t i = 0; i < values.size(); ++i) {
    text += std::to_string(values[i]);
    text += (i + 1) % cols == 0 ? '\n' : ' ';
  }
  return text;
}

std::string graph_text(std::mt19937_64& rng, std::size_t nodes) {
  std::string text = "graph=[" + std::to_string(nodes) + ":";
  for (std::size_t e = 0; e < nodes * 2; ++e) {
    const std::size_t u = rng() % nodes, v = rng() % nodes;
    if (u == v) continue;
    if (text.back() != ':') text += '/';
    text += std::to_string(u) + "-" + std::to_string(v);
  }
  if (text.back() == ':') text += "0-1";
  return text + "]";
}

TEST(VerifyRulesFiles, EveryPathMatchesPressSystemApply) {
  std::mt19937_64 rng(2025);
  std::vector<std::string> texts(std::begin(kGridRules), std::end(kGridRules));
  for (const char* t :
       {"nbhd=rowcol", "nbhd=rowcol,states=3,self=0", "nbhd=rowcol,target=on,states=4"}) {
    texts.emplace_back(t);
  }
  const std::size_t sizes[][2] = {{1, 1}, {3, 4}, {9, 2}, {20, 17}};
  for (const std::string& text : texts) {
    for (const auto& [rows, cols] : sizes) {
      for (const bool holes : {false, true}) {
        const std::string full = holes ? text + "," + random_holes(rng, rows, cols) : text;
        const Rules rules = parse_rules(full);
        const auto lights = random_values(rng, rows * cols, rules.states);
        auto presses = random_values(rng, rows * cols, rules.states);
        if (rules.has_holes()) {
          for (std::size_t i = 0; i < presses.size(); ++i) {
            if (rules.holes.get(i / cols, i % cols)) presses[i] = 0;
          }
        }
        const TempFile board(judge_text(lights, cols)), pressed(judge_text(presses, cols));
        SCOPED_TRACE(full + " " + std::to_string(rows) + "x" + std::to_string(cols));
        const RulesVerify got = verify_rules_files(board.path(), pressed.path(), rules, {});
        ASSERT_TRUE(got.sizes_agree());
        EXPECT_EQ(got.rows, rows);
        EXPECT_EQ(got.cols, cols);
        EXPECT_EQ(got.off_goal, oracle_left(rules, rows, cols, lights, presses));
      }
    }
  }
  for (const unsigned k : {2U, 3U, 6U}) {
    for (const std::size_t nodes : {2U, 3U, 12U, 300U}) {
      const std::string full =
          graph_text(rng, nodes) + ",states=" + std::to_string(k) + (k == 6 ? ",self=0" : "");
      const Rules rules = parse_rules(full);
      const std::size_t n = rules.graph.size();
      const auto lights = random_values(rng, n, k);
      const auto presses = random_values(rng, n, k);
      const TempFile board(judge_text(lights, 1)), pressed(judge_text(presses, 1));
      SCOPED_TRACE(full);
      const RulesVerify got = verify_rules_files(board.path(), pressed.path(), rules, {});
      ASSERT_TRUE(got.sizes_agree());
      EXPECT_EQ(got.off_goal, oracle_left(rules, n, 1, lights, presses));
    }
  }
}

TEST(VerifyRulesFiles, RefusesPressesOnHolesAndSizesThatDiffer) {
  const Rules rules = parse_rules("states=3,holes=[010/000]");
  const TempFile board("0 0 0\n0 0 0\n"), on_hole("0 2 0\n0 0 0\n"), wide("0 0 0 0\n0 0 0 0\n"),
      tall("0 0 0\n0 0 0\n0 0 0\n");
  try {
    verify_rules_files(board.path(), on_hole.path(), rules, {});
    ADD_FAILURE() << "a press on a hole was taken";
  } catch (const BoardFileError& e) {
    EXPECT_EQ(std::string(e.what()),
              on_hole.path() +
                  ": row 1, column 2 is a hole (holes=[010/000]) but its press count is 2, not 0");
  }
  const RulesVerify differ = verify_rules_files(board.path(), wide.path(), rules, {});
  EXPECT_FALSE(differ.sizes_agree());
  EXPECT_EQ(differ.press_cols, 4U);
  EXPECT_EQ(differ.press_rows, 2U);
  // Both files 3x3: they agree with each other but not with the holes.
  EXPECT_THROW(verify_rules_files(tall.path(), tall.path(), rules, {}), RulesError);
}

// ValueRowReader's rows and errors are read_grid's, on valid and malformed text.
TEST(ValueRowReader, AgreesWithReadGrid) {
  const char* const texts[] = {
      "0 1 2\n2 1 0\n",
      "\n\n  0 1\t2 \r\n1 1 1\n\n\n",
      "0 1 2\n\n2 1 0\n",
      "0 1\n0 1 2\n",
      "0 1 2\n0 1\n",
      "0 3 1\n",
      "0 01 1\n",
      "0 1000 1\n",
      "",
      "   \n\n",
      "0 1 x1234567890123456789012345\n",
      "2 2\n2 2",
      "P1\n2 2\n0 1 1 0\n",
      "0 -1\n",
      "0 1 2\n1 2 0\n2 0 1\n",
      "0 1 2\n1 2 3\n",
      "0 1 2\n1 2  0\n",
      "0 1 2\n1 2 0 \n",
      "0 1 2\n1 2\t0\n",
      "0 1 2\n1 2 0\r\n2 2 2\n",
      "0 1 2\n1 2 0\n\n2 2 2\n",
      "1 2\n2 1 0\n",
      "1 2\n2 1\n0 0",
  };
  // Reads of 3 bytes (rows cross the buffer's end: byte by byte) and whole (the fast path of
  // plain rows).
  for (const std::size_t chunk : {std::size_t{3}, std::size_t{1} << 20}) {
    for (const char* text : texts) {
      SCOPED_TRACE(std::string(text) + " in reads of " + std::to_string(chunk));
      const std::string s(text);
      const auto reader_of = [&s, chunk] {
        return [&s, chunk, at = std::size_t{0}](char* buf, std::size_t cap) mutable {
          const std::size_t n = std::min<std::size_t>({cap, s.size() - at, chunk});
          std::copy_n(s.data() + at, n, buf);
          at += n;
          return n;
        };
      };
      std::string want_error;
      Grid want;
      try {
        want = read_grid(reader_of(), BoardFormat::judge, 3);
      } catch (const BoardParseError& e) {
        want_error = e.what();
      }
      std::string got_error;
      std::vector<std::uint8_t> got;
      std::size_t cols = 0;
      try {
        ValueRowReader reader(reader_of(), 3, {});
        for (const std::uint8_t* row = reader.next(); row != nullptr; row = reader.next()) {
          got.insert(got.end(), row, row + reader.cols());
          cols = reader.cols();
        }
      } catch (const BoardParseError& e) {
        got_error = e.what();
      }
      EXPECT_EQ(got_error, want_error);
      if (want_error.empty()) {
        EXPECT_EQ(got, want.to_values());
        EXPECT_EQ(cols, want.cols());
      }
    }
  }
}

}  // namespace
}  // namespace lightsout
