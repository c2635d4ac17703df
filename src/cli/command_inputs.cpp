// The running command's inputs, in one list (command_inputs.hpp).
#include "command_inputs.hpp"

#include <vector>

#include "lightsout/atomic_file.hpp"

namespace lightsout::cli {

namespace {

std::vector<std::string>& inputs() {
  static std::vector<std::string> list;
  return list;
}

}  // namespace

std::span<const std::string> command_inputs() { return inputs(); }

void add_input(const std::string& path) {
  if (!path.empty()) inputs().push_back(path);
}

void refuse_overwriting_inputs(const std::string& output, const std::string& what) {
  refuse_output_over_input(output, inputs(), what);
}

}  // namespace lightsout::cli
