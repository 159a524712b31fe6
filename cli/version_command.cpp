// Version report; the library versions are the headers' (what lrt was compiled against), and the
// code generator that compiles programs.
#include "cli/version_command.h"

#include "lrt/version.h"
#include "slvm/jit/native_code.h"

#include <OpenImageIO/oiioversion.h>
#include <embree3/rtcore_config.h>
#include <fmt/format.h>
#include <oneapi/tbb/version.h>

namespace lrt::cli {

std::string versionText() {
    return fmt::format("lrt {}\nEmbree {}\nOpenImageIO {}\noneTBB {}\nJIT: {}\n",
                       LRT_VERSION_STRING, RTC_VERSION_STRING, OIIO_VERSION_STRING,
                       TBB_VERSION_STRING, slvm::jit::codeGeneratorDescription());
}

} // namespace lrt::cli
