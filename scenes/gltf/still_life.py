# Builds scenes/gltf/still_life.glb with Blender and its own glTF exporter: Suzanne, a gold torus
# and a glass sphere on a floor textured with Blender's colour grid, lit by the sun, a point light
# and an emissive strip, seen by a camera. Run from the repository root:
#
#   blender -b --factory-startup --python scenes/gltf/still_life.py -- scenes/gltf
import math
import os
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts"))
from blender_scene import give, material  # noqa: E402

out = os.path.abspath(sys.argv[sys.argv.index("--") + 1])
bpy.ops.wm.read_factory_settings(use_empty=True)


grid = bpy.data.images.new("grid", 512, 512)
grid.generated_type = "COLOR_GRID"
grid.pack()

bpy.ops.mesh.primitive_plane_add(size=8, location=(0, 0, 0))
give(material("Floor", image=grid, roughness=0.8))
bpy.ops.mesh.primitive_monkey_add(size=1.2, location=(0, 0.3, 0.75), rotation=(0.35, 0, 0.3))
bpy.ops.object.modifier_add(type="SUBSURF")
bpy.context.object.modifiers["Subdivision"].levels = 2
bpy.ops.object.shade_smooth()
give(material("Suzanne", base=(0.75, 0.12, 0.08, 1), roughness=0.35))
bpy.ops.mesh.primitive_torus_add(location=(-1.7, 0.6, 0.25), major_radius=0.55,
                                 minor_radius=0.22, major_segments=64, minor_segments=24)
bpy.ops.object.shade_smooth()
give(material("Gold", base=(1.0, 0.77, 0.34, 1), metallic=1.0, roughness=0.25))
bpy.ops.mesh.primitive_uv_sphere_add(radius=0.45, location=(1.6, -0.4, 0.45), segments=64,
                                     ring_count=32)
bpy.ops.object.shade_smooth()
give(material("Glass", base=(1, 1, 1, 1), roughness=0.0, transmission=1.0))
bpy.ops.mesh.primitive_plane_add(size=1, location=(0, 2.5, 2.2), rotation=(math.radians(120), 0, 0))
bpy.context.object.scale = (3, 0.3, 1)
give(material("Strip", base=(0, 0, 0, 1), emission=(1, 0.95, 0.9, 1), strength=6.0))

bpy.ops.object.camera_add(location=(0.4, -5.5, 2.4), rotation=(math.radians(72), 0, 0))
bpy.context.object.data.lens = 40
bpy.context.scene.camera = bpy.context.object
bpy.context.scene.render.resolution_x = 800
bpy.context.scene.render.resolution_y = 500
bpy.ops.object.light_add(type="SUN", rotation=(math.radians(50), 0, math.radians(-35)))
bpy.context.object.data.energy = 1.5
bpy.ops.object.light_add(type="POINT", location=(-2.5, -2, 3))
bpy.context.object.data.energy = 250

bpy.ops.export_scene.gltf(filepath=os.path.join(out, "still_life.glb"), export_format="GLB",
                          export_cameras=True, export_lights=True, export_apply=True)
