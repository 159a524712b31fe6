// The importers' frames are checked against the vocabulary as the .lrt reader checks statements:
// an unknown name, or a parameter a table refuses, is an error at the entity that the importer
// wrote, all of them in one SceneError.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/core/scene_error.h"
#include "renderer/description/vocabulary_check.h"

#include <catch2/catch.hpp>
#include <memory>

using namespace lrt;

namespace {

const SourceLocation kAt{"imported.pbrt", 7, 3};

Parameter number(std::string name, double value) {
    return {std::move(name), ParameterType::Unspecified, {value}, {}, kAt};
}

FrameDescription frameWith(ShapeDescription shape) {
    FrameDescription frame;
    shape.where = kAt;
    shape.attributes = std::make_shared<const SurfaceAttributes>();
    frame.world.shapes.push_back(std::move(shape));
    return frame;
}

std::vector<std::string> messagesOf(const std::vector<FrameDescription>& frames) {
    try {
        checkFrames(frames, registeredVocabulary());
    } catch (const SceneError& e) {
        std::vector<std::string> messages;
        for (const Diagnostic& d : e.diagnostics()) {
            CHECK(d.where.file == "imported.pbrt");
            CHECK(d.where.line == 7);
            messages.push_back(d.message);
        }
        return messages;
    }
    return {};
}

} // namespace

TEST_CASE("what an importer writes is checked against the vocabulary", "[import][vocabulary]") {
    ShapeDescription sphere;
    sphere.type = "sphere";
    sphere.arguments = {2, -2, 2, 360};
    CHECK(messagesOf({frameWith(sphere)}).empty());

    ShapeDescription teapot;
    teapot.type = "teapot";
    CHECK(messagesOf({frameWith(teapot)}) == std::vector<std::string>{"unknown shape 'teapot'"});

    // Every problem of every frame, in one error.
    FrameDescription frame = frameWith(sphere);
    frame.options.integrator = {"path", {}, kAt};
    frame.options.integrator.parameters.add(number("maxdepth", 0));
    LightDescription light{"pointlight", {}, {}, kAt};
    light.parameters.add(number("intensty", 1));
    frame.world.lights.push_back(light);
    CHECK(messagesOf({frame, frameWith(teapot)}) ==
          std::vector<std::string>{
              "maxdepth of SurfaceIntegrator \"path\" is 0, outside its domain: an integer in [1, "
              "1000]",
              "unknown parameter 'intensty' for LightSource \"pointlight\"; did you mean "
              "'intensity'?",
              "unknown shape 'teapot'"});
}
