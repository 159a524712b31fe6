#!/usr/bin/env python3
"""Writes the generated parts of scenes/: the Whitted scene's checker floor, the torus OBJ, the
instancing scene's grid, the shader gallery's textures (PNG, through oiiotool), and the vertex
program gallery's meshes and scene. Run from the repository root; the output is committed."""
import math
import subprocess
import tempfile
from pathlib import Path

SCENES = Path("scenes")


def checker_floor(n=16, size=16.0):
    """A PointsPolygons checkerboard of n x n quads with per-vertex colours, centred at the origin."""
    points, colours, counts, indices = [], [], [], []
    step = size / n
    for i in range(n):
        for j in range(n):
            colour = (0.9, 0.9, 0.85) if (i + j) % 2 == 0 else (0.75, 0.12, 0.1)
            x0, z0 = -size / 2 + i * step, -size / 2 + j * step
            base = len(points)
            for dx, dz in ((0, 0), (1, 0), (1, 1), (0, 1)):
                points.append((x0 + dx * step, 0.0, z0 + dz * step))
                colours.append(colour)
            counts.append(4)
            indices.extend(range(base, base + 4))
    fmt = lambda values: " ".join(f"{v:g}" for v in values)
    return (f"PointsPolygons [{fmt(counts)}]\n  [{fmt(indices)}]\n"
            f"  \"P\" [{fmt(c for p in points for c in p)}]\n"
            f"  \"Cs\" [{fmt(c for p in colours for c in p)}]\n")


def torus_obj(major=1.0, minor=0.35, rings=96, sides=48):
    lines = ["# A torus about the y axis, with normals and texture coordinates.", "mtllib torus.mtl", "o torus"]
    for i in range(rings + 1):
        u = 2 * math.pi * i / rings
        for j in range(sides + 1):
            v = 2 * math.pi * j / sides
            cx, cz = math.cos(u), math.sin(u)
            r = major + minor * math.cos(v)
            lines.append(f"v {r * cx:.6f} {minor * math.sin(v):.6f} {r * cz:.6f}")
            lines.append(f"vn {math.cos(v) * cx:.6f} {math.sin(v):.6f} {math.cos(v) * cz:.6f}")
            lines.append(f"vt {i / rings:.6f} {j / sides:.6f}")
    lines.append("usemtl copper")
    width = sides + 1
    for i in range(rings):
        for j in range(sides):
            a, b = i * width + j + 1, (i + 1) * width + j + 1
            c, d = b + 1, a + 1
            lines.append(f"f {a}/{a}/{a} {d}/{d}/{d} {c}/{c}/{c} {b}/{b}/{b}")
    return "\n".join(lines) + "\n"


def instancing_grid(n=64, spacing=1.0):
    out = []
    for i in range(n):
        for j in range(n):
            x, z = (i - n / 2) * spacing, (j - n / 2) * spacing
            angle = (i * 37 + j * 61) % 360
            scale = 0.6 + 0.4 * (((i * 13 + j * 7) % 10) / 10)
            out.append(f"AttributeBegin Translate {x:g} 0 {z:g} Rotate {angle} 0 1 0 Scale {scale:g} {scale:g} {scale:g} "
                       f"ObjectInstance \"tree\" AttributeEnd")
    return "\n".join(out) + "\n"


def write_png(path, width, height, pixel):
    """Writes an 8-bit RGB PNG whose pixel (x, y) is pixel(x, y) in [0, 1]^3."""
    data = bytearray()
    for y in range(height):
        for x in range(width):
            data.extend(max(0, min(255, round(255 * c))) for c in pixel(x, y))
    with tempfile.NamedTemporaryFile(suffix=".ppm") as ppm:
        ppm.write(f"P6 {width} {height} 255\n".encode() + bytes(data))
        ppm.flush()
        subprocess.run(["oiiotool", ppm.name, "-o", str(path)], check=True)


def tiles(x, y, size=256):
    """Terracotta tiles with pale grout, slightly varied per tile."""
    tile, grout = size // 4, 6
    i, j = x // tile, y // tile
    if x % tile < grout or y % tile < grout:
        return (0.85, 0.82, 0.75)
    shade = 0.8 + 0.2 * (((i * 7 + j * 13) % 5) / 4)
    return (0.72 * shade, 0.33 * shade, 0.2 * shade)


