// The rules text (`--rules`, the API's "rules"): parsing, with holes and graphs given inline or
// through a file loader, and the canonical text.
#include "lightsout/rules_text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <optional>
#include <utility>

#include "board_io.hpp"
#include "lightsout/suggest.hpp"

namespace lightsout {

namespace {

// The token quoted with control bytes escaped ("\x00"): a NUL cut the message where C strings
// carry it (Python's exception text, a JSON error).
[[noreturn]] void fail(std::string_view token, std::string_view message) {
  throw RulesError("rules: token " + detail::quote(token) + ": " + std::string(message));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

bool is_blank_char(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Where the token at the start of `text` ends: its first ',' or blank outside [...], npos when
// it runs to the end. Tokens are separated by a comma, blanks, or both ("torus states=3").
std::size_t token_end(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') {
      ++depth;
    } else if (c == ']' && depth > 0) {
      --depth;
    } else if (depth == 0 && (c == ',' || is_blank_char(c))) {
      return i;
    }
  }
  return std::string_view::npos;
}

// The separator after a token: blanks, at most one comma, blanks.
std::size_t separator_length(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_blank_char(text[i])) ++i;
  if (i < text.size() && text[i] == ',') {
    ++i;
    while (i < text.size() && is_blank_char(text[i])) ++i;
  }
  return i;
}

// " (did you mean 'states=3'?)" for a token whose key is mistyped; "" when none is near.
std::string token_suggestion(std::string_view key, std::string_view value, bool has_value) {
  static constexpr std::string_view kBare[] = {"plane", "torus", "cylinder"};
  static constexpr std::string_view kKeyed[] = {"states", "nbhd",  "self",    "target",
                                                "holes",  "graph", "digraph", "neighbourhood"};
  if (!has_value) return did_you_mean(key, kBare);
  const std::optional<std::string> name = closest_name(key, kKeyed);
  if (!name) return {};
  const std::string fixed = *name == "neighbourhood" ? "nbhd" : *name;
  return " (did you mean '" + fixed + "=" + std::string(value) + "'?)";
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

// graph=FILE contents: "N", then "u v" per edge. Returns sorted, deduplicated adjacency lists:
// undirected, each edge in both lists; directed (digraph=), v in u's list only (a press of u
// changes v). More than max_nodes nodes: RulesTooLarge, before the lists are allocated.
std::vector<std::vector<std::uint32_t>> parse_graph(std::string_view token, std::string_view text,
                                                    std::size_t max_nodes, bool directed) {
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
      if (*n > max_nodes) {
        throw RulesTooLarge("rules: token '" + std::string(token) + "': the graph has " +
                            std::to_string(*n) + " nodes, over the limit of " +
                            std::to_string(max_nodes) + " here");
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
    if (!directed) adjacency[*v].push_back(static_cast<std::uint32_t>(*u));
  }
  if (!nodes) fail(token, "the graph file is empty (expected the node count N)");
  for (auto& list : adjacency) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adjacency;
}

// The text a holes=/graph=/digraph= value stands for: inline between brackets (for holes, '/'
// becomes a line break; for a graph, "N:u-v/u-v" becomes the file form, "N:u>v/u>v" for a
// digraph, `arrow` being '-' or '>'), else a file through the loader.
std::string holes_source(std::string_view token, std::string_view value, const FileLoader& loader);
std::string graph_source(std::string_view token, std::string_view value, const FileLoader& loader,
                         char arrow);

std::string load(std::string_view token, const FileLoader& loader, const std::string& path) {
  if (path.empty()) fail(token, "missing file name");
  if (!loader)
    fail(token,
         "files are not read here: give the value inline, e.g. holes=[010/000] or "
         "graph=[3:0-1/1-2]");
  try {
    return loader(path);
  } catch (const RulesError&) {
    throw;
  } catch (const std::exception& e) {
    fail(token, e.what());
  }
}

bool is_inline(std::string_view value) { return !value.empty() && value.front() == '['; }

std::string_view inline_body(std::string_view token, std::string_view value) {
  if (value.size() < 2 || value.back() != ']') fail(token, "an inline value must end with ']'");
  return value.substr(1, value.size() - 2);
}

std::string holes_source(std::string_view token, std::string_view value, const FileLoader& loader) {
  if (!is_inline(value)) return load(token, loader, std::string(value));
  std::string text(inline_body(token, value));
  std::replace(text.begin(), text.end(), '/', '\n');
  return text;
}

std::string graph_source(std::string_view token, std::string_view value, const FileLoader& loader,
                         char arrow) {
  if (!is_inline(value)) return load(token, loader, std::string(value));
  const std::string_view body = inline_body(token, value);
  const std::size_t colon = body.find(':');
  std::string text(body.substr(0, colon));
  if (colon == std::string_view::npos) return text;
  std::string_view edges = body.substr(colon + 1);
  while (!edges.empty()) {
    const std::size_t slash = edges.find('/');
    const std::string_view edge = edges.substr(0, slash);
    const std::size_t dash = edge.find(arrow);
    if (dash == std::string_view::npos || edge.find(' ') != std::string_view::npos) {
      fail(token,
           std::string("expected an edge 'u") + arrow + "v', found '" + std::string(edge) + "'");
    }
    text += '\n';
    text += edge.substr(0, dash);
    text += ' ';
    text += edge.substr(dash + 1);
    if (slash == std::string_view::npos) break;
    edges.remove_prefix(slash + 1);
  }
  return text;
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

}  // namespace

Rules parse_rules(std::string_view text, const FileLoader& loader, std::size_t max_graph_nodes) {
  return parse_rules(text, loader, [max_graph_nodes](unsigned) { return max_graph_nodes; });
}

Rules parse_rules(std::string_view text, const FileLoader& loader,
                  const GraphNodeLimit& max_graph_nodes) {
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
  std::string_view graph_value;
  const auto once = [](std::string& seen, std::string_view token, std::string_view what) {
    if (!seen.empty()) {
      fail(token, std::string(what) + " already given by '" + seen + "'");
    }
    seen = std::string(token);
  };
  while (true) {
    const std::size_t end = token_end(text);
    const std::string_view token = text.substr(0, end);
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
        static constexpr std::string_view kNamed[] = {"plus", "x", "square", "knight", "rowcol"};
        fail(token,
             "unknown neighbourhood (expected plus, x, square, knight, rowcol or a mask like "
             "010/111/010)" +
                 did_you_mean(value, kNamed, "nbhd="));
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
      rules.holes = parse_holes(token, holes_source(token, value, loader));
      rules.holes_label = std::string(token);
    } else if (eq != std::string_view::npos && (key == "graph" || key == "digraph")) {
      // Read after the other tokens: its limit depends on states=K, which may come later.
      once(graph_token, token, "the graph is");
      graph_value = value;
      rules.directed = key == "digraph";
    } else {
      fail(token,
           "unknown token (expected plane, torus, cylinder, states=K, nbhd=..., self=0, "
           "target=on, holes=[...]/FILE, graph=[...]/FILE or digraph=[...]/FILE)" +
               token_suggestion(key, value, eq != std::string_view::npos));
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end);
    text.remove_prefix(separator_length(text));
  }
  if (!graph_token.empty()) {
    const char arrow = rules.directed ? '>' : '-';
    rules.graph = parse_graph(graph_token, graph_source(graph_token, graph_value, loader, arrow),
                              max_graph_nodes(rules.states), rules.directed);
    rules.graph_label = graph_token;
    for (const std::string& other : {topology_token, nbhd_token, holes_token}) {
      if (!other.empty()) fail(other, "does not apply to a graph ('" + graph_token + "')");
    }
  }
  // A named neighbourhood takes the button itself unless self=0; a mask says it with its centre,
  // and self= given overrides the centre either way, as it overrides a named neighbourhood's
  // default (nbhd=010/101/010,self=1 is nbhd=010/111/010).
  const auto centre = std::lower_bound(rules.offsets.begin(), rules.offsets.end(), Offset{0, 0});
  const bool has_centre = centre != rules.offsets.end() && *centre == Offset{0, 0};
  if (rules.neighbourhood == Neighbourhood::mask) {
    if (!rules.self && has_centre) rules.offsets.erase(centre);
    if (rules.self && !has_centre && !self_token.empty()) rules.offsets.insert(centre, {0, 0});
    rules.self = rules.self && (has_centre || !self_token.empty());
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
    // Undirected: each edge once, from its smaller end; directed: every arc u>v.
    std::string text = std::string(rules.directed ? "digraph=[" : "graph=[") +
                       std::to_string(rules.graph.size()) + ":";
    bool first = true;
    for (std::size_t u = 0; u < rules.graph.size(); ++u) {
      for (const std::uint32_t v : rules.graph[u]) {
        if (v <= u && !rules.directed) continue;
        if (!first) text.push_back('/');
        first = false;
        text += std::to_string(u) + (rules.directed ? ">" : "-") + std::to_string(v);
      }
    }
    add(text + "]");
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
  if (rules.has_holes()) {
    std::string text = "holes=[";
    for (std::size_t r = 0; r < rules.holes.rows(); ++r) {
      if (r > 0) text.push_back('/');
      for (std::size_t c = 0; c < rules.holes.cols(); ++c) {
        text.push_back(rules.holes.get(r, c) ? '1' : '0');
      }
    }
    add(text + "]");
  }
  return out;
}

}  // namespace lightsout
