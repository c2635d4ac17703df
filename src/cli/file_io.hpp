// Raw descriptor input and output for the CLI: big reads and writes, no stdio buffering.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "io/input_shape.hpp"
#include "lightsout/atomic_file.hpp"  // file outputs: AtomicFile

namespace lightsout::cli {

// An input file opened for reading ("-" = standard input); closes itself.
class InputFile {
 public:
  // Throws std::runtime_error("cannot open '<path>': <reason>").
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads up to capacity bytes; 0 at end of input. Throws std::runtime_error on a read error.
  std::size_t read(char* buf, std::size_t capacity);
  // The name used in messages: the path, or "<stdin>".
  const std::string& name() const { return name_; }
  // The size in bytes when the input is a regular file (lets parsers reject lying headers
  // before allocating); nullopt for pipes and terminals.
  std::optional<std::uint64_t> regular_file_size() const { return size_; }
  // What the cell limits may trust of a regular file: the smaller of its size and the bytes it
  // stores (st_blocks), so a sparse file of holes cannot claim room for billions of cells.
  std::optional<std::uint64_t> stored_bytes() const { return stored_; }
  // A size for the buffers of the reader and writer of this input: 1 MiB, or less for a small
  // regular file (the buffers are zero-filled, and a two-puzzle file need not fault in 2 MiB).
  std::size_t buffer_bytes() const;

 private:
  int fd_;
  bool owned_;
  std::string name_;
  std::optional<std::uint64_t> size_;
  std::optional<std::uint64_t> stored_;
};

// The shape of a regular file from its first bytes (io/input_shape.hpp): up to 64 KiB, or 4 MiB
// when it may be one judge puzzle whose size is read off the whole text. {} for "-", a pipe or a
// file that cannot be read (the solve then reports it).
InputShape shape_of_file(const std::string& path);

// Refuses, as gzip does, to send binary bytes (`what`: "P4 pixels", "a PNG picture") to a
// terminal: when `output` is "-" and standard output is a terminal, throws std::runtime_error
// ("refusing to write WHAT to a terminal; FIX"). Call it before any work is done.
void refuse_binary_to_terminal(const std::string& output, const std::string& what,
                               const std::string& fix);

// When `input` is "-" and standard input is a terminal, says on stderr what is awaited there
// ("lightsout: reading WHAT from the terminal; end with Ctrl-D, or give a file"), so that a
// command given no file does not wait without a word.
void prompt_if_terminal(const std::string& input, const std::string& what);

// Writes all of data to standard output, retrying short writes. Throws std::runtime_error.
void write_stdout(const char* data, std::size_t size);

}  // namespace lightsout::cli
