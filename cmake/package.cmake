# The library as a package: the lightsout::lightsout umbrella target, install rules, the CMake
# package config (installed, and exported from the build tree), lightsout.pc for pkg-config and
# the Debian packages of `cpack -G DEB`. Included at the end of the top-level CMakeLists.txt, once
# the targets exist. The targets carry their own usage requirements ($<BUILD_INTERFACE:...>,
# $<INSTALL_INTERFACE:...>, the imported lightsout::_NAME libraries of lightsout_imported_library),
# so they are exported as they are defined.
include(CMakePackageConfigHelpers)

# On even when lightsout is a subproject: a parent that installs a target linking lightsout::core
# needs lightsout's export set.
option(LIGHTSOUT_INSTALL "Generate the install rules and the CMake package config" ON)
set(LIGHTSOUT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/lightsout"
    CACHE STRING "Where the CMake package files are installed, relative to the prefix")

# Everything a consumer needs in one name. The executable already owns the target name
# `lightsout`, so this one is lightsout_lib, exported as lightsout::lightsout.
add_library(lightsout_lib INTERFACE)
add_library(lightsout::lightsout ALIAS lightsout_lib)
target_link_libraries(lightsout_lib INTERFACE lightsout::core lightsout::io)
set_target_properties(lightsout_lib PROPERTIES EXPORT_NAME lightsout)
set_target_properties(lightsout_core PROPERTIES EXPORT_NAME core)
set_target_properties(lightsout_io PROPERTIES EXPORT_NAME io)
set(_lightsout_libraries lightsout_core lightsout_io lightsout_lib)
if(TARGET lightsout_render)
  set_target_properties(lightsout_render PROPERTIES EXPORT_NAME render)
  list(APPEND _lightsout_libraries lightsout_render)
endif()

if(NOT LIGHTSOUT_INSTALL)
  return()
endif()

# --- the libraries, their headers and the CMake package ---
install(TARGETS ${_lightsout_libraries}
        EXPORT lightsoutTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lightsout_development)
set(_lightsout_header_excludes)
if(NOT TARGET lightsout_render)
  set(_lightsout_header_excludes PATTERN render.hpp EXCLUDE)
endif()
install(DIRECTORY include/lightsout
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT lightsout_development
        FILES_MATCHING PATTERN "*.hpp" ${_lightsout_header_excludes})
install(EXPORT lightsoutTargets
        NAMESPACE lightsout::
        DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR}
        COMPONENT lightsout_development)

# The libraries are static, so what they link privately is on the consumer's link line too: the
# config finds {fmt}, nlohmann-json and Threads by package, and defines lightsout::_NAME for each
# library lightsout_imported_library found by path, from the same file name (the static archives
# of NTL, GMP, M4RI, libpng and zlib; the shared libgf2x, which has none in Debian).
set(LIGHTSOUT_CONFIG_LIBRARIES)
foreach(_name IN ITEMS ntl gmp gf2x m4ri png z)
  if(TARGET lightsout::_${_name})
    get_target_property(_file lightsout::_${_name} INTERFACE_LINK_LIBRARIES)
    list(LENGTH _file _count)
    if(NOT _count EQUAL 1 OR NOT IS_ABSOLUTE "${_file}")
      message(FATAL_ERROR "lightsout::_${_name} is '${_file}', not one library file: the package "
                          "config cannot find it again (configure with -DLIGHTSOUT_INSTALL=OFF)")
    endif()
    cmake_path(GET _file FILENAME _file)
    list(APPEND LIGHTSOUT_CONFIG_LIBRARIES "${_name}=${_file}")
  endif()
endforeach()
# The installed package, relocatable (it finds its prefix from its own directory).
configure_package_config_file(cmake/lightsoutConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/package/lightsoutConfig.cmake
                              INSTALL_DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR})
# 0.x: a new minor version may break the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/lightsoutConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/lightsoutConfig.cmake
              ${PROJECT_BINARY_DIR}/lightsoutConfigVersion.cmake
        DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR}
        COMPONENT lightsout_development)
# The build tree as a package too (-Dlightsout_DIR=BUILD_DIR), with the same config file.
export(EXPORT lightsoutTargets NAMESPACE lightsout::
       FILE ${PROJECT_BINARY_DIR}/lightsoutTargets.cmake)
configure_package_config_file(cmake/lightsoutConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/lightsoutConfig.cmake
                              INSTALL_DESTINATION .
                              INSTALL_PREFIX ${PROJECT_BINARY_DIR})

