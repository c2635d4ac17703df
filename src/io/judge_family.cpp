// JudgeCaseReader: the judge family's inputs (POJ 3279, 1681, 1753, 3185, 1830), case by case.
#include "lightsout/judge_family.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board_io.hpp"
#include "judge_family_simd.hpp"

namespace lightsout {

using detail::is_blank;
using detail::is_space;
using detail::kTokenKeep;
using detail::quote;

namespace {

constexpr JudgeProblemInfo kProblems[] = {
    {JudgeProblem::poj1222, "poj1222",
     "POJ 1222: a count, then 5 x 6 puzzles of 0/1; prints PUZZLE #m and the presses"},
    {JudgeProblem::oj2811, "oj2811",
     "OpenJudge 2811: one 5 x 6 puzzle of 0/1, no count; prints the 5 press rows"},
    {JudgeProblem::poj3279, "poj3279",
     "POJ 3279 Fliptile: M N, then M x N tiles 0/1; the fewest flips, the lexicographically "
     "least of them, or IMPOSSIBLE"},
    {JudgeProblem::poj1681, "poj1681",
     "POJ 1681 Painter's Problem: a count, then n and n x n bricks w/y; the fewest paints to "
     "make all y, or inf"},
    {JudgeProblem::poj1753, "poj1753",
     "POJ 1753 Flip Game: 4 x 4 pieces b/w; the fewest flips to one colour, or Impossible"},
    {JudgeProblem::poj3185, "poj3185",
     "POJ 3185 The Water Bowls: 20 bowls 0/1 in a row; the fewest flips to all 0"},
    {JudgeProblem::poj1830, "poj1830",
     "POJ 1830 switch problem: a count, then N, start, end and I J links ended by 0 0; how many "
     "press sets reach the end, or Oh,it's impossible~!!"},
};

}  // namespace

std::span<const JudgeProblemInfo> judge_problems() { return kProblems; }

std::optional<JudgeProblem> parse_judge_problem(std::string_view name) {
  for (const JudgeProblemInfo& p : kProblems) {
    if (p.name == name) return p.problem;
  }
  return std::nullopt;
}

std::string_view judge_problem_name(JudgeProblem problem) {
  return kProblems[static_cast<std::size_t>(problem)].name;
}

namespace {

JudgeProblem sibling(JudgeProblem problem) {
  if (problem == JudgeProblem::poj1222 || problem == JudgeProblem::oj2811) {
    throw std::invalid_argument("JudgeCaseReader: poj1222 and oj2811 are JudgeReader's");
  }
  return problem;
}

}  // namespace

JudgeCaseReader::JudgeCaseReader(JudgeProblem problem, ReadFn read, std::size_t chunk_bytes,
                                 const Resume& from)
    : JudgeInput(std::move(read), std::max<std::size_t>(chunk_bytes, 4096)),
      problem_(sibling(problem)) {
  start_at(from);
}

JudgeCaseReader::JudgeCaseReader(JudgeProblem problem, std::string_view text, std::size_t readable,
                                 const Resume& from)
    : JudgeInput(text.data(), text.size(), std::max(readable, text.size())),
      problem_(sibling(problem)) {
  start_at(from);
}

void JudgeCaseReader::start_at(const Resume& from) {
  segment_ = from.segment;
  counted_ = from.count.has_value();
  expected_ = from.count.value_or(0);
  cases_read_ = from.cases_before;
  line_ = from.line;
}

bool JudgeCaseReader::ensure(std::size_t bytes) {
  if (static_cast<std::size_t>(end_ - pos_) >= bytes) return true;
  if (!read_) return false;  // text in memory: all there is
  // Keep the unread bytes, at the front, and read behind them.
  const std::size_t kept = static_cast<std::size_t>(end_ - pos_);
  buffer_offset_ += static_cast<std::size_t>(pos_ - base_);
  std::memmove(buffer_.data(), pos_, kept);
  pos_ = buffer_.data();
  end_ = pos_ + kept;
  while (!eof_ && static_cast<std::size_t>(end_ - pos_) < bytes) {
    // The room left behind what is buffered (after a short read, less than behind `kept`).
    const std::size_t held = static_cast<std::size_t>(end_ - pos_);
    const std::size_t n = read_(buffer_.data() + held, buffer_.size() - held);
    if (n == 0) eof_ = true;
    end_ += n;
  }
  return static_cast<std::size_t>(end_ - pos_) >= bytes;
}

int JudgeCaseReader::skip_space() {
  for (;;) {
    const int c =
        detail::skip_buffered_space(pos_, end_, base_, buffer_offset_, line_, line_start_);
    if (c != -1 || !ensure(1)) return c;
  }
}

// Past any blanks to a token, without a call when already at one (the usual row start).
bool JudgeCaseReader::at_token() {
  if (pos_ != end_ && !is_space(static_cast<unsigned char>(*pos_))) return true;
  return skip_space() >= 0;
}

void JudgeCaseReader::fail(const std::string& message) const {
  throw JudgeCaseError(line_, column(), cases_read_ + 1, message);
}

// The token at pos_ (at most kTokenKeep bytes and a mark of more), quoted, not consumed.
std::string JudgeCaseReader::token_here() {
  ensure(kTokenKeep + 1);
  const char* p = pos_;
  while (p != end_ && !is_space(static_cast<unsigned char>(*p)) &&
         static_cast<std::size_t>(p - pos_) <= kTokenKeep) {
    ++p;
  }
  const std::size_t n = static_cast<std::size_t>(p - pos_);
  return quote(std::string_view(pos_, std::min(n, kTokenKeep)), n > kTokenKeep);
}

std::uint32_t JudgeCaseReader::read_number(std::uint32_t low, std::uint32_t high,
                                           std::string_view what) {
  if (skip_space() < 0) fail("the input ends where " + std::string(what) + " should be");
  // Byte by byte, asking for more input only while the token has not ended: reading ahead of it
  // would wait on a pipe for input the answer does not need.
  std::uint64_t value = 0;
  std::size_t digits = 0;
  for (;;) {
    if (digits == static_cast<std::size_t>(end_ - pos_) && !ensure(digits + 1)) break;
    const char c = pos_[digits];
    if (c < '0' || c > '9' || digits >= 11) break;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    ++digits;
  }
  const char* p = pos_ + digits;
  if (digits == 0 || digits >= 11 || (p != end_ && !is_space(static_cast<unsigned char>(*p)))) {
    fail("expected " + std::string(what) + " (a number " + std::to_string(low) + ".." +
         std::to_string(high) + "), found " + token_here());
  }
  if (value < low || value > high) {
    fail(std::string(what) + " must be " + std::to_string(low) + ".." + std::to_string(high) +
         ", found " + token_here());
  }
  pos_ = p;
  return static_cast<std::uint32_t>(value);
}

bool JudgeCaseReader::read_bit(std::string_view what) {
  if (skip_space() < 0) fail("the input ends where " + std::string(what) + " should be");
  ensure(2);
  const char c = *pos_;
  if ((c != '0' && c != '1') ||
      (pos_ + 1 != end_ && !is_space(static_cast<unsigned char>(pos_[1])))) {
    fail("expected " + std::string(what) + " (0 or 1), found " + token_here());
  }
  ++pos_;
  return c == '1';
}

bool JudgeCaseReader::read_letter(char zero, char one, std::string_view what) {
  if (skip_space() < 0) fail("the input ends where " + std::string(what) + " should be");
  const char c = *pos_;
  if (c != zero && c != one) {
    fail(std::string("expected ") + std::string(what) + " ('" + zero + "' or '" + one +
         "'), found " + quote(std::string_view(pos_, 1)));
  }
  ++pos_;
  return c == one;
}

// "v v ... v\n" whole in the buffer: checked and packed in one pass, the line counted.
bool JudgeCaseReader::fast_bit_row(std::size_t n, std::uint64_t& row) {
  if (static_cast<std::size_t>(end_ - pos_) < 2 * n && !ensure(2 * n)) return false;
  const char* p = pos_;
  if constexpr (detail::kJudgeSimd) {
    if (n <= 28 && p + 64 <= limit_) {
      if (!detail::simd_bit_row(p, n, row)) return false;
      pos_ += 2 * n;
      ++line_;
      line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
      return true;
    }
  }
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned v = static_cast<unsigned char>(p[2 * i]) - '0';
    const char sep = p[2 * i + 1];
    if (v > 1 || sep != (i + 1 == n ? '\n' : ' ')) return false;
    bits |= std::uint64_t{v} << i;
  }
  pos_ += 2 * n;
  ++line_;
  line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
  row = bits;
  return true;
}

