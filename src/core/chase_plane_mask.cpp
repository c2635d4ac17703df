// PlaneMaskChase: light chasing with extra unknowns (the first rows and columns) for any mask on
// the plane, over Z_K, the reduced system built many unknowns at a time and factored once per size.
//
// Notation (solving orientation, M rows of N cells): the equation of cell (r, c) is
//   sum_{q in Q} x[r + q.dr][c + q.dc] = d[r][c]   (mod K),   d = goal - lights,
// over the presses that exist, Q = { -o : o a press offset } (the cells whose press reaches
// (r, c)). The pivot p = (b, cmax) of Q is its lowest row's rightmost entry, so every other
// press of the equation comes earlier in row-major order:
//   - unknown press (R, C): R < b (index R N + C) or, for R >= b, C < cmax (index
//     b N + (R - b) cmax + C);
//   - equation (r, c) with r < M - b and c < N - cmax fixes x[r + b][c + cmax] = d - (the sum of
//     its other terms); the others are residual: r >= M - b (index (r - M + b) N + c), else
//     c >= N - cmax (index b N + r cmax + c - N + cmax), with value d - (the sum of their terms).
// Both lists have u = b N + cmax (M - b) entries.
//
// One pass of the chase (chase_pass) runs that recurrence on W values a cell at once: W = 1 for
// a board, or W lanes, lane l the chase of deficit 0 from the unit vector of unknown j0 + l, for
// the matrix E. Press rows roll through a ring of as many rows as the equations reach. A batch of
// left-column unknowns starting at row R0 cannot change the presses above R0, so its pass starts
// at equation row R0 - b with a ring of zeros.
#include "chase_plane_mask.hpp"

#include "chase_variant.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <exception>
#include <limits>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <type_traits>

#include "banded_gf2.hpp"
#include "build_target.hpp"
#include "chase_plus.hpp"
#include "small_system.hpp"

namespace lightsout::detail {

namespace {

// One of the eight symmetries of the square and what the chase needs in that orientation.
struct Geometry {
  bool transpose = false;  // applied first: (r, c) -> (c, r)
  bool vflip = false;      // then r -> M - 1 - r
  bool hflip = false;      // then c -> N - 1 - c
  std::size_t m = 0;       // turned board: m rows of n cells
  std::size_t n = 0;
  std::size_t b = 0;  // the pivot (b, cmax) of Q
  std::size_t cmax = 0;
  int amin = 0;               // the highest row of Q (may be > 0)
  std::vector<Offset> terms;  // Q without the pivot
  std::size_t u = 0;

