// PhaseClock: phase timing for --stats and a throttled one-line progress bar on stderr.
#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/core.h>

namespace lightsout::cli {

bool stderr_is_terminal() { return ::isatty(2) == 1; }

PhaseClock::PhaseClock(bool draw_bar)
    : draw_bar_(draw_bar), start_(Clock::now()), phase_start_(start_) {}

PhaseClock::~PhaseClock() {
  // Clearing the bar is best effort: a destructor must not throw (stderr may already be gone).
  try {
    finish();
  } catch (...) {  // NOLINT(bugprone-empty-catch): nothing useful to do with the error here
  }
}

void PhaseClock::close_phase(Clock::time_point now) {
  if (!current_.empty()) {
    phases_.push_back({current_, std::chrono::duration<double>(now - phase_start_).count()});
  }
  phase_start_ = now;
}

void PhaseClock::report(std::string_view phase, double fraction) {
  if (phase != current_) {
    close_phase(Clock::now());
    current_ = std::string(phase);
    last_percent_ = -1;
  }
  if (!draw_bar_) return;
  const int percent = static_cast<int>(fraction * 100.0);
  if (percent == last_percent_) return;  // redraw only when the figure changes
  last_percent_ = percent;
  constexpr int kWidth = 30;
  const int filled = percent * kWidth / 100;
  fmt::print(stderr, "\r{:<16} [{}{}] {:3d}%", current_, std::string(filled, '#'),
             std::string(kWidth - filled, '.'), percent);
  std::fflush(stderr);
  bar_shown_ = true;
}

void PhaseClock::finish() {
  close_phase(Clock::now());
  current_.clear();
  if (bar_shown_) {
    fmt::print(stderr, "\r{:60}\r", "");
    std::fflush(stderr);
    bar_shown_ = false;
  }
}

std::string PhaseClock::summary() const {
  std::string out;
  double total = 0;
  for (const Phase& p : phases_) {
    out += fmt::format("  {:<16} {:10.4f} s\n", p.name, p.seconds);
    total += p.seconds;
  }
  out += fmt::format("  {:<16} {:10.4f} s\n", "total", total);
  return out;
}

}  // namespace lightsout::cli
