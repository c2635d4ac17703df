// RowColClosed: the row-and-column rules by a change of coordinates that makes the press map
// block-diagonal (docs/solver-math.md, "Row-and-column rules in closed form").
//
// On an m x n grid v, Q is four passes, each invertible:
//   1. every row r >= 1 minus row 0;
//   2. in every row, every cell c >= 1 minus the row's cell 0;
//   3. row 1 plus the sum of the rows r >= 2;
//   4. in every row, cell 1 plus the sum of the row's cells c >= 2.
// With f = Q(goal - lights) and x = Q^-1 z, A x = goal - lights becomes, cell by cell of z:
//   (r, c), r, c >= 2:  a z_rc = f_rc
//   (r, 1), r >= 2:     a z_r1 = f_r1,  (r, 0): z_r1 + (a + n) z_r0 = f_r0
//   (1, c), c >= 2:     a z_1c = f_1c,  (0, c): z_1c + (a + m) z_0c = f_0c
//   corner:             a z_11 = f_11,  z_11 + (a + n) z_10 = f_10,  z_11 + (a + m) z_01 = f_01,
//                       z_10 + z_01 + (a + m + n) z_00 = f_00
// (terms of cells the board lacks dropped: a side of 1 has no cells 1). Q^-1 is the four passes
// undone in reverse order.
#include "rowcol_closed.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "zk_matrix.hpp"

namespace lightsout::detail {

namespace {

std::uint8_t mod_k(std::uint64_t v, unsigned k) { return static_cast<std::uint8_t>(v % k); }

// dst = dst + src or dst - src (mod K), element by element; values below K.
void add_row(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, unsigned k) {
  const auto kk = static_cast<std::uint8_t>(k);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t room =
        static_cast<std::uint8_t>(kk - src[i]);  // dst + src >= K iff dst >= room
    dst[i] = dst[i] >= room ? static_cast<std::uint8_t>(dst[i] - room)
                            : static_cast<std::uint8_t>(dst[i] + src[i]);
  }
}
void sub_row(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, unsigned k) {
  const auto kk = static_cast<std::uint8_t>(k);
  for (std::size_t i = 0; i < n; ++i) {
    const auto diff = static_cast<std::uint8_t>(dst[i] - src[i]);
    dst[i] = dst[i] >= src[i] ? diff : static_cast<std::uint8_t>(diff + kk);
  }
}
void add_scalar(std::uint8_t* dst, std::uint8_t s, std::size_t n, unsigned k) {
  const auto room = static_cast<std::uint8_t>(k - s);
  for (std::size_t i = 0; i < n; ++i) {
    dst[i] = dst[i] >= room ? static_cast<std::uint8_t>(dst[i] - room)
                            : static_cast<std::uint8_t>(dst[i] + s);
  }
}
std::uint64_t row_sum(const std::uint8_t* src, std::size_t n) {
  std::uint64_t s = 0;
  for (std::size_t i = 0; i < n; ++i) s += src[i];
  return s;
}

// The words of a row with every column >= `from` set.
std::vector<std::uint64_t> ones_from(const Board& b, std::size_t from) {
  std::vector<std::uint64_t> mask(b.stride(), ~std::uint64_t{0});
  mask.back() = b.last_word_mask();
  for (std::size_t c = 0; c < from && c < b.cols(); ++c)
    mask[c / 64] &= ~(std::uint64_t{1} << (c % 64));
  return mask;
}

bool parity(std::span<const std::uint64_t> row, std::uint64_t first_word_mask) {
  std::uint64_t x = row[0] & first_word_mask;
  for (std::size_t w = 1; w < row.size(); ++w) x ^= row[w];
  return (std::popcount(x) & 1) != 0;
}

}  // namespace

bool RowColClosed::applies(const Rules& rules) {
  return rules.neighbourhood == Neighbourhood::rowcol && !rules.has_holes() && !rules.has_graph();
}

void RowColClosed::apply(const Rules& rules, std::size_t rows, std::size_t cols,
                         std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights) {
  const unsigned k = rules.states;
  const unsigned a = (rules.self ? 1U : 0U) + 2 * k - 2;  // s - 2, plus 2K
  std::vector<std::uint64_t> col(cols, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) col[c] += presses[r * cols + c];
  }
  for (std::size_t c = 0; c < cols; ++c) col[c] %= k;
  for (std::size_t r = 0; r < rows; ++r) {
    const std::uint64_t rs = row_sum(presses.data() + r * cols, cols) % k;
    for (std::size_t c = 0; c < cols; ++c) {
      const std::uint64_t v =
          lights[r * cols + c] + rs + col[c] + std::uint64_t{a} * presses[r * cols + c];
      lights[r * cols + c] = mod_k(v, k);
    }
  }
}

