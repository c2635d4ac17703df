#!/usr/bin/env python3
"""How far pruning inside a transform can go: for boards of the fewest-presses benchmark, the share of
groups whose bound reaches the lightest solution's value, measured on every solution.

The branch and bound prunes inside a Walsh-Hadamard transform: the values of a group of 2^G
outputs (all coordinates fixed but G) are signed sums of its 2^G partial sums, so a group whose
bound is below the floor skips its last G levels. This script computes, for each G, the share of
groups that still reach the floor when the floor is the best value itself (the tightest a search
can have): with the sum of all magnitudes as the bound, and with the signed bound (the first
partial sum with its sign, the others' magnitudes). It does so twice: with the groups' coordinates
as the quiet patterns come, and with coordinates chosen greedily so that the fewest terms touch
them (their "effect"), which would make the bound tighter if quiet patterns of low weight existed.

Everything is computed here, independently of the engine: the board's quiet patterns and one
solution by light chasing over GF(2), the classes of cells, and the whole transform of 2^d values
with numpy (so d <= 28: 1 GiB of int32). The fewest presses it finds is checked against
`lightsout solve --minimal` when a binary is given.

usage: bench/prune_ceiling.py [--lightsout BIN] [--max-g G] [CASE ...]
  CASE: RxC:SEED (a random solvable board, numpy's generator) or RxC:ones; default the three
  random boards below. Writes the section "Fewest presses: how far pruning inside a transform can
  go" of docs/performance.md.
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from doc_section import replace_section  # noqa: E402

DEFAULT_CASES = ["62x62:1", "27x35:2", "64x64:3"]
HEADING = "## Fewest presses: how far pruning inside a transform can go"


def parity(x):
    return bin(x).count("1") & 1


def press(presses):
    """The lights a press pattern switches: each press and its four neighbours."""
    lit = presses.copy()
    lit[1:, :] ^= presses[:-1, :]
    lit[:-1, :] ^= presses[1:, :]
    lit[:, 1:] ^= presses[:, :-1]
    lit[:, :-1] ^= presses[:, 1:]
    return lit


def chase(board):
    """Light chasing: every cell's press as (mask over the first row's presses, constant bit), and
    the lights the last row leaves on, as the same pairs: the first-row system."""
    rows, cols = board.shape
    p = [[(1 << c, 0) for c in range(cols)]]

    def light(r, c):
        mask, const = 0, int(board[r][c])
        for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < len(p) and 0 <= cc < cols:
                mask ^= p[rr][cc][0]
                const ^= p[rr][cc][1]
        return mask, const

    for r in range(1, rows):
        p.append([light(r - 1, c) for c in range(cols)])
    return p, [light(rows - 1, c) for c in range(cols)]


def solve_gf2(equations, n):
    """Equations (mask, const): parity(mask & x) == const. One solution x and a kernel basis."""
    pivots = {}
    for mask, const in equations:
        for bit, (pm, pc) in pivots.items():
            if mask >> bit & 1:
                mask, const = mask ^ pm, const ^ pc
        if mask == 0:
            if const:
                raise ValueError("the board has no solution")
            continue
        bit = mask.bit_length() - 1
        for other, (pm, pc) in list(pivots.items()):
            if pm >> bit & 1:
                pivots[other] = (pm ^ mask, pc ^ const)
        pivots[bit] = (mask, const)
    x = sum(1 << bit for bit, (_, const) in pivots.items() if const)
    kernel = []
    for free in (j for j in range(n) if j not in pivots):
        v = 1 << free
        for bit, (mask, _) in pivots.items():
            if mask >> free & 1:
                v |= 1 << bit
        kernel.append(v)
    return x, kernel


def make_board(rows, cols, seed):
    if seed == "ones":
        return np.ones((rows, cols), dtype=np.uint8)
    rng = np.random.default_rng(int(seed))
    return press(rng.integers(0, 2, size=(rows, cols), dtype=np.uint8))


def solution_and_kernel(board):
    p, residual = chase(board)
    x, kernel = solve_gf2(residual, board.shape[1])
    rows, cols = board.shape
    x0 = np.array([[parity(p[r][c][0] & x) ^ p[r][c][1] for c in range(cols)] for r in range(rows)],
                  dtype=np.uint8)
    if not (press(x0) == board).all():
        raise AssertionError("light chasing gave a wrong solution")
    quiet = []
    for k in kernel:
        q = np.array([[parity(p[r][c][0] & k) for c in range(cols)] for r in range(rows)], dtype=np.uint8)
        if press(q).any():
            raise AssertionError("a kernel vector is not quiet")
        quiet.append(q)
    return x0, quiet


def classes(x0, quiet):
    """Presses of x0 + sum y_j k_j = offset + sum over terms a [w . y]: the terms (w, a), w != 0."""
    cols = np.zeros(x0.size, dtype=np.int64)
    for j, q in enumerate(quiet):
        cols |= q.reshape(-1).astype(np.int64) << j
    x = x0.reshape(-1).astype(np.int64)
    sign = 1 - 2 * x
    moving = cols != 0
    w, at = np.unique(cols[moving], return_inverse=True)
    a = np.zeros(w.size, dtype=np.int64)
    np.add.at(a, at, sign[moving])
    return int(x.sum()), w[a != 0], a[a != 0]


def levels(v, which):
    """The butterflies of the given levels, in place."""
    for k in which:
        h = 1 << k
        v3 = v.reshape(-1, 2, h)
        low = v3[:, 0, :].copy()
        v3[:, 0, :] += v3[:, 1, :]
        np.subtract(low, v3[:, 1, :], out=v3[:, 1, :])
    return v


def scattered(d, w, a):
    v = np.zeros(1 << d, dtype=np.int32)
    np.add.at(v, w, a.astype(np.int32))
    return v


def reaching(d, w, a, best, max_g):
    """For G = max_g .. 1: the shares of groups of 2^G whose bound reaches best, (sum of magnitudes,
    signed bound). The groups' coordinates are the G lowest bits of w."""
    v = levels(scattered(d, w, a), range(d - 1, max_g - 1, -1))
    shares = {}
    for g in range(max_g, 0, -1):
        groups = v.reshape(-1, 1 << g)
        others = np.abs(groups[:, 1:]).sum(axis=1, dtype=np.int64)
        first = groups[:, 0].astype(np.int64)
        shares[g] = (float((others + np.abs(first) >= best).mean()), float((others + first >= best).mean()))
        levels(v, [g - 1])
    if int(v.max()) != best:
        raise AssertionError("the two transforms disagree")
    return shares


