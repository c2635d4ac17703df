// Unit tests for rules.hpp: the --rules text (every token, every error and its message, the
// canonical round trip), holes and graph files through an in-memory loader, the press system.
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lightsout {
namespace {

// A loader over an in-memory file table; a missing file throws like a real one would.
FileLoader memory_loader(std::map<std::string, std::string> files) {
  return [files = std::move(files)](const std::string& path) -> std::string {
    const auto it = files.find(path);
    if (it == files.end()) throw std::runtime_error("cannot open '" + path + "'");
    return it->second;
  };
}

const FileLoader& test_files() {
  static const FileLoader loader = memory_loader({
      {"h.txt", "0000\n0110\n0000\n"},
      {"h2.txt", "..#\r\n#..\r\n\r\n\n"},
      {"spaced.txt", "0 1\n1 0\n"},
      {"empty.txt", "\n\n"},
      {"ragged.txt", "000\n00\n"},
      {"badchar.txt", "000\n0x0\n"},
      {"g.txt", "# a path and a triangle\n5\n0 1\n1 2\n\n3 4\n4 3\n2 0\n"},
      {"g-empty.txt", "# nothing\n"},
      {"g-n0.txt", "0\n"},
      {"g-nx.txt", "five\n"},
      {"g-range.txt", "3\n0 1\n1 3\n"},
      {"g-loop.txt", "3\n2 2\n"},
      {"g-edge.txt", "3\n0 1 2\n"},
      {"g-one.txt", "1\n"},
  });
  return loader;
}

// The message parse_rules throws for `text` ("" when it does not throw).
// The message of the RulesError that CALL throws ("" when it throws none).
template <typename Call>
std::string rules_error(const Call& call) {
  try {
    call();
  } catch (const RulesError& e) {
    return e.what();
  }
  return "";
}

std::string error_of(std::string_view text, const FileLoader& loader = test_files()) {
  return rules_error([&] { parse_rules(text, loader); });
}

TEST(RulesParse, EmptyTextIsTheClassicGame) {
  const Rules r = parse_rules("");
  EXPECT_EQ(r, Rules{});
  EXPECT_EQ(parse_rules("  "), Rules{});
  EXPECT_EQ(r.topology, Topology::plane);
  EXPECT_EQ(r.states, 2U);
  EXPECT_EQ(r.neighbourhood, Neighbourhood::plus);
  EXPECT_TRUE(r.self);
  EXPECT_FALSE(r.target_on);
  EXPECT_FALSE(r.has_holes());
  EXPECT_FALSE(r.has_graph());
  EXPECT_TRUE(is_classic(r));
  EXPECT_EQ(to_string(r), "plane");
  EXPECT_EQ(parse_rules("plane"), r);
  EXPECT_EQ(parse_rules("plane,states=2,nbhd=plus,self=1,target=off"), r);
}

TEST(RulesParse, Topologies) {
  EXPECT_EQ(parse_rules("torus").topology, Topology::torus);
  EXPECT_EQ(parse_rules("cylinder").topology, Topology::cylinder);
  EXPECT_EQ(parse_rules(" torus , states=3 ").topology, Topology::torus);
  EXPECT_EQ(topology_name(Topology::cylinder), "cylinder");
}

TEST(RulesParse, States) {
  EXPECT_EQ(parse_rules("states=2").states, 2U);
  EXPECT_EQ(parse_rules("states=3").states, 3U);
  EXPECT_EQ(parse_rules("states=255").states, 255U);
  EXPECT_EQ(parse_rules("states=007").states, 7U);
}

// The named neighbourhoods, written out here independently of named_offsets.
TEST(RulesParse, NamedNeighbourhoods) {
  const auto offsets = [](std::string_view text) { return parse_rules(text).offsets; };
  const std::vector<Offset> plus = {{-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}};
  EXPECT_EQ(offsets("nbhd=plus"), plus);
  EXPECT_EQ(offsets(""), plus);
  EXPECT_EQ(offsets("nbhd=x"), (std::vector<Offset>{{-1, -1}, {-1, 1}, {0, 0}, {1, -1}, {1, 1}}));
  std::vector<Offset> square;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) square.push_back({dr, dc});
  }
  EXPECT_EQ(offsets("nbhd=square"), square);
  std::vector<Offset> knight;
  for (int dr = -2; dr <= 2; ++dr) {
    for (int dc = -2; dc <= 2; ++dc) {
      if (dr * dr + dc * dc == 5 || (dr == 0 && dc == 0)) knight.push_back({dr, dc});
    }
  }
  EXPECT_EQ(offsets("nbhd=knight"), knight);
  const Rules rowcol = parse_rules("nbhd=rowcol");
  EXPECT_EQ(rowcol.neighbourhood, Neighbourhood::rowcol);
  EXPECT_TRUE(rowcol.offsets.empty());
  EXPECT_TRUE(rowcol.self);
}

