// Fewest presses: the GF(2) class branch and bound and the Z_k walk (see fewest_presses.hpp).
#include "fewest_presses.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace lightsout::detail {

SearchBudget SearchBudget::from_now(double seconds, std::uint64_t work) {
  SearchBudget b;
  b.work = work;
  if (seconds > 0 && std::isfinite(seconds) && seconds < 1e9) {
    b.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(seconds));
  }
  return b;
}

Gf2Classes::Gf2Classes(unsigned dimension) : d_(dimension) {
  if (dimension > 64) throw std::invalid_argument("Gf2Classes: more than 64 kernel vectors");
}

void Gf2Classes::add(std::uint64_t column, bool in_x0, std::uint64_t cells) {
  const auto n = static_cast<std::int64_t>(cells);
  if (in_x0) offset_ += n;
  if (column == 0) return;
  std::int64_t& a = weights_[column];
  a += in_x0 ? -n : n;
  if (a == 0) weights_.erase(column);
}

Gf2Classes Gf2Classes::from_boards(const Board& x0, std::span<const Board> kernel) {
  Gf2Classes classes(static_cast<unsigned>(kernel.size()));
  const std::span<const std::uint64_t> base = x0.words();
  std::vector<std::uint64_t> k(kernel.size());
  for (std::size_t t = 0; t < base.size(); ++t) {
    std::uint64_t any = 0;
    for (std::size_t j = 0; j < kernel.size(); ++j) {
      k[j] = kernel[j].words()[t];
      any |= k[j];
    }
    // Cells outside every kernel vector are constant: only their x0 bits count.
    classes.offset_ += std::popcount(base[t] & ~any);
    for (std::uint64_t rest = any; rest != 0; rest &= rest - 1) {
      const int b = std::countr_zero(rest);
      std::uint64_t column = 0;
      for (std::size_t j = 0; j < kernel.size(); ++j) column |= ((k[j] >> b) & 1U) << j;
      classes.add(column, ((base[t] >> b) & 1U) != 0);
    }
  }
  return classes;
}

Gf2Classes Gf2Classes::from_values(std::span<const std::uint8_t> x0,
                                   std::span<const std::vector<std::uint8_t>> kernel) {
  Gf2Classes classes(static_cast<unsigned>(kernel.size()));
  for (std::size_t i = 0; i < x0.size(); ++i) {
    std::uint64_t column = 0;
    for (std::size_t j = 0; j < kernel.size(); ++j) {
      column |= static_cast<std::uint64_t>(kernel[j][i] & 1U) << j;
    }
    classes.add(column, (x0[i] & 1U) != 0);
  }
  return classes;
}

namespace {

struct Term {
  std::uint64_t w;
  std::int64_t a;
};

constexpr unsigned kLeafDimension = 16;

// In-place Walsh-Hadamard transform of 2^j values: out[z] = sum_w in[w] (-1)^popcount(w & z).
// T is 32 bits wide when sum |in| fits (twice the lanes per vector instruction).
template <typename T>
void walsh_hadamard(std::vector<T>& v) {
  const std::size_t n = v.size();
  for (std::size_t h = 1; h < n; h <<= 1) {
    for (std::size_t i = 0; i < n; i += h << 1) {
      for (std::size_t t = i; t < i + h; ++t) {
        const T x = v[t];
        const T y = v[t + h];
        v[t] = x + y;
        v[t + h] = x - y;
      }
    }
  }
}

class ClassSearch {
 public:
  ClassSearch(unsigned d, const SearchBudget& budget) : budget_(budget), level_(d + 1) {}

  // Contract: level_[d] holds the terms, sorted by w, no zero w or a; offset as in Gf2Classes.
  FewestOutcome run(unsigned d, std::vector<Term> terms, std::int64_t offset,
                    std::int64_t initial_best, std::uint64_t initial_z) {
    best_ = initial_best;
    best_z_ = initial_z;
    level_[d] = std::move(terms);
    node(d, offset, 0);
    FewestOutcome out;
    out.weight = static_cast<std::uint64_t>(best_);
    out.combination = best_z_;
    out.lower_bound = static_cast<std::uint64_t>(std::max<std::int64_t>(0, std::min(best_, open_)));
    out.proven = out.lower_bound == out.weight;
    return out;
  }

 private:
  bool out_of_budget() {
    if (stopped_) return true;
    if (work_ >= budget_.work) {
      stopped_ = true;
    } else if ((++checks_ & 63U) == 0 && std::chrono::steady_clock::now() >= budget_.deadline) {
      stopped_ = true;
    }
    return stopped_;
  }

