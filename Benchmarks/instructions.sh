#!/usr/bin/env bash
# Instruction counts of AppFlow's hot path, counted by callgrind, against the thresholds
# in Thresholds/instructions.json. Unlike wall-clock times they repeat on a shared
# machine (two runs of the same binary differ by a few dozen instructions in millions).
#
#   bash Benchmarks/instructions.sh check    # count, compare, exit 1 above a threshold
#   bash Benchmarks/instructions.sh update   # rewrite the thresholds from a fresh count
#
# Each scenario runs 0 and 20,000 times (InstructionCounts/main.swift); the difference
# divided by 20,000 is the cost of one repetition, start-up excluded.
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-}
case "$mode" in check | update) ;; *)
    echo "usage: $0 check|update" >&2
    exit 2
    ;;
esac
swift build -c release --product InstructionCounts >/dev/null
binary=$(swift build -c release --show-bin-path)/InstructionCounts
repetitions=20000
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "$1" "$2" >/dev/null 2>&1
    awk '/^summary:/ { print $2 }' "$out"
    rm -f "$out"
}
measured=()
for scenario in cycle events floor handwritten; do
    base=$(count "$scenario" 0)
    full=$(count "$scenario" "$repetitions")
    measured+=("$scenario=$(((full - base) / repetitions))")
done
python3 - "$mode" "${measured[@]}" <<'PY'
import json, pathlib, sys
mode, pairs = sys.argv[1], dict(p.split("=") for p in sys.argv[2:])
path = pathlib.Path("Thresholds/instructions.json")
measured = {k: int(v) for k, v in pairs.items()}
# The references are reported beside AppFlow's figures, not gated.
references = {"cycle": "floor", "events": "handwritten"}
gated = {k: v for k, v in measured.items() if k in references}
for name, reference in references.items():
    ratio = measured[name] / measured[reference]
    print(f"{name}: {measured[name]}, {reference} (reference): {measured[reference]}, ratio {ratio:.2f}")
if mode == "update":
    path.write_text(json.dumps({"tolerance": 0.01, "instructions": gated}, indent=2, sort_keys=True) + "\n")
    print(f"{path}: {gated}")
    sys.exit(0)
thresholds = json.loads(path.read_text())
tolerance, expected = thresholds["tolerance"], thresholds["instructions"]
failed = False
for name, value in gated.items():
    limit = expected[name] * (1 + tolerance)
    verdict = "ok" if value <= limit else "ABOVE THRESHOLD"
    failed |= value > limit
    print(f"{name}: {value} instructions per repetition (threshold {expected[name]} + {tolerance:.0%}): {verdict}")
sys.exit(1 if failed else 0)
PY
