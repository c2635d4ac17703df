// Fewest presses: the GF(2) class branch and bound and the Z_k walk (see fewest_presses.hpp).
#include "fewest_presses.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "build_target.hpp"

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
// T is 16 or 32 bits wide when sum |in| fits (more lanes per vector instruction): no partial sum
// exceeds sum |in| in magnitude.
template <typename T>
void walsh_hadamard(std::vector<T>& v) {
  const std::size_t n = v.size();
  for (std::size_t h = 1; h < n; h <<= 1) {
    for (std::size_t i = 0; i < n; i += h << 1) {
      for (std::size_t t = i; t < i + h; ++t) {
        const T x = v[t];
        const T y = v[t + h];
        v[t] = static_cast<T>(x + y);
        v[t + h] = static_cast<T>(x - y);
      }
    }
  }
}

// The best weight each half of a two-thread search has found, for the other half to prune with.
struct SharedBests {
  std::atomic<std::int64_t> half[2];
};

class ClassSearch {
 public:
  ClassSearch(unsigned d, const SearchBudget& budget) : budget_(budget), level_(d + 1) {}

  // Contract: terms sorted by w, no zero w or a; offset as in Gf2Classes. With `half` (0 or 1)
  // and `shared`, searches only the subtree with the top coordinate at `half`, pruning with the
  // other half's best too: half 0 prunes only above it and half 1 at it too, so that the two
  // halves end where one search over both would (the first lightest in the same order).
  FewestOutcome run(unsigned d, std::vector<Term> terms, std::int64_t offset,
                    std::int64_t initial_best, std::uint64_t initial_z, int half = -1,
                    SharedBests* shared = nullptr) {
    best_ = initial_best;
    best_z_ = initial_z;
    level_[d] = std::move(terms);
    if (half < 0) {
      node(d, offset, 0);
    } else {
      shared_ = shared;
      half_ = half;
      const auto b = static_cast<unsigned>(half);
      node(d - 1, child(d, b, offset), b != 0 ? std::uint64_t{1} << (d - 1) : 0);
    }
    FewestOutcome out;
    out.weight = static_cast<std::uint64_t>(best_);
    out.combination = best_z_;
    out.lower_bound = static_cast<std::uint64_t>(std::max<std::int64_t>(0, std::min(best_, open_)));
    out.proven = out.lower_bound == out.weight;
    return out;
  }

 private:
  bool out_of_budget() {
    // The clock is read every 64th call only.
    stopped_ = stopped_ || work_ >= budget_.work ||
               ((++checks_ & 63U) == 0 && std::chrono::steady_clock::now() >= budget_.deadline);
    return stopped_;
  }

