#!/usr/bin/env python3
"""Generate Sources/ComposerPosts/Generated/IDNATables.swift: the Unicode data UTS #46 ToASCII needs.

Usage: Scripts/generate_idna_tables.py [OUTPUT_SWIFT]

Sources (install exactly these versions; both are PyPI packages):
    pip install idna==3.13 unicodedata2==17.0.1

- idna 3.13's `idna.uts46data`: the UTS #46 IDNA Mapping Table (IdnaMappingTable.txt) of
  Unicode 17.0.0, as (first code point, status, mapping) rows, each row running up to the next.
  Since Unicode 16 the table has no STD3 statuses: with UseSTD3ASCIIRules=false (as the URL
  Standard asks) every ASCII code point is valid.
- idna 3.13's `idna.idnadata.joining_types()`: Joining_Type (ArabicShaping.txt, Unicode 17.0.0),
  for the CONTEXTJ rule of ZERO WIDTH NON-JOINER.
- unicodedata2 17.0.1: Bidi_Class (for CheckBidi), General_Category (a label must not begin with a
  mark) and Canonical_Combining_Class = 9, Virama (for CONTEXTJ).

Output: range tables (each entry covers the code points up to the next entry's start), not a
per-code-point switch:
- mapping: the status of each range. Nontransitional processing (the URL Standard's) treats the
  `deviation` rows (U+00DF, U+03C2, U+200C, U+200D) as valid. A run of single code points each
  mapped to one code point at the same distance (A→a, B→b, …) is one "shift" range; other mappings
  point into a pool of scalars.
- properties: Bidi_Class, is-mark, Joining_Type and is-virama packed into 16 bits per range.
"""

import pathlib
import sys

import idna
import idna.idnadata
import idna.uts46data
import unicodedata2

PACKAGE = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = PACKAGE / "Sources" / "ComposerPosts" / "WebURL" / "IDNATables.swift"
EXPECTED = {"idna": "3.13", "uts46": "17.0.0", "unicodedata2": "17.0.0"}
PER_LINE = 8

# Mapping kinds (low 3 bits of a mapping value); must match IDNAMapping.swift.
VALID, IGNORED, DISALLOWED, SHIFTED, SEQUENCE = 0, 1, 2, 3, 4
# Bidi classes (low 4 bits of a property value); must match IDNAProperties.swift.
BIDI = {"L": 1, "R": 2, "AL": 3, "AN": 4, "EN": 5, "ES": 6, "CS": 7, "ET": 8, "ON": 9,
        "BN": 10, "NSM": 11}
MARK_BIT = 1 << 4
JOINING = {ord("L"): 1, ord("R"): 2, ord("D"): 3, ord("T"): 4, ord("C"): 5}
JOINING_SHIFT = 5
VIRAMA_BIT = 1 << 8


def check_versions():
    found = {"idna": idna.__version__, "uts46": idna.uts46data.__version__,
             "unicodedata2": unicodedata2.unidata_version}
    if found != EXPECTED:
        sys.exit(f"expected {EXPECTED}, found {found}: pip install idna==3.13 unicodedata2==17.0.1")


def mapping_ranges():
    """[(start, kind, payload)] merged; SEQUENCE payloads index into the returned pool."""
    rows = idna.uts46data.uts46data
    pool, pool_index, out = [], {}, []
    for i, row in enumerate(rows):
        start, status = row[0], row[1]
        end = rows[i + 1][0] if i + 1 < len(rows) else 0x110000
        if status in ("V", "D"):
            entry = (VALID, 0)
        elif status == "I":
            entry = (IGNORED, 0)
        elif status == "X":
            entry = (DISALLOWED, 0)
        elif status == "M":
            target = [ord(c) for c in row[2]]
            if len(target) == 1 and end - start == 1:
                entry = (SHIFTED, target[0] - start)
            else:
                key = tuple(target)
                if key not in pool_index:
                    pool_index[key] = len(pool)
                    pool.extend(target)
                offset = pool_index[key]
                if len(target) >= 32 or offset >= 1 << 20:
                    sys.exit(f"mapping of U+{start:04X} does not fit")
                entry = (SEQUENCE, offset << 5 | len(target))
        else:
            sys.exit(f"unexpected status {status!r} at U+{start:04X}")
        if out and out[-1][1:] == entry:
            continue  # same kind and payload (a shift by the same distance): one range
        out.append((start,) + entry)
    return out, pool


