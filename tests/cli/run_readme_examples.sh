#!/usr/bin/env bash
# The README's examples run as shown: every `$ ` line of its ```sh blocks, in order, in a scratch
# directory where ./lightsout is the built binary and examples/ is a copy of the repository's.
# The lines after a command are its expected stdout: compared line by line, where a line "..."
# ends the comparison (the rest is left out) and a line ending in "..." matches by its start.
# Usage: run_readme_examples.sh LIGHTSOUT REPO [DOC...]
set -uo pipefail
bin=$(realpath "$1")
repo=$(realpath "$2")
shift 2
docs=("$@")
[[ ${#docs[@]} -eq 0 ]] && docs=("$repo/README.md")
source "$(dirname "$0")/lib.sh"

cd "$work" || exit 1
ln -s "$bin" lightsout
cp -r "$repo/examples" examples

# check COMMAND EXPECTED_FILE: runs COMMAND with bash; exit 0 and stdout as EXPECTED says.
check() {
  local command=$1 expected=$2
  bash -c "$command" >"$work/doc.out" 2>"$work/doc.err" </dev/null
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "'$command': exit $rc: $(head -c 300 "$work/doc.err")"
    return
  fi
  local -a want got
  mapfile -t want <"$expected"
  mapfile -t got <"$work/doc.out"
  local i
  for i in "${!want[@]}"; do
    if [[ ${want[$i]} == "..." ]]; then
      pass
      return
    fi
    if [[ ${want[$i]} == *... ]]; then
      if [[ ${got[$i]:-} != "${want[$i]%...}"* ]]; then
        fail "'$command': line $((i + 1)) is '${got[$i]:-}', wanted it to start '${want[$i]%...}'"
        return
      fi
    elif [[ ${got[$i]:-} != "${want[$i]}" ]]; then
      fail "'$command': line $((i + 1)) is '${got[$i]:-}', wanted '${want[$i]}'"
      return
    fi
  done
  if [[ ${#want[@]} -gt 0 && ${#got[@]} -ne ${#want[@]} ]]; then
    fail "'$command': ${#got[@]} lines of output, the example shows ${#want[@]}"
    return
  fi
  pass
}

commands=0
for doc in "${docs[@]}"; do
  in_block=0
  command=""
  : >"$work/expected"
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $in_block == 0 ]]; then
      [[ $line == '```sh' ]] && in_block=1
      continue
    fi
    if [[ $line == '```' || $line == '$ '* ]]; then
      if [[ -n $command ]]; then
        check "$command" "$work/expected"
        commands=$((commands + 1))
      fi
      command=""
      : >"$work/expected"
      if [[ $line == '```' ]]; then
        in_block=0
      else
        command=${line#\$ }
      fi
      continue
    fi
    [[ -n $command ]] && printf '%s\n' "$line" >>"$work/expected"
  done <"$doc"
done
# The README must show commands: an example list that parsed to nothing is a failure too.
if [[ $commands -lt 5 ]]; then fail "only $commands example commands found in ${docs[*]}"; fi
finish