def rank(vectors):
    basis = []
    for v in vectors:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


def least_effect_coordinates(d, w, a, count):
    """Greedily, `count` independent directions y_1.. (new coordinates w . y_i) each adding the least
    |a| of terms with w . y = 1 among those no earlier one touches; and the |a| touched after each."""
    ys, untouched, touched = [], np.ones(w.size, dtype=bool), []
    for _ in range(count):
        weights = np.abs(a) * untouched
        effect = (int(weights.sum()) - levels(scattered(d, w, weights), range(d)).astype(np.int64)) // 2
        for y in np.argsort(effect, kind="stable"):
            if y and rank(ys + [int(y)]) == len(ys) + 1:
                ys.append(int(y))
                break
        untouched &= np.array([parity(int(t) & ys[-1]) == 0 for t in w])
        touched.append(int(np.abs(a)[~untouched].sum()))
    return ys, touched


def in_coordinates(d, w, ys):
    """w in a basis whose lowest bits are w . y_i, the rest completed with unit vectors."""
    rows = list(ys)
    for j in range(d):
        if rank(rows + [1 << j]) == len(rows) + 1:
            rows.append(1 << j)
    out = np.zeros_like(w)
    for i, r in enumerate(rows):
        out |= np.array([parity(int(t) & r) for t in w], dtype=np.int64) << i
    return out