TEST(RulesParse, SelfZeroDropsTheButton) {
  const Rules r = parse_rules("self=0");
  EXPECT_FALSE(r.self);
  EXPECT_EQ(r.offsets, (std::vector<Offset>{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}));
  EXPECT_FALSE(is_classic(r));
  EXPECT_FALSE(parse_rules("nbhd=rowcol,self=0").self);
  EXPECT_EQ(parse_rules("nbhd=knight,self=0").offsets.size(), 8U);
}

TEST(RulesParse, Masks) {
  const Rules plus_mask = parse_rules("nbhd=010/111/010");
  EXPECT_EQ(plus_mask.neighbourhood, Neighbourhood::mask);
  EXPECT_EQ(plus_mask.offsets, named_offsets(Neighbourhood::plus));
  EXPECT_TRUE(plus_mask.self);
  EXPECT_TRUE(is_classic(plus_mask));  // the same game as nbhd=plus
  // Asymmetric, off-centre, one row, one column.
  EXPECT_EQ(parse_rules("nbhd=110/011/000").offsets,
            (std::vector<Offset>{{-1, -1}, {-1, 0}, {0, 0}, {0, 1}}));
  EXPECT_EQ(parse_rules("nbhd=10101").offsets, (std::vector<Offset>{{0, -2}, {0, 0}, {0, 2}}));
  EXPECT_EQ(parse_rules("nbhd=1/0/1").offsets, (std::vector<Offset>{{-1, 0}, {1, 0}}));
  EXPECT_EQ(parse_rules("nbhd=1").offsets, (std::vector<Offset>{{0, 0}}));
  // The centre says self; self=0 clears it.
  const Rules ring = parse_rules("nbhd=111/101/111");
  EXPECT_FALSE(ring.self);
  EXPECT_EQ(ring.offsets.size(), 8U);
  const Rules cleared = parse_rules("nbhd=111/111/111,self=0");
  EXPECT_EQ(cleared, ring);
  // ... and self=1 sets it, rather than being dropped.
  const Rules set = parse_rules("nbhd=010/101/010,self=1");
  EXPECT_TRUE(set.self);
  EXPECT_EQ(set, parse_rules("nbhd=010/111/010"));
  EXPECT_EQ(to_string(set), "plane,nbhd=010/111/010");
  EXPECT_EQ(parse_rules("self=1,nbhd=111/101/111").offsets, named_offsets(Neighbourhood::square));
}

TEST(RulesParse, TargetOn) {
  EXPECT_TRUE(parse_rules("target=on").target_on);
  EXPECT_FALSE(parse_rules("target=off").target_on);
  EXPECT_FALSE(is_classic(parse_rules("target=on")));
}

TEST(RulesParse, HolesFile) {
  const Rules r = parse_rules("holes=h.txt", test_files());
  ASSERT_TRUE(r.has_holes());
  EXPECT_EQ(r.holes_label, "holes=h.txt");
  EXPECT_EQ(r.holes.rows(), 3U);
  EXPECT_EQ(r.holes.cols(), 4U);
  EXPECT_EQ(r.holes.to_string(), "0000\n0110\n0000\n");
  EXPECT_FALSE(is_classic(r));
  // '.'/'#', CRLF and trailing blank lines; blanks between cells.
  EXPECT_EQ(parse_rules("holes=h2.txt", test_files()).holes.to_string(), "001\n100\n");
  EXPECT_EQ(parse_rules("holes=spaced.txt", test_files()).holes.to_string(), "01\n10\n");
}