namespace {

constexpr std::uint64_t kLowBytes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// 0x80 in each byte of x equal to c, 0 in the others (exact: no carry crosses a byte).
std::uint64_t bytes_equal(std::uint64_t x, unsigned char c) {
  const std::uint64_t t = x ^ (kLowBytes * c);
  return ~(((t & ~kHighBits) + ~kHighBits) | t) & kHighBits;
}

// The high bit of byte k moved to bit k (the products of distinct bytes never meet).
std::uint64_t gather_high_bits(std::uint64_t m) { return ((m >> 7) * 0x0102040810204080ULL) >> 56; }

}  // namespace

// Eight letters at a time, without a branch on a letter (random ones would mispredict one in
// two): the letter row and its line break whole in the buffer, 8 bytes readable past each word.
bool JudgeCaseReader::fast_letter_row(std::size_t n, char zero, char one, std::uint64_t& row) {
  if constexpr (std::endian::native != std::endian::little) return false;
  // The row and its line break from the input (no more: a pipe would wait for the next row);
  // the word loads may pass them by up to 7 bytes of the buffer's memory, masked off.
  if (static_cast<std::size_t>(end_ - pos_) < n + 1 && !ensure(n + 1)) return false;
  if (pos_[n] != '\n') return false;
  if (pos_ + n + 8 > limit_) return false;
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t x;
    std::memcpy(&x, pos_ + i, 8);
    const std::uint64_t wanted = n - i >= 8 ? kHighBits : kHighBits >> (8 * (8 - (n - i)));
    const std::uint64_t ones = bytes_equal(x, static_cast<unsigned char>(one));
    const std::uint64_t zeros = bytes_equal(x, static_cast<unsigned char>(zero));
    if (((ones | zeros) & wanted) != wanted) return false;
    bits |= gather_high_bits(ones & wanted) << i;
  }
  pos_ += n + 1;
  ++line_;
  line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
  row = bits;
  return true;
}

