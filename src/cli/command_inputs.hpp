// Every file the running command reads, in one list, so that none of its outputs can be one of
// them: the files it names (board, presses) and those its rules text names (holes=FILE,
// graph=FILE), which parse_cli_rules adds as it reads them.
#pragma once

#include <span>
#include <string>

namespace lightsout::cli {

// Notes a file this command reads ("-": standard input; empty: none, ignored).
void add_input(const std::string& path);

// Every input noted so far, for a check that takes them all (board_file_formats).
std::span<const std::string> command_inputs();

// Contract: throws FileWriteError (atomic_file.hpp), naming both, when `output` ("-": standard
// output, as when the shell appends it to a file) is the same file as any noted input, in any
// path form (device and inode: a name, ./name, an absolute path, a symbolic or hard link). Call
// it after every input is noted and before anything is written.
void refuse_overwriting_inputs(const std::string& output, const std::string& what);

}  // namespace lightsout::cli
