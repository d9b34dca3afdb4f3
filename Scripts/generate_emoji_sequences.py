#!/usr/bin/env python3
"""Generate Sources/ComposerPosts/Generated/EmojiTrie+Table.swift: the emoji sequences twitter-text
3.1.0 counts as one emoji (weight 2 whatever their length).

Usage: Scripts/generate_emoji_sequences.py [--dump] [output.swift]

Data: the PyPI `emoji` package (`pip install emoji==2.16.0`), whose EMOJI_DATA lists every emoji
sequence of Unicode's emoji-test.txt with its emoji version (`E`), its qualification status and
whether the character has emoji variation sequences (`variant`). twitter-text 3.1.0 finds emoji
with twemoji-parser 11.0.2, whose expression was generated from Twemoji 11 (Emoji 11.0), so only
sequences of Emoji 11.0 and earlier are taken, shaped by the rules that expression follows:

- fully-qualified sequences (ZWJ sequences, flags, tag sequences, skin-tone sequences) as listed;
- keycaps `[#*0-9]` + optional U+FE0F + U+20E3 (the unqualified form counts too);
- a single character with variation sequences (text-style by default, such as U+263A or U+2764)
  counts alone as well as with U+FE0F, except when U+FE0E follows it (then it is text); but
  U+00A9, U+00AE, U+2122 and U+265F count only with U+FE0F;
- a single character without variation sequences counts alone; a U+FE0F after it is an emoji of
  its own (a lone U+FE0F counts as one emoji);
- skin-tone modifier bases take an optional modifier, after the optional U+FE0F for text-style ones;
- the five skin-tone modifiers and the 26 regional indicators count alone.

Twemoji 11 differs from the Unicode list in a few places, kept as named exceptions below
(TWEMOJI_EXTRA_*): U+26F7 (skier) takes skin tones, U+1F441 U+200D U+1F5E8 is the eye-in-speech-
bubble sequence without its U+FE0Fs, the hair components U+1F9B0..U+1F9B3 do not count alone,
U+267E has no text-style form, U+1F574 and U+1F935 have gendered ZWJ forms (Unicode added the latter
only in Emoji 13.0), and the private-use U+E50A counts. Which emoji-style characters had variation
sequences in Emoji 11.0 is listed (LEGACY_EMOJI_STYLE_VARIANTS): the package only says which have
them now. With `--dump` the script prints the sequences as JSON lines
(`{"cps": [...], "noFE0E": bool}`) instead, to compare with the reference expression's language.
"""
import json
import os
import sys

import emoji

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(PACKAGE_ROOT, "Sources", "ComposerPosts", "Emoji", "EmojiTrie+Table.swift")

EMOJI_VERSION = 11.0
FULLY_QUALIFIED = 2
COMPONENT = 1
VS16 = 0xFE0F
ZWJ = 0x200D
KEYCAP = 0x20E3
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
KEYCAP_BASES = [ord(c) for c in "#*0123456789"]
# Text-style characters that count only when U+FE0F follows.
VS16_REQUIRED = {0x00A9, 0x00AE, 0x2122, 0x265F}
# Emoji-style characters that already had variation sequences in Emoji 11.0 (the list later grew
# to cover every emoji, which is what the package's `variant` says now); text-style characters
# (whose bare form is unqualified) had them all along.
LEGACY_EMOJI_STYLE_VARIANTS = {
    0x231A, 0x231B, 0x25FD, 0x25FE, 0x2614, 0x2615, *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1,
    0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26FA,
    0x26FD, 0x2757, 0x2B1B, 0x2B1C, 0x2B50, 0x2B55, 0x1F004, 0x1F21A, 0x1F22F,
}
# Twemoji 11's own list, where it differs from Emoji 11.0.
TWEMOJI_EXTRA_MODIFIER_BASES = {0x26F7}
TWEMOJI_EXTRA_SEQUENCES = [(0x1F441, ZWJ, 0x1F5E8), (0xE50A,)]
TWEMOJI_NOT_ALONE = set(range(0x1F9B0, 0x1F9B4))
TWEMOJI_WITHOUT_VARIANTS = {0x267E}
# Gendered forms Twemoji 11 drew before Unicode had them: (base, base is text-style).
TWEMOJI_EXTRA_GENDERED = [(0x1F574, True), (0x1F935, False)]

# Terminal kinds in the generated table.
MATCH = 1
MATCH_UNLESS_FE0E = 2


