// Rules: parsing and printing the --rules text, and building the press system on a board.
#include "lightsout/rules.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <optional>
#include <utility>

namespace lightsout {

namespace {

[[noreturn]] void fail(std::string_view token, std::string_view message) {
  throw RulesError("rules: token '" + std::string(token) + "': " + std::string(message));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

// A decimal number of digits only, or nullopt (also on values past `max`).
std::optional<std::uint64_t> parse_uint(std::string_view s, std::uint64_t max) {
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (const char ch : s) {
    if (ch < '0' || ch > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(ch - '0');
    if (v > max) return std::nullopt;
  }
  return v;
}

// The lines of a file, '\r' dropped at their ends.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

// nbhd=MASK: rows of 0/1 joined by '/' (the caller checked the characters), odd sides, centred on
// the button.
std::vector<Offset> parse_mask(std::string_view token, std::string_view mask) {
  std::vector<std::string_view> rows;
  while (true) {
    const std::size_t slash = mask.find('/');
    rows.push_back(mask.substr(0, slash));
    if (slash == std::string_view::npos) break;
    mask.remove_prefix(slash + 1);
  }
  const std::size_t width = rows.front().size();
  for (const std::string_view row : rows) {
    if (row.size() != width || width % 2 == 0) fail(token, "mask rows must have equal odd length");
  }
  if (rows.size() % 2 == 0) fail(token, "a mask must have an odd number of rows");
  if (rows.size() > kMaxMaskSide || width > kMaxMaskSide) {
    fail(token, "a mask is at most " + std::to_string(kMaxMaskSide) + " x " +
                    std::to_string(kMaxMaskSide));
  }
  const int half_rows = static_cast<int>(rows.size() / 2);
  const int half_cols = static_cast<int>(width / 2);
  std::vector<Offset> offsets;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      if (rows[r][c] == '1') {
        offsets.push_back({static_cast<int>(r) - half_rows, static_cast<int>(c) - half_cols});
      }
    }
  }
  if (offsets.empty()) fail(token, "the mask sets no cell");
  return offsets;  // row-major order is already sorted by (dr, dc)
}

// holes=FILE contents: a rectangular grid, '1'/'#' = hole, '0'/'.' = cell.
Board parse_holes(std::string_view token, std::string_view text) {
  std::vector<std::string> rows;
  std::size_t last_nonblank = 0;
  const std::vector<std::string_view> lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string row;
    for (std::size_t c = 0; c < lines[i].size(); ++c) {
      const char ch = lines[i][c];
      if (ch == ' ' || ch == '\t') continue;
      if (ch != '0' && ch != '1' && ch != '.' && ch != '#') {
        fail(token, "line " + std::to_string(i + 1) + ", column " + std::to_string(c + 1) +
                        ": expected 0, 1, '.' or '#', found '" + std::string(1, ch) + "'");
      }
      row.push_back(ch);
    }
    if (!row.empty()) last_nonblank = i + 1;
    rows.push_back(std::move(row));
  }
  rows.resize(last_nonblank);  // trailing blank lines
  if (rows.empty()) fail(token, "the holes grid is empty");
  const std::size_t width = rows.front().size();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].size() != width) {
      fail(token, "line " + std::to_string(i + 1) + " has " + std::to_string(rows[i].size()) +
                      " cells, line 1 has " + std::to_string(width));
    }
  }
  Board holes(rows.size(), width);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      if (rows[r][c] == '1' || rows[r][c] == '#') holes.set(r, c, true);
    }
  }
  return holes;
}

// graph=FILE contents: "N", then "u v" per edge. Returns sorted, deduplicated adjacency lists.
std::vector<std::vector<std::uint32_t>> parse_graph(std::string_view token, std::string_view text) {
  const std::vector<std::string_view> lines = split_lines(text);
  std::optional<std::size_t> nodes;
  std::vector<std::vector<std::uint32_t>> adjacency;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim(lines[i]);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = "line " + std::to_string(i + 1) + ": ";
    if (!nodes) {
      const auto n = parse_uint(line, kMaxGraphNodes);
      if (!n || *n == 0) {
        fail(token, where + "expected the node count N in 1.." + std::to_string(kMaxGraphNodes) +
                        ", found '" + std::string(line) + "'");
      }
      nodes = static_cast<std::size_t>(*n);
      adjacency.resize(*nodes);
      continue;
    }
    const std::size_t blank = line.find_first_of(" \t");
    const std::string_view first = line.substr(0, blank);
    const std::string_view second =
        blank == std::string_view::npos ? std::string_view{} : trim(line.substr(blank));
    const auto u = parse_uint(first, std::numeric_limits<std::uint32_t>::max());
    const auto v = parse_uint(second, std::numeric_limits<std::uint32_t>::max());
    if (!u || !v) {
      fail(token, where + "expected an edge 'u v', found '" + std::string(line) + "'");
    }
    for (const std::uint64_t node : {*u, *v}) {
      if (node >= *nodes) {
        fail(token, where + "node " + std::to_string(node) + " is out of range 0.." +
                        std::to_string(*nodes - 1));
      }
    }
    if (*u == *v) fail(token, where + "self-loop on node " + std::to_string(*u));
    adjacency[*u].push_back(static_cast<std::uint32_t>(*v));
    adjacency[*v].push_back(static_cast<std::uint32_t>(*u));
  }
  if (!nodes) fail(token, "the graph file is empty (expected the node count N)");
  for (auto& list : adjacency) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adjacency;
}