  std::size_t unknown_of_left(std::size_t row, std::size_t col) const {
    return b * n + (row - b) * cmax + col;
  }
  std::size_t residual_of(std::size_t r, std::size_t c) const {
    if (r + b >= m) return (r + b - m) * n + c;
    return b * n + r * cmax + (c + cmax - n);
  }
  bool fixes(std::size_t r, std::size_t c) const { return r + b < m && c + cmax < n; }
  // Board index (original rows x cols) of turned cell (r, c).
  std::size_t board_index(std::size_t r, std::size_t c, std::size_t cols) const {
    if (vflip) r = m - 1 - r;
    if (hflip) c = n - 1 - c;
    return transpose ? c * cols + r : r * cols + c;
  }
};

bool mask_rules(const Rules& rules) {
  return rules.topology == Topology::plane && !rules.has_holes() && !rules.has_graph() &&
         rules.neighbourhood != Neighbourhood::rowcol && !rules.offsets.empty();
}

// The orientation with the fewest unknowns, or nullopt when the board is not larger than the
// mask's reach in any of them.
std::optional<Geometry> best_geometry(const Rules& rules, std::size_t rows, std::size_t cols) {
  // The plus neighbourhood has its own chase (PlusChase), which also takes the wrapped boards.
  if (!mask_rules(rules) || rows == 0 || cols == 0 || PlusChase::applies(rules, rows, cols)) {
    return std::nullopt;
  }
  std::optional<Geometry> best;
  for (int sym = 0; sym < 8; ++sym) {
    Geometry g;
    g.transpose = (sym & 1) != 0;
    g.vflip = (sym & 2) != 0;
    g.hflip = (sym & 4) != 0;
    g.m = g.transpose ? cols : rows;
    g.n = g.transpose ? rows : cols;
    std::vector<Offset> q;
    for (const Offset& o : rules.offsets) {
      Offset t{-o.dr, -o.dc};
      if (g.transpose) std::swap(t.dr, t.dc);
      if (g.vflip) t.dr = -t.dr;
      if (g.hflip) t.dc = -t.dc;
      q.push_back(t);
    }
    int b = std::numeric_limits<int>::min();
    for (const Offset& t : q) b = std::max(b, t.dr);
    int cmax = std::numeric_limits<int>::min();
    int amin = 0;
    for (const Offset& t : q) {
      if (t.dr == b) cmax = std::max(cmax, t.dc);
      amin = std::min(amin, t.dr);
    }
    if (b < 0 || cmax < 0) continue;
    g.b = static_cast<std::size_t>(b);
    g.cmax = static_cast<std::size_t>(cmax);
    if (g.m <= g.b || g.n <= g.cmax) continue;
    g.amin = amin;
    for (const Offset& t : q) {
      if (t.dr != b || t.dc != cmax) g.terms.push_back(t);
    }
    g.u = g.b * g.n + g.cmax * (g.m - g.b);
    if (!best || g.u < best->u) best = std::move(g);
  }
  return best;
}

constexpr std::size_t kByteLanes = 32;
constexpr std::size_t kWordLanes = 4;  // 256 unknowns a pass for K = 2

// K in 3..127, one byte a lane, as GCC/Clang vector types (two SSE2 halves or one AVX2
// register). Sums are reduced after every term: v + x < 2K, min(v + x, v + x - K) (unsigned).
using ByteVector = std::uint8_t __attribute__((vector_size(kByteLanes)));

LIGHTSOUT_TARGET_CLONES
void interior_bytes(std::uint8_t* pivot_row, std::size_t cmax, const std::uint8_t* const* rows,
                    const std::ptrdiff_t* dcs, std::size_t terms, std::size_t lo, std::size_t hi,
                    unsigned k) {
  constexpr std::size_t w = kByteLanes;
  ByteVector kv;
  for (std::size_t l = 0; l < w; ++l) kv[l] = static_cast<std::uint8_t>(k);
  for (std::size_t c = lo; c < hi; ++c) {
    ByteVector acc = kv - kv;
    for (std::size_t t = 0; t < terms; ++t) {
      ByteVector x;
      std::memcpy(
          &x, rows[t] + static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + dcs[t]) * w, w);
      acc += x;
      const ByteVector less = acc - kv;  // acc >= K: below acc; acc < K: wraps above it
      acc = less < acc ? less : acc;
    }
    ByteVector out = kv - acc;  // -sum mod K, in 1..K
    const ByteVector less = out - kv;
    out = less < out ? less : out;
    std::memcpy(pivot_row + (c + cmax) * w, &out, w);
  }
}

// K = 2, kWordLanes words (256 unknowns) a cell: the sum is an xor.
LIGHTSOUT_TARGET_CLONES
void interior_words(std::uint64_t* pivot_row, std::size_t cmax, const std::uint64_t* const* rows,
                    const std::ptrdiff_t* dcs, std::size_t terms, std::size_t lo, std::size_t hi) {
  constexpr std::size_t w = kWordLanes;
  for (std::size_t c = lo; c < hi; ++c) {
    std::uint64_t acc[w] = {};
    for (std::size_t t = 0; t < terms; ++t) {
      const std::uint64_t* x =
          rows[t] + static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + dcs[t]) * w;
      for (std::size_t l = 0; l < w; ++l) acc[l] ^= x[l];
    }
    std::uint64_t* out = pivot_row + (c + cmax) * w;
    for (std::size_t l = 0; l < w; ++l) out[l] = acc[l];
  }
}

