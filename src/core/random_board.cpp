// Random boards: the xoshiro256** stream, word-level Bernoulli bits, solvable boards by presses.
#include "lightsout/random_board.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "board_ops.hpp"
#include "rowcol_closed.hpp"

namespace lightsout {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t kOne = std::uint64_t{1} << 32;  // q for density 1

// density -> q = round(density * 2^32), the probability actually used (see the header).
std::uint64_t density_to_q(double density) {
  if (!(density >= 0.0 && density <= 1.0)) {
    throw std::invalid_argument("density must be in [0, 1]");
  }
  return static_cast<std::uint64_t>(std::llround(std::ldexp(density, 32)));
}

// Words whose bits are independent Bernoulli(q / 2^32), drawn from the stream in a fixed order.
class BitSource {
 public:
  BitSource(std::uint64_t seed, std::uint64_t q) : rng_(seed), q_(q) {
    lo_ = (q_ == 0 || q_ == kOne) ? 32 : std::countr_zero(q_);
  }

  // Fills `words` in order; the caller masks padding.
  void fill(std::span<std::uint64_t> words) {
    if (q_ == 0) {
      std::fill(words.begin(), words.end(), std::uint64_t{0});
    } else if (q_ == kOne) {
      std::fill(words.begin(), words.end(), ~std::uint64_t{0});
    } else if (q_ == kOne / 2) {  // the common case: raw stream words
      for (std::uint64_t& w : words) w = rng_();
    } else {
      for (std::uint64_t& w : words) w = next_biased();
    }
  }

 private:
  // Reading the digits of q from the lowest set one up, each step halves the probability of a 1
  // and adds 1/2 when the digit is set: P = sum over digits d of bit_d(q) 2^(d - 32) = q / 2^32.
  std::uint64_t next_biased() {
    std::uint64_t w = 0;
    for (int d = lo_; d < 32; ++d) {
      const std::uint64_t x = rng_();
      w = ((q_ >> d) & 1U) != 0 ? (w | x) : (w & x);
    }
    return w;
  }

  Xoshiro256StarStar rng_;
  std::uint64_t q_;
  int lo_;
};

}  // namespace

Xoshiro256StarStar::Xoshiro256StarStar(std::uint64_t seed) {
  // SplitMix64 is a bijection of its counter, so at most one of these is zero: never all four.
  for (std::uint64_t& s : s_) s = splitmix64(seed);
}

Board random_board(std::size_t rows, std::size_t cols, std::uint64_t seed, double density) {
  const std::uint64_t q = density_to_q(density);
  Board board(rows, cols);
  BitSource bits(seed, q);
  // Storage order is the stream order, so one flat fill, then the padding of every row cleared.
  const std::span<std::uint64_t> words = board.words();
  bits.fill(words);
  const std::size_t stride = board.stride();
  const std::uint64_t mask = board.last_word_mask();
  if (mask != ~std::uint64_t{0}) {
    for (std::size_t k = stride - 1; k < words.size(); k += stride) words[k] &= mask;
  }
  return board;
}

// Row r of the lights is T p_r ^ p_(r-1) ^ p_(r+1) (p = press rows, T = the in-row operator), the
// same sum Board::apply forms; the press rows are drawn in random_board's order, so the result is
// exactly random_board(...) applied to a dark board, without holding the presses.
Board random_solvable_board(std::size_t rows, std::size_t cols, std::uint64_t seed,
                            double density) {
  const std::uint64_t q = density_to_q(density);
  Board lights(rows, cols);
  BitSource bits(seed, q);
  const std::size_t stride = lights.stride();
  const std::uint64_t mask = lights.last_word_mask();
  std::vector<std::uint64_t> prev(stride, 0), cur(stride), next(stride), horizontal(stride);
  auto draw_row = [&](std::vector<std::uint64_t>& row) {
    bits.fill(row);
    row[stride - 1] &= mask;
  };
  draw_row(cur);
  for (std::size_t r = 0; r < rows; ++r) {
    if (r + 1 < rows) {
      draw_row(next);
    } else {
      std::fill(next.begin(), next.end(), std::uint64_t{0});
    }
    apply_row_operator(horizontal.data(), cur.data(), stride, mask);
    const std::span<std::uint64_t> out = lights.row(r);
    for (std::size_t k = 0; k < stride; ++k) out[k] = horizontal[k] ^ prev[k] ^ next[k];
    std::swap(prev, cur);
    std::swap(cur, next);
  }
  return lights;
}

