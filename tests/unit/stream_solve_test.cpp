// Two-pass solving without the board: StreamChase and plan_first_row against solve_poly,
// StreamVerify against Board::apply, read_board_rows and BoardRowWriter against read_board and
// write_board.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/solve.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/stream_solve.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::random_board;
using test_support::random_solvable;

// Collects the rows it is given into a board of `rows` rows.
class Collect final : public RowSink {
 public:
  explicit Collect(std::size_t rows) : rows_(rows) {}
  Board board;

 protected:
  void on_begin(std::size_t cols) override { board = Board(rows_, cols); }
  void on_rows(const std::uint64_t* rows, std::size_t count) override {
    const std::size_t w = stride();
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t r = rows_put() - count + i;
      for (std::size_t k = 0; k < w; ++k) board.row(r)[k] = rows[i * w + k];
    }
  }

 private:
  std::size_t rows_;
};

// Feeds a board's rows to a sink in blocks of random sizes.
void feed(const Board& board, RowSink& sink, std::mt19937_64& rng) {
  sink.begin(board.cols());
  std::size_t r = 0;
  while (r < board.rows()) {
    const std::size_t n = std::min<std::size_t>(board.rows() - r, 1 + rng() % 37);
    sink.put(board.row(r).data(), n);
    r += n;
  }
}

TEST(StreamSolve, TwoPassesGiveSolvePolysAnswer) {
  auto rng = make_rng(900);
  const std::pair<std::size_t, std::size_t> sizes[] = {
      {1, 1}, {5, 5}, {17, 17}, {100, 1}, {300, 64}, {200, 65}, {130, 130}, {3000, 7}, {500, 129}};
  for (const auto& [m, n] : sizes) {
    for (const Board& lights : {random_solvable(m, n, rng), random_board(m, n, rng)}) {
      SCOPED_TRACE(testing::Message() << m << " x " << n);
      SolveOptions options;
      options.kernel = false;
      const SolveResult expected = solve_poly(lights, options);
      StreamChase probe({}, nullptr);
      feed(lights, probe, rng);
      const FirstRowPlan plan = plan_first_row(m, n, probe.phantom());
      ASSERT_EQ(plan.solvable, expected.solvable);
      ASSERT_EQ(plan.nullity, expected.nullity);
      if (!plan.solvable) continue;
      Collect presses(m);
      StreamChase chase(plan.first_row, &presses);
      feed(lights, chase, rng);
      EXPECT_TRUE(chase.phantom_is_zero());
      EXPECT_EQ(presses.board, expected.presses);  // the same first row, so the same presses
      Board after = lights;
      after.apply(presses.board);
      EXPECT_TRUE(after.is_dark());
      EXPECT_EQ(chase.presses(), presses.board.popcount());
    }
  }
  EXPECT_THROW(plan_first_row(5, 5, std::vector<std::uint64_t>(2)), std::invalid_argument);
}

TEST(StreamSolve, VerifyCountsWhatApplyLeaves) {
  auto rng = make_rng(901);
  for (const auto& [m, n] : {std::pair<std::size_t, std::size_t>{1, 1}, {40, 3}, {70, 130}}) {
    const Board lights = random_board(m, n, rng);
    const Board presses = random_board(m, n, rng);
    Board after = lights;
    after.apply(presses);
    std::size_t next = 0;
    StreamVerify check(
        [&]() -> const std::uint64_t* { return next < m ? presses.row(next++).data() : nullptr; });
    feed(lights, check, rng);
    EXPECT_EQ(check.lights_left(), after.popcount());
    EXPECT_EQ(check.press_rows(), m);
  }
}

std::string write_rows_of(const Board& board, BoardFormat format, std::mt19937_64& rng) {
  std::string out;
  BoardRowWriter writer(format, board.rows(),
                        [&out](const char* data, std::size_t n) { out.append(data, n); });
  feed(board, writer, rng);
  writer.finish();
  return out;
}

TEST(StreamSolve, RowReaderAndWriterMatchTheWholeBoardOnes) {
  auto rng = make_rng(902);
  const BoardFormat formats[] = {BoardFormat::pbm_plain, BoardFormat::pbm_raw, BoardFormat::grid,
                                 BoardFormat::judge};
  for (const auto& [m, n] :
       {std::pair<std::size_t, std::size_t>{1, 1}, {3, 200}, {200, 3}, {1000, 70}, {65, 64}}) {
    const Board board = random_board(m, n, rng);
    for (const BoardFormat f : formats) {
      SCOPED_TRACE(testing::Message() << m << " x " << n << " " << board_format_name(f));
      std::string whole;
      write_board(board, f, [&whole](const char* data, std::size_t k) { whole.append(data, k); });
      EXPECT_EQ(write_rows_of(board, f, rng), whole);
      for (const std::size_t chunk : {std::size_t{3}, std::size_t{1} << 20}) {
        std::size_t pos = 0;
        const ReadFn read = [&](char* buf, std::size_t cap) {
          const std::size_t k = std::min({cap, chunk, whole.size() - pos});
          whole.copy(buf, k, pos);
          pos += k;
          return k;
        };
        Collect rows(m);
        EXPECT_EQ(read_board_rows(read, std::nullopt, {}, nullptr, rows), m);
        EXPECT_EQ(rows.board, board);
      }
    }
  }
  std::string out;
  BoardRowWriter short_writer(BoardFormat::grid, 3,
                              [&out](const char* d, std::size_t k) { out.append(d, k); });
  short_writer.begin(4);
  const std::uint64_t two_rows[2] = {5, 2};  // one word a row
  short_writer.put(two_rows, 2);
  EXPECT_THROW(short_writer.finish(), std::logic_error);  // two rows of three
}

}  // namespace
}  // namespace lightsout
