#!/bin/sh
# Writes photographer-folder/site/{raw,phone}: camera RAWs with embedded JPEG previews
# (hand-built TIFF structures), a small HEIC, HEIC and video stand-ins. Needs python3 with Pillow
# and heif-enc. The files are committed; run this again only to change them.
set -eu
cd "$(dirname "$0")"
rm -rf site/raw site/phone site/only-heic
python3 make-unpublished-fixtures.py