// Links "I J\n" of one or two digits each, in range, read in one tight loop while they come in
// that form, without a branch on the digits (their count varies at random); each is set in
// `presses`. True when the case's "0 0\n" was read too; anything else (other blanks, an error, the
// end of the input) is left to the general loop, at the start of its line.
bool JudgeCaseReader::fast_links(std::uint32_t high, std::uint64_t* presses) {
  // Only what is buffered: a line is taken while 6 bytes (the longest, "28 28\n") are there, so
  // no read waits on a pipe for input the case does not need; the general path reads the rest and
  // refills. Locals, the members written once at the end; a digit count is a 0/1 factor, not a
  // branch (compilers made the conditional form one).
  const auto* p = reinterpret_cast<const unsigned char*>(pos_);
  const auto* end = reinterpret_cast<const unsigned char*>(end_);
  std::size_t lines = 0;
  bool closed = false;
  if constexpr (detail::kJudgeSimd) {
    // 64 bytes at a time while 64 are buffered: about a dozen lines a block.
    while (end - p >= 64 && !closed) {
      const detail::LinkScan scan = detail::simd_links(p, high, presses);
      if (scan.lines == 0) break;
      p += scan.bytes;
      lines += scan.lines;
      closed = scan.closed;
    }
  }
  while (!closed && end - p >= 6) {
    const unsigned i0 = p[0] - 0x30U;
    const unsigned i1 = p[1] - 0x30U;
    const unsigned i_two = i1 <= 9 ? 1U : 0U;
    const unsigned i = i0 + i_two * (9 * i0 + i1);
    const unsigned char* q = p + 1 + i_two;  // the blank between
    const unsigned j0 = q[1] - 0x30U;
    const unsigned j1 = q[2] - 0x30U;
    const unsigned j_two = j1 <= 9 ? 1U : 0U;
    const unsigned j = j0 + j_two * (9 * j0 + j1);
    const unsigned char* r = q + 2 + j_two;  // the line break
    const bool ok = (i0 <= 9) & (j0 <= 9) & (*q == ' ') & (*r == '\n') & (i <= high) & (j <= high) &
                    ((i == 0) == (j == 0));
    if (!ok) break;
    p = r + 1;
    ++lines;
    if (i == 0) {
      closed = true;
      break;
    }
    presses[i - 1] |= std::uint64_t{1} << (j - 1);
  }
  if (lines != 0) {
    pos_ = reinterpret_cast<const char*>(p);
    line_ += lines;
    line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
  }
  return closed;
}

