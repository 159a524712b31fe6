#!/usr/bin/env python3
"""Denoised renders against raw ones, by relative MSE against a high-spp reference, in one run.

Renders the scene once at --reference-spp (or takes --reference), then at each --spp raw and with
--denoise (the same render: the EXR keeps the raw colour as noisy.R/G/B), and prints each image's
relative MSE, mean over pixels and channels of (x - r)^2 / (r^2 + 0.01), and the time that
`lrt denoise` takes on the render's EXR (process start and image I/O included; the median of 3).

Usage: denoise_quality.py --lrt build/release/lrt --scene SCENE [--resolution W,H]
       [--spp 16,256] [--reference-spp 4096 | --reference REF.exr] [--threads 2]
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


if __name__ == "__main__":
    main()
