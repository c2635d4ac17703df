// The two-thread judge pipeline: a reader/solver thread and the caller's formatter/writer.
#include "judge_pipeline.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <system_error>
#include <thread>
#include <vector>

namespace lightsout::cli {

namespace {

// Puzzles per block: about 1 MiB of input for 5x6, small enough that the two threads overlap
// from the first milliseconds.
constexpr std::size_t kBlockPuzzles = std::size_t{1} << 14;
constexpr std::size_t kBlocks = 4;

// Below this many bytes of input a second thread costs more than it saves (start-up matters).
constexpr std::uint64_t kThreadFrom = std::uint64_t{1} << 20;

struct Block {
  explicit Block(std::size_t puzzles) : words(puzzles), solved(puzzles) {}
  std::vector<std::uint64_t> words;
  std::vector<std::uint8_t> solved;
  std::size_t first = 0;  // the number of words[0]'s puzzle
  std::size_t count = 0;
  std::exception_ptr error;
  bool last = false;
};

// Blocks go round: free -> (reader thread fills) -> full -> (caller writes) -> free.
class BlockQueues {
 public:
  // nullptr once stopped.
  Block* take_free() { return take(free_); }
  Block* take_full() { return take(full_); }
  void give_free(Block* b) { give(free_, b); }
  void give_full(Block* b) { give(full_, b); }
  void stop() {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    changed_.notify_all();
  }

 private:
  Block* take(std::deque<Block*>& from) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return stopped_ || !from.empty(); });
    if (stopped_) return nullptr;
    Block* b = from.front();
    from.pop_front();
    return b;
  }
  void give(std::deque<Block*>& to, Block* b) {
    const std::lock_guard<std::mutex> lock(mutex_);
    to.push_back(b);
    changed_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Block*> free_, full_;
  bool stopped_ = false;
};

// The solve as per-byte tables of the solver's own answers, when it is an affine map: when the
// empty board and every one-light board are solvable, the press matrix is invertible (a square
// system onto every board), so each board has one solution, f(l) = f(0) ^ XOR over the lights i
// of l of (f(e_i) ^ f(0)), whatever `minimal` says. Otherwise each puzzle asks the solver.
class WordSolve {
 public:
  WordSolve(const Solver& solver, bool minimal, TieBreak tie_break, std::size_t cells)
      : solver_(solver), minimal_(minimal), tie_break_(tie_break) {
    std::uint64_t zero = 0;
    if (!solver.solve_word(0, zero, minimal)) return;
    std::vector<std::uint64_t> column(cells);
    for (std::size_t i = 0; i < cells; ++i) {
      if (!solver.solve_word(std::uint64_t{1} << i, column[i], minimal)) return;
      column[i] ^= zero;
    }
    bytes_ = (cells + 7) / 8;
    tables_.assign(bytes_ * 256, 0);
    for (std::size_t b = 0; b < bytes_; ++b) {
      for (std::size_t v = 0; v < 256; ++v) {
        std::uint64_t x = b == 0 ? zero : 0;
        for (std::size_t j = 0; j < 8 && 8 * b + j < cells; ++j) {
          if ((v >> j & 1) != 0) x ^= column[8 * b + j];
        }
        tables_[b * 256 + v] = x;
      }
    }
  }
  // solver.solve_word(lights, presses, minimal, tie_break), with the same answers (one solution
  // a board where the tables are kept: no tie to break).
  bool operator()(std::uint64_t lights, std::uint64_t& presses) const {
    if (bytes_ == 0) return solver_.solve_word(lights, presses, minimal_, tie_break_);
    std::uint64_t x = 0;
    for (std::size_t b = 0; b < bytes_; ++b) x ^= tables_[b * 256 + (lights >> (8 * b) & 0xFF)];
    presses = x;
    return true;
  }

 private:
  const Solver& solver_;
  bool minimal_;
  TieBreak tie_break_;
  std::size_t bytes_ = 0;  // 0: no tables, ask the solver
  std::vector<std::uint64_t> tables_;
};