// Arithmetic of one pass: W values of type T per cell, mod K (kXor: K = 2, T a word of 64
// lanes). Sums stay below 2K, so min(v, v - K) reduces them (v - K wraps when v < K): T must
// hold 2K - 1, one byte for K <= 127.
template <typename T, std::size_t W, bool kXor>
struct Lanes {
  static void add(T* __restrict acc, const T* __restrict x, T k) {
    for (std::size_t l = 0; l < W; ++l) {
      if constexpr (kXor) {
        acc[l] ^= x[l];
      } else {
        const T v = static_cast<T>(acc[l] + x[l]);
        acc[l] = std::min<T>(v, static_cast<T>(v - k));
      }
    }
  }
  // out = d - acc (d the same in every lane).
  static void finish(T* __restrict out, const T* __restrict acc, T d, T k) {
    for (std::size_t l = 0; l < W; ++l) {
      if constexpr (kXor) {
        out[l] = static_cast<T>(d ^ acc[l]);
      } else {
        const T v = static_cast<T>(d + k - acc[l]);
        out[l] = std::min<T>(v, static_cast<T>(v - k));
      }
    }
  }
};

// Contract: ring holds ring_rows * g.n * W values, ring_rows > g.b - min(g.amin, 0); d is null
// (deficit 0) or g.m * g.n deficits (then W = 1); seed(j, out) writes the W values of unknown j;
// residual(i, v) receives the W values of residual i. Runs the chase from equation row r0 on,
// taking every press above row r0 + b as 0 (r0 > 0 only for unknowns all at or below that row,
// see the top of the file); emit(row, values) receives each press row (g.n * W values) once it is
// final, when emit is not nullptr (then r0 = 0). Touches only the ring.
template <typename T, std::size_t W, bool kXor, typename Seed, typename Residual, typename Emit>
void chase_pass(const Geometry& g, unsigned k, std::size_t r0, T* ring, std::size_t ring_rows,
                const std::uint8_t* d, const Seed& seed, const Residual& residual,
                const Emit& emit) {
  using L = Lanes<T, W, kXor>;
  const std::size_t m = g.m;
  const std::size_t n = g.n;
  const T kk = static_cast<T>(k);
  std::fill(ring, ring + ring_rows * n * W, T{0});
  const auto at = [&](std::size_t row, std::size_t col) {
    return ring + ((row % ring_rows) * n + col) * W;
  };
  if (r0 == 0) {
    for (std::size_t row = 0; row < g.b; ++row) {
      for (std::size_t col = 0; col < n; ++col) seed(row * n + col, at(row, col));
      if constexpr (!std::is_same_v<Emit, std::nullptr_t>) emit(row, at(row, 0));
    }
  }
  std::vector<Offset> active;  // the terms whose row lies on the board, for this equation row
  std::vector<const T*> term_rows;
  std::vector<std::ptrdiff_t> term_dcs;
  std::array<T, W> acc{};
  std::array<T, W> out{};
  for (std::size_t r = r0; r < m; ++r) {
    const std::size_t pivot_row = r + g.b;
    if (pivot_row < m) {
      for (std::size_t col = 0; col < g.cmax; ++col) {
        seed(g.unknown_of_left(pivot_row, col), at(pivot_row, col));
      }
    }
    active.clear();
    for (const Offset& t : g.terms) {
      const auto row = static_cast<std::ptrdiff_t>(r) + t.dr;
      if (row >= 0 && row < static_cast<std::ptrdiff_t>(m)) active.push_back(t);
    }
    // The interior columns, when a kernel takes this pass: [lo, hi).
    std::size_t lo = n;
    std::size_t hi = n;
    constexpr bool kByteKernel = std::is_same_v<T, std::uint8_t> && W == kByteLanes && !kXor;
    constexpr bool kWordKernel = std::is_same_v<T, std::uint64_t> && W == kWordLanes && kXor;
    if constexpr (kByteKernel || kWordKernel) {
      if (d == nullptr && pivot_row < m && active.size() == g.terms.size()) {
        std::ptrdiff_t left = 0;
        std::ptrdiff_t right = 0;
        for (const Offset& t : active) {
          left = std::max<std::ptrdiff_t>(left, -t.dc);
          right = std::max<std::ptrdiff_t>(right, t.dc);
        }
        lo = std::min<std::size_t>(n, static_cast<std::size_t>(left));
        const auto end = static_cast<std::ptrdiff_t>(n) -
                         std::max<std::ptrdiff_t>(right, static_cast<std::ptrdiff_t>(g.cmax));
        hi = std::max<std::size_t>(lo, static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, end)));
        term_rows.clear();
        term_dcs.clear();
        for (const Offset& t : active) {
          term_rows.push_back(
              at(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r) + t.dr), 0));
          term_dcs.push_back(t.dc);
        }
      }
    }
    for (std::size_t c = 0; c < n; ++c) {
      if (c == lo && lo < hi) {
        if constexpr (kByteKernel) {
          interior_bytes(at(pivot_row, 0), g.cmax, term_rows.data(), term_dcs.data(),
                         term_rows.size(), lo, hi, k);
        } else if constexpr (kWordKernel) {
          interior_words(at(pivot_row, 0), g.cmax, term_rows.data(), term_dcs.data(),
                         term_rows.size(), lo, hi);
        }
        c = hi - 1;
        continue;
      }
      acc.fill(T{0});
      for (const Offset& t : active) {
        const auto col = static_cast<std::ptrdiff_t>(c) + t.dc;
        if (col < 0 || col >= static_cast<std::ptrdiff_t>(n)) continue;
        L::add(acc.data(),
               at(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r) + t.dr),
                  static_cast<std::size_t>(col)),
               kk);
      }
      const T dv = d != nullptr ? static_cast<T>(d[r * n + c]) : T{0};
      if (g.fixes(r, c)) {
        L::finish(at(pivot_row, c + g.cmax), acc.data(), dv, kk);
      } else {
        L::finish(out.data(), acc.data(), dv, kk);
        residual(g.residual_of(r, c), out.data());
      }
    }
    if constexpr (!std::is_same_v<Emit, std::nullptr_t>) {
      if (pivot_row < m) emit(pivot_row, at(pivot_row, 0));  // final: its last value is set
    }
  }
}

}  // namespace

