#!/usr/bin/env python3
"""Render the raw results of bench/cli_vs_baseline.sh as Markdown (tables, or all of docs/performance.md)."""

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
from pathlib import Path

# Acceptance targets for the judge workload (10^6 puzzles of 5 x 6).
TARGET_SECONDS = 0.2
TARGET_RATIO = 12.0
TARGET_RSS_MIB = 32.0


def read_meta(results: Path) -> dict:
    meta = {}
    for line in (results / "meta.txt").read_text().splitlines():
        key, _, value = line.partition(" ")
        meta[key] = value
    return meta


def run_times(results: Path, sink: str) -> dict:
    """Per program, (wall, user + system) seconds of every round for one output sink."""
    times: dict = {}
    for path in sorted(results.glob(f"hyperfine-{sink}-*.json")):
        for run in json.loads(path.read_text())["results"]:
            # One run per hyperfine call, so the mean user/system times are that run's.
            entry = times.setdefault(run["command"], ([], []))
            entry[0].extend(run["times"])
            entry[1].append(run["user"] + run["system"])
    return times


def peak_rss_kib(results: Path) -> dict:
    peaks: dict = {}
    for line in (results / "rss.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            peaks[parts[0]] = max(peaks.get(parts[0], 0), int(parts[1]))
    return peaks


def fmt_seconds(s: float) -> str:
    """Three significant digits in the largest unit that keeps the number >= 1."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if s >= scale:
            break
    v = s / scale
    return f"{v:.3g} {unit}" if v < 1000 else f"{v:.0f} {unit}"


def fmt_rate(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.3g} {unit}"
    return f"{x:.3g} "


def verdict(ok: bool) -> str:
    return "**pass**" if ok else "**FAIL**"


def cli_tables(results: Path) -> str:
    meta = read_meta(results)
    puzzles = int(meta["puzzles"])
    rss = peak_rss_kib(results)
    out = []
    out.append(
        f"Input: {puzzles:,} random 5 x 6 puzzles (`gen_judge {puzzles} {meta['seed']}`, "
        f"{int(meta['input_bytes']) / 1e6:.1f} MB); output {int(meta['output_bytes']) / 1e6:.1f} MB, "
        "byte-identical between the two programs (checked before timing). "
        f"{meta['runs']} alternating rounds per output sink (one hyperfine run of each program per "
        "round, order flipped every round). Load average before / after the timing: "
        f"{meta.get('load_before', '?')} / {meta.get('load_after', '?')}.\n"
    )
    out.append("| output to | lightsout wall, median (min - max) | baseline wall, median (min - max) "
               "| baseline / lightsout (wall) | CPU user+sys, median: lightsout / baseline "
               "| baseline / lightsout (CPU) |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: |")
    medians = {}
    for sink, label in (("file", f"a file in `{meta['tmp_dir']}`"), ("null", "`/dev/null`")):
        t = run_times(results, sink)
        if "lightsout" not in t or "baseline" not in t:
            continue
        (lo, lo_cpu), (base, base_cpu) = t["lightsout"], t["baseline"]
        m_lo, m_base = statistics.median(lo), statistics.median(base)
        c_lo, c_base = statistics.median(lo_cpu), statistics.median(base_cpu)
        medians[sink] = (m_lo, m_base)
        out.append(
            f"| {label} | {fmt_seconds(m_lo)} ({fmt_seconds(min(lo))} - {fmt_seconds(max(lo))}) | "
            f"{fmt_seconds(m_base)} ({fmt_seconds(min(base))} - {fmt_seconds(max(base))}) | "
            f"**{m_base / m_lo:.1f}x** | {fmt_seconds(c_lo)} / {fmt_seconds(c_base)} | "
            f"{c_base / c_lo:.1f}x |"
        )
    out.append("")
    rss_lo = rss.get("lightsout", 0) / 1024
    rss_base = rss.get("baseline", 0) / 1024
    out.append(f"Peak RSS (GNU time `%M`, highest of 3 runs): lightsout {rss_lo:.1f} MiB, "
               f"baseline {rss_base:.1f} MiB.\n")

    out.append("### Acceptance targets\n")
    out.append("Measured with output to a file (the slower, realistic sink).\n")
    out.append("| target | measured | result |")
    out.append("| --- | ---: | --- |")
    if "file" in medians:
        m_lo, m_base = medians["file"]
        at_scale = puzzles == 10**6
        out.append(
            f"| 10^6 puzzles in <= {TARGET_SECONDS} s wall | {fmt_seconds(m_lo)}"
            + ("" if at_scale else f" ({puzzles:,} puzzles)")
            + f" | {verdict(m_lo <= TARGET_SECONDS) if at_scale else 'not measured at 10^6'} |"
        )
        ratio = m_base / m_lo
        out.append(f"| >= {TARGET_RATIO:g}x faster than the baseline | {ratio:.1f}x | "
                   f"{verdict(ratio >= TARGET_RATIO)} |")
    out.append(f"| peak RSS <= {TARGET_RSS_MIB:g} MiB | {rss_lo:.1f} MiB | "
               f"{verdict(0 < rss_lo <= TARGET_RSS_MIB)} |")
    return "\n".join(out) + "\n"


def bench_table(results: Path) -> str:
    data = json.loads((results / "solvers_bench.json").read_text())
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    rows: dict = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "aggregate":
            continue
        rows.setdefault(b["run_name"], {})[b["aggregate_name"]] = b
    meta = read_meta(results)
    out = []
    out.append(
        f"Google Benchmark, {meta['repetitions']} repetitions of at least {meta['min_time']} s "
        "each; medians per call (real time, and CPU time, which other load disturbs less). "
        "Per cell and throughput derive from the median real time; `cells/s` counts board cells "
        "(puzzles/s for SmallSolver); `cv` is the coefficient of variation of the real time "
        "across repetitions. The solve_* "
        "cases run with `SolveOptions::kernel = false` (a solution and the nullity, no "
        "quiet-pattern basis).\n"
    )
    out.append("| case | median real time | median CPU time | per cell | throughput | nullity | cv |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, aggs in rows.items():
        med = aggs.get("median")
        if med is None:
            continue
        seconds = med["real_time"] * scale[med["time_unit"]]
        cells = med.get("cells")
        per_cell = fmt_seconds(seconds / cells) if cells else ""
        # From the median wall time (Google's own items_per_second uses CPU time).
        if name.startswith("BM_SmallSolver"):
            throughput = f"{fmt_rate(1 / seconds)}puzzles/s"
        else:
            throughput = f"{fmt_rate(cells / seconds)}cells/s" if cells else ""
        cpu = fmt_seconds(med["cpu_time"] * scale[med["time_unit"]])
        nullity = med.get("nullity")
        nullity = f"{nullity:g}" if nullity is not None else ""
        cv = aggs.get("cv", {}).get("real_time")
        cv = f"{cv * 100:.1f} %" if cv is not None else ""
        out.append(f"| `{name}` | {fmt_seconds(seconds)} | {cpu} | {per_cell} | {throughput} | "
                   f"{nullity} | {cv} |")
    ctx = data.get("context", {})
    out.append("")
    out.append(f"Load average when the run started: {', '.join(f'{x:.2f}' for x in ctx.get('load_avg', []))}."
               f" (Google Benchmark reports library_build_type `{ctx.get('library_build_type', '?')}`:"
               " that is the distribution's build of the benchmark library, not of lightsout.)")
    return "\n".join(out) + "\n"


def run(cmd: list, cwd=None) -> str:
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine_section(repo: Path, build: Path) -> str:
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    meminfo = Path("/proc/meminfo").read_text()
    mem_kib = int(re.search(r"^MemTotal:\s*(\d+)", meminfo, re.M).group(1))
    cache = {}
    cache_file = build / "CMakeCache.txt"
    if cache_file.exists():
        for line in cache_file.read_text().splitlines():
            m = re.match(r"^([A-Za-z_]+):[A-Z]+=(.*)$", line)
            if m:
                cache[m.group(1)] = m.group(2)
    cxx = cache.get("CMAKE_CXX_COMPILER", "c++")
    compiler = run([cxx, "--version"]).splitlines()
    build_type = cache.get("CMAKE_BUILD_TYPE", "?")
    flags = " ".join(x for x in (cache.get("CMAKE_CXX_FLAGS", ""),
                                 cache.get(f"CMAKE_CXX_FLAGS_{build_type.upper()}", "")) if x)
    commit = run(["git", "rev-parse", "HEAD"], cwd=repo) or "unknown"
    dirty = run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=repo)
    untracked = run(["git", "status", "--porcelain"], cwd=repo)
    state = "clean"
    if dirty:
        state = "with uncommitted changes to tracked files"
    elif untracked:
        state = "with untracked files"
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    rows = [
        ("date", now),
        ("commit", f"`{commit}` ({state})"),
        ("CPU", f"{model.group(1) if model else platform.processor() or '?'}, "
                f"{len(os.sched_getaffinity(0))} logical cores available (nproc)"),
        ("RAM", f"{mem_kib / 1024 / 1024:.1f} GiB"),
        ("OS", f"{platform.system()} {platform.release()}"),
        ("compiler", compiler[0] if compiler else cxx),
        ("build", f"CMake {build_type}, `{flags}`; baseline_enumerate `-O2`"),
        ("hyperfine", run(["hyperfine", "--version"]) or "?"),
    ]
    out = ["| | |", "| --- | --- |"]
    out += [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(out) + "\n"


def full_doc(results: Path, repo: Path, build: Path, command: str) -> str:
    return f"""# Performance

<!-- Generated by bench/run; edit bench/render_performance.py instead of this file. -->

Regenerate with `{command}` (builds Release into `build/`, then runs `bench/cli_vs_baseline.sh`).
The machine is shared and noisy: every figure is a median, and only ratios measured in the same
run should be compared.

## Machine

{machine_section(repo, build)}
## The judge workload: `lightsout solve` against the textbook baseline

The baseline (`bench/baseline_enumerate.cpp`) is the classic POJ 1222 program: `scanf("%d")` per
value, the 64 first press rows tried in turn with light chasing, `printf` per value, compiled
`-O2`. Both programs read the same file and must print the same bytes.

{cli_tables(results)}
## Library micro-benchmarks (`bench/solvers_bench`)

{bench_table(results)}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, help="directory written by cli_vs_baseline.sh")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--tables", action="store_true", help="print the result tables only")
    mode.add_argument("--doc", action="store_true", help="print all of docs/performance.md")
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--build", type=Path, default=None)
    parser.add_argument("--command", default="bench/run")
    args = parser.parse_args()
    if args.tables:
        print("## lightsout solve vs baseline\n")
        print(cli_tables(args.results))
        print("## solvers_bench\n")
        print(bench_table(args.results), end="")
    else:
        build = args.build or args.repo / "build"
        print(full_doc(args.results, args.repo, build, args.command), end="")


if __name__ == "__main__":
    main()
