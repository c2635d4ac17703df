// write_png: a Picture as an 8-bit palette PNG through libpng, row by row.
#include <png.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "lightsout/render.hpp"

namespace lightsout {

namespace {

// What the libpng callbacks share. The write callback never lets an exception cross libpng:
// it keeps the first one and drops the remaining output; write_png rethrows it afterwards.
struct PngJob {
  const Picture* picture = nullptr;
  const ImageWriteFn* write = nullptr;
  std::exception_ptr write_error;
  std::uint8_t* row = nullptr;
  png_color palette[256] = {};
  int palette_size = 0;
  char message[256] = {};
};

extern "C" void png_job_write(png_structp png, png_bytep data, std::size_t size) {
  auto* job = static_cast<PngJob*>(png_get_io_ptr(png));
  if (job->write_error) return;
  try {
    (*job->write)(reinterpret_cast<const char*>(data), size);
  } catch (...) {
    job->write_error = std::current_exception();
  }
}

extern "C" void png_job_flush(png_structp /*png*/) {}

extern "C" void png_job_error(png_structp png, png_const_charp message) {
  auto* job = static_cast<PngJob*>(png_get_error_ptr(png));
  std::size_t k = 0;
  for (; message != nullptr && message[k] != '\0' && k + 1 < sizeof job->message; ++k) {
    job->message[k] = message[k];
  }
  job->message[k] = '\0';
  png_longjmp(png, 1);
}

extern "C" void png_job_warning(png_structp /*png*/, png_const_charp /*message*/) {}

// Encodes job.picture; false after a libpng error (job.message says which). Only plain data
// lives in this frame, so that libpng's longjmp skips no destructor.
bool encode(PngJob& job) {
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &job, png_job_error, png_job_warning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_write_struct(&png, info != nullptr ? &info : nullptr);
    return false;
  }
  const Picture& picture = *job.picture;
  png_set_write_fn(png, &job, png_job_write, png_job_flush);
  // libpng refuses a side over 10^6 by default (a reader's guard); PNG itself allows 2^31 - 1,
  // and the picture is already at most kMaxPicturePixels.
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_IHDR(png, info, static_cast<png_uint_32>(picture.width()),
               static_cast<png_uint_32>(picture.height()), 8, PNG_COLOR_TYPE_PALETTE,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_PLTE(png, info, job.palette, job.palette_size);
  const bool big =
      static_cast<std::uint64_t>(picture.width()) * picture.height() > (std::uint64_t{1} << 22);
  png_set_compression_level(png, big ? 1 : 6);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info(png, info);
  for (std::size_t y = 0; y < picture.height(); ++y) {
    picture.row(y, job.row);
    png_write_row(png, job.row);
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

void write_png(const Picture& picture, const ImageWriteFn& write) {
  if (picture.width() > PNG_UINT_31_MAX || picture.height() > PNG_UINT_31_MAX) {
    throw std::length_error("picture too large for PNG");
  }
  std::vector<std::uint8_t> row(picture.width());
  PngJob job;
  job.picture = &picture;
  job.write = &write;
  job.row = row.data();
  const std::vector<Rgb> colours = picture.palette();
  for (const Rgb& c : colours) job.palette[job.palette_size++] = png_color{c.r, c.g, c.b};
  const bool ok = encode(job);
  if (job.write_error) std::rethrow_exception(job.write_error);
  if (!ok) throw std::runtime_error(std::string("PNG encoding failed: ") + job.message);
}

}  // namespace lightsout
