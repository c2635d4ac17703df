// Pictures of boards: a board, a board with its presses overlaid, a gallery of quiet patterns, as
// PNG (libpng, 8-bit palette) or SVG; shared by `lightsout render`, `info --kernel` and Python.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/grid.hpp"

namespace lightsout {

// One board drawn: lights (values 0..K-1, K = lights.states()), optionally presses of the same
// size (a dot in every pressed cell, larger for more presses) and holes (a set bit = no cell).
struct Panel {
  Grid lights;
  std::optional<Grid> presses;
  Board holes;  // 0 x 0 when there are none
  // The three hold the transpose of the board drawn: cell (r, c) of the picture is (c, r) of
  // each (a thin board read by columns, a bit a cell, instead of a 64-bit word a row).
  bool transposed = false;

  // The board drawn: its size and cell (r, c).
  std::size_t rows() const { return transposed ? lights.cols() : lights.rows(); }
  std::size_t cols() const { return transposed ? lights.rows() : lights.cols(); }
  unsigned light(std::size_t r, std::size_t c) const {
    return transposed ? lights.get(c, r) : lights.get(r, c);
  }
  unsigned press(std::size_t r, std::size_t c) const {
    if (!presses) return 0;
    return transposed ? presses->get(c, r) : presses->get(r, c);
  }
  bool hole(std::size_t r, std::size_t c) const {
    if (holes.rows() == 0) return false;
    return transposed ? holes.get(c, r) : holes.get(r, c);
  }
};

struct RenderOptions {
  // Pixels per cell side; 0 = automatic: the largest size up to kMaxAutoCell that keeps the
  // picture within max_side pixels, and never less than one pixel a cell.
  std::size_t cell = 0;
  std::size_t max_side = 1024;
  // Cells per pixel side, for boards larger than the picture wanted: each pixel shows a block of
  // scale x scale cells (the blocks at the right and bottom edges may be smaller) by its average
  // light, and as a press when at least half of its cells are pressed. 1 = a pixel or more a
  // cell. Needs cell 0 or 1 (one pixel a block).
  std::size_t scale = 1;
  // When not 0, the scale is raised from `scale` to the smallest one whose picture has at most
  // this many pixels (a pixel a block).
  std::uint64_t max_pixels = 0;
};

inline constexpr std::size_t kMaxAutoCell = 32;
inline constexpr std::size_t kMaxCell = 256;
// The largest picture drawn, in pixels (a 32768 x 32768 board at a pixel a cell).
inline constexpr std::uint64_t kMaxPicturePixels = std::uint64_t{1} << 30;
// SVG writes an element per cell: boards (all panels together) up to this many cells.
inline constexpr std::uint64_t kMaxSvgCells = std::uint64_t{1} << 20;

// Palette indices of a picture's pixels. Lights use kShadeBase + shade, shade in 0..shades-1
// (0 = off, shades-1 = on; shades = min(K, 252)).
inline constexpr std::uint8_t kBackground = 0;  // around and between panels (white)
inline constexpr std::uint8_t kGridLine = 1;    // the border inside each cell (cells >= 4 px)
inline constexpr std::uint8_t kHole = 2;        // a missing cell
inline constexpr std::uint8_t kPress = 3;       // a press dot (cells < 5 px: the whole cell)
inline constexpr std::uint8_t kShadeBase = 4;

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

// The panels laid out: in a grid of ceil(sqrt(n)) columns, a gap of one cell between them, all of
// the first panel's size. Pixel rows are produced on demand (a 10^8-pixel picture never exists
// in memory). Throws std::invalid_argument for no panels, panels or presses or holes of another
// size, different states, a cell size above kMaxCell; std::length_error past kMaxPicturePixels.
class Picture {
 public:
  Picture(std::vector<Panel> panels, const RenderOptions& options = {});

  std::size_t width() const { return width_; }
  std::size_t height() const { return height_; }
  std::size_t cell() const { return cell_; }
  // Cells per pixel side (RenderOptions::scale, or what max_pixels made it); 1 when cells are
  // drawn whole.
  std::size_t scale() const { return scale_; }
  const std::vector<Panel>& panels() const { return panels_; }
  unsigned states() const { return states_; }
  std::size_t shades() const;
  // The colours of the palette indices in use (kShadeBase + shades() entries).
  std::vector<Rgb> palette() const;
  // Writes pixel row y (< height()) as width() palette indices to out.
  void row(std::size_t y, std::uint8_t* out) const;
  // Where panel p starts, in pixels.
  std::size_t panel_x(std::size_t p) const;
  std::size_t panel_y(std::size_t p) const;

 private:
  std::uint8_t cell_index(const Panel& panel, std::size_t r, std::size_t c, std::size_t i,
                          std::size_t j) const;

  std::vector<Panel> panels_;
  unsigned states_ = 2;
  std::size_t rows_ = 0, cols_ = 0;  // of every panel, in cells
  std::size_t scale_ = 1;
  std::size_t drawn_rows_ = 0, drawn_cols_ = 0;  // of every panel, in blocks of scale_ cells
  // Pixel (r, c) of a scaled panel: block (r, c) by its average light and its presses.
  std::uint8_t block_index(const Panel& panel, std::size_t r, std::size_t c) const;
  std::size_t cell_ = 1, gap_ = 1;
  std::size_t grid_cols_ = 1, grid_rows_ = 1;
  std::size_t width_ = 0, height_ = 0;
};

enum class ImageFormat { png, svg };
// "png" or "svg"; nullopt otherwise.
std::optional<ImageFormat> parse_image_format(std::string_view name);
// From a path's extension (.png, .svg, any case); nullopt otherwise.
std::optional<ImageFormat> image_format_for_path(std::string_view path);

using ImageWriteFn = std::function<void(const char* data, std::size_t size)>;
// A palette PNG, written row by row through `write` (zlib level 6, level 1 above 2^22 pixels).
// Throws std::runtime_error when libpng fails, and whatever `write` throws.
void write_png(const Picture& picture, const ImageWriteFn& write);
// An SVG of the same layout and colours: a rectangle a cell, a circle a press. Throws
// std::length_error above kMaxSvgCells cells.
void write_svg(const Picture& picture, const ImageWriteFn& write);
void write_image(const Picture& picture, ImageFormat format, const ImageWriteFn& write);

}  // namespace lightsout
