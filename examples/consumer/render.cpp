// Draws a 5x5 board with one light on as PNG through lightsout::render and checks the signature.
#include <cstddef>
#include <iostream>
#include <optional>
#include <string>

#include "lightsout/render.hpp"

int main() {
  lightsout::Grid lights(5, 5, 2);
  lights.set(2, 2, 1);
  const lightsout::Picture picture({lightsout::Panel{lights, std::nullopt, {}, false}});
  std::string png;
  lightsout::write_png(picture,
                       [&png](const char* data, std::size_t size) { png.append(data, size); });
  if (png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) {
    std::cerr << "consumer_render: not a PNG\n";
    return 1;
  }
  std::cout << "render: a " << picture.width() << " x " << picture.height() << " PNG of "
            << png.size() << " bytes\n";
  return 0;
}