struct PlaneMaskChaseImpl {
  static bool applies(const Rules& rules, std::size_t rows, std::size_t cols);
  static std::size_t unknowns(const Rules& rules, std::size_t rows, std::size_t cols);
  void build(VariantChase<PlaneMaskChaseImpl>& owner, const Rules& rules, std::size_t rows,
             std::size_t cols, bool want_kernel);
  bool solve_values(const VariantChase<PlaneMaskChaseImpl>& owner,
                    std::span<const std::uint8_t> lights, std::span<std::uint8_t> presses) const;
  bool solve_grids(const VariantChase<PlaneMaskChaseImpl>& owner, const Grid& lights,
                   Grid& presses) const;
  std::vector<std::vector<std::uint8_t>> kernel(
      const VariantChase<PlaneMaskChaseImpl>& owner) const;

  std::size_t rows = 0;
  std::size_t cols = 0;
  unsigned k = 2;
  std::uint8_t goal = 0;
  Geometry g;
  std::size_t ring_rows = 0;

  // The rows of the ring the numeric chase needs (for every case, the reach of the equations and
  // the pivot row).
  static std::size_t ring_for(const Geometry& g) {
    return g.b + static_cast<std::size_t>(-std::min(g.amin, 0)) + 1;
  }

  // E, column j = the residual of the chase of deficit 0 from the unit vector e_j.
  template <typename T, std::size_t W, bool kXor>
  void reduced_batches(std::vector<std::uint8_t>& e, std::size_t first_batch,
                       std::size_t batch_step) const {
    constexpr std::size_t lanes = kXor ? 64 * W : W;
    const std::size_t u = g.u;
    std::vector<T> ring(ring_rows * g.n * W);
    for (std::size_t j0 = first_batch * lanes; j0 < u; j0 += batch_step * lanes) {
      const std::size_t j1 = std::min(u, j0 + lanes);
      const std::size_t r0 = j0 < g.b * g.n ? 0 : (j0 - g.b * g.n) / g.cmax;
      const auto seed = [&](std::size_t j, T* out) {
        std::fill(out, out + W, T{0});
        if (j < j0 || j >= j1) return;
        if constexpr (kXor) {
          out[(j - j0) / 64] = T{1} << ((j - j0) % 64);
        } else {
          out[j - j0] = T{1};
        }
      };
      const auto residual = [&](std::size_t i, const T* v) {
        std::uint8_t* row = e.data() + i * u;
        for (std::size_t j = j0; j < j1; ++j) {
          if constexpr (kXor) {
            row[j] = static_cast<std::uint8_t>((v[(j - j0) / 64] >> ((j - j0) % 64)) & 1U);
          } else {
            row[j] = static_cast<std::uint8_t>(v[j - j0]);
          }
        }
      };
      chase_pass<T, W, kXor>(g, k, r0, ring.data(), ring_rows, nullptr, seed, residual, nullptr);
    }
  }