  void node(unsigned j, std::int64_t offset, std::uint64_t prefix) {
    const std::vector<Term>& terms = level_[j];
    std::int64_t bound = offset;
    for (const Term& t : terms) bound += std::min<std::int64_t>(t.a, 0);
    work_ += terms.size() + 1;
    if (bound >= best_ || pruned_by_other_half(bound)) return;
    if (terms.empty()) {  // every completion weighs `offset`
      improve(offset, prefix);
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

  bool pruned_by_other_half(std::int64_t bound) const {
    if (shared_ == nullptr) return false;
    const std::int64_t other = shared_->half[1 - half_].load(std::memory_order_relaxed);
    return half_ == 0 ? bound > other : bound >= other;
  }

  void improve(std::int64_t value, std::uint64_t z) {
    best_ = value;
    best_z_ = z;
    if (shared_ != nullptr) shared_->half[half_].store(value, std::memory_order_relaxed);
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
    const auto [top, at] = magnitude < (std::uint64_t{1} << 15)   ? transform_max(wht16_, terms, j)
                           : magnitude < (std::uint64_t{1} << 31) ? transform_max(wht32_, terms, j)
                                                                  : transform_max(wht64_, terms, j);
    const std::int64_t value = offset + (sum - top) / 2;
    if (value < best_) improve(value, prefix | at);
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
  std::vector<std::int16_t> wht16_;
  std::vector<std::int32_t> wht32_;
  std::vector<std::int64_t> wht64_;
  std::int64_t best_ = 0;
  std::uint64_t best_z_ = 0;
  std::int64_t open_ = std::numeric_limits<std::int64_t>::max();
  std::uint64_t work_ = 0;
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
  SharedBests* shared_ = nullptr;
  int half_ = 0;
};

// sum a_v [v . y] + offset at one y.
std::int64_t weight_at(const std::vector<Term>& terms, std::int64_t offset, std::uint64_t y) {
  std::int64_t w = offset;
  for (const Term& t : terms) w += (std::popcount(t.w & y) & 1) != 0 ? t.a : 0;
  return w;
}

}  // namespace

Gf2Classes Gf2Classes::restricted(unsigned depth, std::uint64_t prefix) const {
  if (depth > d_) throw std::invalid_argument("Gf2Classes::restricted: depth above the dimension");
  const unsigned low_bits = d_ - depth;
  Gf2Classes out(low_bits);
  out.offset_ = offset_;
  const std::uint64_t low_mask =
      low_bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << low_bits) - 1;
  for (const auto& [v, a] : weights_) {
    // a [v . y] with y = (prefix, z): a [low . z] when prefix . high is even, a - a [low . z] if
    // odd.
    const bool odd = low_bits < 64 && (std::popcount((v >> low_bits) & prefix) & 1) != 0;
    const std::uint64_t low = v & low_mask;
    if (odd) out.offset_ += a;
    if (low == 0) continue;
    std::int64_t& slot = out.weights_[low];
    slot += odd ? -a : a;
    if (slot == 0) out.weights_.erase(low);
  }
  return out;
}

FewestOutcome Gf2Classes::minimize(const SearchBudget& budget, std::uint64_t below) const {
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
  // Asked only for solutions lighter than `below`: the search starts with that as its best.
  const bool capped = static_cast<std::uint64_t>(std::max<std::int64_t>(best, 0)) >= below;
  if (capped) {
    best = static_cast<std::int64_t>(
        std::min<std::uint64_t>(below, std::numeric_limits<std::int64_t>::max()));
    y = 0;
  }
  const auto finish = [capped, below](FewestOutcome out) {
    out.found = !capped || out.weight < below;
    return out;
  };
  if (!kThreads || d_ <= kLeafDimension + 4 || std::thread::hardware_concurrency() < 2) {
    ClassSearch search(d_, budget);
    return finish(search.run(d_, std::move(terms), offset_, best, y));
  }
  // Both cores: one half of the tree each (the top coordinate 0 or 1), the step budget shared.
  SearchBudget half_budget = budget;
  half_budget.work = budget.work / 2;
  SharedBests shared;
  shared.half[0] = best;
  shared.half[1] = best;
  ClassSearch other(d_, half_budget);
  FewestOutcome upper;
  std::exception_ptr failure;
  std::vector<Term> upper_terms = terms;  // the worker's own copy (this thread moves its own)
  std::thread worker;
  try {
    worker = std::thread([&] {
      try {
        upper = other.run(d_, std::move(upper_terms), offset_, best, y, 1, &shared);
      } catch (...) {
        failure = std::current_exception();
      }
    });
  } catch (const std::system_error&) {  // no thread to be had (a WebAssembly build): one search
    ClassSearch search(d_, budget);
    return finish(search.run(d_, std::move(terms), offset_, best, y));
  }
  ClassSearch search(d_, half_budget);
  const FewestOutcome lower = search.run(d_, std::move(terms), offset_, best, y, 0, &shared);
  worker.join();
  if (failure) std::rethrow_exception(failure);
  FewestOutcome out = upper.weight < lower.weight ? upper : lower;
  out.lower_bound = std::min({out.weight, lower.lower_bound, upper.lower_bound});
  out.proven = out.lower_bound == out.weight;
  return finish(out);
}

namespace {

// One node of the Z_k search: T terms, each a class of cells with the same first j kernel
// coordinates still free (cols, T x j) and its cost for each shift t of its values (cost, T x k):
// cost[t] = sum over its cells of (x + t) mod k.
struct ZkTerms {
  std::size_t j = 0;
  std::vector<std::uint8_t> cols;
  std::vector<std::uint64_t> cost;
  std::size_t size() const { return j == 0 ? 0 : cols.size() / j; }
};

class ZkSearch {
 public:
  ZkSearch(std::span<const unsigned> orders, unsigned k, const SearchBudget& budget)
      : orders_(orders),
        k_(k),
        budget_(budget),
        level_(orders.size() + 1),
        sorted_(orders.size() + 1),
        kind_(orders.size() + 1) {}

