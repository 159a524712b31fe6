#!/usr/bin/env python3
"""Adaptive sampling against fixed sampling at equal error (docs/performance.md, "Adaptive
sampling").

For each scene, renders a fixed 64 spp image and adaptive ones (--spp MAX, --noise-threshold T
for a falling list of T), times the whole runs (median of --runs) and measures each image's RMSE
against a converged reference; then reports the first threshold whose RMSE is no higher than the
fixed render's, and its time over the fixed render's. Goal: <= 0.7.

Scenes: the peer Cornell box (bench/peers/scenes/cornell.lrt, path traced; the reference is Cycles
at 4096 spp, both images clamped to at most 1 as bench_peers.py does) and scenes/sdf_gallery.lrt
with --integrator path at a quarter of its resolution (240x100; the reference is lrt's own render at
--reference-spp with another seed, so that its noise is independent).

Usage: adaptive.py --lrt build/release/lrt [--threads 2] [--runs 1] [--max-spp 256]
       [--thresholds 0.2,0.1,...] [--reference-spp 1024] [--only cornell|sdf]
"""
import argparse
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "peers"))
from bench_peers import rmse, run  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")


def render(args, work, scene, extra, output):
    """The median wall time of --runs runs of lrt on `scene` with `extra` flags."""
    command = [args.lrt, "render", scene, "--threads", str(args.threads), "--aov", "none", "-q",
               "-o", os.path.join(work, output)] + extra
    return statistics.median(run(command, work) for _ in range(args.runs))


def compare(args, work, name, scene, extra, reference, clamp):
    print("\n%s, %d threads; fixed 64 spp against --spp %d with a noise threshold"
          % (name, args.threads, args.max_spp))
    print("| render | seconds | RMSE | time / fixed |")
    print("| --- | --- | --- | --- |")
    fixed_time = render(args, work, scene, extra + ["--spp", "64"], "fixed.exr")
    fixed_error = rmse(os.path.join(work, "fixed.exr"), reference, clamp)
    print("| fixed 64 spp | %.2f | %.5f | 1.00 |" % (fixed_time, fixed_error))
    found = None
    for threshold in args.thresholds:
        seconds = render(args, work, scene, extra + ["--spp", str(args.max_spp),
                                                     "--noise-threshold", str(threshold)],
                         "adaptive.exr")
        error = rmse(os.path.join(work, "adaptive.exr"), reference, clamp)
        print("| threshold %g | %.2f | %.5f | %.2f |" % (threshold, seconds, error,
                                                         seconds / fixed_time))
        if error <= fixed_error:
            found = (threshold, seconds / fixed_time)
            break
    if found:
        print("Threshold %g reaches the fixed render's RMSE in %.2f of its time." % found)
    else:
        print("No threshold in the list reaches the fixed render's RMSE.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--max-spp", type=int, default=256)
    parser.add_argument("--thresholds", default="0.2,0.14,0.1,0.07,0.05,0.035,0.025,0.018")
    parser.add_argument("--reference-spp", type=int, default=1024)
    parser.add_argument("--only", choices=["cornell", "sdf"])
    args = parser.parse_args()
    args.lrt = os.path.abspath(args.lrt)
    args.thresholds = [float(t) for t in args.thresholds.split(",")]
    peers = os.path.join(ROOT, "bench", "peers", "scenes")
    with tempfile.TemporaryDirectory() as work:
        if args.only != "sdf":
            compare(args, work, "Cornell box 512x512 (bench/peers)",
                    os.path.join(peers, "cornell.lrt"), [],
                    os.path.join(peers, "cornell_cycles_ref.exr"), True)
        if args.only != "cornell":
            scene = os.path.join(ROOT, "scenes", "sdf_gallery.lrt")
            extra = ["--integrator", "path", "--resolution", "240,100"]
            reference = os.path.join(work, "reference.exr")
            run([args.lrt, "render", scene, "--threads", str(args.threads), "--aov", "none",
                 "-q", "-o", reference, "--seed", "1", "--spp", str(args.reference_spp)] + extra,
                work)
            compare(args, work, "scenes/sdf_gallery.lrt, path, 240x100", scene, extra,
                    reference, False)


if __name__ == "__main__":
    main()
