#!/usr/bin/env python3
"""lrt against the renderers a user would pick instead, on their own scenes, in one run.

Renders the peer scenes (a folder holding cornell.lrt, cornell_cycles.py, cornell_cycles_ref.exr,
whitted.lrt, whitted.pov and whitted_pov_grid64.exr) with lrt, with Blender's Cycles and with
POV-Ray, timing whole processes (start-up included) on the same number of threads, and prints:

- Cornell box, per sample count: each renderer's time and RMSE against the Cycles reference (both
  images clamped to at most 1), and the time-to-equal-error ratio
  (T_lrt / T_cycles) x (RMSE_lrt / RMSE_cycles)^2, since RMSE falls as 1/sqrt(time). Goal <= 0.5.
- Cornell box with adaptive sampling on in both (lrt's --noise-threshold, Cycles' adaptive
  threshold; at most --adaptive-spp samples): times, RMSEs and the time-to-equal-error ratio.
- Material sweep (sweep_cycles.py builds it in Blender and exports it as a .glb that sweep.lrt
  frames): each renderer's noise from two renders of different seeds, sqrt(mean((a - b)^2) / 2)
  over pixels and RGB (both clamped to at most 1), and the time-to-equal-error ratio from it (no
  reference is needed; goal <= 0.45); then each sphere's mean brightness in lrt's renders at the
  highest --sweep-spp against Cycles' (goal: within 3%).
- Whitted scene: both wall times and RMSEs against the 64-sample POV-Ray reference, and
  T_lrt / T_povray. Goal <= 0.3 at an RMSE no higher than POV-Ray's.
- Start-up: `lrt --version` against `oiiotool --version`, OpenImageIO's own tool, which loads the
  same libraries: the part of every lrt process that the dynamic loader takes.

Each time is the median of --runs runs, lrt's and the peer's taken in turns. Error figures come
from `oiiotool --diff`.
Usage: bench_peers.py --lrt build/release/lrt --peers DIR [--threads 2] [--spp 16,64,256]
       [--runs N] [--only cornell|adaptive|sweep|whitted|startup] [--adaptive-spp 256]
       [--sweep-spp 16,64,128]
       [--lrt-threshold 0.1] [--cycles-threshold 0.01]
"""
import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(command, cwd):
    """The wall time of one run of command; exits when it fails."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("bench_peers: command failed (%d): %s\n%s" %
                 (done.returncode, " ".join(command), done.stdout[-2000:]))
    return seconds


def timed(lrt, peer, cwd, runs):
    """The median wall times of `runs` runs of lrt's command and of the peer's, taken in turns
    (lrt, peer, lrt, peer...) so that a machine that speeds up or slows down during the benchmark
    weighs on both alike. The output files are the last runs'."""
    times = [(run(lrt, cwd), run(peer, cwd)) for _ in range(runs)]
    return (statistics.median(t for t, _ in times), statistics.median(t for _, t in times))


def rmse(image, reference, clamp):
    """RMSE over all pixels and RGB channels, each image clamped to at most 1 when asked."""
    command = ["oiiotool", image]
    if clamp:
        command.append("--clamp:max=1")
    command.append(reference)
    if clamp:
        command.append("--clamp:max=1")
    command.append("--diff")
    out = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    found = re.search(r"RMS error = ([0-9.eE+-]+)", out)
    if not found:
        sys.exit("bench_peers: oiiotool gave no RMS error for %s:\n%s" % (image, out))
    return float(found.group(1))


