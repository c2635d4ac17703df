// Fewest presses: the GF(2) class branch and bound and the Z_k walk (see fewest_presses.hpp).
#include "fewest_presses.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "build_target.hpp"
#include "solution_symmetry.hpp"
#include "wht.hpp"

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

// The largest transform a search uses: 2^18 16-bit sums, 512 KiB, in the L2 cache of a core.
constexpr unsigned kLeafDimension = kWhtMaxBits;
// Levels above the transform's that a node solves by blocks of transforms rather than by branching.
constexpr unsigned kBlockLevels = 6;

// The free coordinates at which a branch-and-bound node is solved by one transform instead of
// branching, and the transform size of the exhaustive mode, for a search of `terms` terms: 2^18,
// or 2^16 where the terms are few. A block's work is its scatter (every term, at random places)
// and its levels (one add a value each): 2^16 takes two levels fewer a solution and four times
// the scatter. Measured on both modes (bench/fewest_bench, all-ones and random boards of 658 to
// 3,871 terms, on a 2-core Intel Xeon): 2^16 was 6 to 27 % faster in the exhaustive mode below
// about 3,400 terms and 7 to 22 % slower above; in the branch and bound, whose pruning skips more
// levels of a larger transform, it helped only below about 1,400 (up to 12 %), and was 5 to 20 %
// slower above. The answer is the same either way.
unsigned leaf_bits(FewestMethod method, std::size_t terms) {
  const std::size_t few = method == FewestMethod::exhaustive ? 3400 : 1400;
  return terms < few ? 16 : kLeafDimension;
}

// A thread's space for transforms of up to 2^bits values (wht16_space) at a 64-byte boundary,
// zero between transforms. Sized to the search's largest block, so that a small board's search does
// not clear the 512 KiB of the largest.
class Buckets {
 public:
  explicit Buckets(unsigned bits)
      : bytes_(sizeof(std::int16_t) * wht16_space(bits)),
        data_(static_cast<std::int16_t*>(::operator new (bytes_, std::align_val_t{64}))) {
    std::memset(data_, 0, bytes_);
  }
  ~Buckets() { ::operator delete (data_, std::align_val_t{64}); }
  Buckets(const Buckets&) = delete;
  Buckets& operator=(const Buckets&) = delete;
  std::int16_t* data() { return data_; }

 private:
  std::size_t bytes_;
  std::int16_t* data_;
};

// The best (weight, combination) of a search, shared by its threads. Answers are ordered by
// weight, then by combination: the search returns the first lightest combination, the same
// whatever the number of threads, the order they ran in, or the mode (branch and bound or
// exhaustive).
//
// With a SymmetricFrame the search runs in the frame's coordinates over one subtree per orbit:
// every solution it finds is offered as the least combination of its orbit, in the original
// coordinates, and no subtree is pruned for a tie (its lightest may have a smaller orbit
// image), so the answer is still the first lightest of the whole set.
class Incumbent {
 public:
  Incumbent(std::int64_t weight, std::uint64_t y, const SymmetricFrame* frame = nullptr)
      : frame_(frame), weight_(weight), y_(y) {}

  bool symmetric() const { return frame_ != nullptr; }

  // Whether a subtree of combinations from `first` on, none lighter than `bound`, may hold a
  // better answer.
  bool may_beat(std::int64_t bound, std::uint64_t first) {
    if (frame_ != nullptr) first = 0;
    const std::int64_t w = weight_.load(std::memory_order_relaxed);
    if (bound != w) return bound < w;
    const std::lock_guard lock(mutex_);
    return bound < weight_ || (bound == weight_ && first < y_);
  }
  // Whether (weight, y) is better than the best; cheap when it is not.
  bool beats(std::int64_t weight, std::uint64_t y) { return may_beat(weight, y); }
  void offer(std::int64_t weight, std::uint64_t y) {
    const std::lock_guard lock(mutex_);
    if (weight < weight_ || (weight == weight_ && y < y_)) {
      weight_.store(weight, std::memory_order_relaxed);
      y_ = y;
    }
  }
  // A solution at combination c of the search's coordinates.
  void offer_found(std::int64_t weight, std::uint64_t c) {
    offer(weight, frame_ != nullptr ? frame_->orbit_min(frame_->to_original(c)) : c);
  }
  // Every completion of the subtree at c whose low `free` coordinates are free weighs `weight`.
  void offer_subtree(std::int64_t weight, std::uint64_t c, unsigned free) {
    offer(weight, frame_ != nullptr ? frame_->coset_orbit_min(c, free) : c);
  }
  std::int64_t weight() const { return weight_.load(); }
  std::uint64_t combination() const { return y_; }

