#!/bin/sh
# Instruction counts per op of the benchmark family (load-independent),
# as the tab-separated table cmd/perfplot reads (-plot -unit Ir):
#
#   go test -c -o /tmp/scale.test ./internal/scalebench
#   internal/scalebench/callgrind.sh /tmp/scale.test > docs/performance-scale-ir.tsv
#
# Each figure is the difference of two callgrind runs (N1 and N2 ops:
# 4,096 pairs more, each pair once) divided by N2 - N1, so the table's
# generation and the first-use preparation cancel out.
bin=$1
n1=${N1:-4096}
n2=${N2:-8192}
cases=${CASES:-"SightSegment Sight VisibleFraction/local VisibleFraction/table"}
ir() {
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run XXX -test.bench "$1" -test.benchtime "$2x" 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf 'case\t50\t200\t800\t3000\n'
for c in $cases; do
	printf '%s' "$c"
	for n in 50 200 800 3000; do
		re="^BenchmarkScale\$/^$c\$/^pieces=$n\$"
		a=$(ir "$re" "$n1")
		b=$(ir "$re" "$n2")
		printf '\t%s' $(( (b - a) / (n2 - n1) ))
	done
	printf '\n'
done