  // Contract: level_[d] holds the classes of every cell whose column is not zero, sorted and
  // merged; offset the cost of the others. Returns the best y found (one value per coordinate).
  FewestOutcome run(ZkTerms terms, std::uint64_t offset, std::uint64_t initial_best,
                    std::vector<unsigned>& best_y) {
    const std::size_t d = orders_.size();
    best_ = initial_best;
    y_.assign(d, 0);
    best_y_.assign(d, 0);
    level_[d] = std::move(terms);
    node(d, offset);
    best_y = best_y_;
    FewestOutcome out;
    out.weight = best_;
    out.lower_bound = std::min(best_, open_);
    out.proven = out.lower_bound == out.weight;
    return out;
  }

 private:
  bool out_of_budget() {
    if (!stopped_ &&
        (work_ >= budget_.work ||
         ((++checks_ & 15U) == 0 && std::chrono::steady_clock::now() >= budget_.deadline))) {
      stopped_ = true;
    }
    return stopped_;
  }

  void node(std::size_t j, std::uint64_t offset) {
    const ZkTerms& terms = level_[j];
    const std::size_t count = terms.size();
    std::uint64_t bound = offset;
    for (std::size_t t = 0; t < count; ++t) {
      const auto row = terms.cost.begin() + static_cast<std::ptrdiff_t>(t * k_);
      bound += *std::min_element(row, row + k_);
    }
    work_ += count * k_ + 1;
    if (bound >= best_) return;
    if (count == 0) {
      best_ = offset;
      best_y_ = y_;
      return;
    }
    if (out_of_budget()) {
      open_ = std::min(open_, bound);
      return;
    }
    group(j);
    for (unsigned b = 0; b < orders_[j - 1]; ++b) {
      const std::uint64_t child_offset = child(j, b, offset);
      y_[j - 1] = b;
      node(j - 1, child_offset);
    }
    y_[j - 1] = 0;
  }

  // Sorts level_[j]'s terms by their first j - 1 coordinates (what remains once coordinate j - 1
  // is fixed) into sorted_[j], and marks in kind_[j] where a group of equal remainders starts (1),
  // continues (0), or has no coordinate left (2). The same for every value of coordinate j - 1.
  void group(std::size_t j) {
    const ZkTerms& in = level_[j];
    const std::size_t count = in.size();
    std::vector<std::uint32_t>& order = sorted_[j];
    std::vector<std::uint8_t>& kind = kind_[j];
    order.resize(count);
    kind.resize(count);
    for (std::size_t t = 0; t < count; ++t) order[t] = static_cast<std::uint32_t>(t);
    const auto col = [&in, j](std::uint32_t t) { return in.cols.data() + std::size_t{t} * j; };
    const auto less = [&](std::uint32_t x, std::uint32_t y) {
      const std::uint8_t* a = col(x);
      const std::uint8_t* c = col(y);
      for (std::size_t i = 0; i + 1 < j; ++i) {
        if (a[i] != c[i]) return a[i] < c[i];
      }
      return false;
    };
    std::sort(order.begin(), order.end(), less);
    for (std::size_t p = 0; p < count; ++p) {
      const std::uint8_t* c = col(order[p]);
      const bool zero = std::all_of(c, c + (j - 1), [](std::uint8_t v) { return v == 0; });
      kind[p] = zero ? 2 : (p == 0 || less(order[p - 1], order[p])) ? 1 : 0;
    }
    work_ += count * (j + 8);
  }

