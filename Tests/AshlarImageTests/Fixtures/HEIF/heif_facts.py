#!/usr/bin/env python3
"""An independent HEIF box walk for the HEIF reader's tests (no libheif, no Swift code shared).

Usage: heif_facts.py FILE...  prints one JSON object per file, keyed by file name:
brands, primary item, items (type, hidden, name, content type, total iloc length, construction
method), references, every item's properties in ipma order (with their key fields) and each grid's
rows, columns and output size. Written from ISO/IEC 14496-12 and 23008-12 directly.
"""
import json
import struct
import sys


def boxes(data, start, end):
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[offset + 8:offset + 16])[0]
            header = 16
        elif size == 0:
            size = end - offset
        yield kind.decode("latin-1"), offset + header, offset + size
        offset += size


def uint(data, offset, size):
    if size == 0:
        return 0, offset
    return int.from_bytes(data[offset:offset + size], "big"), offset + size


def cstring(data, offset, end):
    stop = data.index(b"\0", offset, end) if b"\0" in data[offset:end] else end
    return data[offset:stop].decode("utf-8", "replace"), stop + 1


def parse_property(kind, data, start, end):
    fact = {"type": kind}
    if kind == "ispe":
        fact["width"], fact["height"] = struct.unpack(">II", data[start + 4:start + 12])
    elif kind == "irot":
        fact["angle"] = (data[start] & 3) * 90
    elif kind == "imir":
        fact["axis"] = data[start] & 1
    elif kind == "pixi":
        count = data[start + 4]
        fact["bits"] = list(data[start + 5:start + 5 + count])
    elif kind == "clap":
        fact["fractions"] = list(struct.unpack(">IIIIiIiI", data[start:start + 32]))
    elif kind == "colr":
        colour = data[start:start + 4].decode("latin-1")
        fact["colour"] = colour
        if colour == "nclx":
            p, t, m = struct.unpack(">HHH", data[start + 4:start + 10])
            fact["nclx"] = [p, t, m, data[start + 10] >> 7]
        else:
            fact["icc_bytes"] = end - start - 4
    elif kind == "auxC":
        fact["urn"], _ = cstring(data, start + 4, end)
    elif kind in ("hvcC", "av1C"):
        fact["bytes"] = end - start
    return fact


def facts(path):
    data = open(path, "rb").read()
    result = {"items": {}, "references": [], "grids": {}}
    top = list(boxes(data, 0, len(data)))
    ftyp = next(b for b in top if b[0] == "ftyp")
    result["major_brand"] = data[ftyp[1]:ftyp[1] + 4].decode("latin-1")
    result["compatible_brands"] = [data[o:o + 4].decode("latin-1") for o in range(ftyp[1] + 8, ftyp[2], 4)]
    meta = next(b for b in top if b[0] == "meta")
    properties, associations, locations, idat = [], {}, {}, None
    for kind, start, end in boxes(data, meta[1] + 4, meta[2]):
        version = data[start]
        flags = int.from_bytes(data[start + 1:start + 4], "big")
        if kind == "pitm":
            result["primary"] = uint(data, start + 4, 2 if version == 0 else 4)[0]
        elif kind == "iinf":
            first = start + 4 + (2 if version == 0 else 4)
            for child, cstart, cend in boxes(data, first, end):
                v = data[cstart]
                hidden = bool(data[cstart + 3] & 1)
                item_id, o = uint(data, cstart + 4, 2 if v == 2 else 4)
                o += 2
                item_type = data[o:o + 4].decode("latin-1")
                name, o = cstring(data, o + 4, cend)
                item = {"type": item_type, "hidden": int(hidden), "name": name}
                if item_type == "mime":
                    item["content_type"], o = cstring(data, o, cend)
                result["items"][str(item_id)] = item
        elif kind == "iloc":
            o = start + 4
            sizes = int.from_bytes(data[o:o + 2], "big")
            offset_size, length_size, base_size = sizes >> 12, sizes >> 8 & 15, sizes >> 4 & 15
            index_size = sizes & 15 if version >= 1 else 0
            count, o = uint(data, o + 2, 2 if version < 2 else 4)
            for _ in range(count):
                item_id, o = uint(data, o, 2 if version < 2 else 4)
                method = 0
                if version >= 1:
                    method = int.from_bytes(data[o:o + 2], "big") & 15
                    o += 2
                o += 2
                base, o = uint(data, o, base_size)
                extents, o = uint(data, o, 2)
                total = 0
                first = None
                for _ in range(extents):
                    _, o = uint(data, o, index_size)
                    extent_offset, o = uint(data, o, offset_size)
                    length, o = uint(data, o, length_size)
                    total += length
                    first = extent_offset if first is None else first
                locations[item_id] = {
                    "method": method, "length": total, "base": base, "extents": extents, "first": first or 0}
        elif kind == "idat":
            idat = (start, end)
        elif kind == "iref":
            id_size = 2 if version == 0 else 4
            for ref, rstart, rend in boxes(data, start + 4, end):
                source, o = uint(data, rstart, id_size)
                count, o = uint(data, o, 2)
                targets = []
                for _ in range(count):
                    target, o = uint(data, o, id_size)
                    targets.append(target)
                result["references"].append({"type": ref, "from": source, "to": targets})
        elif kind == "iprp":
            for child, cstart, cend in boxes(data, start, end):
                if child == "ipco":
                    properties = [parse_property(k, data, s, e) for k, s, e in boxes(data, cstart, cend)]
                elif child == "ipma":
                    v, f = data[cstart], int.from_bytes(data[cstart + 1:cstart + 4], "big")
                    count, o = uint(data, cstart + 4, 4)
                    for _ in range(count):
                        item_id, o = uint(data, o, 2 if v < 1 else 4)
                        n = data[o]
                        o += 1
                        entries = []
                        for _ in range(n):
                            value, o = uint(data, o, 2 if f & 1 else 1)
                            index = value & (0x7FFF if f & 1 else 0x7F)
                            essential = bool(value >> (15 if f & 1 else 7))
                            entries.append((index, essential))
                        associations[item_id] = entries
    for item_id, item in result["items"].items():
        location = locations.get(int(item_id))
        if location:
            item["data_length"] = location["length"]
            item["construction_method"] = location["method"]
        item["properties"] = [
            dict(properties[index - 1], essential=int(essential))
            for index, essential in associations.get(int(item_id), []) if index > 0
        ]
        if item["type"] == "grid" and location:
            base = idat[0] if location["method"] == 1 else 0
            # Only one-extent grids occur here; read the ImageGrid structure where iloc puts it.
            o = base + location["base"] + location["first"]
            flags = data[o + 1]
            rows, columns = data[o + 2] + 1, data[o + 3] + 1
            size = 4 if flags & 1 else 2
            width, o2 = uint(data, o + 4, size)
            height, _ = uint(data, o2, size)
            result["grids"][item_id] = {"rows": rows, "columns": columns, "width": width, "height": height}
    return result


if __name__ == "__main__":
    print(json.dumps({path.rsplit("/", 1)[-1]: facts(path) for path in sys.argv[1:]}, indent=1, sort_keys=True))
