#!/usr/bin/env bash
# Issue 43's measurement site: the twelve photos of ../shared/photos and ../shared/photos-mixed
# in three albums, one with a three-second video (made with ffmpeg), built with the `ashlar`
# binary given, then each album page's largest contentful paint, layout shift and weight on the
# throttled link, at 390x844 DPR 3 and 1280x800 (Tests/Measurements/first-paint.py).
#
#   bash Tests/Measurements/portfolio-site.sh ASHLAR WORKDIR [LOADS]
#
# Needs ffmpeg, chromium and chromedriver (.ci/install-image-tools, .ci/install-browser-tools);
# nothing in the build or the tests runs it.
set -euo pipefail
ashlar=$(realpath "$1")
work=$2
loads=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
shared=$(cd "$here/../../../shared" && pwd)
rm -rf "$work"
mkdir -p "$work/source/sony" "$work/source/city" "$work/source/countryside"
cp "$shared"/photos/*.jpg "$work/source/sony/"
cp "$shared"/photos-mixed/{Skewed_Seven_Eleven,View_From_A_Hotel_Room,Neon_Banana,Windowstill}.jp*g "$work/source/city/"
cp "$shared"/photos-mixed/{Angled_Landscape,Moody_Skies,Poof,Sheep}.jp*g "$work/source/countryside/"
ffmpeg -loglevel error -f lavfi -i testsrc2=size=1280x720:rate=30 -t 3 -pix_fmt yuv420p \
  -c:v libx264 -movflags +faststart "$work/source/countryside/clip.mp4"
echo '{ "title": "Portfolio" }' > "$work/source/ashlar.json"
HOME="$work/home" "$ashlar" build "$work/source" --output "$work/site" --quiet
for album in sony city countryside; do
  echo "== $album/"
  python3 "$here/first-paint.py" "$work/site" "$album/" "$loads"
done
