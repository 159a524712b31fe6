# Rebuilds the Blender-exported test files in this folder: a small scene made here with Blender's
# Principled BSDF, lights and camera, written by Blender's own exporters, the ones users have:
# scene.obj + scene.mtl (Wavefront OBJ, File > Export > Wavefront), scene.glb (glTF 2.0 binary,
# with its camera, lights and embedded image), and the meshes as Stanford PLY (File > Export >
# Stanford): scene.ply (binary) and scene_ascii.ply (ASCII); and extensions.glb, one quad per
# material feature the glTF exporter writes as an extension or a texture: rough glass
# (KHR_materials_transmission, _ior), a clear coat (_clearcoat), a specular tint (_specular), an
# alpha-clipped leaf (alphaMode MASK) and metallic and roughness from an image
# (metallicRoughnessTexture). The tests render and read the committed outputs; Blender is not a
# build or CI dependency. Run from the repository root:
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


def extensions_scene():
    """Quads in a row, one per material feature, written to extensions.glb on their own."""
    bpy.ops.wm.read_factory_settings(use_empty=True)
    glass = material("Frosted", base=(1, 1, 1, 1), roughness=0.3, transmission=1.0, ior=1.6)
    coated = material("Coated", base=(0.1, 0.2, 0.8, 1), roughness=0.5)
    coated.node_tree.nodes["Principled BSDF"].inputs["Clearcoat"].default_value = 1.0
    coated.node_tree.nodes["Principled BSDF"].inputs["Clearcoat Roughness"].default_value = 0.2
    tinted = material("Tinted", base=(0.6, 0.6, 0.6, 1), roughness=0.4)
    tinted.node_tree.nodes["Principled BSDF"].inputs["Specular"].default_value = 0.8
    tinted.node_tree.nodes["Principled BSDF"].inputs["Specular Tint"].default_value = 0.5

    # A leaf: the image's alpha clips it (alpha 0 on the left half, 1 on the right).
    leaf_image = bpy.data.images.new("leaf", 8, 8, alpha=True)
    leaf_image.pixels = [v for y in range(8) for x in range(8)
                         for v in (0.2, 0.7, 0.1, 0.0 if x < 4 else 1.0)]
    leaf_image.filepath_raw = os.path.join(out, "leaf.png")
    leaf_image.file_format = "PNG"
    leaf_image.save()
    leaf = material("Leaf", image=leaf_image, roughness=0.8)
    nodes = leaf.node_tree.nodes
    leaf.node_tree.links.new(nodes["Image Texture"].outputs["Alpha"],
                             nodes["Principled BSDF"].inputs["Alpha"])
    leaf.blend_method = "CLIP"
    leaf.alpha_threshold = 0.4

    # Metallic (blue) and roughness (green) from one image, as the exporter packs them.
    maps_image = bpy.data.images.new("metal_rough", 8, 8)
    maps_image.pixels = [v for y in range(8) for x in range(8)
                         for v in (0.0, 0.9 if x < 4 else 0.1, 0.0 if x < 4 else 1.0, 1.0)]
    maps_image.filepath_raw = os.path.join(out, "metal_rough.png")
    maps_image.file_format = "PNG"
    maps_image.save()
    maps = material("Mapped", base=(0.9, 0.5, 0.2, 1))
    nodes = maps.node_tree.nodes
    texture = nodes.new("ShaderNodeTexImage")
    texture.image = maps_image
    texture.image.colorspace_settings.name = "Non-Color"
    separate = nodes.new("ShaderNodeSeparateColor")
    maps.node_tree.links.new(texture.outputs["Color"], separate.inputs["Color"])
    maps.node_tree.links.new(separate.outputs["Green"], nodes["Principled BSDF"].inputs["Roughness"])
    maps.node_tree.links.new(separate.outputs["Blue"], nodes["Principled BSDF"].inputs["Metallic"])

    for i, (name, m) in enumerate((("Glass", glass), ("Coat", coated), ("Tint", tinted),
                                    ("Leaf", leaf), ("Maps", maps))):
        bpy.ops.mesh.primitive_plane_add(size=1, location=(1.2 * i, 0, 0))
        named(name, m)
    bpy.ops.export_scene.gltf(filepath=os.path.join(out, "extensions.glb"), export_format="GLB")


extensions_scene()
