// fix_solvable: the fewest lights to change so that a board becomes solvable under its rules.
#include "lightsout/fix_solvable.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include "lightsout/info.hpp"

namespace lightsout {

namespace {

bool is_prime(unsigned p) {
  if (p < 2) return false;
  for (unsigned k = 2; k * k <= p; ++k) {
    if (p % k == 0) return false;
  }
  return true;
}

unsigned inverse(unsigned a, unsigned p) {
  for (unsigned x = 1; x < p; ++x) {
    if ((a * x) % p == 1) return x;
  }
  return 0;
}

using Vec = std::vector<std::uint8_t>;  // d values mod p: a syndrome, or a cell's column

// A change of `amount` at `cell` moves the syndrome by `v` (its column times the amount).
struct Move {
  std::uint32_t cell;
  std::uint8_t amount;
  Vec v;
};

// Moves with distinct keys, in the order first seen (the first cell of each key kept).
class DistinctMoves {
 public:
  // False when the key was there already.
  bool add(const Vec& key, Move move) {
    const std::string text(key.begin(), key.end());
    if (!index_.try_emplace(text, moves_.size()).second) return false;
    moves_.push_back(std::move(move));
    return true;
  }
  std::size_t size() const { return moves_.size(); }
  std::vector<Move> take() && { return std::move(moves_); }

 private:
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<Move> moves_;
};

// p^d, or 0 when it passes `limit`.
std::uint64_t power_within(unsigned p, std::size_t d, double limit) {
  std::uint64_t size = 1;
  for (std::size_t j = 0; j < d; ++j) {
    size *= p;
    if (static_cast<double>(size) > limit) return 0;
  }
  return size;
}

std::uint32_t encode(const Vec& v, unsigned p) {
  std::uint32_t code = 0;
  for (std::size_t j = v.size(); j-- > 0;) code = code * p + v[j];
  return code;
}

void decode(std::uint32_t code, unsigned p, Vec& v) {
  for (auto& x : v) {
    x = static_cast<std::uint8_t>(code % p);
    code /= p;
  }
}

// The fewest moves from syndrome 0 to `goal` (breadth-first over the p^d syndromes), as changes
// per cell; nothing when `goal` is out of reach.
std::optional<std::vector<LightChange>> search(std::size_t d, unsigned p, std::uint64_t size,
                                               const std::vector<Move>& moves, const Vec& goal) {
  std::vector<std::int32_t> from(size, -1);  // the move that first reached a syndrome
  const std::uint32_t target = encode(goal, p);
  from[0] = -2;
  // Syndromes in the order reached (each once, so at most `size`: fix_search_bytes), read from
  // `head` on: layer by layer, as a breadth-first search goes.
  std::vector<std::uint32_t> queue;
  queue.reserve(static_cast<std::size_t>(size));
  queue.push_back(0);
  Vec digits(d);
  Vec sum(d);
  for (std::size_t head = 0; head < queue.size() && from[target] == -1; ++head) {
    decode(queue[head], p, digits);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      for (std::size_t j = 0; j < d; ++j) {
        sum[j] = static_cast<std::uint8_t>((digits[j] + moves[k].v[j]) % p);
      }
      const std::uint32_t u = encode(sum, p);
      if (from[u] == -1) {
        from[u] = static_cast<std::int32_t>(k);
        queue.push_back(u);
      }
    }
  }
  if (from[target] == -1) return std::nullopt;
  std::map<std::uint32_t, unsigned> per_cell;
  for (std::uint32_t s = target; s != 0;) {
    const Move& m = moves[static_cast<std::size_t>(from[s])];
    per_cell[m.cell] = (per_cell[m.cell] + m.amount) % p;
    decode(s, p, digits);
    for (std::size_t j = 0; j < d; ++j) {
      digits[j] = static_cast<std::uint8_t>((digits[j] + p - m.v[j]) % p);
    }
    s = encode(digits, p);
  }
  std::vector<LightChange> out;
  for (const auto& [cell, amount] : per_cell) {
    if (amount != 0) out.push_back({cell, static_cast<std::uint8_t>(amount)});
  }
  return out;
}

// Prime p: goal as a combination of at most d of the columns (Gaussian elimination over Z_p);
// nothing when goal is not in their span.
std::optional<std::vector<LightChange>> eliminate(std::size_t d, unsigned p,
                                                  const std::vector<Move>& gens, const Vec& goal) {
  // Each basis row: its reduced column h (pivot value 1), and h as a combination of the chosen
  // generators (chosen[k] is an index into gens).
  struct Row {
    Vec h;
    std::vector<unsigned> combo;
    std::size_t pivot;
  };
  std::vector<std::size_t> chosen;
  std::vector<Row> basis;
  const auto add_scaled = [p](Vec& to, const Vec& from, unsigned f) {
    for (std::size_t j = 0; j < to.size(); ++j)
      to[j] = static_cast<std::uint8_t>((to[j] + f * from[j]) % p);
  };
  const auto add_combo = [p](std::vector<unsigned>& to, const std::vector<unsigned>& from,
                             unsigned f) {
    if (to.size() < from.size()) to.resize(from.size(), 0);
    for (std::size_t k = 0; k < from.size(); ++k) to[k] = (to[k] + f * from[k]) % p;
  };
  for (std::size_t g = 0; g < gens.size() && basis.size() < d; ++g) {
    Row row{gens[g].v, {}, 0};
    row.combo.assign(chosen.size() + 1, 0);
    row.combo.back() = 1;
    for (const Row& b : basis) {
      const unsigned f = row.h[b.pivot];
      if (f != 0) {
        add_scaled(row.h, b.h, p - f);
        add_combo(row.combo, b.combo, p - f);
      }
    }
    const auto lead =
        std::find_if(row.h.begin(), row.h.end(), [](std::uint8_t v) { return v != 0; });
    if (lead == row.h.end()) continue;
    row.pivot = static_cast<std::size_t>(lead - row.h.begin());
    const unsigned inv = inverse(*lead, p);
    for (auto& v : row.h) v = static_cast<std::uint8_t>((v * inv) % p);
    for (auto& v : row.combo) v = (v * inv) % p;
    for (Row& b : basis) {
      const unsigned f = b.h[row.pivot];
      if (f != 0) {
        add_scaled(b.h, row.h, p - f);
        add_combo(b.combo, row.combo, p - f);
      }
    }
    chosen.push_back(g);
    basis.push_back(std::move(row));
  }
  Vec want = goal;
  std::vector<unsigned> combo;
  for (const Row& b : basis) {
    const unsigned f = want[b.pivot];
    if (f == 0) continue;
    add_scaled(want, b.h, p - f);
    add_combo(combo, b.combo, f);
  }
  if (std::any_of(want.begin(), want.end(), [](std::uint8_t v) { return v != 0; })) {
    return std::nullopt;
  }
  std::vector<LightChange> out;
  for (std::size_t k = 0; k < combo.size(); ++k) {
    if (combo[k] != 0) out.push_back({gens[chosen[k]].cell, static_cast<std::uint8_t>(combo[k])});
  }
  std::sort(out.begin(), out.end(),
            [](const LightChange& a, const LightChange& b) { return a.cell < b.cell; });
  return out;
}

}  // namespace

