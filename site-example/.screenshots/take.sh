#!/usr/bin/env bash
# Retakes the screenshots of the example site with headless Chromium: the home, an album, a
# photo page (its viewing mode) and the About page, light and dark, on a desktop window
# (1280 x 860) and a phone's (390 x 844). Run from the repository root after
# `swift run ashlar build site-example`.
set -euo pipefail
cd "$(dirname "$0")/../.."
site="$PWD/site-example/_site"
out="$PWD/site-example/.screenshots"
shoot() { # page, name, colour scheme (0 dark, 1 light), width, height
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$4,$5" \
    --blink-settings=preferredColorScheme="$3" --virtual-time-budget=5000 \
    --screenshot="$out/$2.png" "file://$site/$1" >/dev/null 2>&1
}
for scheme in light dark; do
  value=$([ "$scheme" = light ] && echo 1 || echo 0)
  shoot index.html "album-$scheme" "$value" 1280 860
  shoot nature/index.html "nature-$scheme" "$value" 1280 860
  shoot nature/moonrise/index.html "photo-$scheme" "$value" 1280 860
  shoot about/index.html "about-$scheme" "$value" 1280 860
  shoot index.html "phone-home-$scheme" "$value" 390 844
  shoot nature/index.html "phone-album-$scheme" "$value" 390 844
  shoot nature/moonrise/index.html "phone-photo-$scheme" "$value" 390 844
  shoot about/index.html "phone-about-$scheme" "$value" 390 844
done
