#!/usr/bin/env python3
"""Two or more lrt builds on the same scenes, in one run: time and noise per build.

For each scene and build, renders twice with seeds 1 and 2 and prints the mean wall time, the noise
(sqrt(mean((a - b)^2) / 2) of the two renders, both clamped to at most 1, as bench/peers measures
it) and time x noise^2 (lower is better: the time to reach a given error). Used to decide sampling
changes, such as how near a triangle a point must be for solid-angle sampling to pay.

Usage: compare_builds.py --lrt OLD --lrt NEW --scene bench/sampling/near_lamp.lrt
       [--scene ...] [--spp 16] [--threads 2] [-- extra render arguments]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peers"))
from bench_peers import rmse  # noqa: E402  (the peers' error measure, clamped to 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", action="append", required=True, help="a build; give two or more")
    parser.add_argument("--scene", action="append", required=True)
    parser.add_argument("--spp", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("extra", nargs="*", help="more arguments for lrt render")
    args = parser.parse_args()
    print("| scene | build | s | noise | s x noise^2 x 1e4 |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as work:
        for scene in args.scene:
            for number, lrt in enumerate(args.lrt):
                outputs, seconds = [], 0.0
                for seed in (1, 2):
                    output = os.path.join(work, "b%d_%d.exr" % (number, seed))
                    start = time.monotonic()
                    subprocess.run([lrt, "render", scene, "--spp", str(args.spp), "--seed",
                                    str(seed), "--threads", str(args.threads), "--aov", "none",
                                    "-q", "-o", output] + args.extra, check=True)
                    seconds += time.monotonic() - start
                    outputs.append(output)
                noise = rmse(outputs[0], outputs[1], True) / 2 ** 0.5
                seconds /= 2
                print("| %s | %s | %.2f | %.5f | %.3f |" % (os.path.basename(scene), lrt, seconds,
                                                          noise, seconds * noise ** 2 * 1e4))


if __name__ == "__main__":
    main()
