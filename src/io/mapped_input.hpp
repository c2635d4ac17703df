// Internal: a regular file mapped for reading, guarded so that a page that cannot be read (the
// file shrank while mapped, or its storage failed) reads as zeros and is reported, not a crash.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "lightsout/input_file.hpp"

namespace lightsout::detail {

class MappedInput {
 public:
  // The whole file mapped read-only, or nullptr where it is not to be had (not a regular file,
  // empty, not Linux, mmap refused, or another MappedInput guarding now: one at a time).
  static std::unique_ptr<MappedInput> map(const InputFile& file);
  ~MappedInput();
  MappedInput(const MappedInput&) = delete;
  MappedInput& operator=(const MappedInput&) = delete;

  std::string_view text() const { return {data_, size_}; }
  // The bytes from text().data() that may be loaded: its whole pages.
  std::size_t readable() const { return mapped_; }
  // Whether some page could not be read (zeros were read in its place).
  bool failed() const;
  // The pages wholly inside text()[begin, end) let go, their mapping undone now rather than all
  // at once when the file is unmapped (a later load there maps the page again).
  void release(std::size_t begin, std::size_t end) const;

 private:
  MappedInput(const char* data, std::size_t size, std::size_t mapped)
      : data_(data), size_(size), mapped_(mapped) {}
  const char* data_;
  std::size_t size_;
  std::size_t mapped_;
};

}  // namespace lightsout::detail
