// Shared helpers for the libFuzzer targets: a byte reader over the fuzzer's input and a chunked
// ReadFn, so that every parser sees its input split at fuzzer-chosen places.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace lightsout::fuzz {

// Consumes control bytes from the front of the input; 0 once the input is exhausted.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t take() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }
  // The next N bytes at once: `const auto [mode, piece] = control.take<2>();`.
  template <std::size_t N>
  std::array<std::uint8_t, N> take() {
    std::array<std::uint8_t, N> bytes{};
    for (std::uint8_t& b : bytes) b = take();
    return bytes;
  }
  const std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

// Hands out `data` in pieces of at most `piece` bytes (1..capacity), like a pipe would.
class ChunkedSource {
 public:
  ChunkedSource(const std::uint8_t* data, std::size_t size, std::size_t piece)
      : data_(data), size_(size), piece_(piece == 0 ? 1 : piece) {}
  std::size_t operator()(char* buf, std::size_t capacity) {
    const std::size_t n = std::min({size_, capacity, piece_});
    if (n > 0) std::memcpy(buf, data_, n);
    data_ += n;
    size_ -= n;
    return n;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t piece_;
};

// A property failed: print it and abort, so libFuzzer records the input as a crash.
[[noreturn]] inline void finding(const char* what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what);
  std::fflush(stderr);
  std::abort();
}

}  // namespace lightsout::fuzz
