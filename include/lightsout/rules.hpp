// Rules: the one description of a Lights Out variant and the press system it induces on a board
// (shared by the library, the CLI and the web API); its text form is lightsout/rules_text.hpp's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout {

// The rules text (`--rules TEXT`) is parsed and printed by io (lightsout/rules_text.hpp); core
// takes rules as data only.

// A bad rules text, or rules that do not fit a board. what() is one line naming the token:
// "rules: token 'nbhd=01/11': mask rows must have equal odd length".
class RulesError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Topology : std::uint8_t { plane, torus, cylinder };
enum class Neighbourhood : std::uint8_t { plus, x, square, knight, rowcol, mask };

// A cell relative to the pressed button: dr rows down, dc columns right.
struct Offset {
  int dr = 0;
  int dc = 0;
  bool operator==(const Offset&) const = default;
  // Row-major order, the order of Rules::offsets.
  friend bool operator<(const Offset& a, const Offset& b) {
    return std::tie(a.dr, a.dc) < std::tie(b.dr, b.dc);
  }
};

inline constexpr unsigned kMinStates = 2;
inline constexpr unsigned kMaxStates = 255;
inline constexpr std::size_t kMaxMaskSide = 63;
inline constexpr std::size_t kMaxGraphNodes = std::size_t{1} << 24;

// The offsets of a named neighbourhood, the button itself included, sorted (rowcol: none, its
// cells depend on the board size).
std::vector<Offset> named_offsets(Neighbourhood n);

// One variant, as data. Public fields; keep the invariants below (io's parse_rules does).
struct Rules {
  Topology topology = Topology::plane;  // cylinder: the columns wrap; torus: both wrap
  unsigned states = 2;  // K in 2..255: a press adds 1 (mod K) to every cell it touches
  Neighbourhood neighbourhood = Neighbourhood::plus;
  // The cells a press touches, sorted; {0, 0} is among them iff `self`. Empty for rowcol (the
  // whole row and column, which depend on the board size).
  std::vector<Offset> offsets = named_offsets(Neighbourhood::plus);
  bool self = true;        // the pressed button changes too
  bool target_on = false;  // the goal is every cell at K-1 instead of 0
  Board holes;             // set bit = no cell there; 0 x 0 when there are no holes
  // Adjacency lists of a graph board; the node count is graph.size(), the board is then
  // nodes x 1. Empty for a grid. Each list is sorted, without repeats or the node itself.
  // Undirected (directed false): each edge is in both lists. Directed: graph[u] lists the nodes
  // a press of u changes besides u, with no symmetry required (the press matrix need not be
  // symmetric: A[v][u] = 1 for v in graph[u]).
  std::vector<std::vector<std::uint32_t>> graph;
  bool directed = false;  // graph holds directed out-lists (the text's digraph=); false for a grid
  // How error messages name the holes and the graph (the text parser stores its token, such as
  // "holes=h.txt"; empty means "holes" / "graph" or "digraph"). Labels only: never read as paths,
  // and not compared by ==.
  std::string holes_label;
  std::string graph_label;

  // The classic game: plane, 2 states, the plus neighbourhood with the button itself, goal off.
  static Rules classic() { return {}; }
  bool has_holes() const { return holes.rows() != 0; }
  bool has_graph() const { return !graph.empty(); }
  bool operator==(const Rules& o) const {
    return topology == o.topology && states == o.states && neighbourhood == o.neighbourhood &&
           offsets == o.offsets && self == o.self && target_on == o.target_on && holes == o.holes &&
           graph == o.graph && directed == o.directed;
  }
};

std::string_view topology_name(Topology t);
std::string_view neighbourhood_name(Neighbourhood n);  // "mask" for a mask

// True for rules equal to Rules::classic() (however they were written): the Solver gives them
// the chase, poly and table fast paths.
bool is_classic(const Rules& rules);

// The rows x cols board a rules description accepts: any size for a grid (holes: the holes
// grid's size), N x 1 for a graph. Throws RulesError naming the holes= or graph= token when the
// size does not fit, std::invalid_argument when rows or cols is 0.
void check_board_size(const Rules& rules, std::size_t rows, std::size_t cols);

// Checks the invariants of rules.graph (see Rules::graph): every list sorted, without repeats,
// self-loops or nodes past the count, and an undirected graph's edges in both lists. Throws
// RulesError naming the graph= token: "rules: token 'graph': node 2 lists 0, but 0 does not list
// 2 (an undirected graph keeps each edge in both lists)". O(edges log degree).
void check_graph(const Rules& rules);

// The cells of a rows x cols board that exist under `rules` (holes removed).
std::size_t existing_cells(const Rules& rules, std::size_t rows, std::size_t cols);

// The linear system a rules description induces on one board: over Z_K, one unknown (the press
// count of that button, 0..K-1) and one equation per existing cell; cell t ends at
// lights[t] + sum_j amount(j -> t) * presses[j]  (mod K).
struct PressSystem {
  // One touched cell of a button: its position in `cells` and how much one press adds to it,
  // 1..K-1 (an offset that lands on the same cell twice, on a small torus, adds 2; multiples of K
  // are dropped).
  struct Touch {
    std::uint32_t cell = 0;
    std::uint8_t amount = 0;
  };
  static constexpr std::uint32_t kNoCell = 0xFFFFFFFFU;

  std::size_t rows = 0;  // the board (a graph: nodes x 1)
  std::size_t cols = 0;
  unsigned states = 2;
  std::vector<std::uint32_t> cells;  // board index r * cols + c of each existing cell, ascending
  std::vector<std::uint32_t> index;  // board index -> position in cells, kNoCell for a hole
  // Button j (the cell cells[j]) touches touches[begin[j] .. begin[j + 1]), sorted by cell.
  std::vector<std::size_t> begin;
  std::vector<Touch> touches;

  std::size_t size() const { return cells.size(); }
  std::span<const Touch> touched_by(std::size_t button) const {
    return {touches.data() + begin[button], begin[button + 1] - begin[button]};
  }
  // lights += the effect of `presses` (mod K); both hold one value per board cell (rows * cols),
  // holes are skipped (their presses ignored, their lights left alone).
  void apply(std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights) const;
};

// One cell a press changes: its board index r * cols + c and what one press adds to it, 1..K-1
// (an offset wrapping onto the same cell twice adds 2; multiples of K are dropped).
struct PressedCell {
  std::uint32_t cell = 0;
  std::uint8_t amount = 0;
  bool operator==(const PressedCell&) const = default;
};

// The cells one press of the button at board_index (r * cols + c) changes, into `out` (cleared
// first), sorted by cell, repeats counted, multiples of K and holes dropped; `scratch` is working
// room kept between calls. The step build_press_system takes for every button. The board size
// must fit the rules (check_board_size).
void press_touches(const Rules& rules, std::size_t rows, std::size_t cols, std::size_t board_index,
                   std::vector<std::uint32_t>& scratch, std::vector<PressedCell>& out);

// Builds the press system of `rules` on a rows x cols board (see check_board_size for the errors;
// also RulesError when the states are outside 2..255 or the graph breaks its invariants (see
// check_graph), std::length_error past 2^32 - 1 cells).
// Cost O(cells * touches per button).
PressSystem build_press_system(const Rules& rules, std::size_t rows, std::size_t cols);

}  // namespace lightsout