 private:
  const SymmetricFrame* frame_;
  std::mutex mutex_;
  std::atomic<std::int64_t> weight_;
  std::uint64_t y_;
};

// sum a over the terms, and sum |a|: the transform's bound.
std::pair<std::int64_t, std::uint64_t> sums(const std::vector<Term>& terms) {
  std::int64_t sum = 0;
  std::uint64_t magnitude = 0;
  for (const Term& t : terms) {
    sum += t.a;
    magnitude += static_cast<std::uint64_t>(t.a < 0 ? -t.a : t.a);
  }
  return {sum, magnitude};
}

// The largest value of the transform of the wide values v (2^j of them) and its first index: the
// fallback of wht16_sparse_max for sums of |a| past 16 bits (boards of 2^15 cells or more).
template <typename T>
std::pair<std::int64_t, std::uint64_t> wide_max(std::vector<T>& v) {
  walsh_hadamard(v.data(), v.size());
  const auto top = std::max_element(v.begin(), v.end());
  return {static_cast<std::int64_t>(*top), static_cast<std::uint64_t>(top - v.begin())};
}

// Whether a block whose lightest solutions weigh `value` may change `best`: with symmetries any
// block that ties or beats it (each solution at the maximum may have a lesser orbit image), else
// one that beats it or ties it at an earlier combination.
bool may_offer(Incumbent& best, std::int64_t value, std::uint64_t prefix) {
  return best.symmetric() ? best.may_beat(value, 0) : best.beats(value, prefix);
}

// Offers a block's lightest solutions to `best`, once may_offer holds: `value` is their weight,
// found where the transform v (n values) reaches `top`; first() is the first such z. With
// symmetries every z at the maximum is offered, else the first only.
template <typename T, typename First>
void offer_block(Incumbent& best, std::int64_t value, std::uint64_t prefix, const T* v,
                 std::size_t n, std::int64_t top, const First& first) {
  if (best.symmetric()) {
    for (std::size_t z = 0; z < n; ++z) {
      if (v[z] == top) best.offer_found(value, prefix | z);
    }
  } else {
    best.offer(value, prefix | first());
  }
}

// The terms of a node solved by blocks of `low` coordinates: block h weighs the 2^low
// completions of prefix h of the coordinates above them. `packed` holds the terms as the 16-bit
// transform reads them (when `narrow`: the sum of |a| is below 2^15).
struct BlockTerms {
  BlockTerms(const std::vector<Term>& all, unsigned low_bits, std::uint64_t magnitude)
      : terms(all), low(low_bits), narrow(magnitude < (std::uint64_t{1} << 15)) {
    if (!narrow) return;
    packed.reserve(all.size());
    for (const Term& t : all) {
      packed.push_back({t.w >> low,
                        static_cast<std::uint32_t>(t.w & ((std::uint64_t{1} << low) - 1)),
                        static_cast<std::int16_t>(t.a)});
    }
  }
  const std::vector<Term>& terms;
  unsigned low;
  bool narrow;  // every partial sum fits 16 bits: the vector transform applies
  std::vector<WhtTerm> packed;
};

