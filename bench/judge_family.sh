#!/usr/bin/env bash
# Time `lightsout solve --judge` on 10^5 Painter's cases (poj1681, 15 x 15) and 10^5 switch-problem
# cases (poj1830, N = 28) against the `cat` floor in the same run; writes the "judge siblings near
# the cat floor" section of docs/performance.md.
#
# usage: bench/judge_family.sh [BUILD_DIR]   (default: build/ at the repository root)
# As bench/judge_floor.sh: the floor is `cat in >/dev/null; cat expected > file`; each round is one
# hyperfine call running the floor and `lightsout solve --judge NAME in > file` once each (shell
# start-up subtracted), the order flipped every round; the table gives the medians over the rounds.
# The expected bytes are the tool's own first answer (tests/unit/judge_family_test.cpp checks the
# answers against oracles); every timed run must print them again.
# Environment: BENCH_CASES (100000), BENCH_SEED (1), BENCH_FLOOR_ROUNDS (15, at least 5).
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
floor_bench_init judge_family "${1:-}" gen_family family
cases="${BENCH_CASES:-100000}"
load_before="$(load_average)"
for name in poj1681 poj1830; do
  echo "== $name: generating $cases cases (seed $seed)"
  "$generator" "$name" "$cases" "$seed" >"$work/$name.in"
  "$lightsout" solve --judge "$name" "$work/$name.in" >"$work/$name.expected"
  echo "   $(stat -c %s "$work/$name.in") bytes in, $(stat -c %s "$work/$name.expected") bytes out"
  floor_cmd="cat $(q "$work/$name.in") >/dev/null; cat $(q "$work/$name.expected") > $(q "$work/floor.out")"
  solve_cmd="$(q "$lightsout") solve --judge $name $(q "$work/$name.in") > $(q "$work/$name.out")"
  echo "== $name: $rounds rounds"
  alternate_rounds "$rounds" "$work/$name-round" floor "$floor_cmd" lightsout "$solve_cmd" "$name"
  cmp -s "$work/$name.expected" "$work/$name.out" || die "$name: output differs after timing"
done
load_after="$(load_average)"

python3 - "$work" "$repo_root" "$rounds" "$cases" "$seed" "$load_before" "$load_after" \
  "$(git -C "$repo_root" rev-parse --short=12 HEAD)" <<'PY'
import json, pathlib, statistics, sys, datetime
work, repo = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
sys.path.insert(0, str(repo / "bench"))
from doc_section import replace_section
rounds, cases, seed = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
load_before, load_after, commit = sys.argv[6:9]
def ms(s): return f"{s * 1000:.1f} ms"
what = {"poj1681": f"{cases:,} Painter's cases of 15 x 15 (`gen_family poj1681 {cases} {seed}`)",
        "poj1830": f"{cases:,} switch-problem cases of N = 28, 28..84 links each "
                   f"(`gen_family poj1830 {cases} {seed}`)"}
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
out = [f"`bench/judge_family.sh`, measured {now} on commit `{commit}`, {rounds} alternating rounds "
       f"per input (one hyperfine run of each per round, order flipped every round), output to a "
       f"file in the temporary directory. Load average before / after: {load_before} / "
       f"{load_after}.", "",
       "| input | command | wall, median (min - max) | CPU user+sys, median | ratio to the floor: "
       "wall medians (per round; CPU) | target <= 1.5x |",
       "| --- | --- | ---: | ---: | ---: | --- |"]
for name in ("poj1681", "poj1830"):
    runs = {"floor": [], "lightsout": []}
    for r in range(1, rounds + 1):
        for res in json.loads((work / f"{name}-round-{r}.json").read_text())["results"]:
            runs[res["command"]].append((res["times"][0], res["user"] + res["system"]))
    med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
           for k, v in runs.items()}
    span = {k: (min(x[0] for x in v), max(x[0] for x in v)) for k, v in runs.items()}
    ratio = med["lightsout"][0] / med["floor"][0]
    per_round = statistics.median(l[0] / f[0] for l, f in zip(runs["lightsout"], runs["floor"]))
    in_mb = (work / f"{name}.in").stat().st_size / 1e6
    for k, cmd in (("floor", "`cat in >/dev/null; cat expected > file`"),
                   ("lightsout", f"`lightsout solve --judge {name} in > file`")):
        w, cpu = med[k]
        row = f"| {what[name]}, {in_mb:.1f} MB | {cmd} | {ms(w)} ({ms(span[k][0])} - " \
              f"{ms(span[k][1])}) | {ms(cpu)} | "
        if k == "floor":
            row += " | |"
        else:
            cpu_ratio = med["lightsout"][1] / med["floor"][1]
            row += f"**{ratio:.2f}x** ({per_round:.2f}x; {cpu_ratio:.2f}x) | " \
                   f"{'**met**' if ratio <= 1.5 else '**not met**'} |"
        out.append(row)
out.append("")
body = "\n".join(out)
heading = "## Judge siblings near the `cat` floor"
intro = ("`solve --judge NAME` for the judge problem's siblings cuts a regular file of 1 MiB or "
         "more at case boundaries into one segment per core (at most 8 MiB each), maps the file "
         "read-only, reads each segment's text in place with its own `JudgeCaseReader` on its "
         "own thread (born on another core than its creator's) and writes the segments' "
         "answers in order; a cut is trusted only when the segment before it was read whole up "
         "to it, and anywhere else the rest is read in one pass, so answers and errors are those "
         "of one pass. A reader takes a case's size line in one step, a Painter's grid and a 0/1 "
         "row 16 bytes at a time, and a block of 64 bytes of `I J` links checked whole on bit "
         "masks (SSE2, in every x86-64 build); Painter's boards of one size with a single "
         "solution are chased 16 at a time in 16-bit lanes, and switch-problem cases are "
         "counted 32 at a time, eight eliminations side by side in 32-bit lanes (AVX2 where the "
         "CPU has it). The answers are a few bytes a case, so the floor is almost all reading "
         "the input: `cat` moves the page cache at several GB/s and does nothing per case. "
         "Where the time goes now (perf, both threads, on the commit measured below): Painter's, "
         "the letter grids 29% (their first touch of the mapped pages included), the per-case "
         "reading and answering around them about 20%, the 16-board chases 9%, page faults and "
         "the kernel's mapping a few percent; switch problem, the `I J` links 44% (the scalar "
         "step per link: its bit set), the batched elimination 16%, the 0/1 rows 5%, the case "
         "loop 5%. The switch problem's text is 42 MB of mostly 5-byte lines: 1.5x of its floor "
         "would be about 10 ms, about 1.5 cycles a byte on these two cores for reading, checking "
         "and solving together; it takes about three times that.")
replace_section(repo / "docs/performance.md", heading, f"{heading}\n\n{intro}\n\n{body}\n")
print(body)
PY
