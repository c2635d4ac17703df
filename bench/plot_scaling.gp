# Log-log plot of solve time against cells (chase and poly in memory, the CLI P4 to P4) for docs/scaling.svg.
#
# usage: gnuplot -e "datadir='DIR'; outfile='FILE'" bench/plot_scaling.gp   (bench/run does this)
#   DIR holds the files of `render_performance.py RESULTS --plot-data DIR`: lines "cells seconds label".
#   Optional: -e "fmt='png'" for a PNG (pngcairo) instead of an SVG.

if (!exists("datadir")) datadir = "."
if (!exists("outfile")) outfile = "scaling.svg"
if (!exists("fmt")) fmt = "svg"

if (fmt eq "png") {
  set terminal pngcairo size 1000,660 font "sans,11" enhanced
} else {
  set terminal svg size 1000,660 dynamic font "sans,13" enhanced background rgb "white"
}
set output outfile

f(name) = datadir . "/" . name . ".dat"
have(name) = system("test -s '" . f(name) . "' && echo 1 || echo 0") eq "1"

set title "Lights Out: solve time against board cells (medians, log-log)" noenhanced
set xlabel "cells (rows x cols)" noenhanced
set ylabel "time (s)"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xrange [10:3e10]
set yrange [1e-7:1e4]
set grid xtics ytics mxtics mytics lc rgb "#dddddd" lw 1, lc rgb "#f0f0f0" lw 1
set key top left Left reverse box opaque spacing 1.0 samplen 2.5 font ",12"
set mxtics 10
set mytics 10
set xtics 10
set ytics 10

# The acceptance targets: a short dash at the target time above the board size it is for.
set style line 9 lc rgb "#c00000" dt 2 lw 2
set arrow 1 from 4e7,0.3 to 2.5e8,0.3 nohead ls 9
set label 1 "0.3 s: 10⁴ × 10⁴ in memory" at 4e7,0.3 right offset -0.5,0 tc rgb "#c00000" noenhanced
set arrow 2 from 4e7,1.5 to 2.5e8,1.5 nohead ls 9
set label 2 "1.5 s: 10⁴ × 10⁴ P4 file to P4 file" at 4e7,1.5 right offset -0.5,0 tc rgb "#c00000" noenhanced
set arrow 3 from 4e9,30 to 2.5e10,30 nohead ls 9
set label 3 "30 s: 10¹⁰ cells end to end" at 4e9,30 right offset -0.5,0 tc rgb "#c00000" noenhanced

set style line 1 lc rgb "#1f77b4" lw 2 pt 7 ps 0.9
set style line 2 lc rgb "#2ca02c" lw 2 pt 5 ps 0.9
set style line 3 lc rgb "#2ca02c" lw 1 pt 9 ps 1.1
set style line 4 lc rgb "#2ca02c" lw 1 pt 13 ps 1.4
set style line 5 lc rgb "#ff7f0e" lw 2 pt 11 ps 1.0 dt 4
set style line 6 lc rgb "#ff7f0e" lw 1 pt 8 ps 1.1
set style line 7 lc rgb "#ff7f0e" lw 1 pt 15 ps 1.4

# Only the series with data (a run without BENCH_HUGE results has no 10^10 points).
cmd = ""
series(name, style, title) = have(name) ? \
  sprintf("'%s' using 1:2 %s title '%s' noenhanced, ", f(name), style, title) : ""
cmd = cmd . series("chase", "with linespoints ls 1", "chase, n × n, in memory (BM_SolveChase)")
cmd = cmd . series("poly", "with linespoints ls 2", "poly, n × n, in memory (BM_SolvePoly)")
cmd = cmd . series("poly_rect", "with points ls 3", "poly, rectangles, in memory")
cmd = cmd . series("huge_solve", "with points ls 4", \
  "poly, 10⁵ × 10⁵: solve phases of --stats (by hand)")
cmd = cmd . series("cli", "with linespoints ls 5", "CLI, P4 file to P4 file, n × n (wall)")
cmd = cmd . series("cli_rect", "with points ls 6", "CLI, P4 file to P4 file, rectangles (10¹⁰: by hand)")
cmd = cmd . series("huge_cli", "with points ls 7", \
  "CLI, P4 to P4, 10⁵ × 10⁵ (BENCH_HUGE=1, by hand)")
if (strlen(cmd) == 0) { print "plot_scaling.gp: no data in " . datadir; exit status 1 }
eval("plot " . cmd[1:strlen(cmd) - 2])
