#!/usr/bin/env python3
"""Denoised renders against raw ones, by relative MSE against a high-spp reference, in one run.

Renders the scene once at --reference-spp (or takes --reference), then at each --spp raw and with
--denoise (the same render: the EXR keeps the raw colour as noisy.R/G/B), and prints each image's
relative MSE, mean over pixels and channels of (x - r)^2 / (r^2 + 0.01), and the time that
`lrt denoise` takes on the render's EXR (process start and image I/O included; the median of 3).
Each --region NAME=X0,Y0,X1,Y1 (pixels, half-open) adds the relative MSE of both images over that
rectangle alone, for example a textured object, where the denoiser must not lose detail.

Usage: denoise_quality.py --lrt build/release/lrt --scene SCENE [--resolution W,H]
       [--spp 16,256] [--reference-spp 4096 | --reference REF.exr] [--threads 2]
       [--region NAME=X0,Y0,X1,Y1 ...]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def relative_mse(image, reference, work, channels="R,G,B"):
    num, den = os.path.join(work, "num.exr"), os.path.join(work, "den.exr")
    subprocess.run(["oiiotool", image, "--ch", channels, "--chnames", "R,G,B", reference, "--ch",
                    "R,G,B", "--sub", "--dup", "--mul", "-o", num], check=True)
    subprocess.run(["oiiotool", reference, "--ch", "R,G,B", "--dup", "--mul", "--addc", "0.01",
                    "-o", den], check=True)
    out = subprocess.run(["oiiotool", num, den, "--div", "--mulc", "1000000", "--printstats"],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    found = re.search(r"Stats Avg: ([0-9.e+-]+) ([0-9.e+-]+) ([0-9.e+-]+)", out)
    if not found:
        sys.exit("denoise_quality: no statistics for %s:\n%s" % (image, out))
    return sum(float(v) for v in found.groups()) / 3 / 1e6


def cropped(image, region, work, name):
    x0, y0, x1, y1 = region
    out = os.path.join(work, name)
    subprocess.run(["oiiotool", image, "--ch", "R,G,B", "--cut",
                    "%dx%d+%d+%d" % (x1 - x0, y1 - y0, x0, y0), "-o", out], check=True)
    return out


def parse_region(text):
    name, _, box = text.partition("=")
    values = [int(v) for v in box.split(",")]
    if not name or len(values) != 4 or values[0] >= values[2] or values[1] >= values[3]:
        raise argparse.ArgumentTypeError("--region NAME=X0,Y0,X1,Y1 with X0 < X1, Y0 < Y1")
    return name, values


def render(args, spp, out, extra=()):
    command = [args.lrt, "render", args.scene, "--spp", str(spp), "--threads", str(args.threads),
               "-q", "-o", out] + list(extra)
    if args.resolution:
        command += ["--resolution", args.resolution]
    subprocess.run(command, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--scene", required=True)
    parser.add_argument("--resolution")
    parser.add_argument("--spp", default="16,256")
    parser.add_argument("--reference-spp", type=int, default=4096)
    parser.add_argument("--reference")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--region", type=parse_region, action="append", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        reference = args.reference
        if not reference:
            reference = os.path.join(work, "reference.exr")
            render(args, args.reference_spp, reference, ["--aov", "none", "--seed", "7"])
        print("%s, reference %s" % (args.scene, reference if args.reference else
                                    "%d spp" % args.reference_spp))
        print("| spp | raw relMSE | denoised relMSE | lrt denoise s |")
        print("| --- | --- | --- | --- |")
        for spp in [int(s) for s in args.spp.split(",")]:
            raw = os.path.join(work, "raw_%d.exr" % spp)
            denoised = os.path.join(work, "denoised_%d.exr" % spp)
            render(args, spp, raw)
            times = []
            for _ in range(3):
                start = time.perf_counter()
                subprocess.run([args.lrt, "denoise", raw, "-o", denoised], check=True)
                times.append(time.perf_counter() - start)
            print("| %d | %.3g | %.3g | %.2f |" % (spp, relative_mse(raw, reference, work),
                                                  relative_mse(denoised, reference, work),
                                                  statistics.median(times)))
            for name, region in args.region:
                ref = cropped(reference, region, work, "region_ref.exr")
                print("|   %s, %d spp | %.3g | %.3g | |" % (
                    name, spp, relative_mse(cropped(raw, region, work, "region_raw.exr"), ref, work),
                    relative_mse(cropped(denoised, region, work, "region_den.exr"), ref, work)))


if __name__ == "__main__":
    main()