std::string load(std::string_view token, const FileLoader& loader, const std::string& path) {
  if (path.empty()) fail(token, "missing file name");
  if (!loader) fail(token, "no file loader was given");
  try {
    return loader(path);
  } catch (const RulesError&) {
    throw;
  } catch (const std::exception& e) {
    fail(token, e.what());
  }
}

std::string mask_text(const std::vector<Offset>& offsets) {
  int half_rows = 0;
  int half_cols = 0;
  for (const Offset& o : offsets) {
    half_rows = std::max(half_rows, std::abs(o.dr));
    half_cols = std::max(half_cols, std::abs(o.dc));
  }
  std::string text;
  for (int dr = -half_rows; dr <= half_rows; ++dr) {
    if (dr > -half_rows) text.push_back('/');
    for (int dc = -half_cols; dc <= half_cols; ++dc) {
      text.push_back(std::binary_search(offsets.begin(), offsets.end(), Offset{dr, dc}) ? '1'
                                                                                        : '0');
    }
  }
  return text;
}

std::string size_text(std::size_t rows, std::size_t cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

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

std::string_view topology_name(Topology t) {
  switch (t) {
    case Topology::plane:
      return "plane";
    case Topology::torus:
      return "torus";
    case Topology::cylinder:
      return "cylinder";
  }
  return "?";
}

std::string_view neighbourhood_name(Neighbourhood n) {
  switch (n) {
    case Neighbourhood::plus:
      return "plus";
    case Neighbourhood::x:
      return "x";
    case Neighbourhood::square:
      return "square";
    case Neighbourhood::knight:
      return "knight";
    case Neighbourhood::rowcol:
      return "rowcol";
    case Neighbourhood::mask:
      return "mask";
  }
  return "?";
}

Rules parse_rules(std::string_view text, const FileLoader& loader) {
  Rules rules;
  text = trim(text);
  if (text.empty()) return rules;
  // The token that set each kind of setting, to reject repeats and conflicts by name.
  std::string topology_token;
  std::string states_token;
  std::string nbhd_token;
  std::string self_token;
  std::string target_token;
  std::string holes_token;
  std::string graph_token;
  const auto once = [](std::string& seen, std::string_view token, std::string_view what) {
    if (!seen.empty()) {
      fail(token, std::string(what) + " already given by '" + seen + "'");
    }
    seen = std::string(token);
  };
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view token = trim(text.substr(0, comma));
    if (token.empty()) fail(token, "empty token (two commas in a row, or one at an end?)");
    const std::size_t eq = token.find('=');
    const std::string_view key = token.substr(0, eq);
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view{} : token.substr(eq + 1);
    if (eq == std::string_view::npos && (key == "plane" || key == "torus" || key == "cylinder")) {
      once(topology_token, token, "the topology is");
      rules.topology = key == "plane"   ? Topology::plane
                       : key == "torus" ? Topology::torus
                                        : Topology::cylinder;
    } else if (eq != std::string_view::npos && key == "states") {
      once(states_token, token, "states are");
      const auto k = parse_uint(value, kMaxStates);
      if (!k || *k < kMinStates) fail(token, "states must be an integer in 2..255");
      rules.states = static_cast<unsigned>(*k);
    } else if (eq != std::string_view::npos && key == "nbhd") {
      once(nbhd_token, token, "the neighbourhood is");
      const std::optional<Neighbourhood> named =
          value == "plus"     ? std::optional{Neighbourhood::plus}
          : value == "x"      ? std::optional{Neighbourhood::x}
          : value == "square" ? std::optional{Neighbourhood::square}
          : value == "knight" ? std::optional{Neighbourhood::knight}
          : value == "rowcol" ? std::optional{Neighbourhood::rowcol}
                              : std::nullopt;
      if (named) {
        rules.neighbourhood = *named;
        rules.offsets = named_offsets(*named);
      } else if (!value.empty() && value.find_first_not_of("01/") == std::string_view::npos) {
        rules.neighbourhood = Neighbourhood::mask;
        rules.offsets = parse_mask(token, value);
      } else {
        fail(token,
             "unknown neighbourhood (expected plus, x, square, knight, rowcol or a mask like "
             "010/111/010)");
      }
    } else if (eq != std::string_view::npos && key == "self") {
      once(self_token, token, "self is");
      if (value != "0" && value != "1") fail(token, "self must be 0 or 1");
      rules.self = value == "1";
    } else if (eq != std::string_view::npos && key == "target") {
      once(target_token, token, "the target is");
      if (value != "on" && value != "off") fail(token, "target must be on or off");
      rules.target_on = value == "on";
    } else if (eq != std::string_view::npos && key == "holes") {
      once(holes_token, token, "holes are");
      rules.holes_file = std::string(value);
      rules.holes = parse_holes(token, load(token, loader, rules.holes_file));
    } else if (eq != std::string_view::npos && key == "graph") {
      once(graph_token, token, "the graph is");
      rules.graph_file = std::string(value);
      rules.graph = parse_graph(token, load(token, loader, rules.graph_file));
    } else {
      fail(token,
           "unknown token (expected plane, torus, cylinder, states=K, nbhd=..., self=0, "
           "target=on, holes=FILE or graph=FILE)");
    }
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (!graph_token.empty()) {
    for (const std::string& other : {topology_token, nbhd_token, holes_token}) {
      if (!other.empty()) fail(other, "does not apply to a graph ('" + graph_token + "')");
    }
  }
  // A named neighbourhood takes the button itself unless self=0; a mask says it with its centre,
  // and self=0 can still clear it.
  const auto centre = std::lower_bound(rules.offsets.begin(), rules.offsets.end(), Offset{0, 0});
  const bool has_centre = centre != rules.offsets.end() && *centre == Offset{0, 0};
  if (rules.neighbourhood == Neighbourhood::mask) {
    if (!rules.self && has_centre) rules.offsets.erase(centre);
    rules.self = rules.self && has_centre;
    if (rules.offsets.empty()) fail(self_token, "the neighbourhood would be empty");
  } else if (!rules.self && has_centre) {
    rules.offsets.erase(centre);
  }
  return rules;
}

std::string to_string(const Rules& rules) {
  std::string out;
  const auto add = [&out](std::string_view part) {
    if (!out.empty()) out.push_back(',');
    out += part;
  };
  if (rules.has_graph()) {
    add("graph=" + rules.graph_file);
  } else {
    add(topology_name(rules.topology));
  }
  if (rules.states != 2) add("states=" + std::to_string(rules.states));
  if (rules.neighbourhood == Neighbourhood::mask) {
    add("nbhd=" + mask_text(rules.offsets));
  } else if (rules.neighbourhood != Neighbourhood::plus) {
    add("nbhd=" + std::string(neighbourhood_name(rules.neighbourhood)));
  }
  if (!rules.self && rules.neighbourhood != Neighbourhood::mask) add("self=0");
  if (rules.target_on) add("target=on");
  if (rules.has_holes()) add("holes=" + rules.holes_file);
  return out;
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
      fail("graph=" + rules.graph_file,
           "the graph has " + std::to_string(rules.graph.size()) + " nodes, so the board is " +
               size_text(rules.graph.size(), 1) + ", not " + size_text(rows, cols));
    }
  } else if (rules.has_holes() && (rules.holes.rows() != rows || rules.holes.cols() != cols)) {
    fail("holes=" + rules.holes_file, "the holes grid is " +
                                          size_text(rules.holes.rows(), rules.holes.cols()) +
                                          ", the board is " + size_text(rows, cols));
  }
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

