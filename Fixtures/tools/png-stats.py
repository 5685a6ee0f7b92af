#!/usr/bin/env python3
"""Prints what a PNG shows, as JSON: its size, how many distinct colours it has, the share
of pixels that are not (near) white, and how many pixels have each of the given colours.

Used by the bench report test to check that a page rendered by headless Chromium is not
blank and that the charts were drawn. Standard library only (zlib), 8-bit RGB/RGBA PNGs.

    png-stats.py FILE.png [#RRGGBB ...]
"""
import json
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read (got depth {depth}, colour {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    width, height, channels, rows = read_png(sys.argv[1])
    wanted = {c.lower(): tuple(int(c.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)) for c in sys.argv[2:]}
    colours, ink = {}, 0
    counts = {name: 0 for name in wanted}
    for row in rows:
        for x in range(0, len(row), channels):
            rgb = row[x:x + 3]
            colours[rgb] = colours.get(rgb, 0) + 1
    for rgb, n in colours.items():
        if min(rgb) < 235:
            ink += n
        for name, (r, g, b) in wanted.items():
            if abs(rgb[0] - r) <= 12 and abs(rgb[1] - g) <= 12 and abs(rgb[2] - b) <= 12:
                counts[name] += n
    print(json.dumps({"width": width, "height": height, "colours": len(colours),
                      "inkShare": round(ink / (width * height), 4), "colourPixels": counts}))


if __name__ == "__main__":
    main()
