#!/usr/bin/env bash
# The compile time of every translation unit of the product (the libraries, the CLI and the
# server; with --tests, the tests and tools too), each compiled on its own, one after another
# (no ccache), from a freshly configured Release tree's compile commands, counted in CPU seconds
# (user + system) so that other work on the machine does not inflate it. Prints a Markdown table,
# slowest first, and fails when a product unit takes more than the budget
# (LIGHTSOUT_COMPILE_BUDGET seconds, default 30).
# usage: scripts/compile_times.sh [--tests] [TREE]   (TREE default: build-times/, made anew)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
tests=OFF
if [[ ${1:-} == --tests ]]; then
  tests=ON
  shift
fi
tree=$(realpath -m "${1:-$root/build-times}")
ensure_packages "${LIGHTSOUT_PACKAGES[@]}" "${LIGHTSOUT_SERVER_PACKAGES[@]}"
[[ $tests == ON ]] && ensure_packages "${LIGHTSOUT_TEST_PACKAGES[@]}"
rm -rf "$tree"
mkdir -p "$tree"
# Configured only: the compile commands (the CLI's unity files included) are all it needs.
cmake -S "$root" -B "$tree" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLIGHTSOUT_SERVER=ON \
  -DLIGHTSOUT_TESTS=$tests -DLIGHTSOUT_BENCH=OFF -DCMAKE_CXX_COMPILER_LAUNCHER= \
  >"$tree/configure.log" 2>&1 || { cat "$tree/configure.log" >&2; exit 1; }
python3 - "$root" "$tree" "${LIGHTSOUT_COMPILE_BUDGET:-30}" <<'PY'
import json, os, resource, shlex, subprocess, sys
root, tree, budget = sys.argv[1], sys.argv[2], float(sys.argv[3])
rows = []
for entry in json.load(open(os.path.join(tree, "compile_commands.json"))):
    source = entry["file"]
    if not os.path.exists(source):  # generated at build time (the embedded site)
        continue
    args, skip = [], 0
    for a in shlex.split(entry["command"]):
        if skip:
            skip -= 1
            continue
        if a in ("-MT", "-MF"):
            skip = 1
            continue
        if a == "-MD":
            continue
        args.append(a)
    out = args[args.index("-o") + 1]
    args[args.index("-o") + 1] = os.devnull
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, cwd=entry["directory"], check=True, stdin=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds (user + system) of the compiler and what it ran: unlike the wall time, not
    # inflated when other work shares the cores.
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    name = os.path.relpath(source, root)
    if "/Unity/" in source:  # a unity file: the sources it includes
        with open(source) as f:
            parts = [os.path.basename(l.split('"')[1]) for l in f if l.startswith("#include")]
        name = f"{out.split('/')[1].removesuffix('.dir')} unity ({', '.join(parts)})"
    elif "wht_kernel" in source:
        name = f"{name} ({out.split('/')[1].removesuffix('.dir')})"
    product = name.startswith("src/") or " unity " in name
    rows.append((seconds, name, product))
rows.sort(reverse=True)
print("| CPU seconds | translation unit |")
print("|--:|---|")
for seconds, name, _ in rows:
    print(f"| {seconds:.1f} | `{name}` |")
over = [r for r in rows if r[2] and r[0] > budget]
total = sum(r[0] for r in rows)
print(f"\n{len(rows)} units, {total:.0f} CPU seconds in all, one at a time; budget {budget:.0f} s a product "
      f"unit: {'%d over it' % len(over) if over else 'every unit within it'}")
sys.exit(1 if over else 0)
PY
