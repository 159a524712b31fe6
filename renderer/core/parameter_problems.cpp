// A parameter list's problems, collected from the one check Parameters makes.
#include "renderer/core/parameter_problems.h"

namespace lrt {

std::vector<Diagnostic> parameterProblems(const ParameterList& list, ParameterTable table,
                                          std::string what, const SourceLocation& where) {
    try {
        Parameters(list, table, std::move(what), where);
        return {};
    } catch (const SceneError& e) {
        return e.diagnostics();
    }
}

} // namespace lrt
