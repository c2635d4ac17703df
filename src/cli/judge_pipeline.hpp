// Judge mode's word-sized puzzles on two threads: blocks read, parsed and solved on one, formatted
// and written in order on the other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "lightsout/judge_format.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::cli {

// Reads every puzzle of `reader` in blocks on a second thread, solves each with
// solver.solve_word(lights, presses, minimal, tie_break) there, and on the calling thread hands
// each block in order to writer().write_packed_batch (`writer` is called once a block holds a
// puzzle, so the reader's layout is resolved; it must return the same writer every time). Returns
// the number of puzzles without a solution. An exception from the reader (a JudgeParseError, a read
// error) is rethrown after every puzzle before it has been given to the writer; an exception on the
// calling thread stops the other thread before it propagates. Needs solver.word_sized().
// input_bytes, the size of a regular file, lets a small input run on this thread alone with smaller
// blocks; without it (a pipe, a terminal) each block's answers are flushed as soon as they are
// written, and the reader should end its batches with the input it has
// (JudgeReader::set_batch_ends_with_input).
std::size_t solve_judge_pipeline(JudgeReader& reader, const Solver& solver, bool minimal,
                                 TieBreak tie_break, std::size_t rows,
                                 const std::function<JudgeWriter&()>& writer,
                                 std::optional<std::uint64_t> input_bytes);

}  // namespace lightsout::cli