  template <typename T, std::size_t W, bool kXor>
  std::vector<std::uint8_t> reduced_matrix() const {
    std::vector<std::uint8_t> e(g.u * g.u, 0);
    constexpr std::size_t lanes = kXor ? 64 * W : W;
    const std::size_t batches = (g.u + lanes - 1) / lanes;
    // Two halves of the batches on two threads (rows of e are shared, but each batch writes its
    // own columns).
    if (kThreads && batches >= 4 && std::thread::hardware_concurrency() > 1) {
      std::exception_ptr failure;
      std::thread worker;
      try {
        worker = std::thread([&] {
          try {
            reduced_batches<T, W, kXor>(e, 1, 2);
          } catch (...) {
            failure = std::current_exception();
          }
        });
      } catch (const std::system_error&) {
        reduced_batches<T, W, kXor>(e, 0, 1);
        return e;
      }
      reduced_batches<T, W, kXor>(e, 0, 2);
      worker.join();
      if (failure) std::rethrow_exception(failure);
      return e;
    }
    reduced_batches<T, W, kXor>(e, 0, 1);
    return e;
  }

  // The chase of a whole board in the turned orientation: d holds m * n deficits (null: 0),
  // y the u unknowns; the presses go to x (m * n, null: not wanted), the residual to res (u).
  void chase(const std::uint8_t* d, const std::uint8_t* y, std::uint8_t* x,
             std::uint8_t* res) const {
    std::vector<std::uint16_t> ring(ring_rows * g.n);
    const auto seed = [&](std::size_t j, std::uint16_t* out) { out[0] = y[j]; };
    const auto residual = [&](std::size_t i, const std::uint16_t* v) {
      res[i] = static_cast<std::uint8_t>(v[0]);
    };
    const auto emit = [&](std::size_t row, const std::uint16_t* v) {
      if (x == nullptr) return;
      for (std::size_t c = 0; c < g.n; ++c) x[row * g.n + c] = static_cast<std::uint8_t>(v[c]);
    };
    chase_pass<std::uint16_t, 1, false>(g, k, 0, ring.data(), ring_rows, d, seed, residual, emit);
  }

  // Deficits in the turned orientation from board values.
  std::vector<std::uint8_t> deficits(std::span<const std::uint8_t> lights) const {
    std::vector<std::uint8_t> d(g.m * g.n);
    for (std::size_t r = 0; r < g.m; ++r) {
      for (std::size_t c = 0; c < g.n; ++c) {
        const unsigned v = lights[g.board_index(r, c, cols)];
        if (v >= k) throw std::invalid_argument("chase: a light value is not below the states");
        d[r * g.n + c] = static_cast<std::uint8_t>((goal + k - v) % k);
      }
    }
    return d;
  }
  void to_board(const std::vector<std::uint8_t>& x, std::span<std::uint8_t> out) const {
    for (std::size_t r = 0; r < g.m; ++r) {
      for (std::size_t c = 0; c < g.n; ++c) out[g.board_index(r, c, cols)] = x[r * g.n + c];
    }
  }
};

bool PlaneMaskChaseImpl::applies(const Rules& rules, std::size_t rows, std::size_t cols) {
  return best_geometry(rules, rows, cols).has_value();
}

