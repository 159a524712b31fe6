#!/usr/bin/env python3
"""What an edit costs in `lrt preview` on a big mesh (docs/performance.md, "Edits on a big scene").

Takes a scene that bench/accel/make_mesh.py wrote (a .lrt beside its .ply, not committed), writes
beside it a copy whose surface is a Cg shader (a copy of the tests' Tint.cg, with its include
folded in), starts `lrt preview` on the copy and measures, from each save to the moment
/api/status shows the new generation's first pass (polled every millisecond):

  start        the first generation's first pass, from the server's start;
  shader       a constant of the shader changed (the program is compiled again; every mesh and
               the BVH are kept);
  camera       the LookAt moved (nothing but the camera is made again);
  sphere       a small sphere beside the mesh moved: the world's BVH is built again over it and
               the mesh's instance; the mesh's own BVH is kept;
  mesh         the mesh's Translate changed: the mesh is read and built again, as from nothing.

Each edit is saved RUNS times (median printed, and what /api/status says the reload made again).
The baseline, in the same run: `lrt render SCENE --spp 1` of the same copy, a process that reads,
builds and renders it from nothing (median of 3).

Usage: big_scene_edits.py LRT SCENE [RUNS]
"""
import os
import re
import statistics
import subprocess
import sys
import time

from preview_client import PreviewServer, save_by_rename

SHADER = """// Lambert, tinted: big_scene_edits.py's surface shader.
float3 main(float3 N : N, float3 L : L, float3 C0 : C0, float3 dE : dE, float Kd : Kd) : COLOR
{
    float cosine = max(dot(N, L), 0.0);
    return dE * (C0 * float3(1.0, 0.9, 0.8) * (cosine * Kd * SCALE));
}
"""


def main():
    lrt, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    folder = os.path.dirname(source)
    scene = os.path.join(folder, "_edits_" + os.path.basename(source))
    shader = os.path.join(folder, "_edits_Tint.cg")
    text = open(source).read()
    text = re.sub(r'Surface "matte" "Kd" \[([^]]*)\]', r'Surface "_edits_Tint.cg" "Kd" [\1]', text)
    text = text.replace('Shape "plymesh"', 'AttributeBegin\n  Translate 0 0 0\n  Shape "plymesh"')
    text = text.replace("WorldEnd", "  AttributeEnd\n  AttributeBegin\n    Translate 0 0.3 0\n"
                        "    Sphere 0.1 -0.1 0.1 360\n  AttributeEnd\nWorldEnd")
    look = re.search(r"LookAt ([^\n]*)", text).group(0)
    edits = {
        "shader": (shader, lambda i: SHADER.replace("SCALE", "%.3f" % (1 - 0.01 * (i + 1)))),
        # The eye moves along x.
        "camera": (scene, lambda i: text.replace(look, re.sub(
            r"LookAt \S+", "LookAt %.2f" % (0.01 * (i + 1)), look, count=1))),
        "sphere": (scene, lambda i: text.replace("Translate 0 0.3 0", "Translate %.3f 0.3 0" % (
            0.01 * (i + 1)))),
        "mesh": (scene, lambda i: text.replace("Translate 0 0 0", "Translate 0 %.3f 0" % (
            0.001 * (i + 1)))),
    }
    try:
        save_by_rename(shader, SHADER.replace("SCALE", "1.0"))
        save_by_rename(scene, text)
        baseline = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([lrt, "render", scene, "--spp", "1", "-q", "-o",
                            os.path.join(folder, "_edits_batch.exr")], check=True)
            baseline.append(time.perf_counter() - start)
        print(f"lrt render --spp 1 (from nothing): median {statistics.median(baseline):.2f} s")
        start = time.perf_counter()
        with PreviewServer(lrt, scene, folder) as server:
            s = server.wait(lambda s: s["image"] is not None)
            print(f"preview start, first pass: {time.perf_counter() - start:.2f} s")
            s = server.wait(lambda s: s["state"] != "rendering")
            assert s["diagnostics"] == [], s["diagnostics"]
            for name, (path, edited) in edits.items():
                seconds, built = [], None
                for i in range(runs):
                    generation = s["generation"]
                    saved = save_by_rename(path, edited(i))
                    s = server.wait(lambda s: s["image"] and s["image"]["generation"] > generation)
                    seconds.append(time.perf_counter() - saved)
                    built = s["rebuilt"], s["buildSeconds"]
                    s = server.wait(lambda s: s["state"] != "rendering")
                    assert s["diagnostics"] == [], s["diagnostics"]
                print(f"{name:>7} edit, first pass: median {statistics.median(seconds):.3f} s "
                      f"(min {min(seconds):.3f}, max {max(seconds):.3f}; {runs} saves); "
                      f"build {built[1]:.3f} s, made again: {built[0]}")
    finally:
        for path in (scene, shader, os.path.join(folder, "_edits_batch.exr")):
            if os.path.exists(path):
                os.remove(path)


if __name__ == "__main__":
    main()