  void node(unsigned j, std::int64_t offset, std::uint64_t prefix) {
    const std::vector<Term>& terms = level_[j];
    std::int64_t bound = offset;
    for (const Term& t : terms) bound += std::min<std::int64_t>(t.a, 0);
    work_ += terms.size() + 1;
    if (bound >= best_) return;
    if (terms.empty()) {  // every completion weighs `offset`
      best_ = offset;
      best_z_ = prefix;
      return;
    }
    if (out_of_budget()) {
      open_ = std::min(open_, bound);
      return;
    }
    if (j <= kLeafDimension) {
      leaf(j, offset, prefix);
      return;
    }
    const std::uint64_t top = std::uint64_t{1} << (j - 1);
    for (const unsigned b : {0U, 1U}) {
      const std::int64_t child_offset = child(j, b, offset);
      node(j - 1, child_offset, prefix | (b != 0 ? top : 0));
    }
  }

  // Builds level_[j - 1] for coordinate j - 1 set to b; returns the child's offset.
  std::int64_t child(unsigned j, unsigned b, std::int64_t offset) {
    const std::vector<Term>& terms = level_[j];
    std::vector<Term>& out = level_[j - 1];
    out.clear();
    const std::uint64_t top = std::uint64_t{1} << (j - 1);
    const auto split = std::partition_point(terms.begin(), terms.end(),
                                            [top](const Term& t) { return t.w < top; });
    auto low = terms.begin();
    auto high = split;
    // a [w . z] with the top coordinate set: a [w' . z + 1] = a - a [w' . z].
    for (auto it = split; it != terms.end(); ++it) {
      if (b != 0) offset += it->a;
    }
    const auto push = [&out](std::uint64_t w, std::int64_t a) {
      if (w == 0 || a == 0) return;
      if (!out.empty() && out.back().w == w) {
        out.back().a += a;
        if (out.back().a == 0) out.pop_back();
      } else {
        out.push_back({w, a});
      }
    };
    while (low != split || high != terms.end()) {
      if (high == terms.end() || (low != split && low->w <= (high->w ^ top))) {
        push(low->w, low->a);
        ++low;
      } else {
        push(high->w ^ top, b != 0 ? -high->a : high->a);
        ++high;
      }
    }
    work_ += terms.size();
    return offset;
  }

  void leaf(unsigned j, std::int64_t offset, std::uint64_t prefix) {
    const std::vector<Term>& terms = level_[j];
    std::int64_t sum = 0;
    std::uint64_t magnitude = 0;
    for (const Term& t : terms) {
      sum += t.a;
      magnitude += static_cast<std::uint64_t>(t.a < 0 ? -t.a : t.a);
    }
    work_ += static_cast<std::uint64_t>(j + 1) << j;
    const auto [top, at] = magnitude < (std::uint64_t{1} << 31) ? transform_max(wht32_, terms, j)
                                                                : transform_max(wht64_, terms, j);
    const std::int64_t value = offset + (sum - top) / 2;
    if (value < best_) {
      best_ = value;
      best_z_ = prefix | at;
    }
  }

  // The largest value of the transform of the terms (2^j values) and where it is.
  template <typename T>
  static std::pair<std::int64_t, std::uint64_t> transform_max(std::vector<T>& v,
                                                              const std::vector<Term>& terms,
                                                              unsigned j) {
    v.assign(std::size_t{1} << j, 0);
    for (const Term& t : terms) v[t.w] += static_cast<T>(t.a);
    walsh_hadamard(v);
    const auto top = std::max_element(v.begin(), v.end());
    return {static_cast<std::int64_t>(*top), static_cast<std::uint64_t>(top - v.begin())};
  }

  SearchBudget budget_;
  std::vector<std::vector<Term>> level_;
  std::vector<std::int32_t> wht32_;
  std::vector<std::int64_t> wht64_;
  std::int64_t best_ = 0;
  std::uint64_t best_z_ = 0;
  std::int64_t open_ = std::numeric_limits<std::int64_t>::max();
  std::uint64_t work_ = 0;
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
};

// sum a_v [v . y] + offset at one y.
std::int64_t weight_at(const std::vector<Term>& terms, std::int64_t offset, std::uint64_t y) {
  std::int64_t w = offset;
  for (const Term& t : terms) w += (std::popcount(t.w & y) & 1) != 0 ? t.a : 0;
  return w;
}

}  // namespace

FewestOutcome Gf2Classes::minimize(const SearchBudget& budget) const {
  std::vector<Term> terms;
  terms.reserve(weights_.size());
  for (const auto& [w, a] : weights_) terms.push_back({w, a});
  std::sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.w < y.w; });
  // Start from x0 itself, improved by a greedy descent over single kernel vectors, so that an
  // early stop still returns a good solution.
  std::uint64_t y = 0;
  std::int64_t best = weight_at(terms, offset_, 0);
  for (bool improved = true; improved;) {
    improved = false;
    for (unsigned j = 0; j < d_; ++j) {
      const std::int64_t w = weight_at(terms, offset_, y ^ (std::uint64_t{1} << j));
      if (w < best) {
        best = w;
        y ^= std::uint64_t{1} << j;
        improved = true;
      }
    }
  }
  ClassSearch search(d_, budget);
  return search.run(d_, std::move(terms), offset_, best, y);
}