RowColClosed::RowColClosed(const Rules& rules, std::size_t rows, std::size_t cols)
    : rows_(rows), cols_(cols), k_(rules.states), self_(rules.self) {
  if (!applies(rules)) {
    throw std::invalid_argument("rowcol applies to the row-and-column rules without holes only");
  }
  const unsigned k = k_;
  const std::size_t m = rows;
  const std::size_t n = cols;
  goal_ = rules.target_on ? static_cast<std::uint8_t>(k - 1) : 0;
  a_ = mod_k(std::uint64_t{self_ ? 1U : 0U} + std::uint64_t{2} * k - 2, k);
  const std::uint8_t an = mod_k(a_ + n % k, k);
  const std::uint8_t am = mod_k(a_ + m % k, k);
  const std::uint8_t amn = mod_k(a_ + n % k + m % k, k);
  divide_a_.assign(k, 0xFF);
  for (unsigned z = k; z-- > 0;) {
    divide_a_[(std::size_t{a_} * z) % k] = static_cast<std::uint8_t>(z);
  }

  // Block kinds: cells are relative to the anchor (interior: the cell; rows: (r, 0); columns:
  // (0, c)); the corner's are absolute.
  const auto make = [&](std::vector<std::pair<std::size_t, std::size_t>> cells,
                        const std::vector<std::uint8_t>& matrix, std::uint64_t count) {
    const std::size_t u = cells.size();
    blocks_.push_back(Block{std::move(cells), SmallSystem(matrix, u, u, k, true), count});
  };
  const std::uint64_t inner_rows = m >= 3 ? m - 2 : 0;
  const std::uint64_t inner_cols = n >= 3 ? n - 2 : 0;
  make({{0, 0}}, {a_}, inner_rows * inner_cols);
  if (n >= 2) {
    make({{0, 1}, {0, 0}}, {a_, 0, 1, an}, inner_rows);
  } else {
    make({{0, 0}}, {an}, inner_rows);
  }
  if (m >= 2) {
    make({{1, 0}, {0, 0}}, {a_, 0, 1, am}, inner_cols);
  } else {
    make({{0, 0}}, {am}, inner_cols);
  }
  // Corner: unknowns (1,1), (1,0), (0,1), (0,0) where the board has them.
  std::vector<std::pair<std::size_t, std::size_t>> corner;
  if (m >= 2 && n >= 2) corner.emplace_back(1, 1);
  if (m >= 2) corner.emplace_back(1, 0);
  if (n >= 2) corner.emplace_back(0, 1);
  corner.emplace_back(0, 0);
  const std::size_t u = corner.size();
  std::vector<std::uint8_t> matrix(u * u, 0);
  const auto at = [&](std::size_t r, std::size_t c) -> std::size_t {
    return static_cast<std::size_t>(std::find(corner.begin(), corner.end(), std::pair{r, c}) -
                                    corner.begin());
  };
  for (std::size_t e = 0; e < u; ++e) {
    const auto [r, c] = corner[e];
    const auto put = [&](std::size_t rr, std::size_t cc, std::uint8_t v) {
      const std::size_t j = at(rr, cc);
      if (j < u) matrix[e * u + j] = v;
    };
    if (r == 1 && c == 1) {
      put(1, 1, a_);
    } else if (r == 1) {
      put(1, 0, an);
      put(1, 1, 1);
    } else if (c == 1) {
      put(0, 1, am);
      put(1, 1, 1);
    } else {
      put(0, 0, amn);
      put(0, 1, 1);
      put(1, 0, 1);
    }
  }
  make(corner, matrix, 1);

  // The count and the nullity: the blocks' kernels add up (a direct sum); per prime p, the
  // generators of order divisible by p.
  const auto primes = factor_prime_powers(k);
  for (const auto& [p, e] : primes) {
    std::uint64_t exponent = 0;
    std::uint64_t gens = 0;
    for (const Block& b : blocks_) {
      if (b.count == 0) continue;
      for (const auto& [q, x] : b.system.count_factors()) {
        if (q == p) exponent += b.count * x;
      }
      gens += b.count * static_cast<std::uint64_t>(
                            std::count_if(b.system.orders().begin(), b.system.orders().end(),
                                          [p = p](unsigned o) { return o % p == 0; }));
    }
    if (exponent > 0) count_factors_.emplace_back(p, exponent);
    nullity_ = std::max<std::size_t>(nullity_, gens);
  }
}