def encode_mapping(kind, payload):
    if kind == SHIFTED:
        payload += 0x110000  # the distance, made non-negative
    return kind | payload << 3


def property_ranges():
    joining = idna.idnadata.joining_types()
    out = []
    for cp in range(0x110000):
        ch = chr(cp)
        value = BIDI.get(unicodedata2.bidirectional(ch), 0)
        if unicodedata2.category(ch).startswith("M"):
            value |= MARK_BIT
        value |= JOINING.get(joining.get(cp, 0), 0) << JOINING_SHIFT
        if unicodedata2.combining(ch) == 9:
            value |= VIRAMA_BIT
        if not out or out[-1][1] != value:
            out.append((cp, value))
    return out


def array_literal(name, element, values, fmt, doc):
    lines = [f"    /// {line}".rstrip() for line in doc]
    lines.append(f"    static let {name}: [{element}] = [")
    for i in range(0, len(values), PER_LINE):
        lines.append("        " + " ".join(fmt(v) + "," for v in values[i:i + PER_LINE]))
    lines.append("    ]")
    return "\n".join(lines)


def main(argv):
    check_versions()
    output = pathlib.Path(argv[1]) if len(argv) > 1 else DEFAULT_OUTPUT
    mapping, pool = mapping_ranges()
    properties = property_ranges()
    hex32 = lambda v: f"0x{v:06X}"
    parts = [
        "// Generated by Scripts/generate_idna_tables.py from idna 3.13 (UTS #46 IDNA Mapping Table and",
        "// Joining_Type, Unicode 17.0.0) and unicodedata2 17.0.1 (Bidi_Class, General_Category,",
        "// Canonical_Combining_Class). Do not edit by hand.",
        "",
        "/// The Unicode 17.0.0 data of UTS #46 processing, as range tables: entry `i` covers the code",
        "/// points from `starts[i]` up to `starts[i + 1]`; the first start is 0.",
        "enum IDNATables {",
        '    /// The Unicode version of every table below.',
        '    static let unicodeVersion = "17.0.0"',
        "",
        array_literal("mappingStarts", "UInt32", [m[0] for m in mapping], hex32,
                      ["First code point of each mapping range."]),
        "",
        array_literal("mappingValues", "UInt32", [encode_mapping(m[1], m[2]) for m in mapping], hex32,
                      ["Kind in the low 3 bits (see `IDNAMapping.Kind`), payload above: a shift's",
                       "distance + 0x110000, or a sequence's pool offset << 5 | length."]),
        "",
        array_literal("mappingPool", "UInt32", pool, hex32,
                      ["The code points that `sequence` ranges map to, back to back."]),
        "",
        array_literal("propertyStarts", "UInt32", [p[0] for p in properties], hex32,
                      ["First code point of each property range."]),
        "",
        array_literal("propertyValues", "UInt16", [p[1] for p in properties], lambda v: f"0x{v:03X}",
                      ["Bidi_Class in the low 4 bits, is-mark in bit 4, Joining_Type in bits 5-7,",
                       "is-virama in bit 8 (see `IDNAProperties`)."]),
        "}",
        "",
    ]
    output.write_text("\n".join(parts), encoding="utf-8")
    print(f"{output}: {len(mapping)} mapping ranges, {len(pool)} pooled scalars, "
          f"{len(properties)} property ranges")


if __name__ == "__main__":
    main(sys.argv)