def cornell(args, work):
    print("Cornell box 512x512, %d threads (time-to-equal-error goal: <= 0.5)" % args.threads)
    print("| spp | lrt s | lrt RMSE | Cycles s | Cycles RMSE | lrt/Cycles time | time to equal error |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    reference = os.path.join(args.peers, "cornell_cycles_ref.exr")
    ratios = []
    for spp in args.spp:
        lrt_out = os.path.join(work, "lrt_cornell_%d.exr" % spp)
        cycles_out = os.path.join(work, "cycles_cornell_%d.exr" % spp)
        t_lrt, t_cycles = timed(
            [args.lrt, "render", os.path.join(args.peers, "cornell.lrt"), "--spp", str(spp),
             "--threads", str(args.threads), "--aov", "none", "-q", "-o", lrt_out],
            [args.blender, "-b", "--factory-startup", "-P",
             os.path.join(args.peers, "cornell_cycles.py"), "--", str(spp), cycles_out, "0",
             str(args.threads)], work, args.runs)
        e_lrt, e_cycles = rmse(lrt_out, reference, True), rmse(cycles_out, reference, True)
        equal_error = (t_lrt / t_cycles) * (e_lrt / e_cycles) ** 2
        ratios.append(equal_error)
        print("| %d | %.2f | %.5f | %.2f | %.5f | %.2f | %.2f |" %
              (spp, t_lrt, e_lrt, t_cycles, e_cycles, t_lrt / t_cycles, equal_error))
    return ratios


def noise(first, second):
    """The noise of one render from two of different seeds: sqrt(mean((a - b)^2) / 2), both
    clamped to at most 1 (the RMS of the difference of two independent renders is sqrt(2) times
    each one's)."""
    return rmse(first, second, True) / 2 ** 0.5


# The sweep's spheres as sweep_cycles.py places them (Blender's x, y; radius 0.45 at z 0.45), in
# its order, and its camera: at (0, -7.5, 3.2) looking at (0, 0.1, 0.35), 40 degrees across the
# height of a 480 x 270 image.
SWEEP_SPHERES = [
    ("dielectric 0.05", -1.65, 1.2), ("metal 0.05", -1.65, 0.0),
    ("dielectric 0.3", -0.55, 1.2), ("metal 0.3", -0.55, 0.0),
    ("dielectric 0.6", 0.55, 1.2), ("metal 0.6", 0.55, 0.0),
    ("dielectric 0.9", 1.65, 1.2), ("metal 0.9", 1.65, 0.0),
    ("glass", -1.1, -1.2), ("rough glass", 0.0, -1.2), ("clearcoat", 1.1, -1.2)]


def sphere_boxes(width=480, height=270):
    """Per sphere of the sweep, a pixel box [x, y, w, h] on its upper half, which the row in
    front of it does not hide: 0.8 of its projected radius wide, from 0.75 to 0.15 of it above its
    centre."""
    eye, target = (0.0, -7.5, 3.2), (0.0, 0.1, 0.35)
    f = [t - e for t, e in zip(target, eye)]
    norm = sum(c * c for c in f) ** 0.5
    f = [c / norm for c in f]
    right = [f[1], -f[0], 0.0]  # f x (0, 0, 1)
    norm = sum(c * c for c in right) ** 0.5
    right = [c / norm for c in right]
    up = [right[1] * f[2] - right[2] * f[1], right[2] * f[0] - right[0] * f[2],
          right[0] * f[1] - right[1] * f[0]]
    scale = (height / 2) / math.tan(math.radians(20))
    boxes = []
    for name, x, y in SWEEP_SPHERES:
        d = [x - eye[0], y - eye[1], 0.45 - eye[2]]
        depth = sum(a * b for a, b in zip(d, f))
        px = width / 2 + scale * sum(a * b for a, b in zip(d, right)) / depth
        py = height / 2 - scale * sum(a * b for a, b in zip(d, up)) / depth
        r = 0.45 * scale / depth
        boxes.append((name, int(px - 0.4 * r), int(py - 0.75 * r), max(1, int(0.8 * r)),
                      max(1, int(0.6 * r))))
    return boxes


def box_mean(image, box):
    """The mean of (R + G + B) / 3 over a pixel box [x, y, w, h] of an image."""
    _, x, y, w, h = box
    out = subprocess.run(["oiiotool", image, "--ch", "R,G,B", "--cut", "%dx%d+%d+%d" % (w, h, x, y),
                          "--printstats"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True).stdout
    found = re.search(r"Stats Avg: (\S+) (\S+) (\S+)", out)
    if not found:
        sys.exit("bench_peers: oiiotool gave no statistics for %s:\n%s" % (image, out))
    return sum(float(v) for v in found.groups()) / 3


def sweep_spheres(lrt_images, cycles_images):
    """Each sphere's mean brightness in lrt's renders against Cycles' (both seeds averaged)."""
    print("\nPer sphere, mean (R+G+B)/3 over a box inside it (goal: within 3% of Cycles')")
    print("| sphere | lrt | Cycles | lrt vs Cycles |")
    print("| --- | --- | --- | --- |")
    within = 0
    for box in sphere_boxes():
        lrt_mean = sum(box_mean(i, box) for i in lrt_images) / len(lrt_images)
        cycles_mean = sum(box_mean(i, box) for i in cycles_images) / len(cycles_images)
        difference = 100 * (lrt_mean / cycles_mean - 1)
        within += abs(difference) <= 3
        print("| %s | %.4f | %.4f | %+.1f%% |" % (box[0], lrt_mean, cycles_mean, difference))
    print("%d of %d spheres within 3%%" % (within, len(SWEEP_SPHERES)))


def sweep(args, work):
    print("\nMaterial sweep 480x270 (sweep_cycles.py, exported as .glb), %d threads "
          "(time-to-equal-error goal: <= 0.45)" % args.threads)
    scene = os.path.join(args.peers, "sweep_cycles.py")
    run([args.blender, "-b", "--factory-startup", "-P", scene, "--", "0", "none", "0",
         str(args.threads), os.path.join(work, "sweep.glb")], work)
    shutil.copy(os.path.join(args.peers, "sweep.lrt"), work)
    print("| spp | lrt s | lrt noise | Cycles s | Cycles noise | lrt/Cycles time | "
          "time to equal error |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    ratios = []
    for spp in args.sweep_spp:
        def output(who, seed):
            return os.path.join(work, "%s_sweep_%d_%d.exr" % (who, spp, seed))
        times = [timed(
            [args.lrt, "render", os.path.join(work, "sweep.lrt"), "--spp", str(spp), "--seed",
             str(seed), "--threads", str(args.threads), "--aov", "none", "-q", "-o",
             output("lrt", seed)],
            [args.blender, "-b", "--factory-startup", "-P", scene, "--", str(spp),
             output("cycles", seed), str(seed), str(args.threads)], work, args.runs)
            for seed in (1, 2)]
        t_lrt = statistics.median(t for t, _ in times)
        t_cycles = statistics.median(t for _, t in times)
        n_lrt, n_cycles = (noise(output(who, 1), output(who, 2)) for who in ("lrt", "cycles"))
        equal_error = (t_lrt / t_cycles) * (n_lrt / n_cycles) ** 2
        ratios.append(equal_error)
        print("| %d | %.2f | %.5f | %.2f | %.5f | %.2f | %.2f |" %
              (spp, t_lrt, n_lrt, t_cycles, n_cycles, t_lrt / t_cycles, equal_error))
    top = max(args.sweep_spp)
    sweep_spheres([os.path.join(work, "lrt_sweep_%d_%d.exr" % (top, s)) for s in (1, 2)],
                  [os.path.join(work, "cycles_sweep_%d_%d.exr" % (top, s)) for s in (1, 2)])
    return ratios


def cornell_adaptive(args, work):
    """Both renderers with adaptive sampling on, up to --adaptive-spp samples: lrt at
    --lrt-threshold, Cycles at its default threshold (0.01) with its automatic minimum."""
    print("\nCornell box 512x512, adaptive sampling, at most %d spp, %d threads "
          "(lrt --noise-threshold %g, Cycles adaptive threshold %g)"
          % (args.adaptive_spp, args.threads, args.lrt_threshold, args.cycles_threshold))
    reference = os.path.join(args.peers, "cornell_cycles_ref.exr")
    lrt_out = os.path.join(work, "lrt_cornell_adaptive.exr")
    cycles_out = os.path.join(work, "cycles_cornell_adaptive.exr")
    t_lrt, t_cycles = timed(
        [args.lrt, "render", os.path.join(args.peers, "cornell.lrt"), "--spp",
         str(args.adaptive_spp), "--noise-threshold", str(args.lrt_threshold), "--threads",
         str(args.threads), "--aov", "none", "-q", "-o", lrt_out],
        [args.blender, "-b", "--factory-startup", "-P",
         os.path.join(args.peers, "cornell_cycles.py"), "--", str(args.adaptive_spp), cycles_out,
         "0", str(args.threads), "8", str(args.cycles_threshold)], work, args.runs)
    e_lrt, e_cycles = rmse(lrt_out, reference, True), rmse(cycles_out, reference, True)
    print("| renderer | seconds | RMSE |")
    print("| --- | --- | --- |")
    print("| lrt | %.2f | %.5f |" % (t_lrt, e_lrt))
    print("| Cycles | %.2f | %.5f |" % (t_cycles, e_cycles))
    print("time to equal error: %.2f" % ((t_lrt / t_cycles) * (e_lrt / e_cycles) ** 2))


def startup(args, work):
    # A start-up is a fifth of a second: take at least 20 runs of each.
    runs = max(args.runs, 20)
    print("\nStart-up: --version, median of %d runs each" % runs)
    t_lrt, t_oiiotool = timed([args.lrt, "--version"], ["oiiotool", "--version"], work, runs)
    print("lrt %.3f s, oiiotool %.3f s: lrt / oiiotool %.2f" % (t_lrt, t_oiiotool,
                                                               t_lrt / t_oiiotool))


def whitted(args, work):
    print("\nWhitted 640x480, %d threads (goal: time <= 0.3 x POV-Ray's at no higher RMSE)" %
          args.threads)
    reference = os.path.join(args.peers, "whitted_pov_grid64.exr")
    lrt_out = os.path.join(work, "lrt_whitted.exr")
    pov_out = os.path.join(work, "pov_whitted.exr")
    # POV-Ray reads its scene from the working folder and writes its output there.
    shutil.copy(os.path.join(args.peers, "whitted.pov"), work)
    t_lrt, t_pov = timed(
        [args.lrt, "render", os.path.join(args.peers, "whitted.lrt"), "--threads",
         str(args.threads), "--aov", "none", "-q", "-o", lrt_out],
        [args.povray, "+Iwhitted.pov", "+O" + pov_out, "+FE", "+W640", "+H480", "+A0.0", "+AM1",
         "+R2", "-J", "+WT%d" % args.threads, "-D"], work, args.runs)
    e_lrt, e_pov = rmse(lrt_out, reference, False), rmse(pov_out, reference, False)
    print("| renderer | seconds | RMSE |")
    print("| --- | --- | --- |")
    print("| lrt | %.2f | %.5f |" % (t_lrt, e_lrt))
    print("| POV-Ray | %.2f | %.5f |" % (t_pov, e_pov))
    print("lrt / POV-Ray time: %.2f; RMSE lrt / POV-Ray: %.2f" % (t_lrt / t_pov, e_lrt / e_pov))
    return t_lrt / t_pov, e_lrt <= e_pov


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lrt", required=True, help="the lrt executable")
    parser.add_argument("--peers", required=True, help="the folder of peer scenes")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--spp", default="16,64,256", help="Cornell sample counts, comma-separated")
    parser.add_argument("--runs", type=int, default=1, help="runs per measurement (median)")
    parser.add_argument("--sweep-spp", default="16,64,128",
                        help="material sweep sample counts, comma-separated")
    parser.add_argument("--only", choices=["cornell", "adaptive", "sweep", "whitted", "startup"],
                        help="one measurement only")
    parser.add_argument("--adaptive-spp", type=int, default=256,
                        help="the most samples a pixel takes in the adaptive comparison")
    parser.add_argument("--lrt-threshold", type=float, default=0.1,
                        help="lrt's --noise-threshold in the adaptive comparison")
    parser.add_argument("--cycles-threshold", type=float, default=0.01,
                        help="Cycles' adaptive threshold in the adaptive comparison")
    parser.add_argument("--blender", default="blender")
    parser.add_argument("--povray", default="povray")
    args = parser.parse_args()
    args.spp = [int(s) for s in args.spp.split(",")]
    args.sweep_spp = [int(s) for s in args.sweep_spp.split(",")]
    args.lrt = os.path.abspath(args.lrt)
    args.peers = os.path.abspath(args.peers)
    for tool in ("oiiotool", args.blender, args.povray):
        if not shutil.which(tool):
            sys.exit("bench_peers: '%s' is not installed (scripts/dev bench-peers installs "
                     "blender, povray and openimageio-tools)" % tool)
    with tempfile.TemporaryDirectory(prefix="lrt-peers-") as work:
        if args.only in (None, "cornell"):
            cornell(args, work)
        if args.only in (None, "adaptive"):
            cornell_adaptive(args, work)
        if args.only in (None, "sweep"):
            sweep(args, work)
        if args.only in (None, "whitted"):
            whitted(args, work)
        if args.only in (None, "startup"):
            startup(args, work)


if __name__ == "__main__":
    main()
