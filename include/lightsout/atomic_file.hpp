// AtomicFile: an output file that replaces its target only when complete; same-file checks.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

namespace lightsout {

// A file output that cannot be opened, written or put in place: "cannot write 'F': <reason>".
class FileWriteError : public std::runtime_error {
 public:
  FileWriteError(const std::string& message, int error)
      : std::runtime_error(message), error_(error) {}
  // The errno behind it (0 when there is none, e.g. a same-file refusal).
  int error() const { return error_; }

 private:
  int error_;
};

// An output file written so that its target is never seen half-written.
//
// For a regular file (or a path that does not exist yet) the bytes go to a new, unnamed file in
// the target's directory (O_TMPFILE; where the file system lacks it, a hidden name beside the
// target that is removed on failure). commit() gives it the target's name in one rename(2):
// until then the target keeps its old contents, and if the process dies or the writer is
// destroyed without commit() (an exception, a refusal), the target is untouched and nothing is
// left behind. A symlink target is followed, so the file it points to is replaced, not the link;
// a dangling one gets the file it names created (a loop of links is refused).
// An existing target's permission bits are kept; a new file gets 0644 less the umask.
//
// "-" is standard output, and a target that is not a regular file (a terminal, /dev/null,
// /dev/full, a FIFO) is written in place: commit() only flushes the last error to the caller.
//
// There is no fsync: a crash of the machine itself may lose the new contents, never the old
// name's integrity on journaling file systems.
class AtomicFile {
 public:
  // Opens the output. Throws FileWriteError("cannot write 'P': <reason>") when the target is a
  // directory or its directory cannot take a new file.
  explicit AtomicFile(const std::string& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Writes all of data, retrying short writes. Throws FileWriteError ("writing 'P': <reason>").
  void write(const char* data, std::size_t size);
  // Closes the file and puts it in place of the target. Throws FileWriteError, leaving the
  // target as it was. Call once, after the last write.
  void commit();
  // The name used in messages: the path as given, or "<stdout>".
  const std::string& name() const { return name_; }

 private:
  void discard() noexcept;

  int fd_ = -1;
  bool owned_ = false;    // fd_ is ours to close
  bool in_place_ = true;  // writing the target itself (stdout, devices, FIFOs)
  bool committed_ = false;
  std::string name_;
  std::string target_;     // the path renamed over (a symlink resolved)
  std::string temp_name_;  // the hidden name, when O_TMPFILE was not available
};

// Whether writing `output` ("-" = standard output) would overwrite one of `inputs` ("-" =
// standard input): the same regular file by device and inode, through any path (symlinks, hard
// links, /dev/stdout, a shell's >>). Returns the first such input as named, else nullopt. Only
// regular files count: a terminal or /dev/null on both sides is not a conflict.
std::optional<std::string> output_overwrites_input(const std::string& output,
                                                   std::span<const std::string> inputs);

// Throws FileWriteError("'O' is the same file as the input 'I': the presses would overwrite it
// (choose another output file)") when output_overwrites_input finds one. `what` names the
// output in the message ("the presses", "the picture").
void refuse_output_over_input(const std::string& output, std::span<const std::string> inputs,
                              const std::string& what);

}  // namespace lightsout