std::vector<std::size_t> RowColClosed::block_cells(int kind, std::uint64_t index) const {
  const Block& b = blocks_[static_cast<std::size_t>(kind)];
  std::size_t r0 = 0;
  std::size_t c0 = 0;
  if (kind == 0) {
    r0 = 2 + index / (cols_ - 2);
    c0 = 2 + index % (cols_ - 2);
  } else if (kind == 1) {
    r0 = 2 + index;
  } else if (kind == 2) {
    c0 = 2 + index;
  }
  std::vector<std::size_t> out;
  out.reserve(b.cells.size());
  for (const auto& [r, c] : b.cells) out.push_back((r0 + r) * cols_ + c0 + c);
  return out;
}

// ---- Q and Q^-1 on bytes ----

void RowColClosed::forward(std::vector<std::uint8_t>& v) const {
  const std::size_t m = rows_;
  const std::size_t n = cols_;
  const unsigned k = k_;
  std::uint8_t* d = v.data();
  for (std::size_t r = 1; r < m; ++r) sub_row(d + r * n, d, n, k);  // 1
  for (std::size_t r = 0; r < m; ++r) {                             // 2
    const std::uint8_t head = d[r * n];
    if (n > 1 && head != 0)
      add_scalar(d + r * n + 1, static_cast<std::uint8_t>(k - head), n - 1, k);
  }
  for (std::size_t r = 2; r < m; ++r) add_row(d + n, d + r * n, n, k);  // 3
  if (n >= 3) {                                                         // 4
    for (std::size_t r = 0; r < m; ++r) {
      std::uint8_t* row = d + r * n;
      row[1] = mod_k(row[1] + row_sum(row + 2, n - 2), k);
    }
  }
}

void RowColClosed::backward(std::vector<std::uint8_t>& v) const {
  const std::size_t m = rows_;
  const std::size_t n = cols_;
  const unsigned k = k_;
  std::uint8_t* d = v.data();
  if (n >= 3) {  // 4
    for (std::size_t r = 0; r < m; ++r) {
      std::uint8_t* row = d + r * n;
      const std::uint8_t s = mod_k(row_sum(row + 2, n - 2), k);
      row[1] = mod_k(row[1] + k - s, k);
    }
  }
  for (std::size_t r = 2; r < m; ++r) sub_row(d + n, d + r * n, n, k);  // 3
  for (std::size_t r = 0; r < m; ++r) {                                 // 2
    const std::uint8_t head = d[r * n];
    if (n > 1 && head != 0) add_scalar(d + r * n + 1, head, n - 1, k);
  }
  for (std::size_t r = 1; r < m; ++r) add_row(d + r * n, d, n, k);  // 1
}

// ---- Q and Q^-1 on bits: over GF(2) every pass is its own inverse ----

void RowColClosed::forward(Board& b) const {
  const std::size_t m = rows_;
  const std::size_t n = cols_;
  const std::size_t stride = b.stride();
  std::uint64_t* w = b.words().data();
  for (std::size_t r = 1; r < m; ++r) {  // 1
    for (std::size_t i = 0; i < stride; ++i) w[r * stride + i] ^= w[i];
  }
  if (n > 1) {  // 2
    const std::vector<std::uint64_t> mask = ones_from(b, 1);
    for (std::size_t r = 0; r < m; ++r) {
      if ((w[r * stride] & 1U) != 0) {
        for (std::size_t i = 0; i < stride; ++i) w[r * stride + i] ^= mask[i];
      }
    }
  }
  for (std::size_t r = 2; r < m; ++r) {  // 3
    for (std::size_t i = 0; i < stride; ++i) w[stride + i] ^= w[r * stride + i];
  }
  if (n >= 3) {  // 4
    for (std::size_t r = 0; r < m; ++r) {
      if (parity(b.row(r), ~std::uint64_t{3})) w[r * stride] ^= 2U;
    }
  }
}

void RowColClosed::backward(Board& b) const {
  // Passes 4, 3, 2, 1: pass 4 reads cells >= 2 and changes cell 1, pass 2 reads cell 0 and
  // changes the others, passes 1 and 3 read rows they do not change.
  const std::size_t m = rows_;
  const std::size_t n = cols_;
  const std::size_t stride = b.stride();
  std::uint64_t* w = b.words().data();
  if (n >= 3) {
    for (std::size_t r = 0; r < m; ++r) {
      if (parity(b.row(r), ~std::uint64_t{3})) w[r * stride] ^= 2U;
    }
  }
  for (std::size_t r = 2; r < m; ++r) {
    for (std::size_t i = 0; i < stride; ++i) w[stride + i] ^= w[r * stride + i];
  }
  if (n > 1) {
    const std::vector<std::uint64_t> mask = ones_from(b, 1);
    for (std::size_t r = 0; r < m; ++r) {
      if ((w[r * stride] & 1U) != 0) {
        for (std::size_t i = 0; i < stride; ++i) w[r * stride + i] ^= mask[i];
      }
    }
  }
  for (std::size_t r = 1; r < m; ++r) {
    for (std::size_t i = 0; i < stride; ++i) w[r * stride + i] ^= w[i];
  }
}

