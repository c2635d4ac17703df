# Shared set-up for ./lightsout and ./test: install missing Debian packages, configure and build.
# Sourced, not run. All chatter goes to stderr so that stdout stays the tool's own output.

LIGHTSOUT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What each command needs, by Debian package name; each installs only its own list.
# ./lightsout (solve, generate, verify, info, render): the CLI and the libraries under it.
LIGHTSOUT_PACKAGES=(g++ cmake ninja-build pkg-config libfmt-dev libcli11-dev libntl-dev libgmp-dev
  libgf2x-dev libm4ri-dev nlohmann-json3-dev libpng-dev zlib1g-dev)
# ./lightsout serve: the server (libmicrohttpd) and the page's WebAssembly core (emscripten).
LIGHTSOUT_SERVER_PACKAGES=(libmicrohttpd-dev emscripten)
# ./test: the tests' own (GoogleTest, cpp-httplib as the server tests' client, GNU time for peak
# memory, curl, dpkg-dev for cpack -G DEB) and ccache, with which the Python stage's build of the
# libraries is the main build's, served from the cache.
LIGHTSOUT_TEST_PACKAGES=(libgtest-dev libcpp-httplib-dev time curl dpkg-dev ccache)
# bench/run and the other bench/ scripts: Google Benchmark (their own tools they install themselves).
LIGHTSOUT_BENCH_PACKAGES=(libbenchmark-dev)
# ./test's Python stage: the module (pybind11, numpy), its venv install with pip
# --no-build-isolation (setuptools, wheel), its tests (pytest) and the distributed search
# (python3 -m lightsout.research: Dask's distributed). All from Debian: no PyPI.
LIGHTSOUT_PYTHON_PACKAGES=(python3 python3-dev python3-venv python3-pip python3-setuptools
  python3-wheel python3-numpy python3-pybind11 python3-pytest python3-dask python3-distributed)
# ./test --all alone: the libFuzzer targets (clang with its sanitizer runtimes) and the static checks.
LIGHTSOUT_CHECK_PACKAGES=(clang libclang-rt-14-dev clang-tidy clang-format)
# scripts/build_static.sh: the playground's site alone (no native build).
LIGHTSOUT_STATIC_PACKAGES=(emscripten nlohmann-json3-dev cmake)

# ensure_packages PKG...: apt-get installs whichever are not installed yet; fast when all are.
ensure_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  # One line says what happens; apt's own output goes to a log, shown only when it fails.
  local log="$LIGHTSOUT_ROOT/build/setup.log"
  mkdir -p "$LIGHTSOUT_ROOT/build"
  local noun=packages
  [[ ${#missing[@]} -eq 1 ]] && noun=package
  echo "lightsout: installing ${#missing[@]} Debian $noun (${missing[*]})" >&2
  local sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  if ! { "${sudo[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      "${missing[@]}"; } >"$log" 2>&1 </dev/null; then
    tail -n 30 "$log" >&2
    echo "lightsout: installing packages failed (the whole log: $log)" >&2
    return 1
  fi
}

# build_tree DIR [CMAKE_ARGS...] -- [TARGETS...]: configure (with Ninja) the first time, then an
# incremental build of TARGETS (all when none). On a tree configured before, an argument
# -DNAME=ON whose cached value is not ON is applied again, so that a command needing a part the
# tree was configured without (the server, the tests) turns it on; nothing is ever turned off.
# The build log is shown only when something fails.
build_tree() {
  local dir=$1
  shift
  local args=()
  while [[ $# -gt 0 && $1 != -- ]]; do
    args+=("$1")
    shift
  done
  [[ $# -gt 0 ]] && shift
  local targets=()
  [[ $# -gt 0 ]] && targets=(--target "$@")
  local log="$dir/build-output.log"
  mkdir -p "$dir"
  local configure=()
  if [[ ! -f $dir/CMakeCache.txt ]]; then
    echo "lightsout: building $(basename "$dir")/ (the first time takes a few minutes)" >&2
    configure=(-G Ninja "${args[@]}")
  else
    local arg name
    for arg in "${args[@]}"; do
      [[ $arg =~ ^-D([A-Za-z0-9_]+)=ON$ ]] || continue
      name=${BASH_REMATCH[1]}
      grep -q "^$name:[A-Z]*=ON$" "$dir/CMakeCache.txt" || configure+=("$arg")
    done
  fi
  if [[ ${#configure[@]} -gt 0 ]] &&
    ! cmake -S "$LIGHTSOUT_ROOT" -B "$dir" "${configure[@]}" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "lightsout: configuring $dir failed (the whole log: $log)" >&2
    return 1
  fi
  if ! cmake --build "$dir" -j "$(nproc)" "${targets[@]}" >"$log" 2>&1; then
    grep -E -m 20 'error|Error' "$log" >&2 || true
    tail -n 30 "$log" >&2
    echo "lightsout: building $dir failed (the whole log: $log)" >&2
    return 1
  fi
}