// Solves block h of `block` exactly: sum_w b[w] [w . z] + offset over the 2^low values of z, where
// b holds the terms at their low bits, signed (-1)^(high part . h); offers its first lightest z to
// `best` as prefix | z. With `prune` (the branch and bound), the transform skips its last levels
// for the groups of z that cannot weigh as little as the best found so far (ties included: with
// symmetries a tie may still be the answer); the exhaustive mode computes every value. Returns
// the transform's work.
std::uint64_t solve_by_transform(const BlockTerms& block, std::uint64_t h, std::int64_t offset,
                                 std::int64_t sum, std::uint64_t prefix, Buckets& buckets,
                                 Incumbent& best, bool prune) {
  const unsigned j = block.low;
  const std::size_t n = std::size_t{1} << j;
  if (block.narrow) {
    // weight(z) = offset + (sum - out[z]) / 2 is at most the best's weight W exactly where
    // out[z] >= sum + 2 (offset - W).
    std::int32_t floor = std::numeric_limits<std::int32_t>::min();
    if (prune) {
      floor = static_cast<std::int32_t>(std::clamp<std::int64_t>(
          sum + 2 * (offset - best.weight()), std::numeric_limits<std::int32_t>::min(),
          std::numeric_limits<std::int32_t>::max()));
    }
    std::int16_t* v = buckets.data();
    const std::int32_t top = wht16_sparse_max(v, j, block.packed, h, floor);
    // Where the maximum is below the floor, no z weighs as little as the best: nothing is offered.
    // Else the rare block that may be offered is transformed again, every value kept, to find
    // its z; the first at the maximum is the lightest's first combination in this block.
    const std::int64_t value = offset + (sum - top) / 2;
    if (may_offer(best, value, prefix)) {
      wht16_sparse(v, j, block.packed, h);
      offer_block(best, value, prefix, v, n, top, [v, j, top] { return wht16_find(v, j, top); });
      std::fill(v, v + n, std::int16_t{0});
    }
  } else {
    std::vector<std::int64_t> v(n, 0);
    for (const Term& t : block.terms) {
      const bool odd = (std::popcount((t.w >> j) & h) & 1) != 0;
      v[t.w & (n - 1)] += odd ? -t.a : t.a;
    }
    const auto [top, at] = wide_max(v);
    const std::int64_t value = offset + (sum - top) / 2;
    if (may_offer(best, value, prefix)) {
      offer_block(best, value, prefix, v.data(), n, top, [at = at] { return at; });
    }
  }
  return static_cast<std::uint64_t>(j + 1) << j;
}

// The cheap bound of a node: offset + sum of min(0, a), every term at its best on its own.
std::int64_t class_bound(const std::vector<Term>& terms, std::int64_t offset) {
  for (const Term& t : terms) offset += std::min<std::int64_t>(t.a, 0);
  return offset;
}

// The work budget and deadline of one thread of a search.
class Meter {
 public:
  explicit Meter(const SearchBudget& budget) : budget_(budget) {}
  void add(std::uint64_t work) { work_ += work; }
  bool out_of_budget() {
    // The clock is read every 64th call only.
    stopped_ = stopped_ || work_ >= budget_.work ||
               ((++checks_ & 63U) == 0 && std::chrono::steady_clock::now() >= budget_.deadline);
    return stopped_;
  }

 private:
  SearchBudget budget_;
  std::uint64_t work_ = 0;
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
};

// One thread of the branch and bound: its own term lists, one per level.
//
// With a SymmetricFrame (terms in its coordinates, its kept subspace at least as large as a
// transform's block) the search skips every block of transforms whose prefix above the kept
// subspace is not the least of its orbit: the block lies in the image of one that is searched,
// and weighs what it does.
class ClassSearch {
 public:
  ClassSearch(unsigned d, unsigned leaf, const SearchBudget& budget, Incumbent& best,
              const SymmetricFrame* frame = nullptr)
      : leaf_(leaf),
        meter_(budget),
        best_(best),
        frame_(frame),
        level_(d + 1),
        offset_(d + 1),
        buckets_(std::min(d, leaf)) {}

