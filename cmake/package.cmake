# The library as a CMake package: the lightsout::lightsout umbrella target, install rules and the
# package config, so that another project can find_package(lightsout) and link lightsout::lightsout
# (or lightsout::core, lightsout::io). Included at the end of the top-level CMakeLists.txt, once
# the targets exist; it only adds to them and leaves their sources and links alone.
include(GNUInstallDirs)
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
# The public headers use C++20 (std::span, defaulted operator==): a consumer must compile them so.
target_compile_features(lightsout_core PUBLIC cxx_std_20)

if(NOT LIGHTSOUT_INSTALL)
  return()
endif()

# The libraries are static, so what they link privately still reaches the consumer's link line
# (as $<LINK_ONLY:...>) and must be found again by lightsoutConfig.cmake. Threads, {fmt} and
# nlohmann-json (header-only) come from CMake packages of their own and are exported by name, as
# is libm. The static archives of M4RI, NTL and GMP and the shared libgf2x (absolute paths from
# find_library) are exported under the private names lightsout::_m4ri, _ntl, _gmp and _gf2x,
# which the config file creates from the same archives; the build tree keeps linking the
# originals. M4RI must be the static archive there too: the core's --wrap link options (its
# tables built on first use) assume it.
set(_lightsout_exported_targets lightsout_core lightsout_io lightsout_lib)
set(_lightsout_deps_by_name Threads::Threads fmt::fmt fmt::fmt-header-only
    nlohmann_json::nlohmann_json m)
set(_lightsout_deps_build "${M4RI_STATIC_LIBRARY}" "${NTL_STATIC_LIBRARY}" "${GMP_STATIC_LIBRARY}"
    "${GF2X_LIBRARY}")
set(_lightsout_deps_install lightsout::_m4ri lightsout::_ntl lightsout::_gmp lightsout::_gf2x)

# _lightsout_relocate(TARGET): makes TARGET's usage requirements exportable. Include directories
# inside the source or build tree become build-only (install(TARGETS ... INCLUDES DESTINATION)
# adds the installed one); each link dependency is kept, renamed as above, or refused.
function(_lightsout_relocate target)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(dirs)
    set(relocated)
    foreach(dir IN LISTS dirs)
      cmake_path(IS_PREFIX PROJECT_SOURCE_DIR "${dir}" NORMALIZE in_source)
      cmake_path(IS_PREFIX PROJECT_BINARY_DIR "${dir}" NORMALIZE in_build)
      if(NOT dir MATCHES "^\\$<" AND (in_source OR in_build))
        list(APPEND relocated "$<BUILD_INTERFACE:${dir}>")
      else()
        list(APPEND relocated "${dir}")
      endif()
    endforeach()
    set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${relocated}")
  endif()

  get_target_property(libs ${target} INTERFACE_LINK_LIBRARIES)
  if(NOT libs)
    return()
  endif()
  set(relocated)
  foreach(item IN LISTS libs)
    set(name "${item}")
    set(link_only FALSE)
    if(name MATCHES "^\\$<LINK_ONLY:(.*)>$")
      set(name "${CMAKE_MATCH_1}")
      set(link_only TRUE)
    endif()
    set(real "${name}")
    if(TARGET "${name}")
      get_target_property(aliased "${name}" ALIASED_TARGET)
      if(aliased)
        set(real "${aliased}")
      endif()
    endif()
    list(FIND _lightsout_deps_build "${name}" index)
    if(real IN_LIST _lightsout_exported_targets OR name IN_LIST _lightsout_deps_by_name)
      list(APPEND relocated "${item}")
    elseif(index GREATER_EQUAL 0)
      list(GET _lightsout_deps_install ${index} installed)
      if(link_only)
        set(installed "$<LINK_ONLY:${installed}>")
      endif()
      list(APPEND relocated "$<BUILD_INTERFACE:${item}>" "$<INSTALL_INTERFACE:${installed}>")
    else()
      message(FATAL_ERROR
        "${target} links '${name}', which cmake/package.cmake does not know how to export: add "
        "it to the lists there and find it in cmake/lightsoutConfig.cmake.in "
        "(or configure with -DLIGHTSOUT_INSTALL=OFF)")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY INTERFACE_LINK_LIBRARIES "${relocated}")
endfunction()

_lightsout_relocate(lightsout_core)
_lightsout_relocate(lightsout_io)

install(TARGETS lightsout_core lightsout_io lightsout_lib
        EXPORT lightsoutTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lightsout_development
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/lightsout
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT lightsout_development
        FILES_MATCHING PATTERN "*.hpp")
install(EXPORT lightsoutTargets
        NAMESPACE lightsout::
        DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR}
        COMPONENT lightsout_development)
configure_package_config_file(cmake/lightsoutConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/package/lightsoutConfig.cmake
                              INSTALL_DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR})
# 0.x: a new minor version may break the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/lightsoutConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/lightsoutConfig.cmake
              ${PROJECT_BINARY_DIR}/package/lightsoutConfigVersion.cmake
        DESTINATION ${LIGHTSOUT_INSTALL_CMAKEDIR}
        COMPONENT lightsout_development)

# The command-line tool (not part of the package's targets).
if(TARGET lightsout)
  install(TARGETS lightsout RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          COMPONENT lightsout_runtime)
endif()
