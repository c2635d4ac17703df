// The files of web/, embedded at build time (generated web_assets.cpp, see cmake/embed_web.cmake).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace lightsout::server {

struct WebAsset {
  std::string_view path;  // "/index.html", "/app.js", ...
  std::string_view mime;
  std::string_view data;
};

std::span<const WebAsset> web_assets();

}  // namespace lightsout::server