  // Searches the subtree whose top `depth` coordinates (of d) are `prefix`. Contract: terms
  // sorted by w, no zero w or a; offset as in Gf2Classes; the same terms, offset and depth at
  // every call on one search (the merges down to the last subtree are kept, and only those below
  // the first coordinate where its prefix differs are done again: a thread's tasks come in order).
  void subtree(unsigned d, const std::vector<Term>& terms, std::int64_t offset, unsigned depth,
               std::uint64_t prefix) {
    unsigned kept = 0;
    if (!rooted_) {
      level_[d] = terms;
      offset_[d] = offset;
      rooted_ = true;
    } else {
      const std::uint64_t differ = prefix ^ path_;
      kept = differ == 0 ? depth : depth - (64 - static_cast<unsigned>(std::countl_zero(differ)));
    }
    for (unsigned i = kept; i < depth; ++i) {
      const unsigned j = d - i;
      offset_[j - 1] =
          child(j, static_cast<unsigned>((prefix >> (depth - 1 - i)) & 1U), offset_[j]);
    }
    path_ = prefix;
    node(d - depth, offset_[d - depth], depth == 0 ? 0 : prefix << (d - depth));
  }
  // The least bound of the nodes the budget left open.
  std::int64_t open() const { return open_; }

 private:
  void node(unsigned j, std::int64_t offset, std::uint64_t prefix) {
    // A node inside one coset of the kept subspace: skipped whole when it is an image.
    if (frame_ != nullptr && j <= frame_->low() && !frame_->canonical(prefix >> frame_->low())) {
      return;
    }
    const std::vector<Term>& terms = level_[j];
    const std::int64_t bound = class_bound(terms, offset);
    meter_.add(terms.size() + 1);
    if (!best_.may_beat(bound, prefix)) return;
    if (terms.empty()) {  // every completion weighs `offset`; the first is prefix itself
      best_.offer_subtree(offset, prefix, j);
      return;
    }
    if (meter_.out_of_budget()) {
      open_ = std::min(open_, bound);
      return;
    }
    if (j <= leaf_ + kBlockLevels) {
      blocks(j, offset, prefix, bound);
      return;
    }
    const std::uint64_t top = std::uint64_t{1} << (j - 1);
    for (const unsigned b : {0U, 1U}) {
      const std::int64_t child_offset = child(j, b, offset);
      node(j - 1, child_offset, prefix | (b != 0 ? top : 0));
    }
  }

