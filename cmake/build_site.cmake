# Builds the playground's site: the WebAssembly core (wasm/ by emscripten, incremental), then
# web/, lightsout-core.js, lightsout-core.wasm and the JS API lightsout.mjs copied into SITE (files
# no longer there removed) with precache.json, their list for the offline service worker; with
# OUTPUT, the site embedded as C++ (cmake/embed_web.cmake).
#   cmake -DROOT=SOURCE -DTREE=WASM_BUILD -DSITE=DIR [-DEMCMAKE=emcmake] [-DOUTPUT=FILE.cpp]
#         -P build_site.cmake
cmake_minimum_required(VERSION 3.21)  # script mode: the policies of IN_LIST and COPY_FILE
if(NOT EMCMAKE)
  find_program(EMCMAKE emcmake)
endif()
if(NOT EMCMAKE)
  message(FATAL_ERROR "lightsout: the page's WebAssembly core needs emscripten "
                      "(Debian: apt-get install emscripten; scripts/setup.sh lists it)")
endif()
# Debian's node-acorn (which emcc's JS optimiser needs) lives in /usr/share/nodejs, where Debian's
# nodejs looks but NodeSource's does not.
if(DEFINED ENV{NODE_PATH})
  set(ENV{NODE_PATH} "/usr/share/nodejs:$ENV{NODE_PATH}")
else()
  set(ENV{NODE_PATH} "/usr/share/nodejs")
endif()
# Debian's emscripten keeps its cache (the built C and C++ runtimes) under /usr/share; a user who
# cannot write there gets a private copy.
if(NOT DEFINED ENV{EM_CACHE})
  execute_process(COMMAND test -w /usr/share/emscripten/cache RESULT_VARIABLE not_writable)
  if(not_writable)
    set(ENV{EM_CACHE} "${TREE}/em-cache")
  endif()
endif()
# ccache, when installed, for emcc's compiles as for the native build's (CMakeLists.txt): emcc
# runs clang through EM_COMPILER_WRAPPER, paths made relative to the source tree so that another
# clone's build is served from the same cache.
find_program(CCACHE ccache)
if(CCACHE AND NOT DEFINED ENV{EM_COMPILER_WRAPPER})
  set(ENV{EM_COMPILER_WRAPPER} "${CCACHE}")
  set(ENV{CCACHE_BASEDIR} "${ROOT}")
  set(ENV{CCACHE_SLOPPINESS} "pch_defines,time_macros")
endif()
file(MAKE_DIRECTORY "${TREE}")
set(log "${TREE}/build-output.log")
if(NOT EXISTS "${TREE}/CMakeCache.txt")
  execute_process(COMMAND "${EMCMAKE}" "${CMAKE_COMMAND}" -S "${ROOT}/wasm" -B "${TREE}"
                          -DCMAKE_BUILD_TYPE=Release
                  OUTPUT_FILE "${log}" ERROR_FILE "${log}" RESULT_VARIABLE failed)
  if(failed)
    file(READ "${log}" text)
    message(FATAL_ERROR "${text}\nlightsout: configuring the WebAssembly build failed (${log})")
  endif()
endif()
cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${TREE}" -j ${jobs}
                OUTPUT_FILE "${log}" ERROR_FILE "${log}" RESULT_VARIABLE failed)
if(failed)
  file(READ "${log}" text)
  message(FATAL_ERROR "${text}\nlightsout: building the WebAssembly core failed (${log})")
endif()

file(GLOB web_files LIST_DIRECTORIES false "${ROOT}/web/*")
set(files ${web_files} "${TREE}/lightsout-core.js" "${TREE}/lightsout-core.wasm"
          "${ROOT}/wasm/lightsout.mjs")
file(MAKE_DIRECTORY "${SITE}")
set(names "")
foreach(file IN LISTS files)
  get_filename_component(name "${file}" NAME)
  list(APPEND names "${name}")
  file(COPY_FILE "${file}" "${SITE}/${name}" ONLY_IF_DIFFERENT)
endforeach()
# The list the offline service worker (web/sw.js) caches at install: every file of the site but
# the worker itself, rewritten only when it changes.
set(cached ${names})
list(REMOVE_ITEM cached sw.js)
list(SORT cached)
string(JOIN "\",\n  \"" cached_json ${cached})
set(cached_json "[\n  \"${cached_json}\"\n]\n")
set(old_json "")
if(EXISTS "${SITE}/precache.json")
  file(READ "${SITE}/precache.json" old_json)
endif()
if(NOT old_json STREQUAL cached_json)
  file(WRITE "${SITE}/precache.json" "${cached_json}")
endif()
list(APPEND names precache.json)
file(GLOB present LIST_DIRECTORIES false RELATIVE "${SITE}" "${SITE}/*")
foreach(name IN LISTS present)
  if(NOT name IN_LIST names)
    file(REMOVE "${SITE}/${name}")
  endif()
endforeach()

# Embedding takes about a second (the bytes as hex text): skipped while the site's files and the
# embedding script hash the same as when OUTPUT was written.
if(OUTPUT)
  set(signature "")
  foreach(name IN LISTS names)
    file(SHA256 "${SITE}/${name}" hash)
    string(APPEND signature "${name} ${hash}\n")
  endforeach()
  file(SHA256 "${CMAKE_CURRENT_LIST_DIR}/embed_web.cmake" hash)
  string(APPEND signature "embed_web.cmake ${hash}\n")
  if(EXISTS "${OUTPUT}" AND EXISTS "${OUTPUT}.signature")
    file(READ "${OUTPUT}.signature" old)
    if(old STREQUAL signature)
      return()
    endif()
  endif()
  set(WEB_DIR "${SITE}")
  include("${CMAKE_CURRENT_LIST_DIR}/embed_web.cmake")
  file(WRITE "${OUTPUT}.signature" "${signature}")
endif()
