# torus_column_verify: an independent checker for presses on an R x 1 torus of two states (plain
# awk, sharing no code with lightsout). A press flips its own cell three times (itself and both
# wrapped neighbours of its one-cell row), so once, and the cells above and below it (mod R).
# Input: one line "LIGHT PRESS" a row (paste the board's values and the presses' side by side).
# Prints "ok R" and exits 0 when every cell ends dark, else "lit row I" and exits 1.
{
  l[NR % 3] = $1
  p[NR % 3] = $2
  if (NR == 1) { l0 = $1; p0 = $2 }
  if (NR == 2) p1 = $2
  # Row NR - 2 (0-based) is complete: its presses are those of rows NR - 3, NR - 2 and NR - 1.
  if (NR >= 3 && (l[(NR - 1) % 3] + p[(NR - 2) % 3] + p[(NR - 1) % 3] + p[NR % 3]) % 2 != 0) {
    print "lit row " (NR - 2)
    bad = 1
    exit 1
  }
  lastl = $1
  lastp = $2
  prevp = p[(NR - 1) % 3]
}
END {
  if (bad) exit 1
  # The wrapped rows: R - 1 (presses R - 2, R - 1, 0) and 0 (presses R - 1, 0, 1).
  if ((lastl + prevp + lastp + p0) % 2 != 0) { print "lit row " (NR - 1); exit 1 }
  if ((l0 + lastp + p0 + p1) % 2 != 0) { print "lit row 0"; exit 1 }
  print "ok " NR
}
