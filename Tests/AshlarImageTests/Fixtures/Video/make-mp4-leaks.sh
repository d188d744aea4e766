#!/bin/sh
# Makes the MP4s that leak where they were taken, or the camera's serial number or owner, in the
# places a denylist misses (issue 39), for the tests of the published copy's allowlist. Needs
# ffmpeg (libx264, aac), exiftool and Python 3; the results are committed, so CI needs none of
# them. Run from this folder.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ff="ffmpeg -hide_banner -loglevel error -y -fflags +bitexact"
# A second of tiny video and sound; moov last, as the Python helper needs.
$ff -f lavfi -i testsrc=size=160x90:rate=5 -f lavfi -i sine=frequency=440:sample_rate=8000 -t 1 \
    -pix_fmt yuv420p -c:v libx264 -profile:v main -preset veryfast -crf 45 -c:a aac -b:a 8k -ac 1 \
    -map_metadata -1 "$tmp/base.mp4"

# (1) ffmpeg's "keep all metadata" remux of an Android clip: a Keys item named `location`.
$ff -i "$tmp/base.mp4" -c copy -metadata location="+48.8583+002.2945/" "$tmp/android.mp4"
$ff -i "$tmp/android.mp4" -c copy -map_metadata 0 -movflags use_metadata_tags leak-keys.mp4

# (2) a Sony rtmd timed metadata track with GPS (exiftool -ee3 reads GPSLatitude from it).
python3 make-mp4-leaks.py track "$tmp/base.mp4" leak-rtmd.mp4 rtmd

# (3) a subtitle track (tx3g) in the Yuneec drone format: GPS as text.
printf '1\n00:00:00,000 --> 00:00:01,000\nLat:48.8583 Lon:2.2945 Alt:35 m\n' > "$tmp/gps.srt"
$ff -i "$tmp/base.mp4" -i "$tmp/gps.srt" -map 0 -map 1 -c copy -c:s mov_text leak-tx3g.mp4

# (4) a Garmin VIRB GPS log in a uuid box inside moov.
python3 make-mp4-leaks.py garmin "$tmp/base.mp4" leak-uuid.mp4

# (5) cover art: a JPEG with GPS, the camera's serial number and its owner.
$ff -f lavfi -i color=c=teal:size=16x16 -frames:v 1 "$tmp/cover.jpg"
exiftool -q -overwrite_original '-GPSLatitude=48.8583' '-GPSLatitudeRef=N' '-GPSLongitude=2.2945' \
    '-GPSLongitudeRef=E' '-SerialNumber=SN-LEAK-4242' '-OwnerName=Owner Leak' "$tmp/cover.jpg"
cp "$tmp/base.mp4" leak-covr.mp4
exiftool -q -overwrite_original '-CoverArt<='"$tmp/cover.jpg" leak-covr.mp4

# (6) GoPro: a gpmd GPS track and the camera serial number in udta/GPMF.
python3 make-mp4-leaks.py gpmf "$tmp/base.mp4" leak-gopro.mp4

ls -l leak-*.mp4
for f in leak-*.mp4; do
    echo "== $f"
    exiftool -a -G1 -n -ee3 "$f" | grep -iE 'gps|locat|coordinates|serial|owner|cover' || true
done > exiftool-leaks.txt