TEST(RulesParse, GraphFile) {
  const Rules r = parse_rules("graph=g.txt,states=3,self=0,target=on", test_files());
  ASSERT_TRUE(r.has_graph());
  // Comments and blank lines skipped, the repeated edge 3-4 merged, both directions listed.
  const std::vector<std::vector<std::uint32_t>> expected = {{1, 2}, {0, 2}, {0, 1}, {4}, {3}};
  EXPECT_EQ(r.graph, expected);
  EXPECT_EQ(r.states, 3U);
  EXPECT_FALSE(r.self);
  EXPECT_TRUE(r.target_on);
  EXPECT_FALSE(is_classic(r));
  EXPECT_EQ(parse_rules("graph=g-one.txt", test_files()).graph.size(), 1U);
}

// Every error class, with its whole message.
TEST(RulesParse, Errors) {
  const std::string known =
      "unknown token (expected plane, torus, cylinder, states=K, nbhd=..., self=0, target=on, "
      "holes=[...]/FILE, graph=[...]/FILE or digraph=[...]/FILE)";
  EXPECT_EQ(error_of("hexagonal"), "rules: token 'hexagonal': " + known);
  EXPECT_EQ(error_of("states"), "rules: token 'states': " + known);
  EXPECT_EQ(error_of("plane=1"), "rules: token 'plane=1': " + known);
  EXPECT_EQ(error_of("torus,,states=3"),
            "rules: token '': empty token (two commas in a row, or one at an end?)");
  EXPECT_EQ(error_of("torus,"),
            "rules: token '': empty token (two commas in a row, or one at an end?)");
  for (const char* bad : {"states=1", "states=0", "states=256", "states=1000", "states=x",
                          "states=", "states=-3", "states=3.0"}) {
    EXPECT_EQ(error_of(bad),
              "rules: token '" + std::string(bad) + "': states must be an integer in 2..255");
  }
  EXPECT_EQ(error_of("nbhd=hex"),
            "rules: token 'nbhd=hex': unknown neighbourhood (expected plus, x, square, knight, "
            "rowcol or a mask like 010/111/010)");
  EXPECT_EQ(error_of("nbhd=0120"),
            "rules: token 'nbhd=0120': unknown neighbourhood (expected plus, x, square, knight, "
            "rowcol or a mask like 010/111/010)");
  EXPECT_EQ(error_of("nbhd=01/11"),
            "rules: token 'nbhd=01/11': mask rows must have equal odd length");
  EXPECT_EQ(error_of("nbhd=010/11/010"),
            "rules: token 'nbhd=010/11/010': mask rows must have equal odd length");
  EXPECT_EQ(error_of("nbhd=010//010"),
            "rules: token 'nbhd=010//010': mask rows must have equal odd length");
  EXPECT_EQ(error_of("nbhd=010/111"),
            "rules: token 'nbhd=010/111': a mask must have an odd number of rows");
  EXPECT_EQ(error_of("nbhd=000/000/000"), "rules: token 'nbhd=000/000/000': the mask sets no cell");
  const std::string wide = "nbhd=" + std::string(65, '1');
  EXPECT_EQ(error_of(wide), "rules: token '" + wide + "': a mask is at most 63 x 63");
  EXPECT_EQ(error_of("nbhd=1,self=0"), "rules: token 'self=0': the neighbourhood would be empty");
  EXPECT_EQ(error_of("self=2"), "rules: token 'self=2': self must be 0 or 1");
  // A control byte is escaped: a NUL cut the message where it travels as a C string.
  EXPECT_EQ(
      error_of(std::string("torus,fo\0o", 10)),
      "rules: token 'fo\\x00o': unknown token (expected plane, torus, cylinder, states=K, "
      "nbhd=..., self=0, target=on, holes=[...]/FILE, graph=[...]/FILE or digraph=[...]/FILE)");
  EXPECT_EQ(error_of("target=lit"), "rules: token 'target=lit': target must be on or off");
  // Repeats.
  EXPECT_EQ(error_of("torus,plane"),
            "rules: token 'plane': the topology is already given by 'torus'");
  EXPECT_EQ(error_of("states=3,states=3"),
            "rules: token 'states=3': states are already given by 'states=3'");
  EXPECT_EQ(error_of("nbhd=x,nbhd=plus"),
            "rules: token 'nbhd=plus': the neighbourhood is already given by 'nbhd=x'");
  EXPECT_EQ(error_of("self=0,self=0"), "rules: token 'self=0': self is already given by 'self=0'");
  EXPECT_EQ(error_of("target=on,target=off"),
            "rules: token 'target=off': the target is already given by 'target=on'");
  EXPECT_EQ(error_of("holes=h.txt,holes=h2.txt"),
            "rules: token 'holes=h2.txt': holes are already given by 'holes=h.txt'");
  EXPECT_EQ(error_of("graph=g.txt,graph=g.txt"),
            "rules: token 'graph=g.txt': the graph is already given by 'graph=g.txt'");
  // A graph has no topology, neighbourhood or holes.
  EXPECT_EQ(error_of("torus,graph=g.txt"),
            "rules: token 'torus': does not apply to a graph ('graph=g.txt')");
  EXPECT_EQ(error_of("graph=g.txt,nbhd=x"),
            "rules: token 'nbhd=x': does not apply to a graph ('graph=g.txt')");
  EXPECT_EQ(error_of("graph=g.txt,holes=h.txt"),
            "rules: token 'holes=h.txt': does not apply to a graph ('graph=g.txt')");
}

