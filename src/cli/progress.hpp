// PhaseClock: times the phases of a long command for --stats and draws a progress bar on a
// terminal's stderr.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace lightsout::cli {

class PhaseClock {
 public:
  // draw_bar: redraw a one-line bar on stderr (only pass true when stderr is a terminal).
  explicit PhaseClock(bool draw_bar);
  ~PhaseClock();
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

  // A phase starts when a new name arrives; fraction in [0, 1] moves the bar.
  void report(std::string_view phase, double fraction);
  // Ends the current phase and clears the bar.
  void finish();
  // "phase  seconds" lines, one per phase in order, then the total.
  std::string summary() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Phase {
    std::string name;
    double seconds;
  };
  void close_phase(Clock::time_point now);

  bool draw_bar_;
  bool bar_shown_ = false;
  int last_percent_ = -1;
  Clock::time_point start_;
  Clock::time_point phase_start_;
  std::string current_;
  std::vector<Phase> phases_;
};

// True when stderr is a terminal.
bool stderr_is_terminal();

}  // namespace lightsout::cli
