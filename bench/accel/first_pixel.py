#!/usr/bin/env python3
"""Time to first pixel on big meshes: lrt against Embree's own read-and-build, in one run.

For each scene that make_mesh.py wrote (a .lrt beside its .ply), runs raw_embree_build on the PLY
at the quality lrt's "fast" build uses (medium, compact) and at "quality"'s (high), then
`lrt render SCENE --stats` with the scene's own settings (320 x 240, 1 spp: Option "render" "bvh"
"auto" picks fast) and with `--bvh`-like variants of the scene pinned to fast and quality. Prints
wall seconds and peak resident bytes per triangle (each process's own), lrt's phases from --stats,
and lrt's time over raw Embree's at the same quality. Median of --runs runs.

Usage: first_pixel.py --lrt build/release/lrt --raw build/release/bench/raw_embree_build
       /tmp/big/terrain8m.lrt [/tmp/big/terrain32m.lrt] [--runs 3]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time


def timed(command):
    start = time.monotonic()
    out = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
    return time.monotonic() - start, out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--raw", required=True, help="the raw_embree_build executable")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("scenes", nargs="+")
    args = parser.parse_args()
    print("| scene | triangles | run | wall s | peak B/tri | read s | geometry s | BVH s | "
          "render s | lrt / raw |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as work:
        for scene in args.scenes:
            text = open(scene).read()
            ply = os.path.join(os.path.dirname(os.path.abspath(scene)),
                               re.search(r'"filename" "([^"]+)"', text).group(1))
            raw = {}
            for quality, extra in (("fast", ["medium", "compact"]), ("quality", ["high"])):
                runs = [json.loads(timed([args.raw, ply] + extra)[1]) for _ in range(args.runs)]
                seconds = statistics.median(r["seconds"] for r in runs)
                raw[quality] = seconds
                print("| %s | %d | raw Embree, %s | %.2f | %.0f | | | | | |" %
                      (os.path.basename(scene), runs[0]["triangles"], " ".join(extra), seconds,
                       statistics.median(r["bytes_per_triangle"] for r in runs)))
            for pinned in ("auto", "fast", "quality"):
                pinned_scene = os.path.join(os.path.dirname(os.path.abspath(scene)),
                                            "_%s_%s" % (pinned, os.path.basename(scene)))
                with open(pinned_scene, "w") as out:
                    out.write('Option "render" "string bvh" "%s"\n' % pinned + text)
                stats = os.path.join(work, "stats.json")
                walls, frames = [], []
                for _ in range(args.runs):
                    wall, _ = timed([args.lrt, "render", pinned_scene, "-q", "--aov", "none", "-o",
                                     os.path.join(work, "out.exr"), "--stats", stats])
                    walls.append(wall)
                    frames.append(json.load(open(stats))["frames"][0])
                os.remove(pinned_scene)
                f = frames[walls.index(statistics.median(walls))] if args.runs % 2 else frames[0]
                wall = statistics.median(walls)
                print("| %s | %d | lrt, bvh %s (built %s) | %.2f | %.0f | %.2f | %.2f | %.2f | %.2f "
                      "| %.2f |" % (os.path.basename(scene), f["triangles"], pinned, f["bvh"], wall,
                                    f["peak_resident_bytes"] / f["triangles"], f["read_seconds"],
                                    f["geometry_seconds"], f["bvh_build_seconds"],
                                    f["render_seconds"], wall / raw[f["bvh"]]))


if __name__ == "__main__":
    main()