TEST(RulesParse, FileErrors) {
  EXPECT_EQ(error_of("holes="), "rules: token 'holes=': missing file name");
  EXPECT_EQ(error_of("holes=h.txt", nullptr),
            "rules: token 'holes=h.txt': files are not read here: give the value inline, e.g. "
            "holes=[010/000] or graph=[3:0-1/1-2]");
  EXPECT_EQ(error_of("holes=nope.txt"), "rules: token 'holes=nope.txt': cannot open 'nope.txt'");
  EXPECT_EQ(error_of("holes=empty.txt"), "rules: token 'holes=empty.txt': the holes grid is empty");
  EXPECT_EQ(error_of("holes=ragged.txt"),
            "rules: token 'holes=ragged.txt': line 2 has 2 cells, line 1 has 3");
  EXPECT_EQ(error_of("holes=badchar.txt"),
            "rules: token 'holes=badchar.txt': line 2, column 2: expected 0, 1, '.' or '#', "
            "found 'x'");
  EXPECT_EQ(error_of("graph="), "rules: token 'graph=': missing file name");
  EXPECT_EQ(error_of("graph=nope.txt"), "rules: token 'graph=nope.txt': cannot open 'nope.txt'");
  EXPECT_EQ(
      error_of("graph=g-empty.txt"),
      "rules: token 'graph=g-empty.txt': the graph file is empty (expected the node count N)");
  EXPECT_EQ(error_of("graph=g-n0.txt"),
            "rules: token 'graph=g-n0.txt': line 1: expected the node count N in 1..16777216, "
            "found '0'");
  EXPECT_EQ(error_of("graph=g-nx.txt"),
            "rules: token 'graph=g-nx.txt': line 1: expected the node count N in 1..16777216, "
            "found 'five'");
  EXPECT_EQ(error_of("graph=g-range.txt"),
            "rules: token 'graph=g-range.txt': line 3: node 3 is out of range 0..2");
  EXPECT_EQ(error_of("graph=g-loop.txt"),
            "rules: token 'graph=g-loop.txt': line 2: self-loop on node 2");
  EXPECT_EQ(error_of("graph=g-edge.txt"),
            "rules: token 'graph=g-edge.txt': line 2: expected an edge 'u v', found '0 1 2'");
}

TEST(RulesParse, ErrorsAreInvalidArgument) {
  EXPECT_THROW(parse_rules("states=1"), std::invalid_argument);
  EXPECT_THROW(parse_rules("nbhd=01/11"), RulesError);
}

// Boards the rules do not fit: holes of another size, a graph on anything but N x 1.
TEST(RulesBoardSize, Errors) {
  const Rules holes = parse_rules("holes=h.txt", test_files());
  EXPECT_NO_THROW(check_board_size(holes, 3, 4));
  EXPECT_EQ(rules_error([&] { check_board_size(holes, 4, 3); }),
            "rules: token 'holes=h.txt': the holes grid is 3x4, the board is 4x3");
  const Rules graph = parse_rules("graph=g.txt", test_files());
  EXPECT_NO_THROW(check_board_size(graph, 5, 1));
  EXPECT_EQ(rules_error([&] { build_press_system(graph, 1, 5); }),
            "rules: token 'graph=g.txt': the graph has 5 nodes, so the board is 5x1, not 1x5");
  // One node is "1 node".
  EXPECT_EQ(rules_error([&] { check_board_size(parse_rules("graph=[1:]", test_files()), 2, 1); }),
            "rules: token 'graph=[1:]': the graph has 1 node, so the board is 1x1, not 2x1");
  EXPECT_THROW(check_board_size(Rules{}, 0, 3), std::invalid_argument);
  Rules bad_states;
  bad_states.states = 1;
  EXPECT_EQ(rules_error([&] { build_press_system(bad_states, 2, 2); }),
            "rules: token 'states=1': states must be an integer in 2..255");
}