  // Builds level_[j - 1] with coordinate j - 1 at value b (after group(j)); returns the child's
  // offset.
  std::uint64_t child(std::size_t j, unsigned b, std::uint64_t offset) {
    const ZkTerms& in = level_[j];
    ZkTerms& out = level_[j - 1];
    out.j = j - 1;
    out.cols.clear();
    out.cost.clear();
    const std::size_t count = in.size();
    const std::vector<std::uint32_t>& order = sorted_[j];
    const std::vector<std::uint8_t>& kind = kind_[j];
    for (std::size_t p = 0; p < count; ++p) {
      const std::uint32_t t = order[p];
      const std::uint8_t* c = in.cols.data() + std::size_t{t} * j;
      const unsigned shift = c[j - 1] * b % k_;
      const auto cost = in.cost.begin() + static_cast<std::ptrdiff_t>(std::size_t{t} * k_);
      if (kind[p] == 2) {  // no free coordinate left: its shift is fixed
        offset += cost[shift];
        continue;
      }
      if (kind[p] == 1) {
        out.cols.insert(out.cols.end(), c, c + (j - 1));
        out.cost.resize(out.cost.size() + k_, 0);
      }
      const auto dst = out.cost.end() - static_cast<std::ptrdiff_t>(k_);
      for (unsigned s = 0; s < k_; ++s) {
        const unsigned from = s + shift;
        dst[s] += cost[from < k_ ? from : from - k_];
      }
    }
    work_ += count * k_;
    return offset;
  }

  std::span<const unsigned> orders_;
  unsigned k_;
  SearchBudget budget_;
  std::vector<ZkTerms> level_;
  std::vector<std::vector<std::uint32_t>> sorted_;
  std::vector<std::vector<std::uint8_t>> kind_;
  std::vector<unsigned> y_, best_y_;
  std::uint64_t best_ = 0;
  std::uint64_t open_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t work_ = 0;
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
};

}  // namespace

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
  std::uint64_t best = weight(solution);
  // Greedy descent first (any multiple of a generator that lowers the weight), so that a search
  // cut short still returns a good solution; each acceptance lowers the weight, so it ends.
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
        if (w < best) {
          best = w;
          solution.swap(candidate);
          improved = true;
        }
      }
    }
  }
  // The classes: cells sorted by kernel column (compared value by value, last coordinate
  // first), each run of equal columns one term; cells of column zero are constant.
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  const auto column_less = [&kernel, d](std::uint32_t x, std::uint32_t y) {
    for (std::size_t t = 0; t < d; ++t) {
      if (kernel[t][x] != kernel[t][y]) return kernel[t][x] < kernel[t][y];
    }
    return false;
  };
  std::sort(order.begin(), order.end(), column_less);
  ZkTerms terms;
  terms.j = d;
  std::uint64_t offset = 0;
  for (std::size_t begin = 0; begin < n;) {
    std::size_t end = begin;
    while (end < n && !column_less(order[begin], order[end])) ++end;
    bool zero = true;
    for (std::size_t t = 0; t < d; ++t) zero = zero && kernel[t][order[begin]] == 0;
    if (zero) {
      for (std::size_t p = begin; p < end; ++p) offset += solution[order[p]];
    } else {
      for (std::size_t t = 0; t < d; ++t) terms.cols.push_back(kernel[t][order[begin]]);
      terms.cost.resize(terms.cost.size() + k, 0);
      const auto cost = terms.cost.end() - static_cast<std::ptrdiff_t>(k);
      for (std::size_t p = begin; p < end; ++p) {
        for (unsigned s = 0; s < k; ++s) cost[s] += (solution[order[p]] + s) % k;
      }
    }
    begin = end;
  }
  SearchBudget rest = budget;
  rest.work = budget.work > work ? budget.work - work : 0;
  std::vector<unsigned> y;
  ZkSearch search(orders, k, rest);
  const FewestOutcome out = search.run(std::move(terms), offset, best, y);
  for (std::size_t j = 0; j < d; ++j) {
    for (std::size_t i = 0; i < n; ++i) {
      solution[i] = static_cast<std::uint8_t>((solution[i] + y[j] * kernel[j][i]) % k);
    }
  }
  if (weight(solution) != out.weight) {
    throw std::logic_error("fewest_zk: the search's weight is not the solution's");
  }
  return out;
}

}  // namespace lightsout::detail