std::size_t fix_moves_bytes(std::size_t entries, std::size_t d) {
  // A Move (its vector's d values on the heap) and an index entry (the key's d bytes, a node and
  // its bucket), each heap block with 16 bytes of the allocator's.
  constexpr std::size_t kFixed = sizeof(Move) + 16 + 32 + 64 + 16;
  return entries * (kFixed + 2 * d);
}

std::size_t fix_search_bytes(std::uint64_t size) {
  return static_cast<std::size_t>(size) * (sizeof(std::int32_t) + sizeof(std::uint32_t));
}

Rules transposed_rules(const Rules& rules) {
  if (rules.has_graph() && rules.directed) {
    // Every arc reversed: v's list gets u for each v in u's list (u ascending keeps it sorted).
    Rules out = rules;
    for (auto& list : out.graph) list.clear();
    for (std::size_t u = 0; u < rules.graph.size(); ++u) {
      for (const std::uint32_t v : rules.graph[u]) {
        out.graph[v].push_back(static_cast<std::uint32_t>(u));
      }
    }
    return out;
  }
  if (rules.neighbourhood != Neighbourhood::mask) return rules;
  Rules out = rules;
  for (Offset& o : out.offsets) o = {-o.dr, -o.dc};
  std::sort(out.offsets.begin(), out.offsets.end());
  return out;
}

