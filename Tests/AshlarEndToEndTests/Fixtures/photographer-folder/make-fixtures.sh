#!/usr/bin/env bash
# Makes the photographer-folder fixture: a folder as it comes off cameras and phones, no
# sidecars but one, no configuration. Here site/camera/: small JPEGs (Pillow) with camera EXIF
# written by exiftool, named as people and cameras name them; then make-unpublished-fixtures.sh
# writes site/raw, site/phone and site/only-heic (camera RAWs with embedded previews, HEIC and
# video stand-ins). Run from anywhere. Needs python3 with Pillow, and exiftool. The files are
# committed; run this again only to change them.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf site/camera
mkdir -p site/camera
et() { exiftool -q -q -overwrite_original "$@"; }

python3 - <<'PY'
from PIL import Image, ImageDraw
for name, colour in [("Moody_Skies.jpeg", (70, 80, 110)), ("été-à-l'île.jpg", (40, 150, 170)),
                     ("IMG_1234.jpg", (170, 120, 60)), ("DSC01234.jpg", (90, 130, 70))]:
    im = Image.new("RGB", (48, 32), colour)
    ImageDraw.Draw(im).rectangle([8, 8, 24, 20], fill=(255 - colour[0], 255 - colour[1], 255 - colour[2]))
    im.save(f"site/camera/{name}", quality=85)
PY

# A Sony: the camera's EXIF, and the XMP Lightroom adds, whose aux:Lens outranks the EXIF lens.
et -EXIF:Make=SONY -EXIF:Model=ILCE-7RM3 -EXIF:LensModel="FE 35mm F1.8" -EXIF:ExposureTime=1/4000 \
   -EXIF:FNumber=1.8 -EXIF:ISO=1250 -EXIF:FocalLength=35 -EXIF:DateTimeOriginal="2024:03:09 17:42:10" \
   -EXIF:OffsetTimeOriginal=+01:00 -XMP-aux:Lens="Sony FE 35mm F1.8" site/camera/Moody_Skies.jpeg

# A Canon, whose model says the make again; a JSON sidecar overrides its ISO.
et -EXIF:Make=Canon -EXIF:Model="Canon EOS R5" -EXIF:LensModel="RF24-105mm F4 L IS USM" \
   -EXIF:ExposureTime=1/250 -EXIF:FNumber=8 -EXIF:ISO=100 -EXIF:FocalLength=24 \
   -EXIF:DateTimeOriginal="2024:07:14 11:05:00" -EXIF:OffsetTimeOriginal=+02:00 "site/camera/été-à-l'île.jpg"
printf '{"iso": 200}\n' >"site/camera/été-à-l'île.jpg.json"

# An iPhone: the lens make is the camera's, and the lens model names the phone again; its 35 mm
# equivalent focal length, and exposure compensation.
et -EXIF:Make=Apple -EXIF:Model="iPhone 13 Pro" -EXIF:LensMake=Apple \
   -EXIF:LensModel="iPhone 13 Pro back triple camera 5.7mm f/1.5" -EXIF:ExposureTime=1/120 -EXIF:FNumber=1.5 \
   -EXIF:ISO=50 -EXIF:FocalLength=5.7 -EXIF:DateTimeOriginal="2024:05:01 08:30:00" -EXIF:OffsetTimeOriginal=-04:00 \
   -EXIF:FocalLengthIn35mmFormat=26 -EXIF:ExposureCompensation=-2/3 site/camera/IMG_1234.jpg

# Camera fields in XMP only (an editor that dropped the EXIF): ISO as exif:ISOSpeedRatings, an rdf:Seq.
et -XMP-tiff:Make="NIKON CORPORATION" -XMP-tiff:Model="NIKON Z 6" -XMP-exifEX:LensModel="NIKKOR Z 50mm f/1.8 S" \
   -XMP-exif:ExposureTime=1/60 -XMP-exif:FNumber=2.8 -XMP-exif:ISO=800 -XMP-exif:FocalLength=50 \
   site/camera/DSC01234.jpg

ls -l site/camera/

# Two photos large enough for renditions, tagged with colour profiles: standard sRGB (HP's, as
# most cameras write it), which renditions leave out, and Display P3, which they keep.
rm -rf site/colour
mkdir -p site/colour
python3 - <<'PY'
from PIL import Image
icc = "../../../AshlarImageTests/Fixtures/icc/"
for name, profile, top, bottom in [("Harbour_Dusk.jpg", "srgb-hp-v2.icc", (250, 170, 90), (20, 40, 90)),
                                   ("Neon_Sign.jpg", "display-p3-v4.icc", (255, 40, 120), (30, 10, 60))]:
    im = Image.new("RGB", (640, 427))
    for y in range(427):
        t = y / 426
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
        im.paste(colour, (0, y, 640, y + 1))
    im.save(f"site/colour/{name}", quality=80, icc_profile=open(icc + profile, "rb").read())
PY

# The RAW, HEIC and video part.
sh make-unpublished-fixtures.sh
