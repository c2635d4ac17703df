// `lightsout verify` on board files larger than --memory: the library's streamed check, with the
// CLI's messages.
#include "verify_streamed.hpp"

#include <string>

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/streamed_files.hpp"

namespace lightsout::cli {

std::optional<int> try_streamed_verify(const StreamedVerifyArgs& args) {
  if (args.board == "-") return std::nullopt;
  const std::uint64_t budget = args.memory != 0 ? args.memory : default_memory_budget();
  {
    const InputFile board_file(args.board);
    if (!board_file.regular_file_size() || *board_file.regular_file_size() <= budget / 2) {
      return std::nullopt;
    }
  }
  StreamedVerify checked;
  try {
    checked = verify_board_files_streamed(args.board, args.presses, args.board_format,
                                          args.presses_format, args.max_cells);
  } catch (const BoardFileError& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return kExitBadInput;
  }
  if (!checked.sizes_agree()) {
    fmt::print(stderr, "lightsout: verify: the board is {}x{} but the presses are {}x{}\n",
               checked.rows, checked.cols, checked.press_rows, checked.press_cols);
    return kExitBadInput;
  }
  const std::string line = checked.lights_left == 0
                               ? std::string("ok\n")
                               : fmt::format("{} lights left\n", checked.lights_left);
  write_stdout(line.data(), line.size());
  return checked.lights_left == 0 ? kExitOk : kExitUnsolvable;
}

}  // namespace lightsout::cli
