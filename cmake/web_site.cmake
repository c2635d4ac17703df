# The playground's site, embedded into lightsout-server (included from the Server section of
# CMakeLists.txt): web/ plus the core compiled to WebAssembly by emscripten (wasm/, configured
# with emcmake in the build tree's wasm/ folder), assembled in the build tree's site/ folder and
# turned into generated/web_assets.cpp. The page always runs the core in WebAssembly, so
# `lightsout serve` serves the same site as any static server would. Building it needs
# emscripten (Debian's `emscripten`, listed in scripts/setup.sh); configuring does not, so the
# trees that build no server (the Python module, the fuzz targets) do not need it.
find_program(LIGHTSOUT_EMCMAKE emcmake)
set(LIGHTSOUT_SITE_DIR ${CMAKE_CURRENT_BINARY_DIR}/site)
# The target always runs its script: the inner build and the copies are no-ops when nothing
# changed, and web_assets.cpp is rewritten only when a file of the site did.
add_custom_target(lightsout_site
  COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR}
          -DTREE=${CMAKE_CURRENT_BINARY_DIR}/wasm -DSITE=${LIGHTSOUT_SITE_DIR}
          -DEMCMAKE=${LIGHTSOUT_EMCMAKE}
          -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/generated/web_assets.cpp
          -P ${PROJECT_SOURCE_DIR}/cmake/build_site.cmake
  BYPRODUCTS ${CMAKE_CURRENT_BINARY_DIR}/generated/web_assets.cpp
  COMMENT "Building the WebAssembly core and the site (web/ + wasm/) into lightsout-server"
  VERBATIM)
