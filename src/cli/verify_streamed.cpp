// Streamed verify: the press file on a second thread feeding a bounded queue of row blocks.
#include "verify_streamed.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/stream_solve.hpp"
#include "solve_streamed.hpp"

namespace lightsout::cli {

namespace {

// Thrown into the press reader when the board side has given up, to stop it early.
struct Cancelled {};

// Press rows from the reader thread to the checker: blocks of rows, at most kMaxBlocks waiting.
class RowQueue final : public RowSink {
 public:
  static constexpr std::size_t kMaxBlocks = 4;

  // Reader side.
  void end(std::string error) {
    const std::lock_guard lock(mutex_);
    done_ = true;
    error_ = std::move(error);
    changed_.notify_all();
  }
  // Checker side: the next press row, nullptr when none is left (or the reader failed).
  const std::uint64_t* pull() {
    if (block_ != nullptr && index_ < block_rows_) return block_->data() + stride() * index_++;
    std::unique_lock lock(mutex_);
    if (block_ != nullptr) {
      blocks_.pop_front();
      block_ = nullptr;
      changed_.notify_all();
    }
    changed_.wait(lock, [this] { return !blocks_.empty() || done_; });
    if (blocks_.empty()) return nullptr;
    block_ = &blocks_.front();
    block_rows_ = block_->size() / stride();
    index_ = 1;
    return block_->data();
  }
  void cancel() {
    const std::lock_guard lock(mutex_);
    cancelled_ = true;
    changed_.notify_all();
  }
  // After the reader ended.
  const std::string& error() const { return error_; }
  std::size_t cols_seen() const { return cols(); }

 protected:
  void on_rows(const std::uint64_t* rows, std::size_t count) override {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return blocks_.size() < kMaxBlocks || cancelled_; });
    if (cancelled_) throw Cancelled{};
    blocks_.emplace_back(rows, rows + count * stride());
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<std::uint64_t>> blocks_;
  bool done_ = false;
  bool cancelled_ = false;
  std::string error_;
  // The checker's block (the front of blocks_ while in use).
  const std::vector<std::uint64_t>* block_ = nullptr;
  std::size_t block_rows_ = 0;
  std::size_t index_ = 0;
};

BoardReadLimits limits_for(const InputFile& input, std::uint64_t max_cells) {
  BoardReadLimits limits;
  limits.input_bytes = input.regular_file_size();
  limits.max_cells = max_cells != 0 ? max_cells : kMaxStreamedCells;
  limits.max_cells_option = "--max-cells";
  return limits;
}

}  // namespace

std::optional<int> try_streamed_verify(const StreamedVerifyArgs& args) {
  if (args.board == "-") return std::nullopt;
  const std::uint64_t budget = args.memory != 0 ? args.memory : default_memory_budget();
  InputFile board_file(args.board);
  if (!board_file.regular_file_size() || *board_file.regular_file_size() <= budget / 2) {
    return std::nullopt;
  }
  std::optional<BoardFormat> board_format = args.board_format;
  std::optional<BoardFormat> presses_format = args.presses_format;
  if (!board_format) board_format = board_format_for_path(args.board);
  if (!presses_format && args.presses != "-") presses_format = board_format_for_path(args.presses);

  InputFile press_file(args.presses);
  RowQueue queue;
  std::thread reader([&] {
    std::string error;
    try {
      read_board_rows([&](char* buf, std::size_t cap) { return press_file.read(buf, cap); },
                      presses_format, limits_for(press_file, args.max_cells), nullptr, queue);
    } catch (const BoardParseError& e) {
      error = fmt::format("lightsout: {}:{}", press_file.name(), e.what());
    } catch (const Cancelled&) {
      error = "cancelled";
    } catch (const std::exception& e) {
      error = fmt::format("lightsout: {}: {}", press_file.name(), e.what());
    }
    queue.end(std::move(error));
  });

  StreamVerify check([&queue] { return queue.pull(); });
  std::string board_error;
  std::size_t rows = 0;
  try {
    rows = read_board_rows([&](char* buf, std::size_t cap) { return board_file.read(buf, cap); },
                           board_format, limits_for(board_file, args.max_cells), nullptr, check);
  } catch (const BoardParseError& e) {
    board_error = fmt::format("lightsout: {}:{}", board_file.name(), e.what());
  } catch (const std::exception& e) {
    board_error = fmt::format("lightsout: {}: {}", board_file.name(), e.what());
  }
  // Let the reader finish (reading the rest of the press file, to learn its size) or stop it.
  if (!board_error.empty()) queue.cancel();
  while (board_error.empty() && queue.pull() != nullptr) {
  }
  reader.join();
  if (!board_error.empty()) {
    fmt::print(stderr, "{}\n", board_error);
    return kExitBadInput;
  }
  if (!queue.error().empty()) {
    fmt::print(stderr, "{}\n", queue.error());
    return kExitBadInput;
  }
  if (queue.rows_put() != rows || queue.cols() != check.cols()) {
    fmt::print(stderr, "lightsout: verify: the board is {}x{} but the presses are {}x{}\n", rows,
               check.cols(), queue.rows_put(), queue.cols());
    return kExitBadInput;
  }
  const std::uint64_t left = check.lights_left();
  const std::string line = left == 0 ? std::string("ok\n") : fmt::format("{} lights left\n", left);
  write_stdout(line.data(), line.size());
  return left == 0 ? kExitOk : kExitUnsolvable;
}

}  // namespace lightsout::cli
