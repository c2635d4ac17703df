// The rules text shared by the CLI (`--rules`), the HTTP API and the tests: parsing and the
// canonical form.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "lightsout/rules.hpp"

namespace lightsout {

// Comma-separated tokens, each at most once, in any order (surrounding blanks are ignored; the
// empty text means the classic rules):
//   plane | torus | cylinder   topology (default plane); cylinder = the columns wrap
//   states=K                   K in 2..255: a press adds 1 (mod K) to every cell it touches
//   nbhd=NAME                  plus (default), x, square (3x3), knight, rowcol (the whole row and
//                              column, whatever the topology)
//   nbhd=MASK                  rows of 0/1 joined by '/', e.g. 010/111/010: an odd number of rows
//                              of one odd length (at most 63), centred on the button; the centre
//                              says whether the button itself changes
//   self=0 | self=1            self=0: the pressed button itself does not change; self=1: it
//                              does (with a mask, either one overrides the centre)
//   target=on | target=off     target=on: the goal is every cell at K-1 instead of 0
//   holes=[ROWS]               inline holes: rows of '0'/'1' or '.'/'#' joined by '/' ('1' and
//                              '#' = no cell there), exactly the board's size: holes=[000/010/000]
//   holes=FILE                 the same grid from a file, one row per line (blanks between cells
//                              ignored), read through the FileLoader
//   graph=[N:EDGES]            inline graph: N nodes (1..2^24), then edges u-v joined by '/'
//                              (0-based, u != v, repeats count once): graph=[4:0-1/1-2/2-3]
//   graph=FILE                 first line N, then one edge "u v" per line (blank lines and lines
//                              starting with '#' skipped). A press changes the node and its
//                              neighbours; the board is N x 1 (row i = node i). Not with a
//                              topology, nbhd= or holes=.
//   digraph=[N:ARCS]           a directed graph: arcs u>v joined by '/' (u != v, repeats count
//                              once): a press of u changes u and v, not v's press u:
//                              digraph=[3:0>1/2>0]
//   digraph=FILE               the graph=FILE form, each line "u v" an arc u>v. The printer
//                              writes every arc; one of graph= and digraph= at most.
// The named neighbourhoods include the button itself: plus = it and its 4 orthogonal neighbours,
// x = it and its 4 diagonal ones, square = its 3x3 block, knight = it and its 8 knight moves.

// Resolves holes=FILE, graph=FILE and digraph=FILE: returns the file's contents, throws (any
// std::exception) when it cannot. The CLI passes one that reads files; the server passes none (only
// the inline forms are accepted there).
using FileLoader = std::function<std::string(const std::string& path)>;

// A graph with more nodes than the caller's max_graph_nodes (and at most kMaxGraphNodes): a few
// bytes of text can claim 2^24 nodes, about 400 MB of adjacency lists.
class RulesTooLarge : public RulesError {
 public:
  using RulesError::RulesError;
};

// Parses the text form. FILE tokens are read through `loader` (a RulesError naming the token if
// it is null or throws). Throws RulesError, naming the token, on anything malformed, and
// RulesTooLarge, before allocating anything for it, on a graph of more than max_graph_nodes nodes
// (the HTTP API passes its cell limit). The result's holes_label / graph_label hold the token
// that gave them.
Rules parse_rules(std::string_view text, const FileLoader& loader = nullptr,
                  std::size_t max_graph_nodes = kMaxGraphNodes);
// The same with a graph limit that depends on the rules' states (the states=K token may come
// before or after graph=): the graph is read once the other tokens are.
using GraphNodeLimit = std::function<std::size_t(unsigned states)>;
Rules parse_rules(std::string_view text, const FileLoader& loader,
                  const GraphNodeLimit& max_graph_nodes);

// The canonical text: the topology (or the graph) first, then only what differs from the
// defaults, in the order states, nbhd, self, target, holes; holes and graphs inline. A mask
// prints as its smallest odd box with the centre bit saying `self`.
// parse_rules(to_string(r)) == r for every r that parse_rules returns.
std::string to_string(const Rules& rules);

}  // namespace lightsout
