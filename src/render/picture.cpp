// Picture: panels laid out in a grid, cells drawn as palette indices one pixel row at a time.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lightsout/render.hpp"

namespace lightsout {

namespace {

constexpr std::size_t kMaxShades = 256 - kShadeBase;

// a * b, or std::length_error when it passes `limit`.
std::uint64_t mul_limited(std::uint64_t a, std::uint64_t b, std::uint64_t limit) {
  if (a != 0 && b > limit / a) {
    throw std::length_error("picture would exceed " + std::to_string(kMaxPicturePixels) +
                            " pixels (use a smaller cell size or a smaller board)");
  }
  return a * b;
}

std::string size_text(std::size_t rows, std::size_t cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

}  // namespace

Picture::Picture(std::vector<Panel> panels, const RenderOptions& options)
    : panels_(std::move(panels)) {
  if (panels_.empty()) throw std::invalid_argument("nothing to draw: no boards");
  const Panel& first = panels_.front();
  rows_ = first.rows();
  cols_ = first.cols();
  states_ = first.lights.states();
  if (rows_ == 0 || cols_ == 0) throw std::invalid_argument("nothing to draw: an empty board");
  for (const Panel& p : panels_) {
    if (p.rows() != rows_ || p.cols() != cols_) {
      throw std::invalid_argument("boards of different sizes: " + size_text(rows_, cols_) +
                                  " and " + size_text(p.rows(), p.cols()));
    }
    if (p.lights.states() != states_) {
      throw std::invalid_argument("boards of different numbers of states");
    }
    // The presses and holes are stored as the lights are (transposed or not).
    const std::size_t stored_rows = p.lights.rows();
    const std::size_t stored_cols = p.lights.cols();
    if (p.presses && (p.presses->rows() != stored_rows || p.presses->cols() != stored_cols)) {
      throw std::invalid_argument("the presses are " +
                                  size_text(p.presses->rows(), p.presses->cols()) +
                                  ", the board is " + size_text(stored_rows, stored_cols));
    }
    if (p.holes.rows() != 0 && (p.holes.rows() != stored_rows || p.holes.cols() != stored_cols)) {
      throw std::invalid_argument("the holes grid is " + size_text(p.holes.rows(), p.holes.cols()) +
                                  ", the board is " + size_text(stored_rows, stored_cols));
    }
  }
  if (options.cell > kMaxCell) {
    throw std::invalid_argument("cell size must be 1.." + std::to_string(kMaxCell) + " pixels");
  }
  if (options.scale == 0) throw std::invalid_argument("scale must be at least 1 cell a pixel");
  if (options.cell > 1 && (options.scale > 1 || options.max_pixels != 0)) {
    throw std::invalid_argument("a scaled picture draws a pixel a block: give a cell size of 1");
  }
  const std::size_t n = panels_.size();
  // ceil(sqrt(n)) columns (n is the number of patterns: at most a few thousand).
  grid_cols_ = 1;
  while (grid_cols_ * grid_cols_ < n) ++grid_cols_;
  grid_rows_ = (n + grid_cols_ - 1) / grid_cols_;

  constexpr std::uint64_t kBig = std::numeric_limits<std::uint64_t>::max() / 4;
  // The span in blocks of scale x scale cells (cells when scale is 1), one block of gap between
  // panels.
  const auto span = [&](std::size_t scale) {
    const std::uint64_t w =
        mul_limited(grid_cols_, (cols_ + scale - 1) / scale, kBig) + (grid_cols_ - 1);
    const std::uint64_t h =
        mul_limited(grid_rows_, (rows_ + scale - 1) / scale, kBig) + (grid_rows_ - 1);
    return std::pair{w, h};
  };
  scale_ = options.scale;
  if (options.max_pixels != 0) {
    // The smallest scale whose picture fits (the pixel count falls as the scale grows).
    const auto fits = [&](std::size_t s) {
      const auto [w, h] = span(s);
      return w <= options.max_pixels / h;
    };
    if (!fits(scale_)) {
      std::size_t lo = scale_;
      std::size_t hi = std::max(rows_, cols_);
      if (!fits(hi)) {
        throw std::length_error("no scale fits the picture in " +
                                std::to_string(options.max_pixels) + " pixels");
      }
      while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? hi : lo) = mid;
      }
      scale_ = hi;
    }
  }
  drawn_rows_ = (rows_ + scale_ - 1) / scale_;
  drawn_cols_ = (cols_ + scale_ - 1) / scale_;
  const auto [span_w, span_h] = span(scale_);
  if (scale_ > 1) {
    cell_ = 1;
  } else if (options.cell != 0) {
    cell_ = options.cell;
  } else {
    const std::uint64_t span = std::max(span_w, span_h);
    cell_ = static_cast<std::size_t>(std::clamp<std::uint64_t>(
        std::max<std::size_t>(options.max_side, 1) / span, 1, kMaxAutoCell));
  }
  gap_ = cell_;
  const std::uint64_t w = mul_limited(span_w, cell_, kMaxPicturePixels);
  const std::uint64_t h = mul_limited(span_h, cell_, kMaxPicturePixels);
  mul_limited(w, h, kMaxPicturePixels);
  width_ = static_cast<std::size_t>(w);
  height_ = static_cast<std::size_t>(h);
}

