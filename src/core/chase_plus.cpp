// PlusChase: light chasing over Z_K on the plane, cylinder and torus, the reduced system
// factored once per size.
//
// In solving orientation (M rows of N values, N the shorter side; a wide board is transposed,
// which swaps the wrap of rows and columns), write d_r = goal - lights_r (mod K), the deficit of
// row r, and step(d, cur, prev) = d - s cur - cur[c-1] - cur[c+1] - prev (mod K), the presses the
// row below `cur` must make so that the row of `cur` ends at the goal.
//
//   Rows do not wrap (plane, cylinder): unknowns y = x_0 (u = N).
//     x_{r+1} = step(d_r, x_r, x_{r-1}) for r = 0 .. M-2 (x_{-1} = 0), and the last row is right
//     iff the phantom row step(d_{M-1}, x_{M-1}, x_{M-2}) is zero: that is the residual.
//   Rows wrap (torus, and a transposed cylinder): unknowns y = (x_0, x_1) (u = 2N), M >= 3.
//     x_{r+1} = step(d_r, x_r, x_{r-1}) for r = 1 .. M-2; rows M-1 and 0 are right iff
//     step(d_{M-1}, x_{M-1}, x_{M-2}) = x_0 and step(d_0, x_0, x_{M-1}) = x_1: the residual is
//     the two differences.
//
// The residual is affine in y: residual(y) = residual_0 + E y, with residual_0 the chase of the
// board from y = 0 and column j of E the chase of deficit 0 from y = e_j. So the constructor runs
// u chases of deficit 0 (O(u M N); for K = 2 bit-sliced, 64 at a time), and factors E; a board then
// costs a chase from y = 0, one solve of E y = -residual_0, and the chase from that y, which must
// leave residual 0.
#include "chase_plus.hpp"

#include "chase_variant.hpp"

#include <algorithm>
#include <stdexcept>

namespace lightsout::detail {

bool is_plus_neighbourhood(const Rules& rules) {
  if (rules.neighbourhood == Neighbourhood::rowcol) return false;
  std::vector<Offset> plus = named_offsets(Neighbourhood::plus);
  if (rules.offsets == plus) return true;
  plus.erase(std::find(plus.begin(), plus.end(), Offset{0, 0}));
  return rules.offsets == plus;
}

struct PlusChaseImpl {
  static bool applies(const Rules& rules, std::size_t rows, std::size_t cols);
  static std::size_t unknowns(const Rules& rules, std::size_t rows, std::size_t cols);
  void build(VariantChase<PlusChaseImpl>& owner, const Rules& rules, std::size_t rows,
             std::size_t cols, bool want_kernel);
  bool solve_values(const VariantChase<PlusChaseImpl>& owner, std::span<const std::uint8_t> lights,
                    std::span<std::uint8_t> presses) const;
  bool solve_grids(const VariantChase<PlusChaseImpl>& owner, const Grid& lights,
                   Grid& presses) const;
  std::vector<std::vector<std::uint8_t>> kernel(const VariantChase<PlusChaseImpl>& owner) const;

  std::size_t rows = 0;  // the board as given
  std::size_t cols = 0;
  bool transposed = false;
  std::size_t m = 0;  // solving orientation: m rows of n values
  std::size_t n = 0;
  bool wrap_rows = false;
  bool wrap_cols = false;
  unsigned k = 2;
  bool self = true;
  std::uint8_t goal = 0;
  std::size_t u = 0;  // unknowns (= equations of the reduced system)
  std::vector<std::uint8_t> zero_row;