// Reads and solves the next block of puzzles into b; a failure travels in b.error.
void fill_block(Block& b, JudgeReader& reader, const WordSolve& solve) {
  b.first = reader.puzzles_read() + 1;
  b.count = 0;
  try {
    b.count = reader.next_packed_batch(b.words);
    for (std::size_t i = 0; i < b.count; ++i) b.solved[i] = solve(b.words[i], b.words[i]) ? 1 : 0;
    b.last = b.count == 0;
  } catch (...) {
    b.error = std::current_exception();
    b.count = 0;  // a throwing batch returned no puzzle (next_packed_batch's contract)
    b.last = true;
  }
}

// Fills blocks until the input ends or fails (the failure travels in the last block).
void read_and_solve(JudgeReader& reader, const WordSolve& solve, BlockQueues& queues) {
  for (;;) {
    Block* b = queues.take_free();
    if (b == nullptr) return;
    fill_block(*b, reader, solve);
    const bool last = b->last;
    queues.give_full(b);
    if (last) return;
  }
}

// Writes a filled block; returns its puzzles without a solution. Rethrows its failure. With
// `flush` (an input that arrives over time) the block's answers leave at once.
std::size_t write_block(const Block& b, std::size_t rows,
                        const std::function<JudgeWriter&()>& writer, bool flush) {
  std::size_t unsolvable = 0;
  if (b.count > 0) {
    const std::span<const std::uint64_t> words(b.words.data(), b.count);
    const std::span<const std::uint8_t> solved(b.solved.data(), b.count);
    writer().write_packed_batch(b.first, words, solved, rows);
    unsolvable = static_cast<std::size_t>(std::count(solved.begin(), solved.end(), 0));
    if (flush) writer().flush();
  }
  if (b.error) std::rethrow_exception(b.error);
  return unsolvable;
}

// Stops and joins the reader thread however the caller is left.
class Joiner {
 public:
  Joiner(BlockQueues& queues, std::thread thread) : queues_(queues), thread_(std::move(thread)) {}
  Joiner(const Joiner&) = delete;
  Joiner& operator=(const Joiner&) = delete;
  Joiner(Joiner&&) = delete;
  Joiner& operator=(Joiner&&) = delete;
  ~Joiner() {
    queues_.stop();
    thread_.join();
  }

 private:
  BlockQueues& queues_;
  std::thread thread_;
};

}  // namespace

std::size_t solve_judge_pipeline(JudgeReader& reader, const Solver& solver, bool minimal,
                                 TieBreak tie_break, std::size_t rows,
                                 const std::function<JudgeWriter&()>& writer,
                                 std::optional<std::uint64_t> input_bytes) {
  const std::size_t cells = solver.rows() * solver.cols();
  const WordSolve solve(solver, minimal, tie_break, cells);
  // A small file: its puzzles in one block (a value and a separator a cell), on this thread.
  const std::size_t block_puzzles = input_bytes
                                        ? static_cast<std::size_t>(std::min<std::uint64_t>(
                                              kBlockPuzzles, *input_bytes / (2 * cells) + 1))
                                        : kBlockPuzzles;
  const bool threaded = !input_bytes || *input_bytes >= kThreadFrom;
  const bool arriving = !input_bytes;  // a pipe or a terminal: answers leave block by block
  std::vector<Block> blocks;
  blocks.reserve(kBlocks);
  for (std::size_t i = 0; i < (threaded ? kBlocks : 1); ++i) blocks.emplace_back(block_puzzles);
  BlockQueues queues;
  for (Block& b : blocks) queues.give_free(&b);
  // One block at a time on this thread: a small input, or no second thread to be had.
  const auto here = [&] {
    std::size_t unsolvable = 0;
    do {
      fill_block(blocks[0], reader, solve);
      unsolvable += write_block(blocks[0], rows, writer, arriving);
    } while (!blocks[0].last);
    return unsolvable;
  };
  if (!threaded) return here();
  std::thread thread;
  try {
    thread = std::thread(read_and_solve, std::ref(reader), std::cref(solve), std::ref(queues));
  } catch (const std::system_error&) {
    return here();
  }
  const Joiner joiner(queues, std::move(thread));
  std::size_t unsolvable = 0;
  for (;;) {
    Block* b = queues.take_full();
    unsolvable += write_block(*b, rows, writer, arriving);
    if (b->last) break;
    queues.give_free(b);
  }
  return unsolvable;
}

}  // namespace lightsout::cli
