# Rebuilds the Blender-exported test files in this folder: a small scene made here with Blender's
# Principled BSDF, lights and camera, written by Blender's own exporters, the ones users have:
# scene.obj + scene.mtl (Wavefront OBJ, File > Export > Wavefront), scene.glb (glTF 2.0 binary,
# with its camera, lights and embedded image), and the meshes as Stanford PLY (File > Export >
# Stanford): scene.ply (binary) and scene_ascii.ply (ASCII). The tests render the committed outputs; Blender is
# not a build or CI dependency. Run from the repository root:
#
#   blender -b --factory-startup --python tests/data/blender/export_scenes.py -- tests/data/blender
#
# Blender's space is right-handed with +z up; both exporters write +y up (x, z, -y).
import math
import os
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts"))
from blender_scene import give, material  # noqa: E402

out = os.path.abspath(sys.argv[sys.argv.index("--") + 1])
bpy.ops.wm.read_factory_settings(use_empty=True)


def quadrants_image():
    """64 x 64: red top left, green top right, blue bottom left, white bottom right."""
    image = bpy.data.images.new("quadrants", 64, 64)
    pixels = []
    for y in range(64):  # Blender stores the bottom row first
        for x in range(64):
            top = y >= 32
            if top:
                pixels += [1, 0, 0, 1] if x < 32 else [0, 1, 0, 1]
            else:
                pixels += [0, 0, 1, 1] if x < 32 else [1, 1, 1, 1]
    image.pixels = pixels
    image.filepath_raw = os.path.join(out, "quadrants.png")
    image.file_format = "PNG"
    image.save()
    return image


def named(name, m):
    give(m)
    bpy.context.object.name = name


image = quadrants_image()
bpy.ops.mesh.primitive_plane_add(size=4, location=(0, 0, 0))
named("Floor", material("Floor", image=image, roughness=1.0))
bpy.ops.mesh.primitive_cube_add(size=0.8, location=(-1, 0.5, 0.4))
named("Cube", material("Red", base=(0.8, 0.05, 0.05, 1), roughness=0.6))
bpy.ops.mesh.primitive_uv_sphere_add(radius=0.5, location=(1, 0.5, 0.5), segments=48,
                                     ring_count=24)
bpy.ops.object.shade_smooth()
named("Sphere", material("Gold", base=(1.0, 0.77, 0.34, 1), metallic=1.0, roughness=0.2))
bpy.ops.mesh.primitive_plane_add(size=1, location=(0, 0.5, 2.5), rotation=(math.pi, 0, 0))
named("Panel", material("Lamp", base=(0, 0, 0, 1), emission=(1, 0.9, 0.8, 1), strength=8.0))

bpy.ops.object.camera_add(location=(0, -6, 3))
camera = bpy.context.object
camera.rotation_euler = (math.radians(65), 0, 0)
camera.data.lens = 35
bpy.context.scene.camera = camera
bpy.context.scene.render.resolution_x = 640
bpy.context.scene.render.resolution_y = 480
bpy.ops.object.light_add(type="POINT", location=(2, -2, 3))
bpy.context.object.data.energy = 300
bpy.ops.object.light_add(type="SUN", rotation=(math.radians(40), 0, math.radians(30)))
bpy.context.object.data.energy = 2

bpy.ops.wm.obj_export(filepath=os.path.join(out, "scene.obj"), export_materials=True,
                      path_mode="RELATIVE")
bpy.ops.export_scene.gltf(filepath=os.path.join(out, "scene.glb"), export_format="GLB",
                          export_cameras=True, export_lights=True)
for name, ascii in (("scene.ply", False), ("scene_ascii.ply", True)):
    bpy.ops.export_mesh.ply(filepath=os.path.join(out, name), use_ascii=ascii, use_selection=False)