  // out = step(d, cur, prev) (see the top of this file); T is wide enough for 2K - 2. The rows
  // never overlap. min(v, v - K) is v mod K for v < 2K in unsigned arithmetic (v - K wraps when
  // v < K), which the compiler turns into vector min instructions.
  template <typename T>
  static void step_row(std::uint8_t* __restrict out, const std::uint8_t* __restrict d,
                       const std::uint8_t* __restrict cur, const std::uint8_t* __restrict prev,
                       std::size_t from, std::size_t to, T k, T self_mask) {
    for (std::size_t c = from; c < to; ++c) {
      T t = static_cast<T>(T{cur[c - 1]} + T{cur[c + 1]});
      t = std::min<T>(t, static_cast<T>(t - k));
      t = static_cast<T>(t + prev[c]);
      t = std::min<T>(t, static_cast<T>(t - k));
      t = static_cast<T>(t + (cur[c] & self_mask));
      t = std::min<T>(t, static_cast<T>(t - k));
      T v = static_cast<T>(d[c] + k - t);
      v = std::min<T>(v, static_cast<T>(v - k));
      out[c] = static_cast<std::uint8_t>(v);
    }
  }

  template <typename T>
  void step_as(std::uint8_t* out, const std::uint8_t* d, const std::uint8_t* cur,
               const std::uint8_t* prev) const {
    const T kk = static_cast<T>(k);
    const T self_mask = self ? static_cast<T>(~T{0}) : T{0};
    const auto reduce = [kk](T v) { return static_cast<T>(v >= kk ? v - kk : v); };
    const auto at = [&](std::size_t c, T left, T right) {
      T t = reduce(static_cast<T>(left + right));
      t = reduce(static_cast<T>(t + prev[c]));
      t = reduce(static_cast<T>(t + (cur[c] & self_mask)));
      return static_cast<std::uint8_t>(reduce(static_cast<T>(d[c] + kk - t)));
    };
    if (n == 1) {  // wrapped, both neighbours are the cell itself
      out[0] = wrap_cols ? at(0, cur[0], cur[0]) : at(0, 0, 0);
      return;
    }
    out[0] = at(0, wrap_cols ? cur[n - 1] : 0, cur[1]);
    step_row<T>(out, d, cur, prev, 1, n - 1, kk, self_mask);
    out[n - 1] = at(n - 1, cur[n - 2], wrap_cols ? cur[0] : 0);
  }
  void step(std::uint8_t* out, const std::uint8_t* d, const std::uint8_t* cur,
            const std::uint8_t* prev) const {
    if (k <= 127) {
      step_as<std::uint8_t>(out, d, cur, prev);
    } else {
      step_as<std::uint16_t>(out, d, cur, prev);
    }
  }

  // The chase from unknowns y: deficit(r, buf) gives row r's n deficits (it may fill buf, n
  // values, and return it, or return a row it holds), emit(r, row) receives each press row once
  // it is final (rows roll through scratch, so memory is a few rows whatever m), residual
  // receives u values.
  template <typename Deficit, typename Emit>
  void chase_rows(const Deficit& deficit, const std::uint8_t* y, const Emit& emit,
                  std::uint8_t* residual, std::vector<std::uint8_t>& scratch) const {
    // Rows 0 and 1 stay available (the wrapped equations need them); the others roll.
    scratch.resize(6 * n);
    std::uint8_t* row0 = scratch.data();
    std::uint8_t* row1 = scratch.data() + n;
    std::uint8_t* dbuf = scratch.data() + 5 * n;
    const auto row = [&](std::size_t r) -> std::uint8_t* {
      if (r == 0) return row0;
      if (r == 1 && wrap_rows) return row1;
      return scratch.data() + (2 + r % 3) * n;
    };
    std::copy(y, y + n, row0);
    emit(0, row0);
    std::size_t first = 0;  // the first row whose equation chases
    if (wrap_rows) {
      std::copy(y + n, y + 2 * n, row1);
      if (m > 1) emit(1, row1);
      first = 1;
    }
    for (std::size_t r = first; r + 1 < m; ++r) {
      step(row(r + 1), deficit(r, dbuf), row(r), r > 0 ? row(r - 1) : zero_row.data());
      emit(r + 1, row(r + 1));
    }
    const std::uint8_t* last = row(m - 1);
    const std::uint8_t* before = m > 1 ? row(m - 2) : zero_row.data();
    step(residual, deficit(m - 1, dbuf), last, before);
    if (!wrap_rows) return;
    std::uint8_t* second = residual + n;
    step(second, deficit(0, dbuf), row0, last);
    for (std::size_t c = 0; c < n; ++c) {
      residual[c] = static_cast<std::uint8_t>((residual[c] + k - row0[c]) % k);
      second[c] = static_cast<std::uint8_t>((second[c] + k - row1[c]) % k);
    }
  }