  // Solves a node of j <= leaf_ + kBlockLevels free coordinates whole, as the exhaustive mode does:
  // for each of the 2^(j - leaf_) assignments h of its top coordinates, the terms scattered into
  // 2^leaf_ buckets with their signs (-1)^(high part . h) and one transform. No merging below this
  // node: with thousands of terms, the merges of the levels it replaces cost more than their bounds
  // prune.
  void blocks(unsigned j, std::int64_t offset, std::uint64_t prefix, std::int64_t bound) {
    const std::vector<Term>& terms = level_[j];
    const auto [sum, magnitude] = sums(terms);
    const unsigned low = std::min(j, leaf_);
    const BlockTerms block(terms, low, magnitude);
    for (std::uint64_t h = 0; h < (std::uint64_t{1} << (j - low)); ++h) {
      if (h != 0 && meter_.out_of_budget()) {
        open_ = std::min(open_, bound);
        return;
      }
      if (frame_ != nullptr && j > frame_->low() && frame_->low() >= low &&
          !frame_->canonical((prefix | (h << low)) >> frame_->low())) {
        continue;  // the image of a searched block
      }
      meter_.add(
          solve_by_transform(block, h, offset, sum, prefix | (h << low), buckets_, best_, true));
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
    meter_.add(terms.size());
    return offset;
  }

  unsigned leaf_;  // the transform's coordinates: a node of at most leaf_ + kBlockLevels is blocks
  Meter meter_;
  Incumbent& best_;
  const SymmetricFrame* frame_;
  std::vector<std::vector<Term>> level_;
  std::vector<std::int64_t> offset_;  // offset_[j]: the offset of the path's node at level j
  bool rooted_ = false;
  std::uint64_t path_ = 0;  // the prefix of the last subtree
  Buckets buckets_;
  std::int64_t open_ = std::numeric_limits<std::int64_t>::max();
};

// sum a_v [v . y] + offset at one y.
std::int64_t weight_at(const std::vector<Term>& terms, std::int64_t offset, std::uint64_t y) {
  std::int64_t w = offset;
  for (const Term& t : terms) w += (std::popcount(t.w & y) & 1) != 0 ? t.a : 0;
  return w;
}

// Runs job(thread, task) for task = 0 .. tasks - 1, in order, on up to `threads` threads (this one
// among them), each task once. Falls back to this thread alone where no thread can be started.
template <typename Job>
void run_tasks(unsigned threads, std::uint64_t tasks, const Job& job) {
  std::atomic<std::uint64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](unsigned thread) {
    try {
      for (std::uint64_t t; (t = next.fetch_add(1)) < tasks;) job(thread, t);
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(tasks);
    }
  };
  std::vector<std::thread> workers;
  // No thread for a search of one task (a small board's: most of them).
  for (unsigned t = 1; t < threads && t < tasks; ++t) {
    try {
      workers.emplace_back(work, t);
    } catch (const std::system_error&) {  // no thread to be had (a WebAssembly build)
      break;
    }
  }
  work(0);
  for (std::thread& w : workers) w.join();
  if (failure) std::rethrow_exception(failure);
}

unsigned search_threads(unsigned asked) {
  if (!kThreads) return 1;
  return std::clamp(asked != 0 ? asked : std::thread::hardware_concurrency(), 1U, 64U);
}

// Every block of the root: for each assignment h of the top d - L coordinates (L = min(d, leaf)),
// the 2^L buckets b[u] = sum over terms with low part u of a (-1)^(high part . h), one transform,
// its maximum. The blocks go to the threads in tasks of 16. Without `prune`, the exhaustive mode:
// every solution weighed. With it, the branch and bound of a root of at most leaf + kBlockLevels
// coordinates without symmetries (the tree would only split it into its blocks, with merges that
// prune nothing at that size): each transform skips what cannot beat the best. Returns the bound of
// what the budget left unsearched (the root's: offset + sum of min(0, a)), or the largest int64
// when everything was searched.
std::int64_t sweep_blocks(unsigned d, unsigned leaf, const std::vector<Term>& terms,
                          std::int64_t offset, const SearchBudget& budget, unsigned threads,
                          Incumbent& best, bool prune) {
  const unsigned low = std::min(d, leaf);
  const unsigned high = d - low;
  const std::pair<std::int64_t, std::uint64_t> totals = sums(terms);
  const std::int64_t sum = totals.first;
  const std::uint64_t magnitude = totals.second;
  const unsigned chunk_bits = std::min(high, 4U);
  const BlockTerms block(terms, low, magnitude);
  SearchBudget share = budget;
  share.work = budget.work / threads;
  std::vector<std::unique_ptr<Buckets>> buckets(threads);
  std::vector<std::unique_ptr<Meter>> meters(threads);
  std::atomic<bool> stopped{false};
  run_tasks(
      threads, std::uint64_t{1} << (high - chunk_bits), [&](unsigned thread, std::uint64_t task) {
        if (!meters[thread]) {
          meters[thread] = std::make_unique<Meter>(share);
          buckets[thread] = std::make_unique<Buckets>(low);
        }
        Meter& meter = *meters[thread];
        for (std::uint64_t i = 0; i < (std::uint64_t{1} << chunk_bits); ++i) {
          if (stopped.load(std::memory_order_relaxed) || meter.out_of_budget()) {
            stopped.store(true);
            return;
          }
          const std::uint64_t h = (task << chunk_bits) | i;
          meter.add(
              solve_by_transform(block, h, offset, sum, h << low, *buckets[thread], best, prune));
        }
      });
  if (!stopped.load()) return std::numeric_limits<std::int64_t>::max();
  return class_bound(terms, offset);
}

}  // namespace

