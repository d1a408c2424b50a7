#!/usr/bin/env bash
# Bug-finding power of the schedule explorer (issue 39): for each single-line break of an
# ordering rule in Benchmarks/BugFinding/breaks.txt, apply it to the library, then run
#   - AuthFlowExplorationTests with up to $SCHEDULES schedules per scenario and strategy
#     (random, PCT of depth 3), and report after how many schedules each strategy first
#     failed a scenario;
#   - today's stress tests (the suites named *StressTests and *StormTests, and
#     aLogoutBeatsEveryEarlierLoginUnderStress), and report whether they failed;
# and undo the break. Run from the repository's root, on a clean tree:
#
#   bash Benchmarks/bug-finding.sh [schedules]     (1000 by default)
#
# BUG_FINDING_LOGS=dir keeps each break's test output there. It takes about two minutes a break on a 2-core machine (a debug build of the tests, then
# the two runs). Docs/AppFlow.docc/Reliability.md keeps the table.
set -uo pipefail
cd "$(dirname "$0")/.."
SCHEDULES="${1:-1000}"
BREAKS="${BREAKS:-Benchmarks/BugFinding/breaks.txt}"
if ! git diff --quiet -- Sources; then
    echo "bug-finding: Sources has uncommitted changes; run it on a clean tree" >&2
    exit 2
fi
LOG=$(mktemp -d)
trap 'git checkout -- Sources; rm -rf "$LOG"' EXIT

# The breaks, as id<TAB>rule<TAB>file (the old and new lines are read by python below).
ids=$(python3 - "$BREAKS" <<'PY'
import sys
for block in open(sys.argv[1]).read().split("\n---\n"):
    fields = dict(line.split(": ", 1) for line in block.strip().splitlines() if ": " in line)
    if fields: print(fields["id"])
PY
)
printf '%-4s %-5s %-34s %-34s %s\n' break rule "explorer: random (schedules)" "explorer: PCT d=3 (schedules)" "stress tests"
for id in $ids; do
    python3 - "$BREAKS" "$id" <<'PY' || { echo "$id: its line is not in the source (stale break)"; continue; }
import sys
path, wanted = sys.argv[1:3]
for block in open(path).read().split("\n---\n"):
    fields = {}
    for line in block.strip("\n").splitlines():
        key, _, value = line.partition(": ")
        fields[key] = value
    if fields.get("id") != wanted: continue
    source = open(fields["file"]).read()
    if source.count(fields["old"] + "\n") != 1: sys.exit(1)
    open(fields["file"], "w").write(source.replace(fields["old"] + "\n", fields["new"] + "\n"))
PY
    rule=$(python3 - "$BREAKS" "$id" <<'PY'
import sys
for block in open(sys.argv[1]).read().split("\n---\n"):
    fields = dict(line.split(": ", 1) for line in block.strip().splitlines() if ": " in line)
    if fields.get("id") == sys.argv[2]: print(fields["rule"])
PY
)
    if ! swift build --build-tests >"$LOG/build" 2>&1; then
        echo "$id: does not compile"; git checkout -- Sources; continue
    fi
    APPFLOW_SCHEDULES="$SCHEDULES" timeout 900 swift test --skip-build --filter AuthFlowExplorationTests >"$LOG/explore" 2>&1
    # "exploration <scenario>, <strategy>: found after <n> schedules": the fewest, and where.
    found() {
        grep -o "exploration .*, $1(.*: found after [0-9]* schedules" "$LOG/explore" \
            | sed -E 's/^exploration (.*), [a-z]+\(.*: found after ([0-9]+) schedules$/\2 (\1)/' | sort -n | head -1
    }
    random=$(found random); pct=$(found pct)
    if [ -z "$random$pct" ] && grep -q "Fatal error" "$LOG/explore"; then
        # The break trapped the process (a precondition of the library), so no count was
        # printed: find the smallest schedule bound at which the run still traps.
        for bound in 1 3 10 30 100 300 1000; do
            APPFLOW_SCHEDULES="$bound" timeout 900 swift test --skip-build --filter AuthFlowExplorationTests \
                >"$LOG/bound" 2>&1
            if grep -q "Fatal error" "$LOG/bound"; then
                random="a trap within $bound"; pct="(same run)"; break
            fi
        done
    fi
    if timeout 900 swift test --skip-build --filter "StressTests|StormTests|aLogoutBeatsEveryEarlierLoginUnderStress" >"$LOG/stress" 2>&1; then
        stress="passed (not found)"
    else
        stress="failed (found)"
    fi
    printf '%-4s %-5s %-34s %-34s %s\n' "$id" "$rule" "${random:-not found in $SCHEDULES}" "${pct:-not found in $SCHEDULES}" "$stress"
    if [ -n "${BUG_FINDING_LOGS:-}" ]; then
        mkdir -p "$BUG_FINDING_LOGS" && cp "$LOG/explore" "$BUG_FINDING_LOGS/$id.explore" && cp "$LOG/stress" "$BUG_FINDING_LOGS/$id.stress"
    fi
    git checkout -- Sources
done