  // The same on whole arrays: d holds m * n deficits (null: all zero), x receives the m * n
  // presses (null: only the residual is wanted).
  void chase(const std::uint8_t* d, const std::uint8_t* y, std::uint8_t* x, std::uint8_t* residual,
             std::vector<std::uint8_t>& scratch) const {
    const auto deficit = [&](std::size_t r, std::uint8_t*) -> const std::uint8_t* {
      return d != nullptr ? d + r * n : zero_row.data();
    };
    const auto emit = [&](std::size_t r, const std::uint8_t* row) {
      if (x != nullptr) std::copy(row, row + n, x + r * n);
    };
    chase_rows(deficit, y, emit, residual, scratch);
  }

  // K = 2: the matrix E of the reduced system, 64 unknowns at a time, bit-sliced: word c of a row
  // holds, for 64 lanes, the value at column c of the chase from the lane's unit vector, so a
  // chase step is four or five xors per column for all 64 lanes.
  std::vector<std::uint8_t> reduced_matrix_gf2() const {
    std::vector<std::uint8_t> e(u * u, 0);
    std::vector<std::uint64_t> buf(5 * n);
    std::uint64_t* row0 = buf.data();
    std::uint64_t* row1 = buf.data() + n;
    const auto row = [&](std::size_t r) -> std::uint64_t* {
      if (r == 0) return row0;
      if (r == 1 && wrap_rows) return row1;
      return buf.data() + (2 + r % 3) * n;
    };
    const std::uint64_t self_mask = self ? ~std::uint64_t{0} : 0;
    // dst = cur[c - 1] ^ cur[c + 1] ^ prev ^ (s cur): the step with deficit 0 (signs vanish).
    // The two end columns (where the row wraps or stops) are done apart, so that the columns
    // between have no branch and vectorise (dst never overlaps cur or prev).
    const auto step64 = [&](std::uint64_t* __restrict dst, const std::uint64_t* __restrict cur,
                            const std::uint64_t* __restrict prev) {
      const auto end_column = [&](std::size_t c) {
        const std::uint64_t left = c > 0 ? cur[c - 1] : (wrap_cols ? cur[n - 1] : 0);
        const std::uint64_t right = c + 1 < n ? cur[c + 1] : (wrap_cols ? cur[0] : 0);
        dst[c] = left ^ right ^ (prev != nullptr ? prev[c] : 0) ^ (cur[c] & self_mask);
      };
      end_column(0);
      if (n == 1) return;
      if (prev != nullptr) {
        for (std::size_t c = 1; c + 1 < n; ++c) {
          dst[c] = cur[c - 1] ^ cur[c + 1] ^ prev[c] ^ (cur[c] & self_mask);
        }
      } else {
        for (std::size_t c = 1; c + 1 < n; ++c) {
          dst[c] = cur[c - 1] ^ cur[c + 1] ^ (cur[c] & self_mask);
        }
      }
      end_column(n - 1);
    };
    std::vector<std::uint64_t> res(u);
    for (std::size_t j0 = 0; j0 < u; j0 += 64) {
      const std::size_t lanes = std::min<std::size_t>(64, u - j0);
      std::fill(row0, row0 + n, 0);
      std::fill(row1, row1 + n, 0);
      for (std::size_t l = 0; l < lanes; ++l) {
        const std::size_t j = j0 + l;
        (j < n ? row0[j] : row1[j - n]) |= std::uint64_t{1} << l;
      }
      const std::size_t first = wrap_rows ? 1 : 0;
      for (std::size_t r = first; r + 1 < m; ++r) {
        step64(row(r + 1), row(r), r > 0 ? row(r - 1) : nullptr);
      }
      const std::uint64_t* last = row(m - 1);
      step64(res.data(), last, m > 1 ? row(m - 2) : nullptr);
      if (wrap_rows) {
        step64(res.data() + n, row0, last);
        for (std::size_t c = 0; c < n; ++c) {
          res[c] ^= row0[c];
          res[n + c] ^= row1[c];
        }
      }
      for (std::size_t i = 0; i < u; ++i) {
        for (std::size_t l = 0; l < lanes; ++l) {
          e[i * u + j0 + l] = static_cast<std::uint8_t>((res[i] >> l) & 1U);
        }
      }
    }
    return e;
  }