def cli_fewest(binary, board):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for row in board:
            f.write(" ".join(str(int(x)) for x in row) + "\n")
    try:
        out = subprocess.run([binary, "solve", "--minimal", "--minimal-time", "0", f.name],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return out.count("1")


def measure(case, max_g, binary):
    size, seed = case.split(":")
    rows, cols = map(int, size.split("x"))
    start = time.time()
    board = make_board(rows, cols, seed)
    x0, quiet = solution_and_kernel(board)
    d = len(quiet)
    if d > 28:
        raise SystemExit(f"{case}: nullity {d}, above the 28 this script holds in memory")
    offset, w, a = classes(x0, quiet)
    best = int(levels(scattered(d, w, a), range(d)).max())
    fewest = offset + (int(a.sum()) - best) // 2
    if binary:
        got = cli_fewest(binary, board)
        if got != fewest:
            raise SystemExit(f"{case}: lightsout says {got} presses, this script {fewest}")
    sigma = float(np.sqrt((a * a).sum()))
    plain = reaching(d, w, a, best, max_g)
    ys, touched = least_effect_coordinates(d, w, a, max_g)
    chosen = reaching(d, in_coordinates(d, w, ys), a, best, max_g)
    total = int(np.abs(a).sum())
    print(f"{case}: nullity {d}, {w.size} terms, fewest {fewest}, best {best / sigma:.2f} sigma, "
          f"{time.time() - start:.0f} s", file=sys.stderr)
    return dict(case=case, size=size, seed=seed, d=d, terms=int(w.size), fewest=fewest,
                z=best / sigma, plain=plain, chosen=chosen, touched=[t / total for t in touched])


def write_doc(results, max_g, checked):
    cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    date = time.strftime("%Y-%m-%d", time.gmtime())
    gs = range(3, max_g + 1)
    lines = [
        f"Written by `bench/prune_ceiling.py` on {date} ({cpu}). For each board, every solution weighed "
        "by numpy (its own light chasing and transform, independent of the engine"
        + ("; the fewest presses checked against `lightsout solve --minimal`" if checked else "")
        + "), then for groups of 2^G outputs (all coordinates fixed but G): the share whose bound "
        "still reaches the best value, the tightest floor a search can have. A group below it skips "
        "its last G levels; one that reaches is finished level by level. Each cell: sum of all "
        "magnitudes / signed bound (the first partial sum with its sign, the others' magnitudes). "
        "First with the quiet patterns' own coordinates, then with the G group coordinates chosen "
        "greedily to touch the fewest terms (least effect; the last row: the share of sum |a| they "
        "touch).",
        "",
        "| board | nullity | terms | fewest | best (sigma) | coordinates | "
        + " | ".join(f"G = {g}" for g in gs) + " |",
        "|---|--:|--:|--:|--:|---|" + "--:|" * len(gs),
    ]
    for r in results:
        kind = "all ones" if r["seed"] == "ones" else f"random (seed {r['seed']})"
        head = f"| {r['size']} {kind} | {r['d']} | {r['terms']} | {r['fewest']} | {r['z']:.2f} |"
        for label, shares in (("as they come", r["plain"]), ("least effect", r["chosen"])):
            cells = " | ".join(f"{shares[g][0]:.2%} / {shares[g][1]:.2%}" for g in gs)
            lines.append(f"{head} {label} | {cells} |")
            head = "| | | | | |"
        lines.append(head + " share of terms touched | "
                     + " | ".join(f"{r['touched'][g - 1]:.0%}" for g in gs) + " |")
    doc = pathlib.Path(__file__).resolve().parent.parent / "docs/performance.md"
    replace_section(doc, HEADING, HEADING + "\n\n" + "\n".join(lines) + "\n")
    print("wrote docs/performance.md", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lightsout", help="a lightsout binary to check the fewest presses against")
    parser.add_argument("--max-g", type=int, default=8)
    parser.add_argument("cases", nargs="*", default=DEFAULT_CASES)
    args = parser.parse_args()
    if not 3 <= args.max_g <= 12:
        parser.error("--max-g: 3 to 12")
    results = [measure(c, args.max_g, args.lightsout) for c in args.cases]
    write_doc(results, args.max_g, bool(args.lightsout))


if __name__ == "__main__":
    main()