std::size_t Picture::shades() const { return std::min<std::size_t>(states_, kMaxShades); }

std::vector<Rgb> Picture::palette() const {
  std::vector<Rgb> colours = {
      {255, 255, 255},  // background
      {24, 26, 32},     // grid line
      {196, 196, 196},  // hole
      {220, 38, 38},    // press
  };
  const Rgb off{52, 58, 72};
  const Rgb on{255, 204, 51};
  const std::size_t s = shades();
  for (std::size_t k = 0; k < s; ++k) {
    const double t = static_cast<double>(k) / static_cast<double>(s - 1);
    auto mix = [t](std::uint8_t a, std::uint8_t b) {
      return static_cast<std::uint8_t>(std::lround(a + (b - a) * t));
    };
    colours.push_back({mix(off.r, on.r), mix(off.g, on.g), mix(off.b, on.b)});
  }
  return colours;
}

std::size_t Picture::panel_x(std::size_t p) const {
  return (p % grid_cols_) * (drawn_cols_ * cell_ + gap_);
}
std::size_t Picture::panel_y(std::size_t p) const {
  return (p / grid_cols_) * (drawn_rows_ * cell_ + gap_);
}

// Block (r, c): cells [r * scale, (r + 1) * scale) x [c * scale, (c + 1) * scale), cut at the
// board's edge. Holes count as dark cells; a block of holes only is drawn as a hole.
std::uint8_t Picture::block_index(const Panel& panel, std::size_t r, std::size_t c) const {
  const std::size_t r0 = r * scale_, r1 = std::min(rows_, r0 + scale_);
  const std::size_t c0 = c * scale_, c1 = std::min(cols_, c0 + scale_);
  std::uint64_t sum = 0, pressed = 0, holes = 0;
  for (std::size_t i = r0; i < r1; ++i) {
    for (std::size_t j = c0; j < c1; ++j) {
      if (panel.hole(i, j)) {
        ++holes;
        continue;
      }
      sum += panel.light(i, j);
      if (panel.presses && panel.press(i, j) != 0) ++pressed;
    }
  }
  const std::uint64_t cells = (r1 - r0) * (c1 - c0);
  if (holes == cells) return kHole;
  if (2 * pressed >= cells && pressed > 0) return kPress;
  // The average light, rounded, as a shade (max_shade = shades - 1 for values up to K - 1).
  const std::uint64_t top = states_ - 1;
  const std::uint64_t max_shade = shades() - 1;
  const std::uint64_t shade = (2 * sum * max_shade + cells * top) / (2 * cells * top);
  return static_cast<std::uint8_t>(kShadeBase + std::min(shade, max_shade));
}

