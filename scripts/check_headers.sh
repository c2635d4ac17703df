#!/usr/bin/env bash
# Every header of INCLUDE_DIR/lightsout compiles alone: each in its own translation unit (included
# twice, so that a missing include guard shows too), with only INCLUDE_DIR on the include path,
# C++20 and warnings as errors. Globs the directory, so a header added or removed needs no edit.
# Usage: check_headers.sh INCLUDE_DIR [CXX]   (default CXX: $CXX, else c++)
set -euo pipefail
include=$(cd "$1" && pwd)
cxx=${2:-${CXX:-c++}}
shopt -s nullglob
headers=("$include"/lightsout/*.hpp)
if [[ ${#headers[@]} -eq 0 ]]; then
  echo "check_headers: no headers in $include/lightsout" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in "${headers[@]}"; do
  name=$(basename "$h" .hpp)
  printf '#include "lightsout/%s.hpp"\n#include "lightsout/%s.hpp"\n' "$name" "$name" \
    >"$tmp/$name.cpp"
done
# One compiler a header, as many at a time as there are cores; -fsyntax-only: no object files.
failed=0
# shellcheck disable=SC2016 # the sh -c script expands its own arguments
printf '%s\n' "$tmp"/*.cpp | xargs -P "$(nproc)" -I{} sh -c \
  '"$1" -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$2" "$3" 2>"$3.log" ||
   { echo "check_headers: $(basename "$3" .cpp).hpp does not compile alone:" >&2; cat "$3.log" >&2;
     exit 1; }' _ "$cxx" "$include" {} || failed=1
[[ $failed == 0 ]] || exit 1
echo "check_headers: ${#headers[@]} headers compile alone"
