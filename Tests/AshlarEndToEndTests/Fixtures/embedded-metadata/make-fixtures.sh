#!/usr/bin/env bash
# Makes the embedded-metadata fixture site: small images (Pillow) with metadata written into them
# by exiftool in the styles of the tools photographers use. Run from anywhere; rewrites site/.
# Needs python3 with Pillow (WebP and AVIF support) and exiftool (12.x).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf site
mkdir -p site/styles site/ratings
et() { exiftool -q -q -overwrite_original -charset iptc=UTF8 "$@"; }

python3 - <<'PY'
from PIL import Image, ImageDraw
def image(path, colour, size=(48, 32)):
    im = Image.new("RGB", size, colour)
    ImageDraw.Draw(im).rectangle([8, 8, 24, 20], fill=(255 - colour[0], 255 - colour[1], 255 - colour[2]))
    kwargs = {"quality": 85} if path.endswith((".jpg", ".webp", ".avif")) else {}
    im.save(path, **kwargs)
for name, colour in [("lightroom", (40, 90, 160)), ("apple-photos", (160, 90, 40)), ("windows", (60, 140, 60)),
                     ("iim-latin1", (140, 60, 140)), ("sidecar-wins", (90, 90, 90)), ("extended", (20, 60, 60))]:
    image(f"site/styles/{name}.jpg", colour)
image("site/styles/xmp-in-png.png", (200, 180, 40))
image("site/styles/xmp-in-webp.webp", (40, 180, 200))
image("site/styles/xmp-in-gif.gif", (200, 40, 40))
image("site/styles/xmp-in-avif.avif", (40, 40, 200))
for name, colour in [("rated-5", (10, 10, 10)), ("rated-3", (60, 60, 60)), ("rated-1", (110, 110, 110)),
                     ("rejected", (160, 160, 160)), ("unrated", (210, 210, 210))]:
    image(f"site/ratings/{name}.jpg", colour)
PY

# Lightroom Classic export: XMP (with IPTC Core alt text, hierarchical keywords, rights) and the
# same fields in IPTC-IIM, plus GPS and place names.
et -IPTC:CodedCharacterSet=UTF8 -XMP-dc:Title="Harbour at dawn" -XMP-dc:Description="Fishing boats leave the harbour before sunrise." \
   -XMP-iptcCore:AltTextAccessibility="Three small fishing boats on calm water under a pink sky" \
   -XMP-iptcCore:ExtDescrAccessibility="The boats are in a line from left to right; the sky fades from pink to blue." \
   -XMP-dc:Subject=harbour -XMP-dc:Subject=boats -XMP-lr:HierarchicalSubject="Places|Europe|Porto" \
   -XMP-dc:Creator="Ada Lovelace" -XMP-dc:Rights="© 2024 Ada Lovelace" \
   -XMP-xmpRights:WebStatement="https://creativecommons.org/licenses/by/4.0/" \
   -XMP-xmp:Rating=4 -XMP-xmp:Label=Red -XMP-iptcCore:Location="Ribeira" -XMP-photoshop:City="Porto" \
   -XMP-photoshop:State="Norte" -XMP-photoshop:Country="Portugal" \
   -IPTC:ObjectName="Harbour at dawn" -IPTC:Caption-Abstract="Fishing boats leave the harbour before sunrise." \
   -IPTC:Keywords=harbour -IPTC:Keywords=boats -IPTC:By-line="Ada Lovelace" -IPTC:CopyrightNotice="© 2024 Ada Lovelace" \
   -EXIF:DateTimeOriginal="2024:06:01 06:12:00" -GPSLatitude=41.1406 -GPSLatitudeRef=N -GPSLongitude=8.6110 -GPSLongitudeRef=W \
   site/styles/lightroom.jpg

# Apple Photos: IPTC-IIM in UTF-8 (1:90) and XMP; the IIM title is older than the XMP one.
et -IPTC:CodedCharacterSet=UTF8 -IPTC:ObjectName="Café (old title)" -IPTC:Caption-Abstract="Un café à Montmartre." \
   -IPTC:Keywords="Paris" -IPTC:Keywords="café" -XMP-dc:Title="Café à Montmartre" \
   -XMP-dc:Description="Un café à Montmartre." -XMP-dc:Subject="Paris" -XMP-dc:Subject="café" \
   site/styles/apple-photos.jpg

# Windows Explorer: the XP tags (UTF-16) and Artist.
et -XPTitle="Dunes at noon" -XPComment="Wind ripples on the dunes." -XPKeywords="sand;desert" \
   -XPAuthor="Grace Hopper" -EXIF:Copyright="© Grace Hopper" site/styles/windows.jpg

# An older tool: IPTC-IIM only, in Latin-1, with no 1:90 record.
et -charset iptc=Latin -IPTC:ObjectName="Fête de la musique" -IPTC:Caption-Abstract="Musiciens dans la rue, à Lyon." \
   -IPTC:Keywords="fête" -IPTC:By-line="Zoë Martin" -IPTC:City="Lyon" -IPTC:Country-PrimaryLocationName="France" \
   site/styles/iim-latin1.jpg

# XMP in a PNG (iTXt), a WebP (XMP chunk), a GIF (application extension) and an AVIF (mime item).
for format in png webp gif avif; do
    et -XMP-dc:Title="Title from the $format XMP" -XMP-iptcCore:AltTextAccessibility="Alt text from the $format XMP" \
       -XMP-dc:Subject="$format" "site/styles/xmp-in-$format.$format"
done

# Embedded metadata that a sidecar overrides.
et -XMP-dc:Title="Embedded title" -XMP-dc:Description="Embedded caption" site/styles/sidecar-wins.jpg
printf '{"title": "Sidecar title"}\n' >site/styles/sidecar-wins.jpg.json

# A description too long for one APP1 segment: exiftool writes Extended XMP.
long=$(python3 -c "print(' '.join(f'word{i}' for i in range(9000)))")
et -XMP-dc:Title="Extended" -XMP-iptcCore:AltTextAccessibility="A photo whose description is long" \
   -XMP-dc:Description="$long" site/styles/extended.jpg

# Ratings for minRating: 5, 3, 1, rejected (-1) and none.
et -XMP-xmp:Rating=5 site/ratings/rated-5.jpg
et -XMP-xmp:Rating=3 site/ratings/rated-3.jpg
et -XMP-xmp:Rating=1 site/ratings/rated-1.jpg
et -XMP-xmp:Rating=-1 -GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E site/ratings/rejected.jpg
for file in site/ratings/*.jpg; do et -XMP-iptcCore:AltTextAccessibility="A grey square" "$file"; done
ls -l site/*/