// The pixel (i, j) of cell (r, c) of `panel`, cells of cell_ pixels: the grid line on the
// cell's border (cells of 4 pixels and more), then a hole, a press dot (a disc whose radius grows
// with the press count; the whole cell below 5 pixels), else the light's shade.
std::uint8_t Picture::cell_index(const Panel& panel, std::size_t r, std::size_t c, std::size_t i,
                                 std::size_t j) const {
  const std::size_t s = cell_;
  if (s >= 4 && (i == 0 || j == 0 || i + 1 == s || j + 1 == s)) return kGridLine;
  if (panel.hole(r, c)) return kHole;
  if (panel.presses) {
    const unsigned p = panel.press(r, c);
    if (p != 0) {
      if (s < 5) return kPress;
      const double centre = (static_cast<double>(s) - 1) / 2;
      const double radius =
          static_cast<double>(s) * (0.16 + 0.12 * p / static_cast<double>(states_ - 1));
      const double di = static_cast<double>(i) - centre;
      const double dj = static_cast<double>(j) - centre;
      if (di * di + dj * dj <= radius * radius) return kPress;
    }
  }
  const unsigned v = panel.light(r, c);
  return static_cast<std::uint8_t>(kShadeBase + (v * (shades() - 1)) / (states_ - 1));
}

void Picture::row(std::size_t y, std::uint8_t* out) const {
  std::fill(out, out + width_, kBackground);
  const std::size_t band = drawn_rows_ * cell_ + gap_;
  const std::size_t gr = y / band;
  const std::size_t py = y % band;
  if (py >= drawn_rows_ * cell_) return;  // a gap between panel rows
  if (scale_ > 1) {                       // a pixel a block of scale x scale cells
    for (std::size_t gc = 0; gc < grid_cols_; ++gc) {
      const std::size_t p = gr * grid_cols_ + gc;
      if (p >= panels_.size()) break;
      std::uint8_t* dst = out + panel_x(p);
      for (std::size_t c = 0; c < drawn_cols_; ++c) dst[c] = block_index(panels_[p], py, c);
    }
    return;
  }
  const std::size_t r = py / cell_;
  const std::size_t i = py % cell_;
  for (std::size_t gc = 0; gc < grid_cols_; ++gc) {
    const std::size_t p = gr * grid_cols_ + gc;
    if (p >= panels_.size()) break;
    const Panel& panel = panels_[p];
    std::uint8_t* dst = out + panel_x(p);
    const bool plain = cell_ == 1 && !panel.presses && panel.holes.rows() == 0;
    if (plain && panel.lights.packed() && !panel.transposed) {
      // One pixel a cell, two states: straight from the row's bits.
      const auto words = panel.lights.bits().row(r);
      for (std::size_t c = 0; c < cols_; ++c) {
        dst[c] = static_cast<std::uint8_t>(kShadeBase + ((words[c / 64] >> (c % 64)) & 1U));
      }
      continue;
    }
    for (std::size_t c = 0; c < cols_; ++c) {
      for (std::size_t j = 0; j < cell_; ++j) *dst++ = cell_index(panel, r, c, i, j);
    }
  }
}

std::optional<ImageFormat> parse_image_format(std::string_view name) {
  if (name == "png") return ImageFormat::png;
  if (name == "svg") return ImageFormat::svg;
  return std::nullopt;
}

std::optional<ImageFormat> image_format_for_path(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  for (char& ch : ext) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return parse_image_format(ext);
}

void write_image(const Picture& picture, ImageFormat format, const ImageWriteFn& write) {
  if (format == ImageFormat::png) {
    write_png(picture, write);
  } else {
    write_svg(picture, write);
  }
}

}  // namespace lightsout
