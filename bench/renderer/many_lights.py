#!/usr/bin/env python3
"""Many lights: what a light sampler buys (docs/performance.md, "Many lights").

The scene: a sphere on a floor lit by N small spherical area lights (radius 0.05, on a square grid
3 units up) of equal total power, 128x128, the path integrator. Prints:

- Speed at equal spp (4): for N = 1, 10, 100, 1000, 10000 and lightsampler "bvh" and "all", the
  whole run's wall time (start-up, parsing and building included, the median of --runs), the
  render's own time and the light BVH's build time and memory (from --stats), and each time over
  the 1-light scene's. Goal: 1000 lights <= 1.5x 1 light with "bvh".
- Quality at equal time, N = 1000: "all" at 4 spp against "bvh" at the spp that takes about as
  long, each image's RMSE against a converged reference (bvh at --reference-spp with another seed,
  so that its noise is independent). Goal: RMSE(bvh) <= 0.25 RMSE(all).

Usage: many_lights.py --lrt build/release/lrt [--threads 2] [--runs 3] [--counts 1,10,...]
       [--all-up-to 1000] [--reference-spp 4096]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peers"))
from bench_peers import rmse  # noqa: E402


def scene(count, sampler):
    """The scene text: `count` lights, each with 1/count of the single light's radiance."""
    side = int(math.ceil(math.sqrt(count)))
    lights = []
    for i in range(count):
        x = 0 if side == 1 else -3 + 6.0 * (i % side) / (side - 1)
        z = 0 if side == 1 else -3 + 6.0 * (i // side) / (side - 1)
        lights.append('AttributeBegin\n  AreaLightSource "arealight" "intensity" [%r]\n'
                      '  Translate %r 3 %r\n  Sphere 0.05 -0.05 0.05 360\nAttributeEnd\n'
                      % (2000.0 / count, x, z))
    return """Format 128 128 1
SurfaceIntegrator "path" "lightsampler" "%s"
Projection "perspective" "fov" [40]
LookAt 0 2.5 -7  0 0.8 0  0 1 0
WorldBegin
%sSurface "matte"
AttributeBegin
  Translate 0 1 0
  Sphere 1 -1 1 360
AttributeEnd
Polygon "P" [-6 0 -6  6 0 -6  6 0 6  -6 0 6]
WorldEnd
""" % (sampler, "".join(lights))


def render(args, work, count, sampler, spp, seed=0, output="out.exr"):
    """One run: (wall seconds, the frame's --stats entry)."""
    path = os.path.join(work, "many_%d_%s.lrt" % (count, sampler))
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(scene(count, sampler))
    stats = os.path.join(work, "stats.json")
    command = [args.lrt, "render", path, "-o", os.path.join(work, output), "--spp", str(spp),
               "--threads", str(args.threads), "--seed", str(seed), "--aov", "none", "--quiet",
               "--stats", stats]
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("many_lights: %s failed:\n%s" % (" ".join(command), done.stdout[-2000:]))
    with open(stats) as f:
        return seconds, json.load(f)["frames"][0]


def speed(args, work):
    print("Equal spp (4), 128x128, %d threads; medians of %d runs" % (args.threads, args.runs))
    print("| lights | sampler | whole run s | render s | x 1 light (whole) | x 1 light (render) "
          "| BVH build ms | BVH KiB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    base = {}
    for sampler in ("bvh", "all"):
        for count in args.counts:
            if sampler == "all" and count > args.all_up_to:
                continue
            runs = [render(args, work, count, sampler, 4) for _ in range(args.runs)]
            whole = statistics.median(r[0] for r in runs)
            inside = statistics.median(r[1]["render_seconds"] for r in runs)
            frame = runs[-1][1]
            if count == 1:
                base[sampler] = (whole, inside)
            print("| %d | %s | %.3f | %.3f | %.2f | %.2f | %.2f | %.1f |" % (
                count, sampler, whole, inside, whole / base[sampler][0], inside / base[sampler][1],
                1000 * frame["light_sampler_build_seconds"], frame["light_sampler_bytes"] / 1024))


def quality(args, work):
    count = 1000
    print("\nEqual time, %d lights, %d threads (goal: RMSE(bvh) / RMSE(all) <= 0.25)"
          % (count, args.threads))
    render(args, work, count, "bvh", args.reference_spp, seed=1, output="reference.exr")
    reference = os.path.join(work, "reference.exr")
    all_time = render(args, work, count, "all", 4, output="all.exr")[1]["render_seconds"]
    bvh4 = render(args, work, count, "bvh", 4, output="bvh.exr")[1]["render_seconds"]
    spp = max(4, int(round(4 * all_time / bvh4)))
    bvh_time = render(args, work, count, "bvh", spp, output="bvh.exr")[1]["render_seconds"]
    all_error = rmse(os.path.join(work, "all.exr"), reference, False)
    bvh_error = rmse(os.path.join(work, "bvh.exr"), reference, False)
    print("| sampler | spp | render s | RMSE |")
    print("| --- | --- | --- | --- |")
    print("| all | 4 | %.3f | %.5f |" % (all_time, all_error))
    print("| bvh | %d | %.3f | %.5f |" % (spp, bvh_time, bvh_error))
    print("RMSE(bvh) / RMSE(all) = %.3f at a time ratio of %.2f" % (bvh_error / all_error,
                                                                     bvh_time / all_time))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lrt", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--counts", default="1,10,100,1000,10000")
    parser.add_argument("--all-up-to", type=int, default=1000)
    parser.add_argument("--reference-spp", type=int, default=4096)
    parser.add_argument("--only", choices=["speed", "quality"])
    args = parser.parse_args()
    args.counts = [int(c) for c in args.counts.split(",")]
    with tempfile.TemporaryDirectory() as work:
        if args.only != "quality":
            speed(args, work)
        if args.only != "speed":
            quality(args, work)


if __name__ == "__main__":
    main()
