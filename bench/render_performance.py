#!/usr/bin/env python3
"""Render the raw results of bench/cli_vs_baseline.sh and bench/huge_boards.sh as Markdown, or the plot's data."""

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

# Acceptance target for start-up: `lightsout solve` on the two-puzzle POJ 1222 sample.
TARGET_STARTUP_SECONDS = 0.003
STARTUP_HEADING = "## Start-up: `lightsout solve` on the two-puzzle sample"

# Acceptance targets for huge boards.
TARGET_POLY_SIDE = 10000  # the in-memory and CLI targets are for a 10^4 x 10^4 random board
TARGET_IN_MEMORY_SECONDS = 0.3
TARGET_CLI_SECONDS = 1.5  # `lightsout solve` P4 file to P4 file
TARGET_HUGE_SIDE = 100000  # 10^10 cells end to end
TARGET_HUGE_SECONDS = 30.0
TARGET_HUGE_RSS_BYTES = 3e9
# Peak RSS of an m x n solve <= RSS_FACTOR x the packed board + RSS_SLACK_MIB ("a few MB": the
# process alone, code, libraries and I/O buffers, is about 5 MiB).
RSS_FACTOR = 2.5
RSS_SLACK_MIB = 8.0


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


def fmt_bytes(b: float) -> str:
    """Decimal units, three significant digits."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if b >= scale:
            return f"{b / scale:.3g} {unit}"
    return f"{b:.0f} B"


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


# --- Huge boards ----------------------------------------------------------------------------------

def bench_medians(results: Path) -> dict:
    """run_name -> (median real seconds, median CPU seconds, counters) from solvers_bench.json."""
    path = results / "solvers_bench.json"
    if not path.exists():
        return {}
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    out = {}
    for b in json.loads(path.read_text())["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median":
            k = scale[b["time_unit"]]
            out[b["run_name"]] = (b["real_time"] * k, b["cpu_time"] * k, b)
    return out


def bench_series(results: Path) -> dict:
    """Plot series from solvers_bench medians: name -> [(cells, seconds, label)], sorted by cells."""
    series: dict = {"chase": [], "poly": [], "poly_rect": []}
    for name, (real, _cpu, b) in bench_medians(results).items():
        m = re.fullmatch(r"BM_SolveChase/n:(\d+)", name)
        if m:
            n = int(m.group(1))
            series["chase"].append((n * n, real, f"{n}"))
            continue
        m = re.fullmatch(r"BM_SolvePoly/rows:(\d+)/cols:(\d+)", name)
        if m:
            r, c = int(m.group(1)), int(m.group(2))
            series["poly" if r == c else "poly_rect"].append((r * c, real, f"{r}x{c}"))
    for v in series.values():
        v.sort()
    return series


def huge_cli_rows(results: Path) -> list:
    """One dict per size measured by bench/huge_boards.sh, by cell count."""
    rows = []
    for path in results.glob("huge-cli-[0-9]*x[0-9]*.txt"):
        kv = {}
        for line in path.read_text().splitlines():
            key, _, value = line.partition(" ")
            kv[key] = value
        hf = json.loads(path.with_name(path.stem + "-hyperfine.json").read_text())["results"][0]
        times = hf["times"]
        rows.append({
            "rows": int(kv["rows"]), "cols": int(kv["cols"]), "cells": int(kv["cells"]),
            "nullity": int(kv["nullity"]), "board": kv["board"],
            "p4_bytes": int(kv["p4_bytes"]), "packed_bytes": int(kv["packed_bytes"]),
            "median": statistics.median(times), "min": min(times), "max": max(times),
            "runs": len(times),
            "rss_kib": max(int(x) for x in kv["rss_kib"].split()),
            "method": kv.get("stats_method", "?"),
            "phases": {k[len("phase_"):]: float(v) for k, v in kv.items() if k.startswith("phase_")},
        })
    rows.sort(key=lambda r: (r["cells"], r["rows"]))
    return rows


def rss_limit_bytes(packed_bytes: int) -> float:
    return RSS_FACTOR * packed_bytes + RSS_SLACK_MIB * 2**20


def huge_runs(repo: Path) -> list:
    """The hand-measured runs committed under bench/results/ (BENCH_HUGE=1), largest first."""
    out = []
    for path in sorted((repo / "bench" / "results").glob("huge-*.json")):
        try:
            doc = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        doc["_file"] = path.relative_to(repo).as_posix()
        out.append(doc)
    out.sort(key=lambda d: -d.get("cells", 0))
    return out


def in_memory_solve_seconds(phases: dict) -> float:
    """The solve proper in a --stats run: every phase but reading, writing and the total."""
    return sum(v for k, v in phases.items() if k not in ("read", "write", "total"))


def in_memory_section(results: Path) -> str:
    med = bench_medians(results)
    out = [
        "`bench/solvers_bench` `BM_SolvePoly` (the default solver from a shorter side of 8) on "
        "random boards already in memory, `kernel = false`; medians of the Google Benchmark "
        "repetitions. [docs/scaling.svg](scaling.svg) plots every chase and poly case.\n",
        "| case | cells | median real time | median CPU time | throughput |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, (real, cpu, b) in med.items():
        if not name.startswith("BM_SolvePoly/"):
            continue
        m = re.fullmatch(r"BM_SolvePoly/rows:(\d+)/cols:(\d+)", name)
        cells = int(m.group(1)) * int(m.group(2))
        if cells < 10**7:
            continue
        out.append(f"| `{name}` | {cells:,} | {fmt_seconds(real)} | {fmt_seconds(cpu)} | "
                   f"{fmt_rate(cells / real)}cells/s |")
    out.append("")
    key = f"BM_SolvePoly/rows:{TARGET_POLY_SIDE}/cols:{TARGET_POLY_SIDE}"
    out.append("| target | measured | result |")
    out.append("| --- | ---: | --- |")
    if key in med:
        real = med[key][0]
        out.append(f"| 10^4 x 10^4 random board solved in memory in <= {TARGET_IN_MEMORY_SECONDS} s "
                   f"| {fmt_seconds(real)} | {verdict(real <= TARGET_IN_MEMORY_SECONDS)} |")
    else:
        out.append(f"| 10^4 x 10^4 random board solved in memory in <= {TARGET_IN_MEMORY_SECONDS} s "
                   f"| not measured (`{key}` missing) | **FAIL** |")
    out.append("\n![Solve time against cells, log-log: chase and poly in memory, the CLI P4 file to "
               "P4 file](scaling.svg)\n")
    return "\n".join(out) + "\n"


def cli_huge_section(results: Path) -> str:
    rows = huge_cli_rows(results)
    if not rows:
        return "Not measured in this run (`bench/huge_boards.sh` wrote nothing).\n"
    meta = {}
    meta_path = results / "huge-cli-meta.txt"
    if meta_path.exists():
        for line in meta_path.read_text().splitlines():
            key, _, value = line.partition(" ")
            meta[key] = value
    out = [
        "`bench/huge_boards.sh`: `lightsout generate RxC --format p4 -o in.pbm` (random, density "
        "0.5; `--solvable` where the nullity is not 0), then `lightsout solve in.pbm -o out.pbm "
        f"--quiet` timed by hyperfine ({rows[0]['runs']} runs after one warm-up; the input is in "
        f"the page cache, the output a file in `{meta.get('tmp_dir', '?')}`); peak RSS by GNU "
        "time `%M`, highest of 3 runs; every output passes `lightsout verify`. The packed board is "
        "rows x ceil(cols / 64) x 8 bytes, what one board occupies in memory. Memory target: peak "
        f"RSS <= {RSS_FACTOR:g} x the packed board + {RSS_SLACK_MIB:g} MiB (the process alone is "
        "about 5 MiB). Load average before / after: "
        f"{meta.get('load_before', '?')} / {meta.get('load_after', '?')}.\n",
        "| board | cells | nullity | P4 file | packed board | median wall (min - max) | peak RSS "
        "| RSS / packed | memory target |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in rows:
        rss = r["rss_kib"] * 1024
        limit = rss_limit_bytes(r["packed_bytes"])
        kind = " (solvable)" if r["board"] != "random" else ""
        out.append(
            f"| {r['rows']} x {r['cols']}{kind} | {r['cells']:,} | {r['nullity']} | "
            f"{fmt_bytes(r['p4_bytes'])} | {fmt_bytes(r['packed_bytes'])} | "
            f"{fmt_seconds(r['median'])} ({fmt_seconds(r['min'])} - {fmt_seconds(r['max'])}) | "
            f"{rss / 2**20:.1f} MiB | {rss / r['packed_bytes']:.2f} | "
            f"<= {limit / 2**20:.0f} MiB: {verdict(rss <= limit)} |")
    out.append("")
    phase_names = []
    for r in sorted(rows, key=lambda r: -len(r["phases"])):  # the longest list sets the order
        for k in r["phases"]:
            if k != "total" and k not in phase_names:
                phase_names.append(k)
    out.append("Phases of one `--stats` run (in-process times; the wall time above also counts "
               "process start and exit, which unmaps the boards):\n")
    out.append("| board | method | " + " | ".join(k.replace("_", " ") for k in phase_names)
               + " | total |")
    out.append("| --- | --- |" + " ---: |" * (len(phase_names) + 1))
    for r in rows:
        cells = [fmt_seconds(r["phases"][k]) if r["phases"].get(k) else "-" for k in phase_names]
        total = r["phases"].get("total")
        out.append(f"| {r['rows']} x {r['cols']} | {r['method']} | " + " | ".join(cells)
                   + f" | {fmt_seconds(total) if total else '-'} |")
    out.append("")
    out.append("| target | measured | result |")
    out.append("| --- | ---: | --- |")
    target = [r for r in rows if r["rows"] == r["cols"] == TARGET_POLY_SIDE]
    if target:
        t = target[0]["median"]
        out.append(f"| `lightsout solve` 10^4 x 10^4, P4 file to P4 file, in <= {TARGET_CLI_SECONDS} s "
                   f"| {fmt_seconds(t)} | {verdict(t <= TARGET_CLI_SECONDS)} |")
    else:
        out.append(f"| `lightsout solve` 10^4 x 10^4, P4 file to P4 file, in <= {TARGET_CLI_SECONDS} s "
                   "| not measured | **FAIL** |")
    worst = max(rows, key=lambda r: r["rss_kib"] * 1024 / rss_limit_bytes(r["packed_bytes"]))
    ok = all(r["rss_kib"] * 1024 <= rss_limit_bytes(r["packed_bytes"]) for r in rows)
    big = [r for r in rows if r["packed_bytes"] >= 2**26]
    ratio = ""
    if big:
        top = max(big, key=lambda r: r["rss_kib"] * 1024 / r["packed_bytes"])
        ratio = (f"RSS / packed at most {top['rss_kib'] * 1024 / top['packed_bytes']:.2f} for boards "
                 "of 64 MiB and more; ")
    out.append(f"| peak RSS <= {RSS_FACTOR:g} x packed board + {RSS_SLACK_MIB:g} MiB, every size above "
               f"| {ratio}closest to its limit: {worst['rows']} x {worst['cols']}, "
               f"{worst['rss_kib'] / 1024:.1f} of {rss_limit_bytes(worst['packed_bytes']) / 2**20:.0f} MiB "
               f"| {verdict(ok)} |")
    return "\n".join(out) + "\n"


def huge_section(repo: Path) -> str:
    runs = huge_runs(repo)
    main = [d for d in runs if d.get("rows") == d.get("cols") == TARGET_HUGE_SIDE]
    if not main:
        return ("Not measured yet: run `BENCH_HUGE=1 bench/huge_boards.sh` once by hand (minutes, "
                "2.5 GB of disk); it writes `bench/results/huge-100000.json`, which this section "
                "renders.\n")
    d = main[0]
    solves = d["solve_runs"]
    walls = ", ".join(f"{s['wall_s']:.2f} s" for s in solves)
    rss = d["solve_peak_rss_kib"] * 1024
    packed = d["packed_bytes"]
    mach = d.get("machine", {})
    dirty = " with uncommitted changes" if d.get("uncommitted_changes") else ""
    phases = d["solve_median_run_phases_s"]
    out = [
        f"**Measured by hand on {d['date']} with `BENCH_HUGE=1 bench/huge_boards.sh`**, not by "
        f"every `bench/run`: the figures come from [`{d['_file']}`](../{d['_file']}) (commit "
        f"`{d['commit'][:12]}`{dirty}; {mach.get('cpu', '?')}, {mach.get('cores', '?')} cores, "
        f"{mach.get('ram_gib', '?')} GiB RAM; load average before / after "
        f"{d.get('load_before', '?')} / {d.get('load_after', '?')}).\n",
        f"A {d['rows']:,} x {d['cols']:,} board ({d['cells']:,} cells, nullity {d['nullity']}; "
        f"`lightsout generate --seed {d['seed']}`: {d['board']}): a {fmt_bytes(d['p4_bytes'])} P4 file, a "
        f"{fmt_bytes(packed)} packed board. Each step under GNU time (wall `%e`, peak RSS `%M`); "
        f"the solve ran {len(solves)} times ({walls}) with `--stats`.\n",
        "| step | wall | peak RSS |",
        "| --- | ---: | ---: |",
        f"| `lightsout generate {d['rows']}x{d['cols']} --format p4 -o in.pbm` | "
        f"{d['generate']['wall_s']:.2f} s | {d['generate']['peak_rss_kib'] / 2**20:.2f} GiB |",
        f"| `lightsout solve in.pbm -o out.pbm --quiet --stats`, median of {len(solves)} | "
        f"**{d['solve_median_wall_s']:.2f} s** | **{rss / 1e9:.2f} GB** ({rss / 2**30:.2f} GiB, "
        f"{rss / packed:.2f} x the packed board) |",
        f"| `lightsout verify in.pbm out.pbm` -> {d['verify']['output']} | "
        f"{d['verify']['wall_s']:.2f} s | {d['verify']['peak_rss_kib'] / 2**20:.2f} GiB |",
        "",
        f"Phases of the median solve run (`--stats`, method {solves[0].get('method', '?')}):\n",
        "| " + " | ".join(k.replace("_", " ") for k in phases) + " |",
        "|" + " ---: |" * len(phases),
        "| " + " | ".join(f"{v:.2f} s" for v in phases.values()) + " |",
        "",
        f"The solve proper (every phase but read and write) takes "
        f"{in_memory_solve_seconds(phases):.2f} s; reading and writing the two "
        f"{fmt_bytes(d['p4_bytes'])} files take the rest; the wall time also counts the process "
        "start and exit (unmapping the boards). The read phase varies most from run to run.\n",
        "| target | measured | result |",
        "| --- | ---: | --- |",
        f"| 10^10 cells end to end (P4 file to P4 file) in <= {TARGET_HUGE_SECONDS:g} s | "
        f"{d['solve_median_wall_s']:.2f} s (slowest run "
        f"{max(s['wall_s'] for s in solves):.2f} s) | "
        f"{verdict(max(s['wall_s'] for s in solves) <= TARGET_HUGE_SECONDS)} |",
        f"| peak RSS <= {TARGET_HUGE_RSS_BYTES / 1e9:g} GB | {rss / 1e9:.2f} GB | "
        f"{verdict(rss <= TARGET_HUGE_RSS_BYTES)} |",
        f"| peak RSS <= {RSS_FACTOR:g} x packed board + {RSS_SLACK_MIB:g} MiB | "
        f"{rss / 2**20:,.0f} of {rss_limit_bytes(packed) / 2**20:,.0f} MiB | "
        f"{verdict(rss <= rss_limit_bytes(packed))} |",
    ]
    others = [o for o in runs if o is not d]
    if others:
        out += [
            "",
            "Other shapes, measured by hand the same way (`BENCH_HUGE=1 BENCH_HUGE_SIZE=RxC "
            "bench/huge_boards.sh`), against the same targets. A board wider than tall is "
            "transposed before the solve and the presses transposed back:\n",
            "| board | measured | solve wall, median (runs) | phases of the median run | peak RSS "
            "| RSS / packed | <= 30 s | <= 3 GB | <= 2.5 x packed + 8 MiB |",
            "| --- | --- | ---: | --- | ---: | ---: | --- | --- | --- |",
        ]
        for o in others:
            o_rss = o["solve_peak_rss_kib"] * 1024
            o_phases = ", ".join(f"{k.replace('_', ' ')} {v:.2f} s"
                                 for k, v in o["solve_median_run_phases_s"].items())
            o_walls = ", ".join(f"{r['wall_s']:.2f}" for r in o["solve_runs"])
            o_max = max(r["wall_s"] for r in o["solve_runs"])
            out.append(
                f"| {o['rows']:,} x {o['cols']:,} ({o['cells']:,} cells; [JSON](../{o['_file']})) | "
                f"{o['date']} | {o['solve_median_wall_s']:.2f} s ({o_walls}) | {o_phases} | "
                f"{o_rss / 1e9:.2f} GB | {o_rss / o['packed_bytes']:.2f} | "
                f"{verdict(o_max <= TARGET_HUGE_SECONDS)} | "
                f"{verdict(o_rss <= TARGET_HUGE_RSS_BYTES)} | "
                f"{verdict(o_rss <= rss_limit_bytes(o['packed_bytes']))} |")
    return "\n".join(out) + "\n"


def write_plot_data(results: Path, repo: Path, outdir: Path) -> None:
    """Whitespace-separated files for bench/plot_scaling.gp: cells, seconds, label."""
    outdir.mkdir(parents=True, exist_ok=True)
    series = bench_series(results)
    cli = huge_cli_rows(results)
    series["cli"] = [(r["cells"], r["median"], f"{r['rows']}x{r['cols']}")
                     for r in cli if r["rows"] == r["cols"]]
    series["cli_rect"] = [(r["cells"], r["median"], f"{r['rows']}x{r['cols']}")
                          for r in cli if r["rows"] != r["cols"]]
    series["huge_cli"] = []
    series["huge_solve"] = []
    for d in huge_runs(repo):
        if d.get("rows") == d.get("cols") == TARGET_HUGE_SIDE:
            series["huge_cli"].append((d["cells"], d["solve_median_wall_s"], "10^10"))
            series["huge_solve"].append(
                (d["cells"], in_memory_solve_seconds(d["solve_median_run_phases_s"]), "10^10"))
        elif d.get("rows") != d.get("cols"):
            series["cli_rect"].append((d["cells"], d["solve_median_wall_s"],
                                       f"{d['rows']}x{d['cols']}"))
    for name, points in series.items():
        (outdir / f"{name}.dat").write_text(
            "".join(f"{cells} {seconds:.9g} {label}\n" for cells, seconds, label in points))


# --- Start-up (bench/startup.sh) -------------------------------------------------------------------

def startup_section(results: Path) -> str:
    """The body of the Start-up section from bench/startup.sh's raw results."""
    meta = {}
    for line in (results / "meta.txt").read_text().splitlines():
        key, _, value = line.partition(" ")
        meta[key] = value
    hf = json.loads((results / "hyperfine.json").read_text())["results"][0]
    times = hf["times"]
    median = statistics.median(times)
    objects = []
    for line in (results / "ldd.txt").read_text().splitlines():
        line = re.sub(r"\s*\(0x[0-9a-f]+\)\s*$", "", line.strip())
        if line:
            objects.append(line)
    loader = [o for o in objects if "ld-linux" in o]
    vdso = [o for o in objects if o.startswith("linux-vdso")]
    libraries = [o for o in objects if o not in loader and o not in vdso]
    dirty = " with uncommitted changes" if meta.get("dirty", "0") != "0" else ""
    out = [
        f"`bench/startup.sh`, measured {meta.get('date', '?')} on commit "
        f"`{meta.get('commit', '?')[:12]}`{dirty}: `lightsout solve examples/poj1222-sample.in` "
        f"(two 5 x 6 puzzles, output to `/dev/null`) timed by {meta.get('hyperfine', 'hyperfine')} "
        f"without a shell, {len(times)} runs after {meta.get('warmup', '?')} warm-ups. "
        f"Load average before / after: {meta.get('load_before', '?')} / "
        f"{meta.get('load_after', '?')}.\n",
        "| median wall | mean ± σ | min - max | user (mean) | system (mean) |",
        "| ---: | ---: | ---: | ---: | ---: |",
        f"| **{fmt_seconds(median)}** | {fmt_seconds(hf['mean'])} ± "
        f"{fmt_seconds(hf['stddev'] or 0.0)} | {fmt_seconds(min(times))} - "
        f"{fmt_seconds(max(times))} | {fmt_seconds(hf['user'])} | {fmt_seconds(hf['system'])} |",
        "",
        "| target | measured | result |",
        "| --- | ---: | --- |",
        f"| two-puzzle sample in <= {TARGET_STARTUP_SECONDS * 1e3:g} ms wall (median) | "
        f"{fmt_seconds(median)} | {verdict(median <= TARGET_STARTUP_SECONDS)} |",
        "",
        f"Shared objects `lightsout` loads (`ldd`): {len(libraries)} libraries, plus the dynamic "
        "loader and the kernel's vDSO. NTL, GMP and M4RI are linked statically (M4RI's tables "
        "are built on the first elimination, not at start-up), libstdc++ and libgcc too, and "
        "the HTTP server is a separate program, `lightsout-server`, that `lightsout serve` "
        "executes.\n",
    ]
    out += [f"- `{o}`" for o in libraries + loader + vdso]
    return "\n".join(out) + "\n"


