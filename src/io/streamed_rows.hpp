// What the streamed solve and verify share: the read limits of a streamed file, its rows read
// with errors naming it, and RowQueue, rows handed from a reader thread a few blocks at a time,
// and that thread.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "lightsout/board.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/input_file.hpp"
#include "lightsout/streamed_files.hpp"

namespace lightsout {

inline BoardReadLimits limits_for(const InputFile& input, std::uint64_t max_cells) {
  BoardReadLimits limits;
  limits.input_bytes = input.regular_file_size();
  // Memory no longer grows with the board: only what the file holds bounds it.
  limits.max_cells = max_cells != 0 ? max_cells : kMaxStreamedCells;
  limits.max_cells_option = "--max-cells";
  return limits;
}

// read_board_rows from `input` into `sink`, a malformed board as BoardFileError "F:L:C: ...".
inline std::size_t read_rows(InputFile& input, std::optional<BoardFormat> format,
                             const BoardReadLimits& limits, BoardFormat* detected, RowSink& sink,
                             std::string_view note = {}) {
  try {
    return read_board_rows([&](char* buf, std::size_t cap) { return input.read(buf, cap); }, format,
                           limits, detected, sink);
  } catch (const BoardParseError& e) {
    throw BoardFileError(fmt::format("{}:{}{}", input.name(), e.what(), note));
  }
}

// Thrown into the reader thread when the other side has given up, to stop it early.
struct RowQueueCancelled {};

// Rows from a reader thread to the checker: blocks of rows, at most kMaxBlocks waiting.
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
    if (cancelled_) throw RowQueueCancelled{};
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

// Contract: a thread that reads every row of `input` (read_rows, the limits of limits_for) into
// `queue`, then ends the queue with the reader's error: "" after the last row, "cancelled" when
// the queue was cancelled, else the message. `input` and `queue` must outlive it; the caller
// joins it.
inline std::thread read_rows_on_thread(InputFile& input, std::optional<BoardFormat> format,
                                       std::uint64_t max_cells, RowQueue& queue) {
  return std::thread([&input, format, max_cells, &queue] {
    std::string error;
    try {
      read_rows(input, format, limits_for(input, max_cells), nullptr, queue);
    } catch (const RowQueueCancelled&) {
      error = "cancelled";
    } catch (const std::exception& e) {
      error = e.what();
    }
    queue.end(std::move(error));
  });
}

}  // namespace lightsout
