#!/usr/bin/env bash
# Retakes the README's screenshots of the example site with headless Chromium (1280 x 860).
# Run from the repository root after `swift run ashlar build site-example`.
set -euo pipefail
cd "$(dirname "$0")/../.."
site="$PWD/site-example/_site"
out="$PWD/site-example/.screenshots"
shoot() { # page, name, colour scheme (0 dark, 1 light)
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,860 \
    --blink-settings=preferredColorScheme="$3" --virtual-time-budget=5000 \
    --screenshot="$out/$2.png" "file://$site/$1" >/dev/null 2>&1
}
shoot index.html album-light 1
shoot index.html album-dark 0
shoot nature/moonrise/index.html photo-light 1
shoot nature/moonrise/index.html photo-dark 0