  // Board values <-> solving orientation.
  std::vector<std::uint8_t> to_solving(std::span<const std::uint8_t> v) const {
    if (!transposed) return {v.begin(), v.end()};
    std::vector<std::uint8_t> out(v.size());
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) out[c * rows + r] = v[r * cols + c];
    }
    return out;
  }
  void to_board(const std::vector<std::uint8_t>& x, std::span<std::uint8_t> out) const {
    if (!transposed) {
      std::copy(x.begin(), x.end(), out.begin());
      return;
    }
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) out[r * cols + c] = x[c * rows + r];
    }
  }
};

bool PlusChaseImpl::applies(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (rules.has_holes() || rules.has_graph() || !is_plus_neighbourhood(rules) || rows == 0 ||
      cols == 0) {
    return false;
  }
  // The chase runs down the longer side, whose wrap needs M >= 3 (rows M - 1 and 0 distinct
  // from row 1); a wrapped shorter side of 1 or 2 only merges a press's touches in its row.
  const bool wrap_r = rules.topology == Topology::torus;
  const bool wrap_c = rules.topology != Topology::plane;
  const bool wraps_along = cols > rows ? wrap_c : wrap_r;
  return !wraps_along || std::max(rows, cols) >= 3;
}

std::size_t PlusChaseImpl::unknowns(const Rules& rules, std::size_t rows, std::size_t cols) {
  const bool transpose = cols > rows;
  const bool wrap_r = rules.topology == Topology::torus;
  const bool wrap_c = rules.topology != Topology::plane;
  const bool wraps = transpose ? wrap_c : wrap_r;  // the rows of the solving orientation
  return std::min(rows, cols) * (wraps ? 2 : 1);
}

void PlusChaseImpl::build(VariantChase<PlusChaseImpl>& owner, const Rules& rules, std::size_t rows,
                          std::size_t cols, bool want_kernel) {
  if (!applies(rules, rows, cols)) throw std::invalid_argument("chase: rules not supported");
  PlusChaseImpl& s = *this;
  s.rows = rows;
  s.cols = cols;
  s.transposed = cols > rows;
  s.m = std::max(rows, cols);
  s.n = std::min(rows, cols);
  const bool wrap_r = rules.topology == Topology::torus;
  const bool wrap_c = rules.topology != Topology::plane;
  s.wrap_rows = s.transposed ? wrap_c : wrap_r;
  s.wrap_cols = s.transposed ? wrap_r : wrap_c;
  s.k = rules.states;
  s.self =
      std::find(rules.offsets.begin(), rules.offsets.end(), Offset{0, 0}) != rules.offsets.end();
  s.goal = static_cast<std::uint8_t>(rules.target_on ? s.k - 1 : 0);
  s.u = s.n * (s.wrap_rows ? 2 : 1);
  VariantChase<PlusChaseImpl>::check_unknowns(s.u, s.k);
  s.zero_row.assign(s.n, 0);
  // E, column j = the residual of the chase of deficit 0 from y = e_j.
  std::vector<std::uint8_t> e;
  if (s.k == 2) {
    e = s.reduced_matrix_gf2();
  } else {
    e.assign(s.u * s.u, 0);
    std::vector<std::uint8_t> y(s.u, 0);
    std::vector<std::uint8_t> residual(s.u);
    std::vector<std::uint8_t> scratch;
    for (std::size_t j = 0; j < s.u; ++j) {
      y[j] = 1;
      s.chase(nullptr, y.data(), nullptr, residual.data(), scratch);
      y[j] = 0;
      for (std::size_t i = 0; i < s.u; ++i) e[i * s.u + j] = residual[i];
    }
  }
  owner.factor(e, s.u, s.k, want_kernel);
}