TEST(RulesText, CanonicalForms) {
  const auto canon = [](std::string_view text) {
    return to_string(parse_rules(text, test_files()));
  };
  // Each text and its canonical form.
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"", "plane"},
      {"torus", "torus"},
      {"target=on,states=3,cylinder", "cylinder,states=3,target=on"},
      {"self=0,nbhd=knight", "plane,nbhd=knight,self=0"},
      {"nbhd=rowcol,self=0,torus", "torus,nbhd=rowcol,self=0"},
      {"nbhd=00000/00100/01110/00100/00000", "plane,nbhd=010/111/010"},
      {"nbhd=111/111/111,self=0", "plane,nbhd=111/101/111"},
      {"nbhd=000/010/000", "plane,nbhd=1"},
      {"nbhd=000/001/000", "plane,nbhd=001"},
      {"nbhd=0/0/1", "plane,nbhd=0/0/1"},
      {"nbhd=10101", "plane,nbhd=10101"},
      {"holes=h.txt,states=255", "plane,states=255,holes=[0000/0110/0000]"},
      {"self=0,graph=g.txt,states=4", "graph=[5:0-1/0-2/1-2/3-4],states=4,self=0"},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(canon(text), want) << text;
  // The inline forms need no loader and read the same as the files.
  EXPECT_EQ(parse_rules("holes=[0000/0110/0000]"), parse_rules("holes=h.txt", test_files()));
  EXPECT_EQ(parse_rules("holes=[..../.##./....]"), parse_rules("holes=h.txt", test_files()));
  EXPECT_EQ(parse_rules("graph=[5:3-4/0-1/1-2/2-0/4-3]"), parse_rules("graph=g.txt", test_files()));
  EXPECT_EQ(parse_rules("graph=[1:]").graph.size(), 1U);
}

TEST(RulesText, InlineErrorsAndFiles) {
  const auto error = [](std::string_view text) {
    return rules_error([&] { parse_rules(text); });  // no loader
  };
  EXPECT_EQ(error("holes=[01/10"),
            "rules: token 'holes=[01/10': an inline value must end with ']'");
  EXPECT_EQ(error("graph=[3:0-1/12]"),
            "rules: token 'graph=[3:0-1/12]': expected an edge 'u-v', found '12'");
  EXPECT_EQ(error("graph=[3:0-5]"),
            "rules: token 'graph=[3:0-5]': line 2: node 5 is out of range 0..2");
  EXPECT_EQ(error("holes=[01/1]"), "rules: token 'holes=[01/1]': line 2 has 1 cells, line 1 has 2");
  EXPECT_EQ(error("holes=h.txt"),
            "rules: token 'holes=h.txt': files are not read here: give the value inline, e.g. "
            "holes=[010/000] or graph=[3:0-1/1-2]");
}

// A limit by the states: the graph is read after the other tokens, so states=K after graph=
// still sets its limit (the CLI's: K > 2 graphs are held to dense elimination's cells).
TEST(RulesText, GraphNodeLimitByStates) {
  const GraphNodeLimit limit = [](unsigned states) -> std::size_t { return states == 2 ? 4 : 2; };
  EXPECT_EQ(parse_rules("graph=[4:0-1]", nullptr, limit).graph.size(), 4U);
  EXPECT_THROW(parse_rules("graph=[4:0-1],states=3", nullptr, limit), RulesTooLarge);
  EXPECT_THROW(parse_rules("states=3,graph=[4:0-1]", nullptr, limit), RulesTooLarge);
  const Rules r = parse_rules("graph=[2:0-1],states=3", nullptr, limit);
  EXPECT_EQ(r.states, 3U);
  EXPECT_EQ(r.graph.size(), 2U);
  EXPECT_EQ(r.graph_label, "graph=[2:0-1]");
  // The file loader is still asked once, for the graph token.
  int asked = 0;
  const FileLoader loader = [&asked](const std::string& path) {
    ++asked;
    EXPECT_EQ(path, "g.txt");
    return std::string("3\n0 1\n");
  };
  try {
    parse_rules("graph=g.txt,states=5", loader, limit);
    ADD_FAILURE() << "no RulesTooLarge";
  } catch (const RulesTooLarge& e) {
    EXPECT_STREQ(e.what(),
                 "rules: token 'graph=g.txt': the graph has 3 nodes, over the limit of 2 here");
  }
  EXPECT_EQ(asked, 1);
}

