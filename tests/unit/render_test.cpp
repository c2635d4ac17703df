// Tests for the renderer: layout, pixels (PNG decoded again by libpng), SVG, errors.
#include "lightsout/render.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "lightsout/solver.hpp"

namespace lightsout {
namespace {

struct Decoded {
  std::size_t width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  Rgb at(std::size_t x, std::size_t y) const {
    const std::size_t i = (y * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

std::string png_of(const Picture& p) {
  std::string out;
  write_png(p, [&out](const char* d, std::size_t n) { out.append(d, n); });
  return out;
}

std::string svg_of(const Picture& p) {
  std::string out;
  write_svg(p, [&out](const char* d, std::size_t n) { out.append(d, n); });
  return out;
}

// libpng's own reader, as RGB: an oracle independent of the palette code path.
Decoded decode(const std::string& png) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_memory(&image, png.data(), png.size()) == 0) {
    throw std::runtime_error(image.message);
  }
  image.format = PNG_FORMAT_RGB;
  Decoded d;
  d.width = image.width;
  d.height = image.height;
  d.rgb.resize(PNG_IMAGE_SIZE(image));
  if (png_image_finish_read(&image, nullptr, d.rgb.data(), 0, nullptr) == 0) {
    throw std::runtime_error(image.message);
  }
  return d;
}

Grid grid_of(const char* text) { return Grid(Board::from_string(text)); }

const Rgb kOff{52, 58, 72};
const Rgb kOn{255, 204, 51};
const Rgb kRed{220, 38, 38};
const Rgb kLine{24, 26, 32};
const Rgb kWhite{255, 255, 255};

TEST(Render, AutomaticCellSize) {
  EXPECT_EQ(Picture({{grid_of("010\n111"), std::nullopt, Board()}}).cell(), 32U);
  const Picture mid({{Grid(100, 50), std::nullopt, Board()}});
  EXPECT_EQ(mid.cell(), 10U);
  EXPECT_EQ(mid.width(), 500U);
  EXPECT_EQ(mid.height(), 1000U);
  const Picture big({{Grid(3000, 2000), std::nullopt, Board()}});
  EXPECT_EQ(big.cell(), 1U);
  EXPECT_EQ(big.width(), 2000U);
  const Picture fixed({{Grid(3, 4), std::nullopt, Board()}}, {.cell = 7});
  EXPECT_EQ(fixed.width(), 28U);
  EXPECT_EQ(fixed.height(), 21U);
}

TEST(Render, PixelsOfLightsPressesAndLines) {
  Grid presses = grid_of("010\n000");
  const Picture p({{grid_of("100\n001"), presses, Board()}}, {.cell = 10});
  const Decoded d = decode(png_of(p));
  ASSERT_EQ(d.width, 30U);
  ASSERT_EQ(d.height, 20U);
  EXPECT_EQ(d.at(5, 5), kOn);
  EXPECT_EQ(d.at(25, 15), kOn);
  EXPECT_EQ(d.at(5, 15), kOff);
  EXPECT_EQ(d.at(15, 5), kRed);  // the dot in cell (0, 1)
  EXPECT_EQ(d.at(12, 2), kOff);  // its corner
  EXPECT_EQ(d.at(0, 0), kLine);  // the line inside every cell's border
  EXPECT_EQ(d.at(19, 9), kLine);
}

TEST(Render, OnePixelACellIsTheBoard) {
  Board b(70, 130);
  for (std::size_t r = 0; r < 70; ++r) {
    for (std::size_t c = 0; c < 130; ++c) b.set(r, c, (r * 7 + c * 3) % 5 == 0);
  }
  const Picture p({{Grid(b), std::nullopt, Board()}}, {.cell = 1});
  const Decoded d = decode(png_of(p));
  for (std::size_t r = 0; r < 70; ++r) {
    for (std::size_t c = 0; c < 130; ++c) ASSERT_EQ(d.at(c, r), b.get(r, c) ? kOn : kOff);
  }
}

// --scale: a pixel a block of scale x scale cells (smaller at the edges), lit when at least half
// of its cells are, red when at least half are pressed; checked by libpng's decoding against
// counts made here.
TEST(Render, ScaledPixelsAreBlockMajorities) {
  Board b(23, 31);
  Board pr(23, 31);
  for (std::size_t r = 0; r < 23; ++r) {
    for (std::size_t c = 0; c < 31; ++c) {
      b.set(r, c, (r * 5 + c * 11 + r * c) % 7 < 3);
      pr.set(r, c, (r + 2 * c) % 9 == 0 || (r > 15 && c > 20));
    }
  }
  for (const std::size_t scale : {2, 3, 4, 10, 31}) {
    const Picture p({{Grid(b), Grid(pr), Board()}}, {.scale = scale});
    const std::size_t w = (31 + scale - 1) / scale, h = (23 + scale - 1) / scale;
    ASSERT_EQ(p.width(), w);
    ASSERT_EQ(p.height(), h);
    const Decoded d = decode(png_of(p));
    for (std::size_t y = 0; y < h; ++y) {
      for (std::size_t x = 0; x < w; ++x) {
        std::size_t cells = 0, lit = 0, pressed = 0;
        for (std::size_t r = y * scale; r < std::min<std::size_t>(23, (y + 1) * scale); ++r) {
          for (std::size_t c = x * scale; c < std::min<std::size_t>(31, (x + 1) * scale); ++c) {
            ++cells;
            lit += b.get(r, c) ? 1 : 0;
            pressed += pr.get(r, c) ? 1 : 0;
          }
        }
        const Rgb want = pressed > 0 && 2 * pressed >= cells ? kRed : 2 * lit >= cells ? kOn : kOff;
        ASSERT_EQ(d.at(x, y), want) << "scale " << scale << " pixel " << x << "," << y;
      }
    }
  }
  // max_pixels picks the smallest scale that fits: 23 x 31 in 100 pixels is scale 3 (8 x 11; scale
  // 2 would take 12 x 16).
  const Picture fit({{Grid(b), std::nullopt, Board()}}, {.max_pixels = 100});
  EXPECT_EQ(fit.scale(), 3U);
  EXPECT_EQ(fit.width() * fit.height(), 88U);
  const Picture none({{Grid(b), std::nullopt, Board()}}, {.max_pixels = 1000});
  EXPECT_EQ(none.scale(), 1U);
  EXPECT_THROW(Picture({{Grid(b), std::nullopt, Board()}}, {.cell = 3, .scale = 2}),
               std::invalid_argument);
  EXPECT_THROW(svg_of(Picture({{Grid(b), std::nullopt, Board()}}, {.scale = 2})),
               std::invalid_argument);
}

TEST(Render, GalleryLayoutAndGaps) {
  std::vector<Panel> panels;
  for (int i = 0; i < 5; ++i) panels.push_back({Grid(2, 3), std::nullopt, Board()});
  panels[4].lights.set(1, 2, 1);
  const Picture p(panels, {.cell = 4});
  // 5 panels: 3 columns, 2 rows; a one-cell gap (4 px) between them.
  EXPECT_EQ(p.width(), 3 * 12 + 2 * 4U);
  EXPECT_EQ(p.height(), 2 * 8 + 4U);
  const Decoded d = decode(png_of(p));
  EXPECT_EQ(d.at(13, 2), kWhite);  // the gap between panels 0 and 1
  // Panel 4 starts at x = 16, y = 12; its cell (1, 2) is lit.
  EXPECT_EQ(d.at(16 + 2 * 4 + 1, 12 + 4 + 1), kOn);
  EXPECT_EQ(d.at(40, 18), kWhite);  // the empty sixth place
}

TEST(Render, StatesShadesAndHoles) {
  Grid lights(1, 3, 5);
  lights.set(0, 1, 2);
  lights.set(0, 2, 4);
  Board holes(1, 3);
  holes.set(0, 0, true);
  const Picture p({{lights, std::nullopt, holes}}, {.cell = 6});
  const Decoded d = decode(png_of(p));
  EXPECT_EQ(d.at(3, 3), (Rgb{196, 196, 196}));
  EXPECT_EQ(d.at(15, 3), kOn);
  const Rgb mid = d.at(9, 3);
  EXPECT_GT(mid.r, kOff.r);
  EXPECT_LT(mid.r, kOn.r);
}

TEST(Render, SvgHasACellEachAndADotEachPress) {
  const Picture p({{grid_of("110\n011"), grid_of("100\n001"), Board()}}, {.cell = 8});
  const std::string svg = svg_of(p);
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  // Occurrences of a literal (std::regex trips GCC 12's -Wmaybe-uninitialized under ASan).
  const auto count = [&svg](const std::string& text) {
    int n = 0;
    for (std::size_t at = svg.find(text); at != std::string::npos; at = svg.find(text, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("<rect class=\"v0\"") + count("<rect class=\"v1\""), 6);
  EXPECT_EQ(count("<circle class=\"p\""), 2);
  EXPECT_NE(svg.find("width=\"24\" height=\"16\""), std::string::npos);
}

TEST(Render, Errors) {
  EXPECT_THROW(Picture({}), std::invalid_argument);
  EXPECT_THROW(Picture({{Grid(2, 2), Grid(3, 2), Board()}}), std::invalid_argument);
  EXPECT_THROW(Picture({{Grid(2, 2), std::nullopt, Board(2, 3)}}), std::invalid_argument);
  EXPECT_THROW(Picture({{Grid(2, 2), std::nullopt, Board()}, {Grid(2, 3), std::nullopt, Board()}}),
               std::invalid_argument);
  EXPECT_THROW(Picture({{Grid(2, 2), std::nullopt, Board()}}, {.cell = kMaxCell + 1}),
               std::invalid_argument);
  EXPECT_THROW(Picture({{Grid(40000, 40000), std::nullopt, Board()}}), std::length_error);
  EXPECT_THROW(svg_of(Picture({{Grid(2000, 2000), std::nullopt, Board()}})), std::length_error);
  // A failing writer: its exception comes out of write_png, after libpng has been left cleanly.
  const Picture p({{Grid(50, 50), std::nullopt, Board()}});
  EXPECT_THROW(
      write_png(p, [](const char*, std::size_t) { throw std::runtime_error("disk full"); }),
      std::runtime_error);
}

TEST(Render, FormatNames) {
  EXPECT_EQ(image_format_for_path("a/b.PNG"), ImageFormat::png);
  EXPECT_EQ(image_format_for_path("x.svg"), ImageFormat::svg);
  EXPECT_FALSE(image_format_for_path("x.pbm").has_value());
  EXPECT_FALSE(image_format_for_path("png").has_value());
  EXPECT_EQ(parse_image_format("svg"), ImageFormat::svg);
}

}  // namespace
}  // namespace lightsout
