# Sourced by the bench scripts: `timed LABEL CMD...` runs CMD under GNU time and appends
# "LABEL wall user system peak_kb" to $results (scratch files in $work).
timed() {
  local label=$1
  shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@"
  echo "$label $(tail -n 1 "$work/time")" >>"$results"
}