FewestOutcome fewest_zk(std::vector<std::uint8_t>& solution,
                        std::span<const std::vector<std::uint8_t>> kernel,
                        std::span<const unsigned> orders, unsigned k, const SearchBudget& budget) {
  const std::size_t n = solution.size();
  const std::size_t d = kernel.size();
  const auto weight = [](const std::vector<std::uint8_t>& x) {
    std::uint64_t w = 0;
    for (const std::uint8_t v : x) w += v;
    return w;
  };
  FewestOutcome out;
  out.weight = weight(solution);
  // (order - 1) g_j taken away: the step that wraps coefficient j back to 0.
  std::vector<std::vector<std::uint8_t>> wrap(d, std::vector<std::uint8_t>(n));
  for (std::size_t j = 0; j < d; ++j) {
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned back = (orders[j] - 1) * kernel[j][i] % k;
      wrap[j][i] = static_cast<std::uint8_t>((k - back) % k);
    }
  }
  const auto add = [k](std::vector<std::uint8_t>& x, const std::vector<std::uint8_t>& g) {
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] = static_cast<std::uint8_t>((x[i] + g[i]) % k);
    }
  };
  // Greedy descent first (any multiple of a generator that lowers the weight), so that a walk cut
  // short still returns a good solution; each acceptance lowers the weight, so it ends.
  std::vector<std::uint8_t> candidate(n);
  std::uint64_t work = 0;
  const auto spent = [&budget, &work] {
    return work >= budget.work || std::chrono::steady_clock::now() >= budget.deadline;
  };
  for (bool improved = true; improved && !spent();) {
    improved = false;
    for (std::size_t j = 0; j < d && !spent(); ++j) {
      work += (orders[j] - 1) * (n + 1);
      for (unsigned c = 1; c < orders[j]; ++c) {
        for (std::size_t i = 0; i < n; ++i) {
          candidate[i] = static_cast<std::uint8_t>((solution[i] + c * kernel[j][i]) % k);
        }
        const std::uint64_t w = weight(candidate);
        if (w < out.weight) {
          out.weight = w;
          solution.swap(candidate);
          improved = true;
        }
      }
    }
  }
  std::vector<unsigned> digit(d, 0);
  std::vector<std::uint8_t> x = solution;
  std::uint64_t checks = 0;
  bool complete = !spent();
  while (complete) {
    std::size_t j = 0;
    while (j < d && digit[j] + 1 == orders[j]) {
      digit[j] = 0;
      add(x, wrap[j]);
      ++j;
    }
    if (j == d) break;
    ++digit[j];
    add(x, kernel[j]);
    const std::uint64_t w = weight(x);
    if (w < out.weight) {
      out.weight = w;
      solution = x;
    }
    work += n + 1;
    if (work >= budget.work ||
        ((++checks & 255U) == 0 && std::chrono::steady_clock::now() >= budget.deadline)) {
      complete = false;
      break;
    }
  }
  if (complete) {
    out.lower_bound = out.weight;
    out.proven = true;
    return out;
  }
  // Each class of cells with the same kernel column moves together by one shift t of the
  // values; the lightest shift of each class on its own bounds the whole from below.
  // Cells sorted by kernel column (compared value by value), then each run of equal columns is
  // one class.
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  const auto column_less = [&kernel, d](std::uint32_t x, std::uint32_t y) {
    for (std::size_t t = 0; t < d; ++t) {
      if (kernel[t][x] != kernel[t][y]) return kernel[t][x] < kernel[t][y];
    }
    return false;
  };
  std::sort(order.begin(), order.end(), column_less);
  std::uint64_t bound = 0;
  std::vector<std::uint64_t> histogram(k);
  for (std::size_t begin = 0; begin < n;) {
    std::size_t end = begin;
    std::fill(histogram.begin(), histogram.end(), 0);
    while (end < n && !column_less(order[begin], order[end])) ++histogram[solution[order[end++]]];
    bool fixed = true;
    for (std::size_t t = 0; t < d; ++t) fixed = fixed && kernel[t][order[begin]] == 0;
    std::uint64_t lightest = std::numeric_limits<std::uint64_t>::max();
    for (unsigned t = 0; t < (fixed ? 1U : k); ++t) {
      std::uint64_t sum = 0;
      for (unsigned v = 0; v < k; ++v) sum += histogram[v] * ((v + t) % k);
      lightest = std::min(lightest, sum);
    }
    bound += lightest;
    begin = end;
  }
  out.lower_bound = std::min(bound, out.weight);
  out.proven = out.lower_bound == out.weight;
  return out;
}

}  // namespace lightsout::detail
