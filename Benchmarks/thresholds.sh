#!/usr/bin/env bash
# The malloc-count thresholds of AppFlow's benchmarks, as swift-nio keeps them.
#
#   bash Benchmarks/thresholds.sh check    # run AppFlow's benchmarks, compare with Thresholds/
#   bash Benchmarks/thresholds.sh update   # rewrite Thresholds/ from a fresh run
#
# Only malloc counts are kept and checked: wall-clock times are too noisy on shared CI
# machines. The tolerances live in AppFlowBenchmarks.swift (`MallocTolerance`); the
# baselines carry none and are not run here. The fade benchmark measures time only.
set -euo pipefail
cd "$(dirname "$0")"

# Both patterns must match a whole benchmark name.
selection=(--target AppFlowBenchmarks --filter '.*AppFlow.*' --skip 'FadeOvershoot.*' --no-progress)

case "${1:-}" in
check)
    swift package benchmark thresholds check "${selection[@]}"
    ;;
update)
    swift package --allow-writing-to-package-directory benchmark thresholds update "${selection[@]}"
    # The plugin writes every metric it measured; keep the malloc count alone, since a
    # metric without a tolerance is checked strictly.
    python3 - <<'PY'
import json, pathlib
for path in sorted(pathlib.Path("Thresholds").glob("*.p90.json")):
    kept = {k: v for k, v in json.loads(path.read_text()).items() if k == "mallocCountTotal"}
    path.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n")
    print(f"{path}: {kept}")
PY
    ;;
*)
    echo "usage: $0 check|update" >&2
    exit 2
    ;;
esac