namespace {

// random_rows: the press rows are drawn in storage order as random_board draws them; the lights
// row r is then T p_r ^ p_(r-1) ^ p_(r+1), as random_solvable_board forms it.
class RandomRows final : public RowSource {
 public:
  RandomRows(std::size_t rows, std::size_t cols, std::uint64_t seed, double density, bool solvable)
      : rows_(rows),
        cols_(cols),
        solvable_(solvable),
        mask_(cols % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (cols % 64)) - 1),
        bits_(seed, density_to_q(density)),
        prev_(stride(), 0),
        cur_(stride(), 0),
        next_(stride(), 0),
        out_(stride(), 0) {
    if (rows == 0 || cols == 0) throw std::invalid_argument("board size must be at least 1x1");
    if (solvable_) draw(cur_);
  }
  std::size_t rows() const override { return rows_; }
  std::size_t cols() const override { return cols_; }
  const std::uint64_t* row(std::size_t r) override {
    if (r == made_) return out_.data();
    if (r != made_ + 1 || r >= rows_) throw std::logic_error("random_rows: rows out of order");
    made_ = r;
    if (!solvable_) {
      draw(out_);
      return out_.data();
    }
    if (r > 0) {
      std::swap(prev_, cur_);
      std::swap(cur_, next_);
    }
    if (r + 1 < rows_) {
      draw(next_);
    } else {
      std::fill(next_.begin(), next_.end(), std::uint64_t{0});
    }
    apply_row_operator(out_.data(), cur_.data(), stride(), mask_);
    for (std::size_t k = 0; k < out_.size(); ++k) out_[k] ^= prev_[k] ^ next_[k];
    return out_.data();
  }

 private:
  void draw(std::vector<std::uint64_t>& row) {
    bits_.fill(row);
    row.back() &= mask_;
  }

  std::size_t rows_, cols_;
  bool solvable_;
  std::uint64_t mask_;
  BitSource bits_;
  std::vector<std::uint64_t> prev_, cur_, next_, out_;
  std::size_t made_ = ~std::size_t{0};  // the row in out_ (none yet: row 0 is made_ + 1)
};

}  // namespace

std::unique_ptr<RowSource> random_rows(std::size_t rows, std::size_t cols, std::uint64_t seed,
                                       double density, bool solvable) {
  return std::make_unique<RandomRows>(rows, cols, seed, density, solvable);
}

Grid random_grid(const Rules& rules, std::size_t rows, std::size_t cols, std::uint64_t seed,
                 double density, bool solvable) {
  check_board_size(rules, rows, cols);
  if (is_classic(rules)) {
    return Grid(solvable ? random_solvable_board(rows, cols, seed, density)
                         : random_board(rows, cols, seed, density));
  }
  const unsigned k = rules.states;
  const std::size_t n = rows * cols;
  if (k == 2 && !solvable) {
    Board board = random_board(rows, cols, seed, density);
    if (rules.has_holes()) {
      for (std::size_t w = 0; w < board.words().size(); ++w)
        board.words()[w] &= ~rules.holes.words()[w];
    }
    return Grid(std::move(board));
  }
  std::vector<std::uint8_t> values;
  if (k == 2) {
    values = Grid(random_board(rows, cols, seed, density)).to_values();
  } else {
    values.resize(n);
    Xoshiro256StarStar rng(seed);
    const auto q = static_cast<std::uint64_t>(std::llround(density * 4294967296.0));
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t x = rng();
      values[i] = (x >> 32) < q ? static_cast<std::uint8_t>(1 + (x & 0xFFFFFFFFU) % (k - 1)) : 0;
    }
  }
  if (rules.has_holes()) {
    for (std::size_t i = 0; i < n; ++i) {
      if (rules.holes.get(i / cols, i % cols)) values[i] = 0;
    }
  }
  if (solvable && detail::RowColClosed::applies(rules)) {
    // The row-and-column rules without holes: by row and column sums, not a press system of
    // rows + cols - 1 touches a cell.
    std::vector<std::uint8_t> lights(n, rules.target_on ? static_cast<std::uint8_t>(k - 1) : 0);
    detail::RowColClosed::apply(rules, rows, cols, values, lights);
    values = std::move(lights);
  } else if (solvable) {
    const PressSystem sys = build_press_system(rules, rows, cols);
    std::vector<std::uint8_t> lights(n, 0);
    if (rules.target_on) {
      for (const std::uint32_t cell : sys.cells) lights[cell] = static_cast<std::uint8_t>(k - 1);
    }
    sys.apply(values, lights);
    values = std::move(lights);
  }
  return Grid::from_values(rows, cols, k, values);
}

}  // namespace lightsout
