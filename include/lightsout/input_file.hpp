// InputFile: a file or standard input opened for reading by descriptor, with what its size tells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace lightsout {

// A file that cannot be opened or read, in one line: "cannot open 'F': <strerror>", "cannot
// read 'F': it is a directory"; error() is the errno (0 when unknown), so that a front end can
// tell a missing file from a forbidden one (Python: FileNotFoundError, PermissionError).
class FileError : public std::runtime_error {
 public:
  FileError(const std::string& message, int error) : std::runtime_error(message), error_(error) {}
  int error() const { return error_; }

 private:
  int error_;
};

// An input file opened for reading ("-" = standard input); closes itself.
class InputFile {
 public:
  // Throws FileError: "cannot open '<path>': <reason>", or "cannot read '<path>': it is a
  // directory" (EISDIR) for a directory.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads up to capacity bytes; 0 at end of input. Throws FileError ("reading '<name>': <reason>")
  // on a read error.
  std::size_t read(char* buf, std::size_t capacity);
  // Reads up to capacity bytes at `offset` (pread: the read position is left alone, and threads
  // may read at once); 0 at or past the end. Throws FileError as read() does; a pipe's fails.
  std::size_t read_at(std::uint64_t offset, char* buf, std::size_t capacity) const;
  // The open descriptor (for mapping the file), owned by this object.
  int descriptor() const { return fd_; }
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

}  // namespace lightsout
