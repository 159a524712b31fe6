#!/usr/bin/env python3
"""A big triangle mesh for the time-to-first-pixel benchmarks: a bumpy terrain of N triangles.

Writes a binary PLY (little-endian by default; --big-endian for the other order) of a square grid
of (n + 1)^2 vertices and 2 n^2 triangles, n = ceil(sqrt(N / 2)), heights a sum of sines (so the
BVH sees a surface, not a plane), and beside it a scene that frames it under a distant light:
320 x 240, 1 spp, path. Nothing here is committed: 8M triangles take 152 MB.

Usage: make_mesh.py --triangles 8000000 --output /tmp/big/terrain.ply
       (writes terrain.ply and terrain.lrt; needs python3-numpy)
"""
import argparse
import math
import os

import numpy


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triangles", type=int, required=True)
    parser.add_argument("--output", required=True, help="the .ply to write")
    parser.add_argument("--big-endian", action="store_true")
    args = parser.parse_args()
    n = max(1, math.ceil(math.sqrt(args.triangles / 2)))
    order = ">" if args.big_endian else "<"
    axis = numpy.linspace(-1.0, 1.0, n + 1, dtype=numpy.float64)
    x, z = numpy.meshgrid(axis, axis)
    y = 0.05 * (numpy.sin(9 * x) * numpy.cos(7 * z) + 0.5 * numpy.sin(31 * x + 17 * z))
    vertices = numpy.stack([x, y, z], axis=-1).astype(order + "f4").reshape(-1, 3)
    row = numpy.arange(n, dtype=numpy.int64)
    corner = (row[:, None] * (n + 1) + row[None, :]).reshape(-1)
    faces = numpy.zeros(2 * n * n, dtype=[("count", "u1"), ("index", order + "i4", 3)])
    faces["count"] = 3
    faces["index"][0::2] = numpy.stack([corner, corner + n + 1, corner + 1], axis=-1)
    faces["index"][1::2] = numpy.stack([corner + 1, corner + n + 1, corner + n + 2], axis=-1)
    with open(args.output, "wb") as out:
        out.write(("ply\nformat binary_%s_endian 1.0\nelement vertex %d\nproperty float x\n"
                   "property float y\nproperty float z\nelement face %d\n"
                   "property list uchar int vertex_indices\nend_header\n" %
                   ("big" if args.big_endian else "little", len(vertices), len(faces))).encode())
        vertices.tofile(out)
        faces.tofile(out)
    scene = os.path.splitext(args.output)[0] + ".lrt"
    with open(scene, "w") as out:
        out.write("""# %d triangles from bench/accel/make_mesh.py
Format 320 240 1
PixelSamples 1 1
SurfaceIntegrator "path" "maxdepth" [3]
Projection "perspective" "fov" [45]
LookAt 0 1.6 -2.2  0 0 0  0 1 0
WorldBegin
  LightSource "distantlight" "from" [1 2 -1] "to" [0 0 0] "intensity" [3]
  Surface "matte" "Kd" [0.7]
  Shape "plymesh" "filename" "%s"
WorldEnd
""" % (len(faces), os.path.basename(args.output)))
    print("%s: %d vertices, %d triangles; %s" % (args.output, len(vertices), len(faces), scene))


if __name__ == "__main__":
    main()