bool PlusChaseImpl::solve_values(const VariantChase<PlusChaseImpl>& owner,
                                 std::span<const std::uint8_t> lights,
                                 std::span<std::uint8_t> presses) const {
  const PlusChaseImpl& s = *this;
  std::vector<std::uint8_t> d = s.to_solving(lights);
  for (std::uint8_t& v : d) {
    if (v >= s.k) throw std::invalid_argument("chase: a light value is not below the states");
    v = static_cast<std::uint8_t>((s.goal + s.k - v) % s.k);
  }
  std::vector<std::uint8_t> x(s.m * s.n);
  std::vector<std::uint8_t> scratch;
  const auto chase = [&](const std::uint8_t* y, bool final, std::uint8_t* residual) {
    s.chase(d.data(), y, final ? x.data() : nullptr, residual, scratch);
  };
  if (!owner.solve_reduced(chase)) return false;
  s.to_board(x, presses);
  return true;
}

bool PlusChaseImpl::solve_grids(const VariantChase<PlusChaseImpl>& owner, const Grid& lights,
                                Grid& presses) const {
  const PlusChaseImpl& s = *this;
  // Row r of the solving orientation is a row of the board, or a column when it is turned; two
  // states in the board's orientation go by words.
  const bool by_words = s.k == 2 && !s.transposed;
  const auto deficit = [&](std::size_t r, std::uint8_t* buf) -> const std::uint8_t* {
    if (by_words) {
      const std::span<const std::uint64_t> words = lights.bits().row(r);
      for (std::size_t c = 0; c < s.n; ++c) {
        buf[c] = static_cast<std::uint8_t>(((words[c / 64] >> (c % 64)) & 1U) ^ s.goal);
      }
      return buf;
    }
    for (std::size_t c = 0; c < s.n; ++c) {
      const unsigned v = s.transposed ? lights.get(c, r) : lights.get(r, c);
      buf[c] = static_cast<std::uint8_t>((s.goal + s.k - v) % s.k);
    }
    return buf;
  };
  const auto put = [&](std::size_t r, const std::uint8_t* row) {
    if (by_words) {
      const std::span<std::uint64_t> words = presses.bits().row(r);
      for (std::size_t c0 = 0; c0 < s.n; c0 += 64) {
        std::uint64_t w = 0;
        const std::size_t end = std::min(s.n, c0 + 64);
        for (std::size_t c = c0; c < end; ++c) w |= std::uint64_t{row[c]} << (c - c0);
        words[c0 / 64] = w;
      }
      return;
    }
    for (std::size_t c = 0; c < s.n; ++c) {
      if (s.transposed) {
        presses.set(c, r, row[c]);
      } else {
        presses.set(r, c, row[c]);
      }
    }
  };
  const auto ignore = [](std::size_t, const std::uint8_t*) {};
  std::vector<std::uint8_t> scratch;
  const auto chase = [&](const std::uint8_t* y, bool final, std::uint8_t* residual) {
    if (final) {
      s.chase_rows(deficit, y, put, residual, scratch);
    } else {
      s.chase_rows(deficit, y, ignore, residual, scratch);
    }
  };
  return owner.solve_reduced(chase);
}

std::vector<std::vector<std::uint8_t>> PlusChaseImpl::kernel(
    const VariantChase<PlusChaseImpl>& owner) const {
  const PlusChaseImpl& s = *this;
  std::vector<std::uint8_t> scratch;
  return owner.kernel_with([&](const std::uint8_t* y, std::uint8_t* residual) {
    std::vector<std::uint8_t> x(s.m * s.n);
    s.chase(nullptr, y, x.data(), residual, scratch);
    std::vector<std::uint8_t> pattern(s.rows * s.cols);
    s.to_board(x, pattern);
    return pattern;
  });
}

template class VariantChase<PlusChaseImpl>;

}  // namespace lightsout::detail
