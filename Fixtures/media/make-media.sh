#!/usr/bin/env bash
# Regenerates the small real media samples in this folder with ffmpeg (Debian's package).
# The committed files are the output of this script; `make fixtures` runs it.
set -euo pipefail
cd "$(dirname "$0")"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
img="testsrc=size=64x48:rate=1"
tone="sine=frequency=440:sample_rate=8000:duration=0.25"
vid="testsrc=size=64x48:rate=25:duration=0.2"

# Supported types (docs/behaviour.md#types-and-sizes).
ff -f lavfi -i "$img" -frames:v 1 -q:v 8 sample.jpg
ff -f lavfi -i "$img" -frames:v 1 sample.png
ff -f lavfi -i "testsrc=size=32x24:rate=4:duration=0.5" -f gif sample.gif
ff -f lavfi -i "$tone" -ac 1 -c:a pcm_s16be sample.aiff
ff -f lavfi -i "$tone" -ac 1 -c:a pcm_s16le sample.wav
ff -f lavfi -i "$tone" -ac 1 -c:a libmp3lame -b:a 16k sample.mp3
ff -f lavfi -i "$tone" -ac 1 -c:a aac -b:a 16k sample.m4a
ff -f lavfi -i "$vid" -c:v mpeg1video -b:v 64k -f mpeg sample.mpg
ff -f lavfi -i "$vid" -c:v mpeg2video -b:v 64k -f mpeg2video sample.m2v
ff -f lavfi -i "$vid" -c:v mpeg2video -b:v 64k -f mpeg2video sample.mp2
ff -f lavfi -i "$vid" -c:v mpeg4 -q:v 20 -f mp4 sample.mp4
ff -f lavfi -i "$vid" -c:v mpeg4 -q:v 20 -f mp4 sample.m4v
ff -f lavfi -i "$vid" -c:v mpeg4 -q:v 20 -f avi sample.avi

# A phone's portrait video for AVFoundation's preferredTransform: stored landscape (red left half,
# blue right) with the QuickTime matrix of a quarter turn clockwise (0 1 -1 0, as an iPhone writes
# it; Debian 12's ffmpeg writes that matrix for rotate=270: `ffprobe -show_streams` says
# "rotation=-90"). Not a sample or near miss of the attachment tables (no such prefix).
ff -f lavfi -i "color=c=red:s=32x48:r=25:d=0.2" -f lavfi -i "color=c=blue:s=32x48:r=25:d=0.2" \
   -filter_complex hstack -c:v mpeg4 -q:v 4 -f mp4 rotated-landscape.tmp.mp4
ff -i rotated-landscape.tmp.mp4 -c copy -metadata:s:v:0 rotate=270 rotated-portrait.mp4
rm rotated-landscape.tmp.mp4

# A photo of about 1 MB (noise keeps JPEG from shrinking it): the bench's slow-network example
# (1 MB at Edge's 240 kbit/s takes 33 s, past the 30 s deadline).
ff -f lavfi -i "testsrc2=size=1440x1080:rate=1,noise=alls=40:allf=t:all_seed=7" -frames:v 1 -q:v 3 photo-1mb.jpg

# Near misses that must be refused.
ff -f lavfi -i "$img" -frames:v 1 -c:v libwebp near-miss.webp
ff -f lavfi -i "$vid" -c:v mpeg4 -q:v 20 -f mov near-miss.mov
ff -f lavfi -i "$tone" -ac 1 -c:a flac near-miss.flac
ff -f lavfi -i "$tone" -ac 1 -c:a libvorbis near-miss.ogg
cat > near-miss-html.jpg <<'HTML'
<!DOCTYPE html>
<html><head><title>404 Not Found</title></head>
<body><h1>Not Found</h1><p>The requested image was not found on this server.</p></body></html>
HTML
head -c "$(( $(stat -c %s sample.png) / 2 ))" sample.png > near-miss-truncated.png
: > near-miss-empty.jpg
cp sample.mp3 audio-without-extension   # a sound served under a URL without an extension
