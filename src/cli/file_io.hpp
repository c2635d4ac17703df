// Raw descriptor input and output for the CLI: big reads and writes, no stdio buffering.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "lightsout/atomic_file.hpp"  // file outputs: AtomicFile
#include "lightsout/input_file.hpp"
#include "lightsout/input_shape.hpp"

namespace lightsout::cli {

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
