# What the Blender scripts that make lrt's test and example files share (run inside Blender's
# Python): a Principled BSDF material from the few inputs they set, and attaching one.
import bpy


def material(name, base=(0.8, 0.8, 0.8, 1), metallic=0.0, roughness=0.5, emission=None,
             strength=1.0, transmission=0.0, ior=1.45, image=None):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    p = m.node_tree.nodes["Principled BSDF"]
    p.inputs["Base Color"].default_value = base
    p.inputs["Metallic"].default_value = metallic
    p.inputs["Roughness"].default_value = roughness
    p.inputs["Transmission"].default_value = transmission
    p.inputs["IOR"].default_value = ior
    if emission:
        p.inputs["Emission"].default_value = emission
        p.inputs["Emission Strength"].default_value = strength
    if image:
        texture = m.node_tree.nodes.new("ShaderNodeTexImage")
        texture.image = image
        m.node_tree.links.new(texture.outputs["Color"], p.inputs["Base Color"])
    return m


def give(m):
    """Gives the object just added material `m`."""
    bpy.context.object.data.materials.append(m)
