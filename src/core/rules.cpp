// Rules: named neighbourhoods, the size a rules set accepts, and the press system on a board.
#include "lightsout/rules.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "name_table.hpp"

namespace lightsout {

namespace {

[[noreturn]] void fail(std::string_view token, std::string_view message) {
  throw RulesError("rules: token '" + std::string(token) + "': " + std::string(message));
}

// How errors name the graph: the parser's token, else "graph" or "digraph".
std::string graph_token(const Rules& rules) {
  if (!rules.graph_label.empty()) return rules.graph_label;
  return rules.directed ? "digraph" : "graph";
}

std::string size_text(std::size_t rows, std::size_t cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

// The names, in the enums' order.
constexpr auto kTopologyNames = std::to_array<std::string_view>({"plane", "torus", "cylinder"});
static_assert(kTopologyNames.size() == detail::kValuesThrough<Topology::cylinder>);
constexpr auto kNeighbourhoodNames =
    std::to_array<std::string_view>({"plus", "x", "square", "knight", "rowcol", "mask"});
static_assert(kNeighbourhoodNames.size() == detail::kValuesThrough<Neighbourhood::mask>);

}  // namespace

std::vector<Offset> named_offsets(Neighbourhood n) {
  std::vector<Offset> out;
  switch (n) {
    case Neighbourhood::plus:
      out = {{-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}};
      break;
    case Neighbourhood::x:
      out = {{-1, -1}, {-1, 1}, {0, 0}, {1, -1}, {1, 1}};
      break;
    case Neighbourhood::square:
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) out.push_back({dr, dc});
      }
      break;
    case Neighbourhood::knight:
      out = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {0, 0}, {1, -2}, {1, 2}, {2, -1}, {2, 1}};
      break;
    case Neighbourhood::rowcol:
    case Neighbourhood::mask:
      break;
  }
  return out;
}

std::string_view topology_name(Topology t) { return detail::name_of(kTopologyNames, t, "?"); }

std::string_view neighbourhood_name(Neighbourhood n) {
  return detail::name_of(kNeighbourhoodNames, n, "?");
}

bool is_classic(const Rules& rules) {
  return rules.topology == Topology::plane && rules.states == 2 &&
         rules.neighbourhood != Neighbourhood::rowcol &&
         rules.offsets == named_offsets(Neighbourhood::plus) && !rules.target_on &&
         !rules.has_holes() && !rules.has_graph();
}

void check_board_size(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (rows == 0 || cols == 0) throw std::invalid_argument("rules: the board must have cells");
  if (rules.has_graph()) {
    if (rows != rules.graph.size() || cols != 1) {
      fail(graph_token(rules), "the graph has " + std::to_string(rules.graph.size()) +
                                   (rules.graph.size() == 1 ? " node" : " nodes") +
                                   ", so the board is " + size_text(rules.graph.size(), 1) +
                                   ", not " + size_text(rows, cols));
    }
  } else if (rules.has_holes() && (rules.holes.rows() != rows || rules.holes.cols() != cols)) {
    fail(rules.holes_label.empty() ? "holes" : rules.holes_label,
         "the holes grid is " + size_text(rules.holes.rows(), rules.holes.cols()) +
             ", the board is " + size_text(rows, cols));
  }
}

void check_graph(const Rules& rules) {
  const std::size_t n = rules.graph.size();
  // The message is built only on a failure: this runs over every edge of every press system.
  const auto bad = [&rules](std::size_t u, std::uint32_t v, const std::string& why) {
    fail(graph_token(rules), "node " + std::to_string(u) + " lists " + std::to_string(v) + why);
  };
  for (std::size_t u = 0; u < n; ++u) {
    const std::vector<std::uint32_t>& list = rules.graph[u];
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::uint32_t v = list[i];
      if (v >= n) bad(u, v, ", out of range 0.." + std::to_string(n - 1));
      if (v == u) bad(u, v, ": a self-loop (a press changes its own node unless self=0)");
      if (i > 0 && list[i - 1] >= v) bad(u, v, " out of order or twice (lists are sorted)");
      if (!rules.directed && !std::binary_search(rules.graph[v].begin(), rules.graph[v].end(),
                                                 static_cast<std::uint32_t>(u))) {
        bad(u, v,
            ", but " + std::to_string(v) + " does not list " + std::to_string(u) +
                " (an undirected graph keeps each edge in both lists)");
      }
    }
  }
}

std::size_t existing_cells(const Rules& rules, std::size_t rows, std::size_t cols) {
  return rows * cols - (rules.has_holes() ? rules.holes.popcount() : 0);
}

