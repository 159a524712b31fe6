#!/usr/bin/env python3
"""The samplers of Option "sampler" side by side on one scene, in one run.

For each sample count and each sampler type, renders the scene with several seeds and prints the
median wall time and the RMSE against a reference image (both clamped to at most 1, as
bench/peers/bench_peers.py measures), averaged over the seeds, and each type's time to equal error
against the first type listed: (T / T_first) x (RMSE / RMSE_first)^2.

Usage: compare_samplers.py --lrt build/release/lrt --scene ../shared/peers/cornell.lrt
       --reference ../shared/peers/cornell_cycles_ref.exr [--spp 16,64,256]
       [--types sobol,stratified,lowdiscrepancy] [--seeds 3] [--threads 2]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peers"))
from bench_peers import rmse  # noqa: E402  (the peers' error measure, clamped to 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--scene", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--spp", default="16,64,256")
    parser.add_argument("--types", default="sobol,stratified,lowdiscrepancy")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    types = args.types.split(",")
    scene_text = open(args.scene).read()
    folder = os.path.dirname(os.path.abspath(args.scene))
    with tempfile.TemporaryDirectory() as work:
        scenes = {}
        for kind in types:
            # Beside the original, so that its relative paths still resolve.
            handle, path = tempfile.mkstemp(suffix=".lrt", dir=folder)
            with os.fdopen(handle, "w") as f:
                f.write('Option "sampler" "string type" "%s"\n' % kind + scene_text)
            scenes[kind] = path
        try:
            print("%s, %d seeds, %d threads" % (os.path.basename(args.scene), args.seeds,
                                                args.threads))
            print("| spp | sampler | time s | RMSE | time to equal error vs %s |" % types[0])
            print("| --- | --- | --- | --- | --- |")
            for spp in [int(s) for s in args.spp.split(",")]:
                first = None
                for kind in types:
                    times, errors = [], []
                    for seed in range(1, args.seeds + 1):
                        out = os.path.join(work, "%s_%d_%d.exr" % (kind, spp, seed))
                        start = time.perf_counter()
                        subprocess.run([args.lrt, "render", scenes[kind], "--spp", str(spp),
                                        "--seed", str(seed), "--threads", str(args.threads),
                                        "--aov", "none", "-q", "-o", out], check=True)
                        times.append(time.perf_counter() - start)
                        errors.append(rmse(out, args.reference, True))
                    t, e = statistics.median(times), statistics.mean(errors)
                    if first is None:
                        first = (t, e)
                    ratio = (t / first[0]) * (e / first[1]) ** 2
                    print("| %d | %s | %.2f | %.5f | %.2f |" % (spp, kind, t, e, ratio))
        finally:
            for path in scenes.values():
                os.unlink(path)


if __name__ == "__main__":
    main()