def startup_body(repo: Path) -> str:
    path = repo / "bench" / "results" / "startup.md"
    if path.exists():
        return path.read_text()
    return "Not measured yet: run `bench/startup.sh`, which writes `bench/results/startup.md`.\n"


def update_startup(doc: Path, repo: Path) -> None:
    """Replaces (or adds, before the huge boards) the Start-up section of docs/performance.md."""
    section = f"{STARTUP_HEADING}\n\n{startup_body(repo)}\n"
    text = doc.read_text()
    start = text.find(STARTUP_HEADING)
    if start >= 0:
        end = text.find("\n## ", start + len(STARTUP_HEADING))
        end = len(text) if end < 0 else end + 1
        text = text[:start] + section + text[end:]
    else:
        anchor = text.find("## Huge boards: in memory")
        if anchor < 0:
            text = text.rstrip("\n") + "\n\n" + section
        else:
            text = text[:anchor] + section + text[anchor:]
    tmp = doc.with_name(doc.name + ".tmp")
    tmp.write_text(text.rstrip("\n") + "\n")
    tmp.replace(doc)


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

Regenerate with `{command}` (builds Release into `build/`, then runs `bench/cli_vs_baseline.sh`,
`bench/huge_boards.sh` and `bench/startup.sh`, and draws [docs/scaling.svg](scaling.svg) with
gnuplot).
The machine is shared and noisy: every figure is a median, and only ratios measured in the same
run should be compared.

