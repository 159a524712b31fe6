#!/usr/bin/env python3
"""lrt against pbrt-v4's own renders of one-feature scenes (a folder of NAME.pbrt, NAME.exr,
NAME.seed2.exr and regions.json, as pbrt-v4-refs holds them).

For each scene lrt renders NAME.pbrt twice (seeds 1 and 2) at the scene's resolution, and the
script prints, for the scene's main box: lrt's mean brightness Y = (R+G+B)/3 and each channel
against pbrt-v4's seed-7 render, in percent; the whole-image relative RMSE of lrt's seed 1
against pbrt-v4's seed 7; the warnings lrt printed; and whether the scene passes the rule below,
whose allowances cover RGB-versus-spectral rendering and both renderers' noise (pbrt-v4's seed-8
render judged as if it were lrt's passes every scene):

- every box: |mean Y_lrt - mean Y_pbrt| <= 0.02 mean Y_pbrt + 4 sqrt(sP^2 + sL^2), where sP and
  sL are std(Y_seed1 - Y_seed2) / sqrt(2 n) of each renderer over the box's n pixels;
- every box and channel c: |mean lrt_c - mean pbrt_c| <= 0.04 mean Y_pbrt + 4 sqrt(sP_c^2 +
  sL_c^2), with the same standard errors per channel;
- the image: relRMSE(lrt1, pbrt7) <= 1.5 sqrt(eP^2 + eL^2) + 0.01, where e = relRMSE(seed a,
  seed b) / sqrt(2) for each renderer and relRMSE(a, b) = sqrt(mean((a - b)^2) / mean(b^2)).

Pixels are read with OpenImageIO's oiiotool (--dumpdata), so only python3 and oiiotool are needed.
Usage: compare_pbrt_refs.py --lrt build/release/lrt --refs DIR [--spp 256] [--only NAME,...]
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile


def pixels(path, scratch):
    """The RGB pixels of an EXR as rows of (r, g, b), via oiiotool."""
    rgb = os.path.join(scratch, "rgb.exr")
    subprocess.run(["oiiotool", path, "--ch", "R,G,B", "-o", rgb], check=True)
    out = subprocess.run(["oiiotool", "--dumpdata", rgb], check=True, text=True,
                         stdout=subprocess.PIPE).stdout
    size = re.search(r":\s+(\d+) x\s+(\d+),", out)
    width, height = int(size.group(1)), int(size.group(2))
    image = [[None] * width for _ in range(height)]
    for x, y, r, g, b in re.findall(
            r"Pixel \((\d+), (\d+)\): (\S+) (\S+) (\S+)", out):
        image[int(y)][int(x)] = (float(r), float(g), float(b))
    return image


def box_values(image, box, channel):
    """Channel 0-2, or 3 for brightness (R+G+B)/3, over the box [x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    values = []
    for y in range(y0, y1):
        for x in range(x0, x1):
            p = image[y][x]
            values.append(sum(p) / 3 if channel == 3 else p[channel])
    return values


def mean(values):
    return sum(values) / len(values)


def standard_error(a, b):
    """The standard error of one render's box mean, from two renders of different seeds."""
    d = [u - v for u, v in zip(a, b)]
    m = mean(d)
    return math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1)) / math.sqrt(2 * len(d))


def rel_rmse(a, b):
    num = den = 0.0
    for row_a, row_b in zip(a, b):
        for pa, pb in zip(row_a, row_b):
            for u, v in zip(pa, pb):
                num += (u - v) ** 2
                den += v * v
    return math.sqrt(num / den)


def judge(scene, info, refs, lrt, spp, scratch):
    width, height = info["resolution"]
    renders, warnings = [], []
    for seed in (1, 2):
        out = os.path.join(scratch, "lrt%d.exr" % seed)
        done = subprocess.run([lrt, "render", os.path.join(refs, scene + ".pbrt"), "-o", out,
                               "--resolution", "%d,%d" % (width, height), "--spp", str(spp),
                               "--seed", str(seed), "--quiet"],
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            return {"scene": scene, "error": done.stdout.strip().splitlines()[-1:]}
        if seed == 1:
            warnings = [line.split("warning: ", 1)[1] for line in done.stdout.splitlines()
                        if "warning: " in line]
        renders.append(pixels(out, scratch))
    p1 = pixels(os.path.join(refs, scene + ".exr"), scratch)
    p2 = pixels(os.path.join(refs, scene + ".seed2.exr"), scratch)
    l1, l2 = renders
    passes = True
    for name, box in info["regions"].items():
        yP = mean(box_values(p1, box, 3))
        for channel in range(4):
            a, b = box_values(l1, box, channel), box_values(p1, box, channel)
            sL = standard_error(a, box_values(l2, box, channel))
            sP = standard_error(b, box_values(p2, box, channel))
            allowance = (0.02 if channel == 3 else 0.04) * yP + 4 * math.hypot(sP, sL)
            passes &= abs(mean(a) - mean(b)) <= allowance
    eP = rel_rmse(p1, p2) / math.sqrt(2)
    eL = rel_rmse(l1, l2) / math.sqrt(2)
    image_error = rel_rmse(l1, p1)
    passes &= image_error <= 1.5 * math.hypot(eP, eL) + 0.01
    main = info["regions"][info["main"]]
    difference = [100 * (mean(box_values(l1, main, c)) / mean(box_values(p1, main, c)) - 1)
                  for c in (3, 0, 1, 2)]
    return {"scene": scene, "main": info["main"], "difference": difference,
            "relrmse": image_error, "passes": passes, "warnings": warnings}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--refs", required=True)
    parser.add_argument("--spp", type=int, default=256)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    with open(os.path.join(args.refs, "regions.json")) as f:
        scenes = json.load(f)["scenes"]
    only = [s for s in args.only.split(",") if s]
    print("| scene | main box | lrt vs pbrt-v4, % (R+G+B) | R / G / B, % | relRMSE | passes | "
          "lrt's warnings |")
    print("|---|---|---|---|---|---|---|")
    passed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for scene, info in scenes.items():
            if only and scene not in only:
                continue
            r = judge(scene, info, args.refs, os.path.abspath(args.lrt), args.spp, scratch)
            if "error" in r:
                print("| `%s` | | | | | error | %s |" % (scene, " ".join(r["error"])))
                continue
            passed += r["passes"]
            d = r["difference"]
            print("| `%s` | %s | %+.1f | %+.1f / %+.1f / %+.1f | %.3f | %s | %s |" %
                  (scene, r["main"], d[0], d[1], d[2], d[3], r["relrmse"],
                   "yes" if r["passes"] else "no",
                   "; ".join(r["warnings"]) if r["warnings"] else "(none)"))
            sys.stdout.flush()
    print("\n%d passed" % passed)


if __name__ == "__main__":
    main()