// A caller's node limit refuses a larger graph (RulesTooLarge, a RulesError) before allocating it.
TEST(RulesText, GraphNodeLimit) {
  EXPECT_EQ(parse_rules("graph=[3:0-1/1-2]", nullptr, 3).graph.size(), 3U);
  try {
    parse_rules("graph=[16777216:0-1]", nullptr, 2500);
    ADD_FAILURE() << "no RulesTooLarge";
  } catch (const RulesTooLarge& e) {
    EXPECT_STREQ(e.what(),
                 "rules: token 'graph=[16777216:0-1]': the graph has 16777216 nodes, over the "
                 "limit of 2500 here");
  }
  EXPECT_THROW(parse_rules("graph=[4:0-1]", nullptr, 3), RulesTooLarge);
  // Past 2^24 the text is malformed whatever the limit.
  try {
    parse_rules("graph=[16777217:]", nullptr, 10);
    ADD_FAILURE() << "no RulesError";
  } catch (const RulesTooLarge&) {
    ADD_FAILURE() << "RulesTooLarge for a malformed count";
  } catch (const RulesError&) {
  }
}

TEST(RulesText, RoundTrip) {
  for (const char* text :
       {"", "torus", "cylinder,states=12", "nbhd=x,self=0", "nbhd=square,target=on",
        "torus,nbhd=knight,states=255,target=on", "nbhd=rowcol", "nbhd=rowcol,self=0",
        "nbhd=110/011/000", "nbhd=0000000/0000000/1000001/0000000/0000000", "nbhd=1/0/1",
        "nbhd=111/111/111,self=0", "holes=h.txt,torus,states=5", "holes=h2.txt,nbhd=x",
        "graph=g.txt", "graph=g.txt,self=0,states=9,target=on", "holes=[010/000],torus",
        "graph=[4:0-1/1-2/2-3]"}) {
    SCOPED_TRACE(text);
    const Rules r = parse_rules(text, test_files());
    const std::string canonical = to_string(r);
    EXPECT_EQ(parse_rules(canonical, test_files()), r) << canonical;
    EXPECT_EQ(to_string(parse_rules(canonical, test_files())), canonical);
  }
}

// Random texts glued from token fragments: each either parses and round-trips, or throws
// RulesError (never anything else).
TEST(RulesText, RandomTextsParseOrThrowRulesError) {
  const std::vector<std::string> pieces = {
      "plane", "torus",   "cylinder", "states=", "3",      "255",       "256",   "nbhd=",
      "x",     "plus",    "rowcol",   "knight",  "010",    "/",         "1",     "0",
      "self=", "target=", "on",       "holes=",  "h.txt",  "graph=",    "g.txt", "badchar.txt",
      ",",     ",",       " ",        "=",       "square", "ragged.txt"};
  std::mt19937_64 rng(7);
  int parsed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text;
    const std::size_t count = 1 + rng() % 8;
    for (std::size_t i = 0; i < count; ++i) text += pieces[rng() % pieces.size()];
    try {
      const Rules r = parse_rules(text, test_files());
      EXPECT_EQ(parse_rules(to_string(r), test_files()), r) << text;
      ++parsed;
    } catch (const RulesError&) {
      // fine: a clear one-line error
    } catch (const std::exception& e) {
      ADD_FAILURE() << "'" << text << "' threw a non-RulesError: " << e.what();
    }
  }
  EXPECT_GT(parsed, 40);  // some do parse (61 with this seed)
}

TEST(RulesClassic, OnlyThePlainGame) {
  EXPECT_TRUE(is_classic(parse_rules("plane,nbhd=plus,states=2")));
  for (const char* text : {"torus", "cylinder", "states=3", "nbhd=x", "nbhd=rowcol", "self=0",
                           "target=on", "nbhd=111/111/111"}) {
    EXPECT_FALSE(is_classic(parse_rules(text))) << text;
  }
  EXPECT_FALSE(is_classic(parse_rules("holes=h.txt", test_files())));
  EXPECT_FALSE(is_classic(parse_rules("graph=g.txt", test_files())));
}