## Machine

{machine_section(repo, build)}
## The judge workload: `lightsout solve` against the textbook baseline

The baseline (`bench/baseline_enumerate.cpp`) is the classic POJ 1222 program: `scanf("%d")` per
value, the 64 first press rows tried in turn with light chasing, `printf` per value, compiled
`-O2`. Both programs read the same file and must print the same bytes.

{cli_tables(results)}
{STARTUP_HEADING}

{startup_body(repo)}
## Huge boards: in memory

{in_memory_section(results)}
## Huge boards: the CLI, P4 file to P4 file

{cli_huge_section(results)}
## 10^10 cells

{huge_section(repo)}
Wide against tall (the same cells), thin boards and a 1 x 10^9 row: [wide-and-thin.md]
(wide-and-thin.md), written by `bench/wide_and_thin.sh`. A board larger than memory, solved in two
passes against a `cat` of its file: [out-of-core.md](out-of-core.md), written by
`bench/out_of_core.sh`. Both take minutes and gigabytes of disk, so `bench/run` leaves them out.

## Library micro-benchmarks (`bench/solvers_bench`)

{bench_table(results)}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, nargs="?",
                        help="directory written by cli_vs_baseline.sh and huge_boards.sh "
                             "(or by startup.sh for --startup)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--tables", action="store_true", help="print the result tables only")
    mode.add_argument("--doc", action="store_true", help="print all of docs/performance.md")
    mode.add_argument("--plot-data", type=Path, metavar="DIR",
                      help="write the data files of bench/plot_scaling.gp into DIR")
    mode.add_argument("--startup", type=Path, metavar="DIR",
                      help="print the Start-up section's body from bench/startup.sh's results")
    mode.add_argument("--update-startup", type=Path, metavar="DOC",
                      help="replace the Start-up section of DOC with bench/results/startup.md")
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--build", type=Path, default=None)
    parser.add_argument("--command", default="bench/run")
    args = parser.parse_args()
    if args.startup:
        print(startup_section(args.startup), end="")
        return
    if args.update_startup:
        update_startup(args.update_startup, args.repo)
        return
    if args.results is None:
        parser.error("the results directory is required")
    if args.tables:
        print("## lightsout solve vs baseline\n")
        print(cli_tables(args.results))
        print("## solvers_bench\n")
        print(bench_table(args.results), end="")
        if huge_cli_rows(args.results):
            print("\n## Huge boards: the CLI, P4 file to P4 file\n")
            print(cli_huge_section(args.results), end="")
    elif args.plot_data:
        write_plot_data(args.results, args.repo, args.plot_data)
    else:
        build = args.build or args.repo / "build"
        print(full_doc(args.results, args.repo, build, args.command), end="")


if __name__ == "__main__":
    main()