void Gf2Classes::set_symmetries(std::vector<CoordinateMap> group) {
  for (const CoordinateMap& g : group) {
    if (g.columns.size() != d_) {
      throw std::invalid_argument("Gf2Classes::set_symmetries: a map of another dimension");
    }
  }
  symmetries_ = std::move(group);
}

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

FewestOutcome Gf2Classes::minimize(const SearchBudget& budget, std::uint64_t below,
                                   FewestMethod method) const {
  // The terms sorted by column, and a first answer: x0 improved by a greedy descent over single
  // kernel vectors, so that an early stop still returns a good solution.
  std::vector<Term> terms;
  terms.reserve(weights_.size());
  for (const auto& [w, a] : weights_) terms.push_back({w, a});
  std::sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.w < y.w; });
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
  // Asked only for solutions lighter than `below`: the search starts with that as its best (at
  // combination 0, so that only a lighter solution beats it).
  const bool capped = static_cast<std::uint64_t>(std::max<std::int64_t>(best, 0)) >= below;
  if (capped) {
    best = static_cast<std::int64_t>(
        std::min<std::uint64_t>(below, std::numeric_limits<std::int64_t>::max()));
    y = 0;
  }
  const unsigned leaf = leaf_bits(method, terms.size());
  // The branch and bound visits one subtree per orbit of the symmetries, when they act.
  std::optional<SymmetricFrame> frame;
  if (method == FewestMethod::branch_and_bound && symmetries_.size() > 1 &&
      d_ >= kSymmetricNullity) {
    // A kept subspace of 16 to 24 dimensions (a transform block fits in it), leaving about 12
    // coordinates above it for the symmetries to act on (fewer prefixes are then their own
    // orbit); the orbit spans that build it grow by up to 8 at a time, so a larger one is tried
    // when none of the size wanted comes out.
    for (unsigned most = std::clamp(d_ - 14, leaf, leaf + kBlockLevels);
         !frame && most <= leaf + kBlockLevels && most < d_; ++most) {
      frame = SymmetricFrame::build(symmetries_, d_, leaf, most);
    }
  }
  if (frame && !capped) y = frame->orbit_min(y);
  Incumbent incumbent(best, y, frame ? &*frame : nullptr);
  const unsigned threads = search_threads(budget.threads);
  std::int64_t open = std::numeric_limits<std::int64_t>::max();
  if (method == FewestMethod::exhaustive) {
    open = sweep_blocks(d_, leaf, terms, offset_, budget, threads, incumbent, false);
  } else if (!frame && d_ <= leaf + kBlockLevels) {
    open = sweep_blocks(d_, leaf, terms, offset_, budget, threads, incumbent, true);
  } else {
    // Subtrees of the top `depth` coordinates, handed to the threads in order (so that the first
    // ones, which set the incumbent the others prune with, finish first). Each is reached from
    // the root by `depth` merges: as few as keep both cores busy, no more.
    unsigned depth = threads < 2 || d_ <= leaf + 4
                         ? 0
                         : std::clamp(d_ - std::min(d_, leaf + kBlockLevels), 4U, 12U);
    if (frame) {
      // The change of coordinates is invertible: distinct nonzero columns stay distinct, nonzero.
      for (Term& t : terms) t.w = frame->adapt_column(t.w);
      std::sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.w < y.w; });
    }
    SearchBudget share = budget;
    share.work = budget.work / threads;
    std::vector<std::unique_ptr<ClassSearch>> searches(threads);
    // With symmetries, a subtree none of whose blocks is canonical is skipped before its merges.
    const auto may_hold_canonical = [&](std::uint64_t task) {
      if (!frame || depth + frame->low() > d_) return true;
      const unsigned extra = d_ - frame->low() - depth;  // prefix bits between the task and V
      if (extra > 8) return true;
      for (std::uint64_t e = 0; e < (std::uint64_t{1} << extra); ++e) {
        if (frame->canonical((task << extra) | e)) return true;
      }
      return false;
    };
    run_tasks(threads, std::uint64_t{1} << depth, [&](unsigned thread, std::uint64_t task) {
      if (!may_hold_canonical(task)) return;
      if (!searches[thread]) {
        searches[thread] =
            std::make_unique<ClassSearch>(d_, leaf, share, incumbent, frame ? &*frame : nullptr);
      }
      searches[thread]->subtree(d_, terms, offset_, depth, task);
    });
    for (const auto& s : searches) {
      if (s) open = std::min(open, s->open());
    }
  }
  FewestOutcome out;
  out.weight = static_cast<std::uint64_t>(incumbent.weight());
  out.combination = incumbent.combination();
  out.lower_bound =
      static_cast<std::uint64_t>(std::max<std::int64_t>(0, std::min(incumbent.weight(), open)));
  out.proven = out.lower_bound == out.weight;
  out.found = !capped || out.weight < below;
  out.complete = open == std::numeric_limits<std::int64_t>::max();
  return out;
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
    out.complete = open_ == std::numeric_limits<std::uint64_t>::max();
    return out;
  }

  // TieBreak::lexicographic: a node as light as the best is searched too, and a leaf that ties
  // it is kept when its solution x0 + sum y_j g_j is the lesser vector. `x0` is the solution at
  // y = 0 (the best so far); both spans outlive the search.
  void set_lexicographic(std::span<const std::uint8_t> x0,
                         std::span<const std::vector<std::uint8_t>> kernel) {
    lexicographic_ = true;
    x0_ = x0;
    kernel_ = kernel;
    best_x_.assign(x0.begin(), x0.end());
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
    if (bound > best_ || (bound == best_ && !lexicographic_)) return;
    if (count == 0) {
      leaf(offset);
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

  // A leaf of weight `offset` <= best_ (< best_ unless lexicographic): kept when lighter, or when
  // as light and the lesser vector.
  void leaf(std::uint64_t offset) {
    if (!lexicographic_) {
      best_ = offset;
      best_y_ = y_;
      return;
    }
    candidate_.assign(x0_.begin(), x0_.end());
    for (std::size_t j = 0; j < y_.size(); ++j) {
      if (y_[j] == 0) continue;
      for (std::size_t i = 0; i < candidate_.size(); ++i) {
        candidate_[i] = static_cast<std::uint8_t>((candidate_[i] + y_[j] * kernel_[j][i]) % k_);
      }
    }
    work_ += candidate_.size() * (y_.size() + 1);
    if (offset < best_ || std::lexicographical_compare(candidate_.begin(), candidate_.end(),
                                                       best_x_.begin(), best_x_.end())) {
      best_ = offset;
      best_y_ = y_;
      best_x_.swap(candidate_);
    }
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
  bool lexicographic_ = false;
  std::span<const std::uint8_t> x0_;
  std::span<const std::vector<std::uint8_t>> kernel_;
  std::vector<std::uint8_t> best_x_, candidate_;
  std::uint64_t best_ = 0;
  std::uint64_t open_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t work_ = 0;
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
};

}  // namespace

FewestOutcome fewest_zk(std::vector<std::uint8_t>& solution,
                        std::span<const std::vector<std::uint8_t>> kernel,
                        std::span<const unsigned> orders, unsigned k, const SearchBudget& budget,
                        bool lexicographic) {
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
  if (lexicographic) search.set_lexicographic(solution, kernel);
  FewestOutcome out = search.run(std::move(terms), offset, best, y);
  // A tie left open may hold the lesser vector: the weight is proven, the answer is not.
  if (lexicographic) out.proven = out.proven && out.complete;
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
