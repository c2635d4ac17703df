# The nullity of the n x n Lights Out board against n, for docs/nullity.svg.
#
# usage: gnuplot -e "datafile='FILE'; outfile='OUT'" bench/plot_nullity.gp (bench/nullity_plot.sh)
#   Optional: -e "fmt='png'" for a PNG instead of an SVG.

if (!exists("datafile")) datafile = "nullity.dat"
if (!exists("outfile")) outfile = "nullity.svg"
if (!exists("fmt")) fmt = "svg"

if (fmt eq "png") {
  set terminal png size 1000,500 font "sans,11"
} else {
  set terminal svg size 1000,500 dynamic font "sans,13" enhanced background rgb "white"
}
set output outfile
stats datafile using 2 nooutput
set title sprintf("Nullity of the n x n board (dimension of the quiet patterns), n = 1..%d", \
                  STATS_records) noenhanced
set xlabel "n" noenhanced
set ylabel "nullity" noenhanced
set xrange [0:STATS_records + 1]
set yrange [0:STATS_max * 1.08 + 1]
set grid xtics ytics lc rgb "#dddddd" lw 1
set key top left box opaque
plot datafile using 1:($2 > 0 ? $2 : 1/0) with impulses lc rgb "#3465a4" lw 1 \
       title "nullity > 0", \
     datafile using 1:($2 > 0 ? $2 : 1/0) with points pt 7 ps 0.35 lc rgb "#204a87" notitle, \
     datafile using 1:($2 == 0 ? 0 : 1/0) with points pt 7 ps 0.15 lc rgb "#aaaaaa" \
       title "nullity 0: every board solvable"