// The press system's cells and touches, worked out by hand.
TEST(RulesPressSystem, PlaneCorner) {
  const PressSystem sys = build_press_system(Rules{}, 2, 3);
  EXPECT_EQ(sys.size(), 6U);
  ASSERT_EQ(sys.touched_by(0).size(), 3U);  // (0,0): itself, (0,1), (1,0)
  EXPECT_EQ(sys.touched_by(0)[0].cell, 0U);
  EXPECT_EQ(sys.touched_by(0)[1].cell, 1U);
  EXPECT_EQ(sys.touched_by(0)[2].cell, 3U);
  EXPECT_EQ(sys.touched_by(4).size(), 4U);  // (1,1): itself, (0,1), (1,0), (1,2)
}

TEST(RulesPressSystem, WrapsCountWithMultiplicity) {
  // 1 x 1 torus, plus: the button and its four neighbours are all the one cell: +5.
  for (const unsigned k : {2U, 3U, 4U, 5U, 7U}) {
    Rules r = parse_rules("torus,states=" + std::to_string(k));
    const PressSystem sys = build_press_system(r, 1, 1);
    if (5 % k == 0) {
      EXPECT_TRUE(sys.touched_by(0).empty()) << k;
    } else {
      ASSERT_EQ(sys.touched_by(0).size(), 1U) << k;
      EXPECT_EQ(sys.touched_by(0)[0].amount, 5 % k) << k;
    }
  }
  // 2 x 3 torus, 3 states: up and down reach the same cell, +2; columns stay distinct.
  const PressSystem sys = build_press_system(parse_rules("torus,states=3"), 2, 3);
  ASSERT_EQ(sys.touched_by(0).size(), 4U);
  EXPECT_EQ(sys.touched_by(0)[3].cell, 3U);
  EXPECT_EQ(sys.touched_by(0)[3].amount, 2U);
  // Cylinder: columns wrap, rows do not.
  const PressSystem cyl = build_press_system(parse_rules("cylinder"), 3, 4);
  std::vector<std::uint32_t> cells;
  for (const auto& t : cyl.touched_by(0)) cells.push_back(t.cell);
  EXPECT_EQ(cells, (std::vector<std::uint32_t>{0, 1, 3, 4}));
  // rowcol ignores the topology and touches each cell once.
  const PressSystem rc = build_press_system(parse_rules("torus,nbhd=rowcol,states=3"), 2, 2);
  ASSERT_EQ(rc.touched_by(0).size(), 3U);
  for (const auto& t : rc.touched_by(0)) EXPECT_EQ(t.amount, 1U);
}

TEST(RulesPressSystem, HolesAndGraph) {
  const Rules r = parse_rules("holes=h.txt", test_files());
  const PressSystem sys = build_press_system(r, 3, 4);
  EXPECT_EQ(sys.size(), 10U);
  EXPECT_EQ(sys.index[5], PressSystem::kNoCell);
  EXPECT_EQ(sys.index[6], PressSystem::kNoCell);
  EXPECT_EQ(sys.cells[5], 7U);
  // (0,1) touches (0,0), itself, (0,2); (1,1) below it is a hole.
  ASSERT_EQ(sys.touched_by(1).size(), 3U);
  std::vector<std::uint8_t> presses(12, 0);
  std::vector<std::uint8_t> lights(12, 0);
  presses[1] = 1;
  presses[5] = 1;  // a hole: ignored
  sys.apply(presses, lights);
  EXPECT_EQ(lights, (std::vector<std::uint8_t>{1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}));

  const PressSystem g = build_press_system(parse_rules("graph=g.txt,states=3", test_files()), 5, 1);
  EXPECT_EQ(g.size(), 5U);
  EXPECT_EQ(g.touched_by(0).size(), 3U);
  EXPECT_EQ(g.touched_by(3).size(), 2U);
  const PressSystem g0 = build_press_system(parse_rules("graph=g.txt,self=0", test_files()), 5, 1);
  EXPECT_EQ(g0.touched_by(3).size(), 1U);
  EXPECT_EQ(g0.touched_by(3)[0].cell, 4U);
}

}  // namespace
}  // namespace lightsout