def bumps(x, y, size=256):
    """A tangent-space normal map of a 4x4 grid of round bumps (z up, encoded as (n + 1) / 2)."""
    cell = size / 4
    dx, dy = (x % cell) / cell * 2 - 1, (y % cell) / cell * 2 - 1
    r2 = dx * dx + dy * dy
    if r2 >= 0.8:
        n = (0.0, 0.0, 1.0)
    else:
        h = math.sqrt(1 - r2 / 0.8)
        n = (dx / (0.8 * h + 0.3), -dy / (0.8 * h + 0.3), 1.0)
        length = math.sqrt(sum(c * c for c in n))
        n = tuple(c / length for c in n)
    return tuple((c + 1) / 2 for c in n)


def grid_obj(n=64, size=2.0, comment="A flat square in the xy plane, n x n quads, normals +z."):
    lines = [f"# {comment}", "o grid"]
    for j in range(n + 1):
        for i in range(n + 1):
            lines.append(f"v {-size / 2 + size * i / n:.6f} {-size / 2 + size * j / n:.6f} 0")
            lines.append(f"vt {i / n:.6f} {j / n:.6f}")
    lines.append("vn 0 0 1")
    w = n + 1
    for j in range(n):
        for i in range(n):
            a, b, c, d = j * w + i + 1, j * w + i + 2, (j + 1) * w + i + 2, (j + 1) * w + i + 1
            lines.append(f"f {a}/{a}/1 {b}/{b}/1 {c}/{c}/1 {d}/{d}/1")
    return "\n".join(lines) + "\n"


def bar_obj(half=0.35, height=2.0, across=6, along=32):
    """A square bar along z from 0 to height, each face subdivided so that it can bend."""
    lines = ["# A square bar along z, its faces subdivided for vertex programs to deform.", "o bar"]
    count = 0
    faces = []
    # (origin, u axis, v axis) of each side face, wound so that normals point outwards.
    sides = [((-half, -half, 0), (2 * half, 0, 0), (0, 0, height)),
             ((half, -half, 0), (0, 2 * half, 0), (0, 0, height)),
             ((half, half, 0), (-2 * half, 0, 0), (0, 0, height)),
             ((-half, half, 0), (0, -2 * half, 0), (0, 0, height)),
             ((-half, -half, height), (2 * half, 0, 0), (0, 2 * half, 0)),
             ((-half, half, 0), (2 * half, 0, 0), (0, -2 * half, 0))]
    for origin, u, v in sides:
        nu, nv = (across, along) if v[2] == height else (across, across)
        normal = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        length = math.sqrt(sum(c * c for c in normal))
        lines.append("vn " + " ".join(f"{c / length:g}" for c in normal))
        nindex = len([l for l in lines if l.startswith("vn ")])
        base = count
        for j in range(nv + 1):
            for i in range(nu + 1):
                p = [origin[k] + u[k] * i / nu + v[k] * j / nv for k in range(3)]
                lines.append("v " + " ".join(f"{c:.6f}" for c in p))
                count += 1
        for j in range(nv):
            for i in range(nu):
                a = base + j * (nu + 1) + i + 1
                faces.append(f"f {a}//{nindex} {a + 1}//{nindex} {a + nu + 2}//{nindex} {a + nu + 1}//{nindex}")
    return "\n".join(lines + faces) + "\n"


def matrix_multiply(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def bone_palette(bones=5, segment=1.0, bend_degrees=22.0):
    """Bone i of a chain along z bent about the x axis by bend_degrees at each joint z = i * segment:
    B_0 = I, B_i = B_(i-1) T(0,0,z_i) R_x(bend) T(0,0,-z_i). Rows of each as "c[N]" parameters."""
    def translate(z):
        return [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, z], [0, 0, 0, 1]]
    c, s = math.cos(math.radians(bend_degrees)), math.sin(math.radians(bend_degrees))
    rotate = [[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]]
    matrices = [[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]]
    for i in range(1, bones):
        joint = matrix_multiply(matrix_multiply(translate(i * segment), rotate), translate(-i * segment))
        matrices.append(matrix_multiply(matrices[-1], joint))
    rows = []
    for i, m in enumerate(matrices):
        for r in range(4):
            rows.append(f'"c[{4 + 4 * i + r}]" [' + " ".join(f"{v:.6f}" for v in m[r]) + "]")
    return rows