void PressSystem::apply(std::span<const std::uint8_t> presses,
                        std::span<std::uint8_t> lights) const {
  if (presses.size() != rows * cols || lights.size() != rows * cols) {
    throw std::invalid_argument("PressSystem::apply: wrong number of cells");
  }
  for (std::size_t j = 0; j < cells.size(); ++j) {
    const unsigned times = presses[cells[j]] % states;
    if (times == 0) continue;
    for (const Touch& t : touched_by(j)) {
      std::uint8_t& light = lights[cells[t.cell]];
      light = static_cast<std::uint8_t>((light + times * t.amount) % states);
    }
  }
}

namespace {

// The board indices one press reaches, into `hit` (cleared first), unsorted and with repeats (an
// offset wrapping onto the same cell twice is there twice), holes not removed.
void press_reach(const Rules& rules, std::size_t rows, std::size_t cols, std::size_t board_index,
                 std::vector<std::uint32_t>& hit) {
  hit.clear();
  const auto r_count = static_cast<std::int64_t>(rows);
  const auto c_count = static_cast<std::int64_t>(cols);
  const auto r = static_cast<std::int64_t>(board_index / cols);
  const auto c = static_cast<std::int64_t>(board_index % cols);
  if (rules.has_graph()) {
    // graph[u] is what a press of u changes, directed or not (undirected lists are symmetric).
    if (rules.self) hit.push_back(static_cast<std::uint32_t>(board_index));
    hit.insert(hit.end(), rules.graph[board_index].begin(), rules.graph[board_index].end());
  } else if (rules.neighbourhood == Neighbourhood::rowcol) {
    // The whole row and column, each cell once, whatever the topology.
    for (std::int64_t cc = 0; cc < c_count; ++cc) {
      if (cc != c || rules.self) hit.push_back(static_cast<std::uint32_t>(r * c_count + cc));
    }
    for (std::int64_t rr = 0; rr < r_count; ++rr) {
      if (rr != r) hit.push_back(static_cast<std::uint32_t>(rr * c_count + c));
    }
  } else {
    const bool wrap_rows = rules.topology == Topology::torus;
    const bool wrap_cols = rules.topology != Topology::plane;
    for (const Offset& o : rules.offsets) {
      std::int64_t rr = r + o.dr;
      std::int64_t cc = c + o.dc;
      if (wrap_rows) {
        rr = ((rr % r_count) + r_count) % r_count;
      } else if (rr < 0 || rr >= r_count) {
        continue;
      }
      if (wrap_cols) {
        cc = ((cc % c_count) + c_count) % c_count;
      } else if (cc < 0 || cc >= c_count) {
        continue;
      }
      hit.push_back(static_cast<std::uint32_t>(rr * c_count + cc));
    }
  }
}

}  // namespace

void press_touches(const Rules& rules, std::size_t rows, std::size_t cols, std::size_t board_index,
                   std::vector<std::uint32_t>& scratch, std::vector<PressedCell>& out) {
  press_reach(rules, rows, cols, board_index, scratch);
  out.clear();
  // Count repeats (an offset wrapping onto an already touched cell adds once more), mod K, and
  // drop the cells that are holes.
  std::sort(scratch.begin(), scratch.end());
  for (std::size_t a = 0; a < scratch.size();) {
    std::size_t b = a;
    while (b < scratch.size() && scratch[b] == scratch[a]) ++b;
    const auto amount = static_cast<std::uint8_t>((b - a) % rules.states);
    const bool hole = rules.has_holes() && rules.holes.get(scratch[a] / cols, scratch[a] % cols);
    if (amount != 0 && !hole) out.push_back({scratch[a], amount});
    a = b;
  }
}

PressSystem build_press_system(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (rules.states < kMinStates || rules.states > kMaxStates) {
    fail("states=" + std::to_string(rules.states), "states must be an integer in 2..255");
  }
  check_board_size(rules, rows, cols);
  check_graph(rules);
  if (rows > std::numeric_limits<std::uint32_t>::max() / cols) {
    throw std::length_error("rules: a board of at most 2^32 - 1 cells");
  }
  PressSystem sys;
  sys.rows = rows;
  sys.cols = cols;
  sys.states = rules.states;
  sys.index.assign(rows * cols, PressSystem::kNoCell);
  for (std::size_t i = 0; i < rows * cols; ++i) {
    if (rules.has_holes() && rules.holes.get(i / cols, i % cols)) continue;
    sys.index[i] = static_cast<std::uint32_t>(sys.cells.size());
    sys.cells.push_back(static_cast<std::uint32_t>(i));
  }
  sys.begin.reserve(sys.cells.size() + 1);
  sys.begin.push_back(0);
  std::vector<std::uint32_t> scratch;
  std::vector<PressedCell> touched;  // board indices, holes dropped
  for (const std::uint32_t board_index : sys.cells) {
    press_touches(rules, rows, cols, board_index, scratch, touched);
    for (const PressedCell& t : touched) sys.touches.push_back({sys.index[t.cell], t.amount});
    sys.begin.push_back(sys.touches.size());
  }
  return sys;
}

}  // namespace lightsout