def sequences():
    """{code points: terminal kind}."""
    data = {
        tuple(ord(c) for c in text): info
        for text, info in emoji.EMOJI_DATA.items()
        if info["E"] <= EMOJI_VERSION
    }
    result = {}

    def add(cps, kind=MATCH):
        cps = tuple(cps)
        if result.get(cps) != MATCH:
            result[cps] = kind

    singles = set()
    modifier_bases = set(TWEMOJI_EXTRA_MODIFIER_BASES)
    variants = set()
    for cps, info in data.items():
        base = tuple(cp for cp in cps if cp != VS16)
        if len(base) == 1:
            singles.add(base[0])
            text_style = data.get((base[0],), {}).get("status") != FULLY_QUALIFIED
            if info.get("variant") and (text_style or base[0] in LEGACY_EMOJI_STYLE_VARIANTS):
                variants.add(base[0])
        if len(base) == 2 and base[1] in SKIN_TONES:
            modifier_bases.add(base[0])

    for cps, info in data.items():
        if info["status"] != FULLY_QUALIFIED or len([cp for cp in cps if cp != VS16]) == 1:
            continue
        if cps == (0x1F441, VS16, ZWJ, 0x1F5E8, VS16) or any(cp == KEYCAP for cp in cps):
            continue
        if len(cps) == 2 and cps[1] in SKIN_TONES:
            continue  # generated below with the base's own rule
        add(cps)
    for cps in TWEMOJI_EXTRA_SEQUENCES:
        add(cps)
    for base, text_style in TWEMOJI_EXTRA_GENDERED:
        for sign in (0x2640, 0x2642):
            for middle in [(tone,) for tone in SKIN_TONES] + [(VS16,) if text_style else ()]:
                add((base,) + middle + (ZWJ, sign, VS16))
    for base in KEYCAP_BASES:
        add((base, KEYCAP))
        add((base, VS16, KEYCAP))
    add((VS16,))
    for cp in list(SKIN_TONES) + list(REGIONAL_INDICATORS):
        add((cp,))

    for cp in sorted(singles):
        if cp in KEYCAP_BASES or cp in TWEMOJI_NOT_ALONE or cp in SKIN_TONES or cp in REGIONAL_INDICATORS:
            continue
        if cp in VS16_REQUIRED:
            add((cp, VS16))
            continue
        tones = [(tone,) for tone in SKIN_TONES] if cp in modifier_bases else []
        if cp in variants and cp not in TWEMOJI_WITHOUT_VARIANTS:
            add((cp,), MATCH_UNLESS_FE0E)
            add((cp, VS16))
            for tone in tones:
                add((cp,) + tone)
                add((cp, VS16) + tone)
        else:
            add((cp,))
            for tone in tones:
                add((cp,) + tone)
    return result


def build_trie(seqs):
    """Nodes as (edges {scalar: child}, terminal kind); node 0 is the root."""
    nodes = [({}, 0)]
    for cps, kind in sorted(seqs.items()):
        node = 0
        for cp in cps:
            edges = nodes[node][0]
            if cp not in edges:
                edges[cp] = len(nodes)
                nodes.append(({}, 0))
            node = edges[cp]
        nodes[node] = (nodes[node][0], kind)
    return nodes


def swift_array(name, type_name, values, per_line=12):
    lines = []
    for start in range(0, len(values), per_line):
        lines.append("        " + ", ".join(values[start:start + per_line]) + ",")
    return f"    static let {name}: [{type_name}] = [\n" + "\n".join(lines) + "\n    ]\n"


def render(seqs):
    nodes = build_trie(seqs)
    first_edge, edge_counts, terminals, scalars, targets = [], [], [], [], []
    for edges, kind in nodes:
        first_edge.append(str(len(scalars)))
        edge_counts.append(str(len(edges)))
        terminals.append(str(kind))
        for cp in sorted(edges):
            scalars.append(f"0x{cp:X}")
            targets.append(str(edges[cp]))
    if len(scalars) >= 1 << 16 or len(nodes) >= 1 << 16:
        raise SystemExit("table too large for UInt16 indices")
    header = (
        "// Generated by Scripts/generate_emoji_sequences.py from the `emoji` package "
        f"{emoji.__version__} (Emoji {EMOJI_VERSION} and earlier). Do not edit.\n"
        f"// {len(seqs)} sequences, {len(nodes)} trie nodes, {len(scalars)} edges.\n\n"
        "extension EmojiTrie {\n"
        "    /// Per node: index of its first edge in ``edgeScalars``.\n"
    )
    return (
        header
        + swift_array("nodeFirstEdge", "UInt16", first_edge)
        + "    /// Per node: how many edges leave it (sorted by scalar from ``nodeFirstEdge``).\n"
        + swift_array("nodeEdgeCount", "UInt16", edge_counts)
        + "    /// Per node: 0 = no sequence ends here, 1 = one does, 2 = one does unless U+FE0E follows.\n"
        + swift_array("nodeTerminal", "UInt8", terminals, per_line=24)
        + "    /// Per edge: the scalar it reads.\n"
        + swift_array("edgeScalars", "UInt32", scalars, per_line=10)
        + "    /// Per edge: the node it leads to.\n"
        + swift_array("edgeTargets", "UInt16", targets)
        + "}\n"
    )


def main(argv):
    args = argv[1:]
    seqs = sequences()
    if args and args[0] == "--dump":
        for cps, kind in sorted(seqs.items()):
            print(json.dumps({"cps": list(cps), "noFE0E": kind == MATCH_UNLESS_FE0E}))
        return
    output = args[0] if args else DEFAULT_OUTPUT
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(render(seqs))
    print(f"wrote {output}: {len(seqs)} sequences")


if __name__ == "__main__":
    main(sys.argv)