def vertex_gallery():
    palette = "\n      ".join(bone_palette())
    return VERTEX_GALLERY.replace("@PALETTE@", palette)


VERTEX_GALLERY = """# Generated by scripts/make_scenes.py: the vertex program gallery, one bundled program of vertex/
# per object. Back row, left to right: twist (an OBJ bar), sphere-to-cube morph (a tessellated
# Sphere), skinning with a bone palette (a tessellated Cylinder). Front row: a ripple (an OBJ
# grid, animated by the frame number), a CLP0 cutaway with back-face colours, colours from
# normals (the torus OBJ).
Format 960 600 1
PixelSamples 3 3
Display "vertex_gallery.png" "file" "rgb"
Projection "perspective" "fov" [34]
LookAt 0 9 -12  0 0.2 1.4  0 1 0
Imager "background" "bgcolor" [0.55 0.65 0.8]
SurfaceIntegrator "whitted" "maxdepth" [3]

WorldBegin
  LightSource "distantlight" "from" [-3 6 -4] "to" [0 0 0] "intensity" [2.6]
  LightSource "ambientlight" "intensity" [0.25]
  AttributeBegin
    Color [0.8 0.8 0.76]
    Polygon "P" [-30 0 -30  30 0 -30  30 0 30  -30 0 30]
  AttributeEnd

  AttributeBegin  # twist
    VertexProgram "twist.vp" "c[0]" [0.9 0 0 0]
    Surface "plastic" "roughness" [0.15]
    Color [0.85 0.45 0.2]
    Translate -3.6 0 4.2
    Rotate -90 1 0 0
    Shape "obj" "filename" "meshes/bar.obj"
  AttributeEnd
  AttributeBegin  # morph
    VertexProgram "morph.vp" "c[0]" [0.65 1 0 0] "tessellation" [96 48]
    Surface "plastic" "roughness" [0.1]
    Color [0.3 0.55 0.85]
    Translate 0 1 4.2
    Rotate 30 0 1 0
    Rotate -70 1 0 0
    Sphere 1 -1 1 360
  AttributeEnd
  AttributeBegin  # skinning
    VertexProgram "skin.vp" "c[0]" [1 4 0 0]
      @PALETTE@
      "tessellation" [32 64]
    Surface "plastic" "roughness" [0.2]
    Color [0.45 0.75 0.35]
    Translate 3.9 0 4.2
    Rotate -90 1 0 0
    Rotate 90 0 0 1
    Scale 0.55 0.55 0.55
    Cylinder 0.45 0 4 360
  AttributeEnd

  AttributeBegin  # ripple
    VertexProgram "ripple.vp" "frame" [0] "c[1]" [0.08 9 4 0.5]
    Surface "plastic" "roughness" [0.2]
    Color [0.25 0.6 0.65]
    Translate -3.4 0.25 0
    Rotate -90 1 0 0
    Scale 1.1 1.1 1
    Shape "obj" "filename" "meshes/grid.obj"
  AttributeEnd
  AttributeBegin  # cutaway
    AttributeBegin
      Color [0.95 0.8 0.2]
      Translate 0 1 0
      Sphere 0.55 -0.55 0.55 360
    AttributeEnd
    # The cap facing the camera is clipped away: keep -0.55 y + 0.83 z + 0.25 >= 0.
    VertexProgram "cutaway.vp" "c[0]" [0 -0.55 0.83 0.25] "c[1]" [0.8 0.25 0.2 1]
      "c[2]" [0.85 0.85 0.85 1] "tessellation" [96 48]
    Translate 0 1 0
    Sphere 1 -1 1 360
  AttributeEnd
  AttributeBegin  # normals
    VertexProgram "normals.vp" "c[0]" [0.5 0 0 0]
    Surface "matte"
    Translate 3.4 0.6 0
    Rotate -35 1 0 0
    Scale 1.2 1.2 1.2
    Shape "obj" "filename" "meshes/torus.obj"
  AttributeEnd
WorldEnd
"""


