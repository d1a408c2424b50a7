#!/usr/bin/env bash
# Draws the demo's Act 3 as a timeline (SVG) and checks it in a real browser: headless
# Chromium renders it to a PNG, which the README shows.
#
#   bash Docs/render-timeline.sh            # needs `chromium` (Debian: apt-get install chromium)
#
# Writes Docs/AppFlow.docc/Resources/act3-timeline.svg and act3-timeline.png. Fails if
# the demo fails, if Chromium cannot render the SVG, or if the PNG is blank (under 4 KB).
set -euo pipefail
cd "$(dirname "$0")/.."
out=Docs/AppFlow.docc/Resources
svg=$out/act3-timeline.svg
png=$out/act3-timeline.png
swift run appflow-demo --no-color --tasks 300 --auth-tasks 80 --timeline "$svg" | tail -n 3
height=$(sed -n 's/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
[ -n "$height" ] || { echo "render-timeline: no height in $svg" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "render-timeline: no Chromium found (apt-get install chromium)" >&2; exit 1; }
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="1200,$height" --screenshot="$PWD/$png" "file://$PWD/$svg" 2>/dev/null
size=$(wc -c < "$png")
[ "$size" -gt 4096 ] || { echo "render-timeline: $png is only $size bytes" >&2; exit 1; }
echo "render-timeline: $svg rendered by $(basename "$browser") to $png ($size bytes)"
