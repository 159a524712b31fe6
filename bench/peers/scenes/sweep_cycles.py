# "sweep" peer scene for Blender 3.4 Cycles (CPU), built from scratch: the scene a user would bring
# from Blender. Eleven spheres of the Principled BSDF on a floor under an emissive quad: metallic 0
# and 1 at roughness 0.05, 0.3, 0.6 and 0.9, glass, rough glass and a clearcoat.
# Usage: blender -b --factory-startup -P sweep_cycles.py -- SPP OUT.exr [SEED] [THREADS] [GLB]
#   renders with Cycles at SPP samples a pixel (OUT.exr; SPP 0 renders nothing), and with GLB
#   exports the scene first as a .glb (camera included) with Blender's own glTF exporter, which
#   `lrt render` reads through bench/peers/scenes/sweep.lrt.
# Blender is +z up; its glTF exporter writes +y up, so Blender's (x, y, z) is glTF's (x, z, -y).
import sys
import time

import bpy

args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
SPP = int(args[0]) if len(args) > 0 else 16
OUT = args[1] if len(args) > 1 else "/tmp/sweep_%d.exr" % SPP
SEED = int(args[2]) if len(args) > 2 else 0
THREADS = int(args[3]) if len(args) > 3 else 2
GLB = args[4] if len(args) > 4 else None
WIDTH, HEIGHT = 480, 270
MAX_BOUNCES = 8  # lrt's maxdepth 9: the camera's hit and 8 more

bpy.ops.wm.read_factory_settings(use_empty=True)
sc = bpy.context.scene


def principled(name, base, metallic=0.0, roughness=0.5, transmission=0.0, clearcoat=0.0,
               emission=None, strength=0.0):
    material = bpy.data.materials.new(name)
    material.use_nodes = True
    bsdf = material.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*base, 1.0)
    bsdf.inputs["Metallic"].default_value = metallic
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Transmission"].default_value = transmission
    bsdf.inputs["IOR"].default_value = 1.5
    bsdf.inputs["Clearcoat"].default_value = clearcoat
    bsdf.inputs["Clearcoat Roughness"].default_value = 0.03
    if emission:
        bsdf.inputs["Emission"].default_value = (*emission, 1.0)
        bsdf.inputs["Emission Strength"].default_value = strength
    return material


def place(obj, material):
    obj.data.materials.append(material)
    return obj


# The floor: 12 x 12, a rough grey dielectric.
bpy.ops.mesh.primitive_plane_add(size=12, location=(0, 0, 0))
place(bpy.context.object, principled("floor", (0.5, 0.5, 0.5), roughness=0.8))
# The lamp: a 3 x 1.5 quad 4.5 above the floor, facing down (its normal -z), warm white.
bpy.ops.mesh.primitive_plane_add(size=1, location=(0, 0.5, 4.5), rotation=(3.14159265, 0, 0))
lamp = bpy.context.object
lamp.scale = (3.0, 1.5, 1.0)
place(lamp, principled("lamp", (0, 0, 0), roughness=1.0, emission=(1.0, 0.9, 0.8), strength=12))

GOLD, BLUE = (1.0, 0.78, 0.34), (0.2, 0.4, 0.8)
ROUGHNESS = (0.05, 0.3, 0.6, 0.9)
spheres = []
for i, roughness in enumerate(ROUGHNESS):
    x = -1.65 + 1.1 * i
    spheres.append(((x, 1.2), principled("dielectric_%g" % roughness, BLUE, 0.0, roughness)))
    spheres.append(((x, 0.0), principled("metal_%g" % roughness, GOLD, 1.0, roughness)))
spheres.append(((-1.1, -1.2), principled("glass", (1, 1, 1), roughness=0.0, transmission=1.0)))
spheres.append(((0.0, -1.2), principled("rough_glass", (1, 1, 1), roughness=0.3,
                                        transmission=1.0)))
spheres.append(((1.1, -1.2), principled("clearcoat", (0.7, 0.1, 0.1), roughness=0.5,
                                        clearcoat=1.0)))
for (x, y), material in spheres:
    bpy.ops.mesh.primitive_uv_sphere_add(segments=64, ring_count=32, radius=0.45,
                                         location=(x, y, 0.45))
    bpy.ops.object.shade_smooth()
    place(bpy.context.object, material)

# The camera: from the front and above, 40 degrees across the image's height.
bpy.ops.object.camera_add(location=(0, -7.5, 3.2))
camera = bpy.context.object
direction = bpy.data.objects.new("target", None)
sc.collection.objects.link(direction)
direction.location = (0, 0.1, 0.35)
track = camera.constraints.new("TRACK_TO")
track.target = direction
track.track_axis = "TRACK_NEGATIVE_Z"
track.up_axis = "UP_Y"
camera.data.sensor_fit = "VERTICAL"
camera.data.angle_y = 40 * 3.14159265 / 180
sc.camera = camera
bpy.context.view_layer.update()
# The exporter writes the camera's evaluated transform; the constraint is then baked in.
camera.matrix_world = camera.matrix_world.copy()
camera.constraints.remove(track)

world = bpy.data.worlds.new("black")
world.use_nodes = True
world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.0
sc.world = world

r = sc.render
r.engine = "CYCLES"
r.resolution_x, r.resolution_y, r.resolution_percentage = WIDTH, HEIGHT, 100
r.threads_mode = "FIXED"
r.threads = THREADS
r.image_settings.file_format = "OPEN_EXR"
r.image_settings.color_depth = "32"
r.image_settings.color_mode = "RGB"
sc.view_settings.view_transform = "Standard"  # linear radiance out, no filmic curve

c = sc.cycles
c.device = "CPU"
c.samples = max(SPP, 1)
c.seed = SEED
c.use_animated_seed = False
c.use_adaptive_sampling = False
c.use_denoising = False
c.pixel_filter_type = "BOX"  # as sweep.lrt: each sample feeds only its own pixel
c.filter_width = 1.0
c.max_bounces = MAX_BOUNCES
c.diffuse_bounces = c.glossy_bounces = c.transmission_bounces = MAX_BOUNCES
c.transparent_max_bounces = 8
c.volume_bounces = 0
c.sample_clamp_direct = 0.0  # no clamping: both renderers unbiased
c.sample_clamp_indirect = 0.0
c.light_sampling_threshold = 0.0
c.blur_glossy = 0.0

if GLB:
    bpy.ops.export_scene.gltf(filepath=GLB, export_format="GLB", export_cameras=True,
                              export_apply=True)
if SPP > 0:
    r.filepath = OUT
    start = time.perf_counter()
    bpy.ops.render.render(write_still=True)
    print("PEER sweep cycles spp=%d seed=%d threads=%d render_s=%.3f out=%s"
          % (SPP, SEED, THREADS, time.perf_counter() - start, OUT))