std::optional<SolvableFix> fewest_changes_to_solvable(std::span<const Grid> conditions,
                                                      const Grid& lights, const Board& holes,
                                                      unsigned target, unsigned states,
                                                      const ReserveMemory& reserve) {
  const auto hold = [&reserve](std::size_t bytes) {
    if (reserve) reserve(bytes);
  };
  const std::size_t rows = lights.rows();
  const std::size_t cols = lights.cols();
  const unsigned p = states;
  if (lights.states() != p || target >= p) {
    throw std::invalid_argument(
        "fewest_changes_to_solvable: the lights' states or the target do not match");
  }
  const bool has_holes = holes.rows() != 0;
  if (has_holes && (holes.rows() != rows || holes.cols() != cols)) {
    throw std::invalid_argument("fewest_changes_to_solvable: the holes' size does not match");
  }
  for (const Grid& q : conditions) {
    if (q.rows() != rows || q.cols() != cols || q.states() != p) {
      throw std::invalid_argument(
          "fewest_changes_to_solvable: a condition's size or states do not match");
    }
  }
  const std::size_t d = conditions.size();
  const auto hole = [&](std::size_t r, std::size_t c) { return has_holes && holes.get(r, c); };
  // The board's syndrome: q_j . (target - lights).
  Vec syndrome(d, 0);
  for (std::size_t j = 0; j < d; ++j) {
    unsigned s = 0;
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        if (hole(r, c)) continue;
        const unsigned diff = (target + p - lights.get(r, c)) % p;
        if (diff != 0) s = (s + conditions[j].get(r, c) * diff) % p;
      }
    }
    syndrome[j] = static_cast<std::uint8_t>(s);
  }
  SolvableFix fix;
  if (std::all_of(syndrome.begin(), syndrome.end(), [](std::uint8_t v) { return v == 0; })) {
    return fix;
  }
  const auto column = [&](std::size_t r, std::size_t c) {
    Vec h(d);
    for (std::size_t j = 0; j < d; ++j) h[j] = static_cast<std::uint8_t>(conditions[j].get(r, c));
    return h;
  };
  const auto cell_of = [cols](std::size_t r, std::size_t c) {
    return static_cast<std::uint32_t>(r * cols + c);
  };
  const std::uint64_t size = power_within(p, d, kFixSearchWork);
  std::vector<Move> moves;
  if (!is_prime(p)) {
    // Every distinct change vector a * h once (cells with the same vector are interchangeable).
    if (size == 0) return std::nullopt;
    // Past this many moves the search is over its work limit (the check below): no need to
    // collect (and hold) more. The loops stop within one cell's p - 1 moves of either bound.
    const auto max_moves = static_cast<std::uint64_t>(
        kFixSearchWork / (static_cast<double>(size) * static_cast<double>(d)));
    const auto enough = [&](std::size_t n) { return n + 1 >= size || n > max_moves; };
    hold(fix_moves_bytes(
        static_cast<std::size_t>(std::min<std::uint64_t>(std::min(size, max_moves + 2) + p - 1,
                                                         std::uint64_t{rows} * cols * (p - 1))),
        d));
    DistinctMoves seen;
    for (std::size_t r = 0; r < rows && !enough(seen.size()); ++r) {
      for (std::size_t c = 0; c < cols && !enough(seen.size()); ++c) {
        if (hole(r, c)) continue;
        const Vec h = column(r, c);
        for (unsigned a = 1; a < p; ++a) {
          Vec v(d);
          for (std::size_t j = 0; j < d; ++j) v[j] = static_cast<std::uint8_t>((h[j] * a) % p);
          if (std::any_of(v.begin(), v.end(), [](std::uint8_t x) { return x != 0; })) {
            seen.add(v, Move{cell_of(r, c), static_cast<std::uint8_t>(a), v});
          }
        }
      }
    }
    moves = std::move(seen).take();
    if (static_cast<double>(size) * static_cast<double>(moves.size()) * static_cast<double>(d) >
        kFixSearchWork) {
      return std::nullopt;
    }
    hold(fix_search_bytes(size));
    auto found = search(d, p, size, moves, syndrome);
    if (!found) return std::nullopt;
    fix.changes = std::move(*found);
    return fix;
  }
  // Prime p: one cell for each distinct non-zero column direction (its multiples are that cell's
  // other amounts).
  hold(fix_moves_bytes(rows * cols, d));
  DistinctMoves directions;
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      if (hole(r, c)) continue;
      const Vec h = column(r, c);
      const auto lead = std::find_if(h.begin(), h.end(), [](std::uint8_t v) { return v != 0; });
      if (lead == h.end()) continue;
      const unsigned inv = inverse(*lead, p);
      Vec key(d);
      for (std::size_t j = 0; j < d; ++j) key[j] = static_cast<std::uint8_t>((h[j] * inv) % p);
      directions.add(key, Move{cell_of(r, c), 1, h});
    }
  }
  const std::vector<Move> gens = std::move(directions).take();
  if (size != 0 && static_cast<double>(size) * static_cast<double>(gens.size()) * (p - 1) *
                           static_cast<double>(d) <=
                       kFixSearchWork) {
    hold(fix_moves_bytes(gens.size() * (p - 1), d) + fix_search_bytes(size));
    for (const Move& g : gens) {
      for (unsigned a = 1; a < p; ++a) {
        Vec v(d);
        for (std::size_t j = 0; j < d; ++j) v[j] = static_cast<std::uint8_t>((g.v[j] * a) % p);
        moves.push_back({g.cell, static_cast<std::uint8_t>(a), std::move(v)});
      }
    }
    auto found = search(d, p, size, moves, syndrome);
    if (!found) return std::nullopt;
    fix.changes = std::move(*found);
    return fix;
  }
  auto found = eliminate(d, p, gens, syndrome);
  if (!found) return std::nullopt;
  fix.changes = std::move(*found);
  fix.exact = false;
  return fix;
}

std::optional<SolvableFix> fewest_changes_to_solvable(const Rules& rules, const Grid& lights,
                                                      const ReserveMemory& reserve) {
  const Rules transposed = transposed_rules(rules);
  const Facts facts = board_facts(transposed, lights.rows(), lights.cols(), true);
  const unsigned target = rules.target_on ? rules.states - 1 : 0;
  return fewest_changes_to_solvable(facts.kernel, lights, rules.holes, target, rules.states,
                                    reserve);
}

}  // namespace lightsout