// A line of one number of 1 or 2 digits in [low, high], at the next token (after any blanks),
// whole in the buffer; false, with nothing read, for anything else (read_number names errors).
bool JudgeCaseReader::fast_number_line(std::size_t low, std::size_t high, std::size_t& value) {
  if (!at_token() || end_ - pos_ < 3) return false;
  const unsigned d0 = static_cast<unsigned char>(pos_[0]) - 0x30U;
  const unsigned d1 = static_cast<unsigned char>(pos_[1]) - 0x30U;
  std::size_t bytes = 0;
  std::size_t v = 0;
  if (d0 <= 9 && pos_[1] == '\n') {
    bytes = 2;
    v = d0;
  } else if (d0 <= 9 && d1 <= 9 && pos_[2] == '\n') {
    bytes = 3;
    v = 10 * d0 + d1;
  }
  if (bytes == 0 || v < low || v > high) return false;
  value = v;
  pos_ += bytes;
  ++line_;
  line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
  return true;
}

// n rows of n letters and their line breaks in the usual layout, whole in the buffer, read in one
// pass (the general path reads any other form, and names errors).
bool JudgeCaseReader::fast_letter_grid(std::size_t n, char zero, char one, std::uint64_t* rows) {
  if constexpr (!detail::kJudgeSimd) return false;
  const std::size_t bytes = n * (n + 1);
  if (static_cast<std::size_t>(end_ - pos_) < bytes && !ensure(bytes)) return false;
  if (pos_ + bytes + 16 > limit_) return false;
  if (!detail::simd_letter_grid(pos_, n, zero, one, rows)) return false;
  pos_ += bytes;
  line_ += n;
  line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
  return true;
}

std::uint64_t JudgeCaseReader::read_bit_row(std::size_t n, std::string_view what) {
  std::uint64_t row = 0;
  if (at_token() && fast_bit_row(n, row)) return row;
  for (std::size_t i = 0; i < n; ++i) row |= std::uint64_t{read_bit(what)} << i;
  return row;
}

std::uint64_t JudgeCaseReader::read_letter_row(std::size_t n, char zero, char one,
                                               std::string_view what) {
  std::uint64_t row = 0;
  if (at_token() && fast_letter_row(n, zero, one, row)) return row;
  for (std::size_t i = 0; i < n; ++i) row |= std::uint64_t{read_letter(zero, one, what)} << i;
  // Letters standing together end with their row: more would be taken for the next row's.
  if (ensure(1) && !is_space(static_cast<unsigned char>(*pos_))) {
    fail("expected " + std::to_string(n) + " letters in this row, found more: " + token_here());
  }
  return row;
}

