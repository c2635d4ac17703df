// write_svg: a Picture as SVG, a rectangle a cell and a circle a press, in the PNG's colours.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "lightsout/render.hpp"

namespace lightsout {

namespace {

std::string hex(const Rgb& c) { return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b); }

}  // namespace

void write_svg(const Picture& picture, const ImageWriteFn& write) {
  if (picture.scale() > 1) {
    throw std::invalid_argument(
        "SVG draws every cell: a scaled picture (--scale, --max-pixels) "
        "is for PNG");
  }
  const auto& panels = picture.panels();
  const Grid& first = panels.front().lights;
  const std::uint64_t cells = static_cast<std::uint64_t>(first.cells()) * panels.size();
  if (cells > kMaxSvgCells) {
    throw std::length_error(fmt::format(
        "SVG is for pictures of up to {} cells ({} here): write PNG instead", kMaxSvgCells, cells));
  }
  const std::vector<Rgb> colours = picture.palette();
  const std::size_t s = picture.cell();
  const unsigned k = picture.states();
  std::string out;
  auto flush = [&] {
    write(out.data(), out.size());
    out.clear();
  };
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" shape-rendering=\"crispEdges\">\n<style>",
      picture.width(), picture.height());
  out += fmt::format(".h{{fill:{}}}.p{{fill:{}}}", hex(colours[kHole]), hex(colours[kPress]));
  for (std::size_t v = 0; v < picture.shades(); ++v) {
    out += fmt::format(".v{}{{fill:{}}}", v, hex(colours[kShadeBase + v]));
  }
  out += fmt::format("</style>\n<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>\n",
                     hex(colours[kBackground]));
  // Cells of 4 pixels and more sit inside a one-pixel grid line, as in the PNG.
  const bool lined = s >= 4;
  const std::size_t inner = lined ? s - 2 : s;
  const std::size_t inset = lined ? 1 : 0;
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const Panel& panel = panels[p];
    const std::size_t x0 = picture.panel_x(p);
    const std::size_t y0 = picture.panel_y(p);
    const std::size_t rows = panel.rows();
    const std::size_t cols = panel.cols();
    if (lined) {
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x0,
                         y0, cols * s, rows * s, hex(colours[kGridLine]));
    }
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        const std::size_t x = x0 + c * s + inset;
        const std::size_t y = y0 + r * s + inset;
        const bool hole = panel.hole(r, c);
        const unsigned pressed = !hole ? panel.press(r, c) : 0;
        std::string cls;
        if (hole) {
          cls = "h";
        } else if (pressed != 0 && s < 5) {
          cls = "p";
        } else {
          cls = fmt::format("v{}", (panel.light(r, c) * (picture.shades() - 1)) / (k - 1));
        }
        out += fmt::format("<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                           cls, x, y, inner, inner);
        if (pressed != 0 && s >= 5) {
          const double radius = static_cast<double>(s) * (0.16 + 0.12 * pressed / (k - 1.0));
          const double half = static_cast<double>(s) / 2;
          out += fmt::format("<circle class=\"p\" cx=\"{}\" cy=\"{}\" r=\"{:.2f}\"/>\n",
                             static_cast<double>(x0 + c * s) + half,
                             static_cast<double>(y0 + r * s) + half, radius);
        }
        if (out.size() > (std::size_t{1} << 20)) flush();
      }
    }
  }
  out += "</svg>\n";
  flush();
}

}  // namespace lightsout
