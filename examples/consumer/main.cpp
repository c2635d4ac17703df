// Solves one 5x5 board on a torus with 3 states through lightsout::Solver and checks the presses;
// then a classic board by M4RI elimination (method gf2), as a consumer links M4RI.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <vector>

#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

int main() {
  lightsout::Rules rules;
  rules.topology = lightsout::Topology::torus;
  rules.states = 3;
  constexpr std::size_t kRows = 5;
  constexpr std::size_t kCols = 5;

  // Pressing (0, 0) once and (2, 3) twice from dark: solvable by construction (only 3^17 of the
  // 3^25 boards are).
  const std::vector<std::uint8_t> values = {1, 1, 0, 0, 1, 1, 0, 0, 2, 0, 0, 0, 2,
                                            2, 2, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0};
  const lightsout::Grid lights = lightsout::Grid::from_values(kRows, kCols, rules.states, values);

  const lightsout::Solver solver(rules, kRows, kCols);
  const lightsout::Result res = solver.solve(lights, {});
  std::cout << "rules: " << lightsout::to_string(rules) << "\n"
            << "solvable: " << (res.solvable ? "yes" : "no") << "\n"
            << "nullity: " << res.nullity << "\n"
            << "solutions: " << res.solutions.to_string() << "\n"
            << "method: " << lightsout::method_name(res.method) << "\n"
            << "presses:\n";
  for (std::size_t r = 0; r < kRows; ++r) {
    for (std::size_t c = 0; c < kCols; ++c) {
      std::cout << (c == 0 ? "" : " ") << res.presses.get(r, c);
    }
    std::cout << "\n";
  }

  // Re-apply the presses with the rules' own press system: every cell must end dark.
  std::vector<std::uint8_t> after = lights.to_values();
  lightsout::build_press_system(rules, kRows, kCols).apply(res.presses.to_values(), after);
  bool dark = res.solvable;
  for (const std::uint8_t v : after) {
    dark = dark && v == 0;
  }
  if (!dark) {
    std::cerr << "consumer: the presses do not darken the board\n";
    return 1;
  }
  std::cout << "check: the presses darken the board\n";

  // The same kind of check through M4RI elimination (method gf2): the classic 5x5 game, one
  // press in the middle.
  const lightsout::Rules classic = lightsout::Rules::classic();
  std::vector<std::uint8_t> press(kRows * kCols, 0);
  press[2 * kCols + 2] = 1;
  std::vector<std::uint8_t> plus(kRows * kCols, 0);
  lightsout::build_press_system(classic, kRows, kCols).apply(press, plus);
  const lightsout::Solver gf2(classic, kRows, kCols, lightsout::Method::gf2);
  const lightsout::Result res2 = gf2.solve(lightsout::Grid::from_values(kRows, kCols, 2, plus), {});
  std::vector<std::uint8_t> after2 = plus;
  lightsout::build_press_system(classic, kRows, kCols).apply(res2.presses.to_values(), after2);
  bool dark2 = res2.solvable && res2.method == lightsout::Method::gf2;
  for (const std::uint8_t v : after2) {
    dark2 = dark2 && v == 0;
  }
  if (!dark2) {
    std::cerr << "consumer: method gf2 (M4RI) did not darken the classic board\n";
    return 1;
  }
  std::cout << "check: method " << lightsout::method_name(res2.method)
            << " darkens the classic board\n";
  return 0;
}
