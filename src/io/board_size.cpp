// parse_board_size: "RxC" with bounds, for every subcommand that takes a board size.
#include "lightsout/board_size.hpp"

#include <charconv>

namespace lightsout {

std::optional<BoardSize> parse_board_size(std::string_view text, std::uint64_t max_side,
                                          std::uint64_t max_cells, BoardSizeError* error) {
  const auto refuse = [error](BoardSizeError why) -> std::optional<BoardSize> {
    if (error != nullptr) *error = why;
    return std::nullopt;
  };
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string_view::npos) return refuse(BoardSizeError::malformed);
  BoardSize s{};
  const char* begin = text.data();
  const char* mid = begin + x;
  const char* end = begin + text.size();
  const auto [p1, e1] = std::from_chars(begin, mid, s.rows);
  const auto [p2, e2] = std::from_chars(mid + 1, end, s.cols);
  if (e1 != std::errc() || p1 != mid || e2 != std::errc() || p2 != end || s.rows == 0 ||
      s.cols == 0) {
    return refuse(BoardSizeError::malformed);
  }
  std::uint64_t cells = 0;
  if (s.rows > max_side || s.cols > max_side || __builtin_mul_overflow(s.rows, s.cols, &cells) ||
      cells > max_cells) {
    return refuse(BoardSizeError::too_large);
  }
  return s;
}

}  // namespace lightsout
