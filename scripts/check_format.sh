#!/usr/bin/env bash
# clang-format --dry-run --Werror with the checked-in .clang-format over the C++ sources in src,
# include, tests, bench, examples and wasm. Fails, listing the files, when any would change; fix
# with `clang-format -i FILE...`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(find src include tests bench examples wasm -name node_modules -prune -o \
  -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -print | sort)
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [[ ${#bad[@]} -gt 0 ]]; then
  echo "clang-format: ${#bad[@]} of ${#files[@]} files are not formatted:"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "clang-format: ${#files[@]} files formatted"
