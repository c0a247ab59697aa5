#!/usr/bin/env bash
# Long fuzzing run: every fuzz target of the module for a given time each,
# with the executions reported per target and in total. CI keeps its short
# count-based run (.ci/run); this is the depth run before a release.
#
#   fuzz/long.sh [duration-per-target] [package-pattern] [target-regexp]
#   fuzz/long.sh 10m                 # every target, ten minutes each
#   fuzz/long.sh 2m ./movement/...   # one package
#   PARALLEL=1 fuzz/long.sh 1m       # one worker (shared machines)
#   MINIMIZE=5s fuzz/long.sh 10m     # time spent shrinking each new input
#                                    # (go's default 60s; the end-to-end
#                                    # targets lose most of a run to it)
#   SHARD=2/4 fuzz/long.sh 10m       # every fourth target, from the second:
#                                    # four shards run side by side cover all
#
# A finding is written by go test under the package's
# testdata/fuzz/<Target>/ directory: commit it, it becomes a seed that every
# plain `go test` run replays. The summary goes to stdout and to
# ${LOG:-fuzz-long.log}; the script exits non-zero if any target failed.
set -uo pipefail
cd "$(dirname "$0")/.."

dur=${1:-10m}
pattern=${2:-./...}
only=${3:-.}
par=${PARALLEL:-$(nproc)}
log=${LOG:-fuzz-long.log}
minimize=${MINIMIZE:-60s}
shard=${SHARD:-1/1}
shard_i=${shard%/*}
shard_n=${shard#*/}
if ! [[ $shard_i =~ ^[0-9]+$ && $shard_n =~ ^[0-9]+$ ]] || [ "$shard_n" -lt 1 ] || [ "$shard_i" -lt 1 ] || [ "$shard_i" -gt "$shard_n" ]; then
	echo "fuzz/long.sh: SHARD=$shard: want i/n with 1 <= i <= n" >&2
	exit 2
fi
: >"$log"

total=0
failed=0
k=0
for pkg in $(go list "$pattern"); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' | grep -E "$only" || true); do
		k=$((k + 1))
		if [ $(((k - 1) % shard_n + 1)) -ne "$shard_i" ]; then
			continue
		fi
		out=$(mktemp)
		# -fuzztime is a duration here; go1.26 may report "context deadline
		# exceeded" at the deadline with no failing input (golang/go#75804):
		# that is not a finding and is told apart below.
		go test -run '^$' -fuzz "^${target}\$" -fuzztime "$dur" -fuzzminimizetime "$minimize" -parallel "$par" "$pkg" >"$out" 2>&1
		rc=$?
		# the last progress line: "fuzz: elapsed: 10m0s, execs: 123456 (205/sec), ..."
		execs=$(grep -o 'execs: [0-9]*' "$out" | tail -1 | grep -o '[0-9]*' || echo 0)
		execs=${execs:-0}
		status=ok
		if [ $rc -ne 0 ]; then
			if grep -q 'Failing input written to' "$out"; then
				status=FINDING
				failed=$((failed + 1))
			elif grep -q 'context deadline exceeded' "$out"; then
				status=ok-deadline
			else
				status=FAIL
				failed=$((failed + 1))
			fi
		fi
		total=$((total + execs))
		line=$(printf '%-45s %-24s %12s execs  %s' "$pkg" "$target" "$execs" "$status")
		echo "$line" | tee -a "$log"
		if [ "$status" = FINDING ] || [ "$status" = FAIL ]; then
			sed 's/^/    /' "$out" | tail -30 | tee -a "$log"
		fi
		rm -f "$out"
	done
done
echo "total $total execs, $failed failing targets, $dur per target (shard $shard)" | tee -a "$log"
[ $failed -eq 0 ]