bool JudgeCaseReader::start_case() {
  const bool counted = problem_ == JudgeProblem::poj1681 || problem_ == JudgeProblem::poj1830;
  if (counted && !counted_) {
    if (skip_space() < 0) fail("the input is empty (expected the number of cases)");
    expected_ = read_number(1, 1000000000, "the number of cases");
    counted_ = true;
  }
  if (segment_) return skip_space() >= 0;  // the caller checks the count
  if (counted && cases_read_ < expected_) return true;
  if (skip_space() < 0) {
    if (cases_read_ == 0) fail("the input is empty");
    return false;
  }
  if (counted) {  // named after the last case, as solve names text after its last puzzle
    throw JudgeCaseError(line_, column(), cases_read_,
                         "unexpected " + token_here() + " after the last case; the count said " +
                             std::to_string(expected_));
  }
  return true;
}

bool JudgeCaseReader::next(GridCase& out) {
  if (problem_ == JudgeProblem::poj1830) {
    throw std::logic_error("JudgeCaseReader: poj1830 cases are SwitchCase");
  }
  if (!start_case()) return false;
  out.lights.fill(0);
  switch (problem_) {
    case JudgeProblem::poj3279:
      out.rows = read_number(1, 15, "M (the rows)");
      out.cols = read_number(1, 15, "N (the columns)");
      for (std::size_t r = 0; r < out.rows; ++r) out.lights[r] = read_bit_row(out.cols, "a tile");
      break;
    case JudgeProblem::poj1681:
      if (!fast_number_line(1, 15, out.rows)) out.rows = read_number(1, 15, "n (the side)");
      out.cols = out.rows;
      if (at_token() && fast_letter_grid(out.rows, 'y', 'w', out.lights.data())) break;
      for (std::size_t r = 0; r < out.rows; ++r) {
        out.lights[r] = read_letter_row(out.cols, 'y', 'w', "a brick");
      }
      break;
    case JudgeProblem::poj1753:
      out.rows = out.cols = 4;
      if (at_token() && fast_letter_grid(4, 'w', 'b', out.lights.data())) break;
      for (std::size_t r = 0; r < 4; ++r) out.lights[r] = read_letter_row(4, 'w', 'b', "a piece");
      break;
    default:  // poj3185
      out.rows = 1;
      out.cols = 20;
      out.lights[0] = read_bit_row(20, "a bowl");
      break;
  }
  ++cases_read_;
  return true;
}

bool JudgeCaseReader::next(SwitchCase& out) {
  if (problem_ != JudgeProblem::poj1830) {
    throw std::logic_error("JudgeCaseReader: only poj1830 cases are SwitchCase");
  }
  if (!start_case()) return false;
  if (detail::wide_switch_usable() && at_token()) {  // the usual layout, read whole
    detail::WideSwitchTake took;
    const auto* p = reinterpret_cast<const unsigned char*>(pos_);
    if (detail::wide_switch_case(p, reinterpret_cast<const unsigned char*>(end_), out, took)) {
      pos_ += took.bytes;
      line_ += took.lines;
      line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - base_);
      ++cases_read_;
      return true;
    }
  }
  if (!fast_number_line(1, SwitchCase::kMaxSwitches, out.n)) {
    out.n = read_number(1, SwitchCase::kMaxSwitches, "N (the switches)");
  }
  const std::uint64_t start = read_bit_row(out.n, "a start state");
  const std::uint64_t end = read_bit_row(out.n, "an end state");
  out.change = start ^ end;
  for (std::size_t i = 0; i < out.n; ++i) out.presses[i] = std::uint64_t{1} << i;
  const auto high = static_cast<std::uint32_t>(out.n);
  for (;;) {
    if (fast_links(high, out.presses.data())) break;
    // One link in another form (or an error) read by the general path.
    if (skip_space() < 0) fail("the input ends before this case's closing '0 0'");
    const std::size_t link_line = line_;  // a half-zero link is named where it starts
    const std::size_t link_column = column();
    const std::uint32_t i = read_number(0, high, "I (a switch, or 0 0 to end the case)");
    const std::uint32_t j = read_number(0, high, "J (a switch, or 0 0 to end the case)");
    if (i == 0 && j == 0) break;
    if (i == 0 || j == 0) {
      throw JudgeCaseError(
          link_line, link_column, cases_read_ + 1,
          "a link needs two switches 1.." + std::to_string(high) + " (only '0 0' ends the case)");
    }
    out.presses[i - 1] |= std::uint64_t{1} << (j - 1);
  }
  ++cases_read_;
  return true;
}

}  // namespace lightsout