// ---- Solving ----

bool RowColClosed::solve(const Grid& lights, Grid& presses) const {
  if (lights.rows() != rows_ || lights.cols() != cols_ || lights.states() != k_) {
    throw std::invalid_argument("RowColClosed::solve: the grid does not fit the solver");
  }
  const unsigned k = k_;
  const std::size_t n = cols_;
  std::vector<std::uint8_t> b;
  std::vector<std::uint8_t> y;
  // Solves the small blocks (kinds 1..3) in place through get/set; false when one has no
  // solution.
  const auto small_blocks = [&](auto&& get, auto&& set) {
    for (int kind = 1; kind <= 3; ++kind) {
      const Block& blk = blocks_[static_cast<std::size_t>(kind)];
      for (std::uint64_t t = 0; t < blk.count; ++t) {
        const std::vector<std::size_t> cells = block_cells(kind, t);
        b.resize(cells.size());
        y.assign(cells.size(), 0);
        for (std::size_t i = 0; i < cells.size(); ++i) b[i] = get(cells[i]);
        if (!blk.system.solve(b, y)) return false;
        for (std::size_t i = 0; i < cells.size(); ++i) set(cells[i], y[i]);
      }
    }
    return true;
  };

  bool ok = true;
  if (k == 2) {
    Board z = lights.bits();
    if (goal_ != 0) {
      const std::vector<std::uint64_t> all = ones_from(z, 0);
      for (std::size_t r = 0; r < rows_; ++r) {
        std::span<std::uint64_t> row = z.row(r);
        for (std::size_t i = 0; i < row.size(); ++i) row[i] ^= all[i];
      }
    }
    forward(z);
    // Interior: a = 1 (self) leaves z = f; a = 0 needs f = 0 there.
    if (!self_ && rows_ >= 3 && cols_ >= 3) {
      const std::vector<std::uint64_t> mask = ones_from(z, 2);
      for (std::size_t r = 2; r < rows_ && ok; ++r) {
        const std::span<const std::uint64_t> row = z.row(r);
        for (std::size_t i = 0; i < row.size(); ++i) ok = ok && (row[i] & mask[i]) == 0;
      }
    }
    ok = ok &&
         small_blocks(
             [&](std::size_t cell) { return static_cast<std::uint8_t>(z.get(cell / n, cell % n)); },
             [&](std::size_t cell, std::uint8_t v) { z.set(cell / n, cell % n, v != 0); });
    if (ok) {
      backward(z);
      presses = Grid(std::move(z));
    }
  } else {
    std::vector<std::uint8_t> v(lights.values().begin(), lights.values().end());
    for (std::uint8_t& x : v) x = mod_k(goal_ + k - x, k);
    forward(v);
    if (rows_ >= 3 && cols_ >= 3) {
      for (std::size_t r = 2; r < rows_ && ok; ++r) {
        std::uint8_t* row = v.data() + r * n;
        std::uint8_t bad = 0;
        for (std::size_t c = 2; c < n; ++c) {
          const std::uint8_t z = divide_a_[row[c]];
          bad |= static_cast<std::uint8_t>(z == 0xFF);
          row[c] = z;
        }
        ok = bad == 0;
      }
    }
    ok = ok && small_blocks([&](std::size_t cell) { return v[cell]; },
                            [&](std::size_t cell, std::uint8_t x) { v[cell] = x; });
    if (ok) {
      backward(v);
      presses = Grid::from_values(rows_, cols_, k, v);
    }
  }
  if (!ok) {
    presses = Grid(rows_, cols_, k);
    return false;
  }
  if (!check(lights, presses, goal_)) {
    throw std::logic_error("rowcol: the closed-form solution does not solve");
  }
  return true;
}

