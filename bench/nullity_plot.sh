#!/usr/bin/env bash
# docs/nullity.svg: the nullity of the n x n board for n = 1..N (default 1000), each from
# `lightsout info nxn --json`, drawn with gnuplot (Debian's gnuplot-nox). The data is kept next
# to it as docs/nullity.dat ("n nullity" lines).
#
# usage: bench/nullity_plot.sh [BUILD_DIR] [N]   (default: build/ at the repository root, 1000)
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/.." && pwd)"
build_dir="$(realpath -m "${1:-$repo_root/build}")"
max_n="${2:-1000}"
cd "$repo_root"

# shellcheck source=scripts/setup.sh
source "$repo_root/scripts/setup.sh"
ensure_packages gnuplot-nox
build_tree "$build_dir" -DCMAKE_BUILD_TYPE=Release -- lightsout

data="docs/nullity.dat"
{
  echo "# n nullity: the nullity of the n x n board (lightsout info nxn --json)"
  for ((n = 1; n <= max_n; n++)); do
    json=$("$build_dir/lightsout" info "${n}x${n}" --json)
    nullity=$(sed -n 's/.*"nullity":\([0-9]*\).*/\1/p' <<<"$json")
    [[ -n $nullity ]] || { echo "nullity_plot: no nullity in: $json" >&2; exit 1; }
    echo "$n $nullity"
  done
} >"$data.tmp"
mv "$data.tmp" "$data"
gnuplot -e "datafile='$data'; outfile='docs/nullity.svg'" "$script_dir/plot_nullity.gp"
echo "nullity_plot: wrote $data and docs/nullity.svg" >&2
