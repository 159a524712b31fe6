// What a material may ask of the integrator while it shades one point of one camera sample:
// radiance along another ray (SL's `trace`) and the sample's random stream (SL's `rnd`). Both
// integrators make one per hit, with the trace that continues their own paths; the camera ray's
// first hit of a sample being debugged also carries a program recorder.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/function_ref.h"
#include "renderer/core/ray.h"
#include "renderer/materials/program_recorder.h"
#include "renderer/sampling/sample_stream.h"

namespace lrt {

class ShadingContext {
public:
    // `trace` gives the radiance arriving along a world-space ray, one level deeper through the
    // integrator, and black once its maxdepth is spent.
    ShadingContext(int depth, SampleStream& stream, FunctionRef<Color(const Ray&)> trace,
                   ProgramRecorder* recorder = nullptr)
        : depth_(depth), stream_(stream), trace_(trace), recorder_(recorder) {}

    Color trace(const Ray& ray) const { return trace_(ray); }
    // Depth of the point being shaded (the camera's hit is 0).
    int depth() const { return depth_; }
    float random() { return stream_.next(); }
    // The pixel debugger's recorder at the hit it debugs, else null.
    ProgramRecorder* recorder() const { return recorder_; }

private:
    int depth_;
    SampleStream& stream_;
    FunctionRef<Color(const Ray&)> trace_;
    ProgramRecorder* recorder_;
};

} // namespace lrt
