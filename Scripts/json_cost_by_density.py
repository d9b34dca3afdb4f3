#!/usr/bin/env python3
"""What `--format json` costs against `--color always` as spans get denser.

Usage: Scripts/json_cost_by_density.py HIGHLIGHT PROSE DENSE OUT_PREFIX [RUNS]

PROSE and DENSE are the two corpora of Scripts/GenerateScanCorpus.swift (20 MiB each). Their lines
are mixed into 20 MiB inputs with 0, 25, 50, 75 and 100 % of the bytes from DENSE; every rule set
HIGHLIGHT has is timed on each, ANSI and JSON, on one thread (CPU time) and with the default
threads (wall time), runs interleaved, medians of RUNS (default 7). Writes OUT_PREFIX.txt (a
Markdown table) and OUT_PREFIX.svg (JSON / ANSI against spans per KiB, one line per rule set).
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SHARES = (0, 25, 50, 75, 100)
RULES = ("bluesky", "twitter", "mastodon", "icysky")
COLOURS = {"bluesky": "#0a7aff", "twitter": "#222222", "mastodon": "#8c3fd1", "icysky": "#e07b00"}


def mix(prose_path, dense_path, share, target, out_path):
    """Lines of both corpora, interleaved so that `share` % of the bytes come from the dense one."""
    prose = open(prose_path, "rb").read().split(b"\n")
    dense = open(dense_path, "rb").read().split(b"\n")
    fraction = share / 100
    lines, size, from_prose, from_dense, p, d = [], 0, 0, 0, 0, 0
    while size < target:
        if fraction == 1 or (fraction > 0 and from_dense < fraction * (from_prose + from_dense + 1)):
            line = dense[d % len(dense)]
            d += 1
            from_dense += len(line) + 1
        else:
            line = prose[p % len(prose)]
            p += 1
            from_prose += len(line) + 1
        lines.append(line)
        size += len(line) + 1
    with open(out_path, "wb") as out:
        out.write(b"\n".join(lines) + b"\n")


OUTPUT = "/dev/shm/json-cost-by-density.out" if os.path.isdir("/dev/shm") else os.path.join(tempfile.gettempdir(), "json-cost-by-density.out")


def run(highlight, arguments, input_path):
    """CPU ms (user + system of the child) and wall ms of one run, output to a file (in memory where
    /dev/shm exists), as the speed table writes it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(input_path, "rb") as source, open(OUTPUT, "wb") as sink:
        subprocess.run([highlight] + arguments, stdin=source, stdout=sink, check=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return cpu, wall


def spans_per_kib(highlight, rules, input_path):
    with open(input_path, "rb") as source:
        output = subprocess.run([highlight, "--rules", rules, "--format", "json"], stdin=source,
                                stdout=subprocess.PIPE, check=True).stdout
    return output.count(b'{"kind":') / (os.path.getsize(input_path) / 1024)


def svg(rows, path):
    """JSON / ANSI against spans per KiB, a colour per rule set: wall time with the default threads
    solid, CPU time on one thread dashed."""
    width, height, left, bottom, top, right = 640, 400, 60, 50, 30, 120
    xs = [row["density"] for row in rows]
    x_max = max(xs) * 1.05
    y_min, y_max = 0.9, max(1.5, max(max(row["wall_ratio"], row["cpu_ratio"]) for row in rows) * 1.05)

    def x(value):
        return left + value / x_max * (width - left - right)

    def y(value):
        return height - bottom - (value - y_min) / (y_max - y_min) * (height - bottom - top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{left}" y="18" font-size="14">JSON / ANSI on 20 MiB, by spans per KiB (prose to dense text)</text>',
             f'<text x="{width - right + 6}" y="{top + 120}">solid: wall,</text>',
             f'<text x="{width - right + 6}" y="{top + 135}">default threads</text>',
             f'<text x="{width - right + 6}" y="{top + 155}">dashed: CPU,</text>',
             f'<text x="{width - right + 6}" y="{top + 170}">one thread</text>']
    tick = 0.9
    while tick <= y_max + 1e-9:
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:.1f}</text>')
        tick += 0.1
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(1.2):.1f}" y2="{y(1.2):.1f}" stroke="#d33" stroke-dasharray="6 4"/>')
    parts.append(f'<text x="{left + 6}" y="{y(1.2) - 5:.1f}" fill="#d33">1.2, issue 22\'s bound</text>')
    for step in range(0, int(x_max) + 1, 5):
        parts.append(f'<text x="{x(step):.1f}" y="{height - bottom + 18}" text-anchor="middle">{step}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">spans per KiB</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{height - bottom}" y2="{height - bottom}" stroke="black"/>')
    parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}" stroke="black"/>')
    for index, rules in enumerate(RULES):
        for key, dashes in (("wall_ratio", ""), ("cpu_ratio", ' stroke-dasharray="4 3"')):
            points = [(row["density"], row[key]) for row in rows if row["rules"] == rules]
            if not points:
                continue
            path_points = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in points)
            parts.append(f'<polyline points="{path_points}" fill="none" stroke="{COLOURS[rules]}" stroke-width="2"{dashes}/>')
            for a, b in points:
                parts.append(f'<circle cx="{x(a):.1f}" cy="{y(b):.1f}" r="3" fill="{COLOURS[rules]}"/>')
        parts.append(f'<text x="{width - right + 6}" y="{top + 40 + 16 * index}" fill="{COLOURS[rules]}">{rules}</text>')
    parts.append("</svg>")
    with open(path, "w") as out:
        out.write("\n".join(parts) + "\n")


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    highlight, prose, dense, prefix = sys.argv[1:5]
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 7
    rules_available = [r for r in RULES
                       if subprocess.run([highlight, "--rules", r], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0]
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for share in SHARES:
            input_path = os.path.join(directory, f"dense{share}.txt")
            mix(prose, dense, share, 20 * 1024 * 1024, input_path)
            for rules in rules_available:
                configurations = {
                    "ansi1": ["--rules", rules, "--color", "always", "--threads", "1"],
                    "json1": ["--rules", rules, "--format", "json", "--threads", "1"],
                    "ansi": ["--rules", rules, "--color", "always"],
                    "json": ["--rules", rules, "--format", "json"],
                }
                cpu = {name: [] for name in configurations}
                wall = {name: [] for name in configurations}
                for _ in range(runs):
                    for name, arguments in configurations.items():
                        c, w = run(highlight, arguments, input_path)
                        cpu[name].append(c)
                        wall[name].append(w)
                median = {name: (statistics.median(cpu[name]), statistics.median(wall[name])) for name in configurations}
                row = {
                    "share": share, "rules": rules, "density": spans_per_kib(highlight, rules, input_path),
                    "ansi1": median["ansi1"][0], "json1": median["json1"][0],
                    "ansi": median["ansi"][1], "json": median["json"][1],
                }
                row["cpu_ratio"] = row["json1"] / row["ansi1"]
                row["wall_ratio"] = row["json"] / row["ansi"]
                rows.append(row)
                print(f"{share:3d} % dense {rules:8s} {row['density']:5.1f} spans/KiB  CPU 1 thread {row['cpu_ratio']:.2f}  "
                      f"wall default threads {row['wall_ratio']:.2f}", file=sys.stderr)
    with open(prefix + ".txt", "w") as out:
        out.write("| dense share | rules | spans per KiB | ANSI CPU ms, 1 thread | JSON CPU ms, 1 thread | JSON / ANSI | "
                  "ANSI wall ms, default threads | JSON wall ms | JSON / ANSI |\n")
        out.write("|---:|---|---:|---:|---:|---:|---:|---:|---:|\n")
        for row in sorted(rows, key=lambda r: (RULES.index(r["rules"]), r["share"])):
            out.write(f"| {row['share']} % | {row['rules']} | {row['density']:.1f} | {row['ansi1']:.1f} | {row['json1']:.1f} | "
                      f"{row['cpu_ratio']:.2f} | {row['ansi']:.1f} | {row['json']:.1f} | {row['wall_ratio']:.2f} |\n")
    svg(rows, prefix + ".svg")
    os.remove(OUTPUT)


if __name__ == "__main__":
    main()