PressSystem build_press_system(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (rules.states < kMinStates || rules.states > kMaxStates) {
    fail("states=" + std::to_string(rules.states), "states must be an integer in 2..255");
  }
  check_board_size(rules, rows, cols);
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
  std::vector<std::uint32_t> hit;  // board indices one press reaches, with repeats
  const auto r_count = static_cast<std::int64_t>(rows);
  const auto c_count = static_cast<std::int64_t>(cols);
  for (const std::uint32_t board_index : sys.cells) {
    hit.clear();
    const auto r = static_cast<std::int64_t>(board_index / cols);
    const auto c = static_cast<std::int64_t>(board_index % cols);
    if (rules.has_graph()) {
      if (rules.self) hit.push_back(board_index);
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
    // Count repeats (an offset wrapping onto an already touched cell adds once more), mod K, and
    // drop the cells that are holes.
    std::sort(hit.begin(), hit.end());
    for (std::size_t a = 0; a < hit.size();) {
      std::size_t b = a;
      while (b < hit.size() && hit[b] == hit[a]) ++b;
      const auto amount = static_cast<std::uint8_t>((b - a) % rules.states);
      const std::uint32_t cell = sys.index[hit[a]];
      if (amount != 0 && cell != PressSystem::kNoCell) sys.touches.push_back({cell, amount});
      a = b;
    }
    sys.begin.push_back(sys.touches.size());
  }
  return sys;
}

}  // namespace lightsout
