#!/usr/bin/env bash
# The distributed search's scaling: subtrees per second of python3 -m lightsout.research on a
# LocalCluster of 1 and 2 workers (bench/research_scaling.py), into docs/performance.md.
#
# usage: bench/research.sh [PYTHON_BUILD_DIR] [BOARD@DEPTH ...]   (default: build-python/ at the
#        repository root, a CMake tree with -DLIGHTSOUT_PYTHON=ON, built here; a random 61 x 61
#        board (nullity 40, no symmetry) and all-ones 61 x 61, where the symmetries act, both at
#        depth 18)
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init research "${1:-$repo_root/build-python}"
shift || true

ensure_tools python3-numpy python3-pybind11 python3-dask python3-distributed
cd "$repo_root"
if [[ ! -f $build_dir/CMakeCache.txt ]]; then
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DLIGHTSOUT_PYTHON=ON \
    -DLIGHTSOUT_TESTS=OFF -DLIGHTSOUT_BENCH=OFF -DLIGHTSOUT_INSTALL=OFF \
    -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
fi
cmake --build "$build_dir" -j2 --target lightsout_python >/dev/null
PYTHONPATH="$build_dir/python" /usr/bin/python3 "$script_dir/research_scaling.py" "$@"