std::size_t PlaneMaskChaseImpl::unknowns(const Rules& rules, std::size_t rows, std::size_t cols) {
  const std::optional<Geometry> g = best_geometry(rules, rows, cols);
  return g ? g->u : 0;
}

double PlaneMaskChase::estimated_work(const Rules& rules, std::size_t rows, std::size_t cols) {
  const auto u = static_cast<double>(unknowns(rules, rows, cols));
  const double cells = static_cast<double>(rows) * static_cast<double>(cols);
  const auto t = static_cast<double>(rules.offsets.size());
  return u * cells * t / (rules.states == 2 ? 256 : 24) +
         SmallSystem::estimated_work(rules.states, u);
}

bool PlaneMaskChase::preferred(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (!fits(rules, rows, cols)) return false;
  if (rules.states > 2) return true;
  const auto r = static_cast<double>(rows);
  const auto c = static_cast<double>(cols);
  const double band = BandedGf2::mask_band(rules.offsets, rows, cols);
  return estimated_work(rules, rows, cols) <= r * c * band * band / 64;
}

void PlaneMaskChaseImpl::build(VariantChase<PlaneMaskChaseImpl>& owner, const Rules& rules,
                               std::size_t rows, std::size_t cols, bool want_kernel) {
  std::optional<Geometry> g = best_geometry(rules, rows, cols);
  if (!g) throw std::invalid_argument("chase: rules not supported");
  PlaneMaskChaseImpl& s = *this;
  s.rows = rows;
  s.cols = cols;
  s.k = rules.states;
  s.goal = static_cast<std::uint8_t>(rules.target_on ? s.k - 1 : 0);
  s.g = std::move(*g);
  s.ring_rows = PlaneMaskChaseImpl::ring_for(s.g);
  VariantChase<PlaneMaskChaseImpl>::check_unknowns(s.g.u, s.k);
  std::vector<std::uint8_t> e;
  if (s.k == 2) {
    e = s.reduced_matrix<std::uint64_t, kWordLanes, true>();
  } else if (s.k <= 127) {
    e = s.reduced_matrix<std::uint8_t, kByteLanes, false>();
  } else {
    e = s.reduced_matrix<std::uint16_t, 16, false>();
  }
  owner.factor(e, s.g.u, s.k, want_kernel);
}

bool PlaneMaskChaseImpl::solve_values(const VariantChase<PlaneMaskChaseImpl>& owner,
                                      std::span<const std::uint8_t> lights,
                                      std::span<std::uint8_t> presses) const {
  const PlaneMaskChaseImpl& s = *this;
  const std::vector<std::uint8_t> d = s.deficits(lights);
  std::vector<std::uint8_t> x(s.g.m * s.g.n);
  const auto chase = [&](const std::uint8_t* y, bool final, std::uint8_t* residual) {
    s.chase(d.data(), y, final ? x.data() : nullptr, residual);
  };
  if (!owner.solve_reduced(chase)) return false;
  s.to_board(x, presses);
  return true;
}

bool PlaneMaskChaseImpl::solve_grids(const VariantChase<PlaneMaskChaseImpl>& owner,
                                     const Grid& lights, Grid& presses) const {
  const PlaneMaskChaseImpl& s = *this;
  const std::vector<std::uint8_t> values = lights.to_values();
  std::vector<std::uint8_t> x(values.size());
  if (!solve_values(owner, values, x)) return false;
  presses = Grid::from_values(s.rows, s.cols, s.k, x);
  return true;
}

std::vector<std::vector<std::uint8_t>> PlaneMaskChaseImpl::kernel(
    const VariantChase<PlaneMaskChaseImpl>& owner) const {
  const PlaneMaskChaseImpl& s = *this;
  return owner.kernel_with([&](const std::uint8_t* y, std::uint8_t* residual) {
    std::vector<std::uint8_t> x(s.g.m * s.g.n);
    s.chase(nullptr, y, x.data(), residual);
    std::vector<std::uint8_t> pattern(s.rows * s.cols);
    s.to_board(x, pattern);
    return pattern;
  });
}

template class VariantChase<PlaneMaskChaseImpl>;

}  // namespace lightsout::detail