# pkg-config: lightsout (core and io) and lightsout-render, relocatable through ${pcfiledir}.
# There are only static archives, so what they need is in Libs, not Libs.private.
set(_lightsout_pcdir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH LIGHTSOUT_PC_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig
     ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" LIGHTSOUT_PC_PREFIX "\${pcfiledir}/${LIGHTSOUT_PC_PREFIX}")
# Each lightsout::_NAME as a linker flag: -l:FILE for an archive, -lNAME for a shared library.
set(LIGHTSOUT_PC_LIBS)
foreach(_entry IN LISTS LIGHTSOUT_CONFIG_LIBRARIES)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${_entry}")
  set(_name ${CMAKE_MATCH_1})
  set(_file ${CMAKE_MATCH_2})
  if(_file MATCHES "\\.a$")
    set(LIGHTSOUT_PC_LIBS_${_name} "-l:${_file}")
  else()
    string(REGEX REPLACE "^lib([^.]*)\\..*$" "-l\\1" LIGHTSOUT_PC_LIBS_${_name} "${_file}")
  endif()
endforeach()
configure_file(cmake/lightsout.pc.in ${PROJECT_BINARY_DIR}/package/lightsout.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/lightsout.pc
        DESTINATION ${_lightsout_pcdir} COMPONENT lightsout_development)
if(TARGET lightsout_render)
  configure_file(cmake/lightsout-render.pc.in ${PROJECT_BINARY_DIR}/package/lightsout-render.pc
                 @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/package/lightsout-render.pc
          DESTINATION ${_lightsout_pcdir} COMPONENT lightsout_development)
endif()

# --- the programs ---
# `lightsout serve` runs lightsout-server from bin/../libexec/lightsout (src/cli/serve_command.cpp).
if(TARGET lightsout)
  install(TARGETS lightsout RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          COMPONENT lightsout_runtime)
  install(FILES examples/poj1222-sample.in examples/oj2811-sample.in
          DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples COMPONENT lightsout_runtime)
endif()
if(TARGET lightsout-server)
  install(TARGETS lightsout-server RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/lightsout
          COMPONENT lightsout_runtime)
endif()

# --- Debian packages: cpack -G DEB (in the build tree) ---
# lightsout (the programs) and liblightsout-dev (headers, static libraries, CMake and pkg-config
# files). The runtime dependencies come from dpkg-shlibdeps (Debian's dpkg-dev) when it is there.
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()
set(LIGHTSOUT_PACKAGE_MAINTAINER "lightsout maintainers <maintainers@lightsout.invalid>"
    CACHE STRING "The Maintainer field of the Debian packages")
set(CPACK_PACKAGE_NAME lightsout)
set(CPACK_PACKAGE_VENDOR lightsout)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${LIGHTSOUT_PACKAGE_MAINTAINER}")
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put it first in both packages; each
# description below starts with its own synopsis line.
set(CPACK_PACKAGE_INSTALL_DIRECTORY lightsout)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL lightsout_development)
if(TARGET lightsout OR TARGET lightsout-server)
  list(APPEND CPACK_COMPONENTS_ALL lightsout_runtime)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
set(CPACK_DEBIAN_LIGHTSOUT_RUNTIME_PACKAGE_NAME lightsout)
set(CPACK_DEBIAN_LIGHTSOUT_RUNTIME_DESCRIPTION
    "exact Lights Out solver for any board and rules
Solves Lights Out boards exactly, from the 5x6 judge problem (POJ 1222) to
boards of billions of cells: solvable or not, the number of solutions, the
quiet patterns and the fewest presses, for variants too (torus, K states,
any neighbourhood, holes, graphs). The lightsout command reads and writes
judge text and board files; `lightsout serve` serves a web playground and a
JSON API.")
set(CPACK_DEBIAN_LIGHTSOUT_DEVELOPMENT_PACKAGE_NAME liblightsout-dev)
set(CPACK_DEBIAN_LIGHTSOUT_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_LIGHTSOUT_DEVELOPMENT_DESCRIPTION
    "exact Lights Out solver for any board and rules - C++20 library
The static libraries, headers, CMake package (find_package(lightsout)) and
pkg-config files of lightsout's C++20 library: boards, GF(2) arithmetic, the
solvers and the judge text and board file formats (and, where built, pictures
of boards as PNG and SVG).")
# What a consumer of the static libraries links and includes.
set(_lightsout_dev_depends libntl-dev libgmp-dev libgf2x-dev libm4ri-dev libfmt-dev
    nlohmann-json3-dev)
if(TARGET lightsout_render)
  list(APPEND _lightsout_dev_depends libpng-dev zlib1g-dev)
endif()
list(JOIN _lightsout_dev_depends ", " CPACK_DEBIAN_LIGHTSOUT_DEVELOPMENT_PACKAGE_DEPENDS)
find_program(LIGHTSOUT_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(LIGHTSOUT_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_LIGHTSOUT_RUNTIME_PACKAGE_SHLIBDEPS ON)
else()
  # What dpkg-shlibdeps gives on Debian 12 for the Release build.
  set(CPACK_DEBIAN_LIGHTSOUT_RUNTIME_PACKAGE_DEPENDS
      "libc6 (>= 2.36), libgcc-s1 (>= 3.4), libgf2x3, libmicrohttpd12 (>= 0.9.50), libstdc++6 (>= 12)")
endif()
include(CPack)
