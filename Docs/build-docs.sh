#!/usr/bin/env bash
# Builds AppFlow's DocC documentation from Docs/AppFlow.docc, without the swift-docc-plugin
# (which would ignore a catalog in Docs/ and give the package a dependency).
#
#   bash Docs/build-docs.sh [OUTPUT]   # default output: .build-docs/AppFlow.doccarchive
#
# Fails on any DocC warning (a broken link, an unresolved symbol, a bad parameter list),
# on a public symbol of AppFlow or AppFlowTesting without a documentation comment, and on
# a top-level public symbol of AppFlow that the landing page does not curate. Preview the archive with any static file server
# after `docc process-archive transform-for-static-hosting`, or open it in Xcode.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
output="${1:-$scratch/AppFlow.doccarchive}"
# The compiler writes the graph only when it compiles the module, so the folder is kept
# between runs: an up-to-date build leaves an up-to-date graph.
rm -rf "$output"
mkdir -p "$graphs"

# Building the test kit builds AppFlow too, so both modules' graphs are written: both
# are checked for documentation, and the catalog documents AppFlow.
swift build --target AppFlowTesting --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
catalog_graphs="$PWD/$scratch/catalog-symbol-graphs"
rm -rf "$catalog_graphs"
mkdir -p "$catalog_graphs"
cp "$graphs"/AppFlow.symbols.json "$catalog_graphs"/
# Extension graphs (AppFlow@Module.symbols.json) exist only if AppFlow extends another
# module's public types.
for extension in "$graphs"/AppFlow@*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$catalog_graphs"/; fi
done

python3 - "$graphs" Docs/AppFlow.docc/AppFlow.md <<'PY'
import json, pathlib, re, sys
graphs, landing = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text()
curated = set(re.findall(r"^- ``([A-Za-z]+)``$", landing, re.M))
problems, count = [], 0
for graph in sorted(graphs.glob("*.symbols.json")):
    module = json.loads(graph.read_text())
    for symbol in module["symbols"]:
        # Members a protocol of another module supplies (`Equatable.!=` and the like) are
        # synthesized copies, documented where they are declared.
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        count += 1
        path = module["module"]["name"] + "." + ".".join(symbol["pathComponents"])
        if not symbol.get("docComment"):
            problems.append(f"{path}: public but undocumented")
        if graph.name == "AppFlow.symbols.json" and len(symbol["pathComponents"]) == 1 \
                and symbol["pathComponents"][0] not in curated:
            problems.append(f"{path}: not curated in AppFlow.md's Topics")
if count == 0:
    problems.append(f"no symbol graph in {graphs}")
for problem in problems:
    print(f"error: {problem}")
print(f"{count} public symbols checked in {', '.join(sorted(g.name for g in graphs.glob('*.symbols.json')))}: {len(problems)} problems")
sys.exit(1 if problems else 0)
PY

docc convert Docs/AppFlow.docc \
    --additional-symbol-graph-dir "$catalog_graphs" \
    --fallback-display-name AppFlow \
    --fallback-bundle-identifier org.appflow.AppFlow \
    --output-path "$output" \
    --warnings-as-errors
echo "documentation: $output"