// Contract: true iff lights + R_r + C_c + (s - 2) x_rc = goal (mod K) on every cell, with R, C
// the row and column sums of `presses` recomputed here. O(cells).
bool RowColClosed::check(const Grid& lights, const Grid& presses, std::uint8_t goal) const {
  const std::size_t m = rows_;
  const std::size_t n = cols_;
  const unsigned k = k_;
  if (k == 2) {
    const Board& x = presses.bits();
    const Board& l = lights.bits();
    const std::size_t stride = x.stride();
    std::vector<std::uint64_t> col(stride, 0);  // C
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t i = 0; i < stride; ++i) col[i] ^= x.row(r)[i];
    }
    const std::vector<std::uint64_t> all = ones_from(x, 0);
    for (std::size_t r = 0; r < m; ++r) {
      const bool rsum = parity(x.row(r), ~std::uint64_t{0});
      for (std::size_t i = 0; i < stride; ++i) {
        std::uint64_t cell = l.row(r)[i] ^ col[i] ^ (rsum ? all[i] : 0);
        if (self_) cell ^= x.row(r)[i];
        if (cell != (goal != 0 ? all[i] : 0)) return false;
      }
    }
    return true;
  }
  const std::span<const std::uint8_t> x = presses.values();
  const std::span<const std::uint8_t> l = lights.values();
  std::vector<std::uint64_t> col(n, 0);
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) col[c] += x[r * n + c];
  }
  std::vector<std::uint8_t> colk(n);
  for (std::size_t c = 0; c < n; ++c) colk[c] = mod_k(col[c], k);
  for (std::size_t r = 0; r < m; ++r) {
    const std::uint8_t rs = mod_k(row_sum(x.data() + r * n, n), k);
    for (std::size_t c = 0; c < n; ++c) {
      const unsigned v = l[r * n + c] + rs + colk[c] + unsigned{a_} * x[r * n + c];
      if (v % k != goal) return false;
    }
  }
  return true;
}

// ---- The kernel ----

std::vector<Grid> RowColClosed::kernel(std::vector<unsigned>& orders) const {
  const std::uint64_t cells = std::uint64_t{rows_} * cols_;
  if (nullity_ != 0 && cells > kMaxKernelCells / nullity_) {
    throw std::length_error("rowcol: the " + std::to_string(nullity_) + " quiet patterns of a " +
                            std::to_string(rows_) + "x" + std::to_string(cols_) +
                            " board would take " + std::to_string(nullity_) + " x " +
                            std::to_string(cells) + " cells, more than 2^32");
  }
  const unsigned k = k_;
  // Per prime of K, the p-primary parts of every block generator: (o / p^t) g of order p^t.
  const auto primes = factor_prime_powers(k);
  std::vector<std::vector<std::pair<Sparse, unsigned>>> parts(primes.size());
  for (int kind = 0; kind <= 3; ++kind) {
    const Block& blk = blocks_[static_cast<std::size_t>(kind)];
    const auto& gens = blk.system.kernel();
    const auto& ords = blk.system.orders();
    if (gens.empty()) continue;
    for (std::uint64_t t = 0; t < blk.count; ++t) {
      const std::vector<std::size_t> where = block_cells(kind, t);
      for (std::size_t g = 0; g < gens.size(); ++g) {
        for (std::size_t pi = 0; pi < primes.size(); ++pi) {
          const unsigned p = primes[pi].first;
          unsigned pt = 1;
          while (ords[g] % (pt * p) == 0) pt *= p;
          if (pt == 1) continue;
          const unsigned scale = ords[g] / pt;
          Sparse s;
          for (std::size_t i = 0; i < where.size(); ++i) {
            const auto v = static_cast<std::uint8_t>((scale * gens[g][i]) % k);
            if (v != 0) s.emplace_back(where[i], v);
          }
          parts[pi].emplace_back(std::move(s), pt);
        }
      }
    }
  }
  std::vector<Grid> out;
  orders.assign(nullity_, 1);
  out.reserve(nullity_);
  const Grid dark(rows_, cols_, k);
  for (std::size_t j = 0; j < nullity_; ++j) {
    Grid pattern;
    if (k == 2) {
      Board z(rows_, cols_);
      for (const auto& [cell, v] : parts[0][j].first)
        z.set(cell / cols_, cell % cols_, (v & 1U) != 0);
      orders[j] = 2;
      backward(z);
      pattern = Grid(std::move(z));
    } else {
      std::vector<std::uint8_t> z(rows_ * cols_, 0);
      for (std::size_t pi = 0; pi < parts.size(); ++pi) {
        if (j >= parts[pi].size()) continue;
        for (const auto& [cell, v] : parts[pi][j].first) z[cell] = mod_k(z[cell] + v, k);
        orders[j] *= parts[pi][j].second;
      }
      backward(z);
      pattern = Grid::from_values(rows_, cols_, k, z);
    }
    if (!check(dark, pattern, 0)) throw std::logic_error("rowcol: a kernel pattern is not quiet");
    out.push_back(std::move(pattern));
  }
  return out;
}

}  // namespace lightsout::detail
