#!/usr/bin/env bash
# Builds the state-machine fuzzer and runs it.
#   bash Tests/Fuzz/fuzz.sh [seconds]     fuzz from the committed corpus (default 60 s)
#   bash Tests/Fuzz/fuzz.sh crash-<hash>  replay one input, e.g. a crash file it wrote
# The target compiles the AppFlow sources with the harness into one module, so it can
# reach the internal machines; libFuzzer and AddressSanitizer come from the toolchain.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build-fuzz
mkdir -p "$out"
sources=$(find Sources/AppFlow -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -j2 -package-name appflow -module-name AppFlowFuzz \
    $sources Tests/Fuzz/*.swift -o "$out/fuzz-state-machines"
export SWIFT_BACKTRACE=enable=no
arg=${1:-60}
if [ -f "$arg" ]; then
    exec "$out/fuzz-state-machines" "$arg"
fi
# New inputs go to a scratch corpus; the committed seeds are only read.
mkdir -p "$out/corpus"
"$out/fuzz-state-machines" -max_total_time="$arg" -max_len=512 -print_final_stats=1 \
    -artifact_prefix="$out/" "$out/corpus" Tests/Fuzz/Corpus