def many_lights(n=12):
    """A courtyard under n x n small coloured lamps and an emissive neon strip."""
    import colorsys
    lines = ["""# Generated by scripts/make_scenes.py. A courtyard at night under 144 small coloured lamps and a
# neon sign: many lights, which the path integrator's light BVH samples at the cost of one
# (docs/light-sampling.md). Each lamp is a small sphere, and the sign an emissive triangle mesh,
# sampled triangle by triangle.
Format 480 320 1
PixelSamples 4 4
Display "many_lights.png" "file" "rgb"
Projection "perspective" "fov" [42]
LookAt 0 3.2 -9  0 0.9 0  0 1 0
SurfaceIntegrator "path" "maxdepth" [4] "lightsampler" "bvh"

WorldBegin
  # The lamps: strings of bulbs, their colours around the hue circle."""]
    for j in range(n):
        for i in range(n):
            x = -5 + 10 * i / (n - 1)
            y = 3.2 + 0.25 * ((i * 7 + j * 3) % 5) / 4
            z = -2 + 6.5 * j / (n - 1)
            r, g, b = colorsys.hsv_to_rgb(((i + 2 * j) % n) / n, 0.55, 1.0)
            lines.append(f"""  AttributeBegin
    AreaLightSource "arealight" "intensity" [20] "lightcolor" [{r:.3f} {g:.3f} {b:.3f}]
    Translate {x:.3f} {y:.3f} {z:.3f}
    Sphere 0.06 -0.06 0.06 360
  AttributeEnd""")
    points = "  ".join(f"{0.5 * (k // 2):.1f} {0.25 * (k % 2):.2f} 0" for k in range(18))
    triangles = "  ".join(f"{2 * k} {2 * k + 1} {2 * k + 2}  {2 * k + 2} {2 * k + 1} {2 * k + 3}" for k in range(8))
    lines.append(f"""  # The sign: a one-sided emissive strip of 16 triangles facing the camera.
  AttributeBegin
    AreaLightSource "arealight" "intensity" [3] "lightcolor" [0.3 0.8 1]
    Sides 1
    Translate -2 2.2 5.9
    PointsPolygons [{" ".join(["3"] * 16)}]
      [{triangles}]
      "P" [{points}]
  AttributeEnd

  Surface "matte" "Kd" [0.6]
  Polygon "P" [-8 0 -8  -8 0 8  8 0 8  8 0 -8]          # the ground
  Polygon "P" [-8 0 6  8 0 6  8 6 6  -8 6 6]            # the back wall
  AttributeBegin
    Surface "plastic" "Kd" [0.3] "Ks" [0.4] "roughness" [0.08]
    Color [0.8 0.2 0.15]
    Translate -2.2 0.9 1
    Sphere 0.9 -0.9 0.9 360
  AttributeEnd
  AttributeBegin
    Surface "metal" "roughness" [0.05]
    Translate 0 0.9 2
    Sphere 0.9 -0.9 0.9 360
  AttributeEnd
  AttributeBegin
    Surface "Lambert" "Kd" [0.7]
    Translate 2.2 0.9 1
    Sphere 0.9 -0.9 0.9 360
  AttributeEnd
WorldEnd""")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    (SCENES / "textures").mkdir(exist_ok=True)
    write_png(SCENES / "textures" / "tiles.png", 256, 256, tiles)
    write_png(SCENES / "textures" / "bumps.png", 256, 256, bumps)
    (SCENES / "whitted_floor.lrt").write_text("# Generated by scripts/make_scenes.py: a 16x16 checkerboard.\n" + checker_floor())
    (SCENES / "meshes" / "torus.obj").write_text(torus_obj())
    (SCENES / "instancing_grid.lrt").write_text("# Generated by scripts/make_scenes.py: 4096 instances.\n" + instancing_grid())
    (SCENES / "meshes" / "bar.obj").write_text(bar_obj())
    (SCENES / "meshes" / "grid.obj").write_text(grid_obj())
    (SCENES / "vertex_gallery.lrt").write_text(vertex_gallery())
    (SCENES / "many_lights.lrt").write_text(many_lights())
