// The whole library API in one include: boards and grids, rules and their text, the Solver, board
// facts, the board file and judge formats, random boards, streamed solving, the chase trace,
// atomic file output, the word-packed count of small systems and the fewest-presses search in
// subtrees. (Pictures are apart, in lightsout/render.hpp and lightsout::render.)
#pragma once

#include "lightsout/atomic_file.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/chase_trace.hpp"
#include "lightsout/fewest_search.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/info.hpp"
#include "lightsout/judge_format.hpp"
#include "lightsout/random_board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "lightsout/stream_solve.hpp"
#include "lightsout/word_system.hpp"