namespace lightsout {

namespace {

// The text's first lines split into blank-separated tokens (blank lines dropped).
std::vector<std::vector<std::string_view>> head_lines(std::string_view text, std::size_t most) {
  std::vector<std::vector<std::string_view>> lines;
  while (!text.empty() && lines.size() < most) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    std::vector<std::string_view> tokens;
    while (!line.empty()) {
      std::size_t b = 0;
      while (b < line.size() && is_blank(static_cast<unsigned char>(line[b]))) ++b;
      std::size_t e = b;
      while (e < line.size() && !is_blank(static_cast<unsigned char>(line[e]))) ++e;
      if (e > b) tokens.push_back(line.substr(b, e - b));
      line = line.substr(e);
    }
    if (!tokens.empty()) lines.push_back(std::move(tokens));
  }
  return lines;
}

bool all_of(std::string_view token, std::string_view letters) {
  return !token.empty() && token.find_first_not_of(letters) == std::string_view::npos;
}

std::optional<unsigned> small_number(std::string_view token) {
  if (token.empty() || token.size() > 3 || !all_of(token, "0123456789")) return std::nullopt;
  unsigned v = 0;
  for (const char c : token) v = v * 10 + static_cast<unsigned>(c - '0');
  return v;
}

// Whether the line is `n` values 0/1.
bool bit_line(const std::vector<std::string_view>& line, std::size_t n) {
  if (line.size() != n) return false;
  for (const std::string_view t : line) {
    if (t != "0" && t != "1") return false;
  }
  return true;
}

}  // namespace

std::optional<JudgeProblem> guess_judge_problem(std::string_view head) {
  const auto lines = head_lines(head, 64);
  if (lines.empty()) return std::nullopt;
  const auto letters_line = [&](std::size_t i, std::string_view set, std::size_t n) {
    return i < lines.size() && lines[i].size() == 1 && lines[i][0].size() == n &&
           all_of(lines[i][0], set);
  };
  // Flip Game: four rows of four b/w (with at least one b: all-w rows could be Painter's).
  if (lines.size() >= 4 && lines[0].size() == 1 && letters_line(0, "bw", 4) &&
      letters_line(1, "bw", 4) && letters_line(2, "bw", 4) && letters_line(3, "bw", 4)) {
    return JudgeProblem::poj1753;
  }
  const std::optional<unsigned> first =
      lines[0].size() == 1 ? small_number(lines[0][0]) : std::nullopt;
  // Painter's Problem: a count, n, then n rows of n letters w/y.
  if (first && lines.size() >= 3 && lines[1].size() == 1) {
    const std::optional<unsigned> n = small_number(lines[1][0]);
    if (n && *n >= 1 && *n <= 15 && letters_line(2, "wy", *n)) return JudgeProblem::poj1681;
    // The switch problem: a count, N, the start and end rows, then links.
    if (n && *n >= 1 && *n <= 28 && lines.size() >= 5 && bit_line(lines[2], *n) &&
        bit_line(lines[3], *n) && lines[4].size() == 2) {
      return JudgeProblem::poj1830;
    }
  }
  // Fliptile: "M N", then M rows of N values 0/1.
  if (lines[0].size() == 2) {
    const std::optional<unsigned> m = small_number(lines[0][0]);
    const std::optional<unsigned> n = small_number(lines[0][1]);
    if (m && n && *m >= 1 && *m <= 15 && *n >= 1 && *n <= 15 && lines.size() > *m) {
      bool rows = true;
      for (std::size_t r = 1; r <= *m && rows; ++r) rows = bit_line(lines[r], *n);
      if (rows) return JudgeProblem::poj3279;
    }
  }
  // The water bowls: one line of 20 values 0/1 and nothing else.
  if (lines.size() == 1 && bit_line(lines[0], 20)) return JudgeProblem::poj3185;
  return std::nullopt;
}

}  // namespace lightsout
