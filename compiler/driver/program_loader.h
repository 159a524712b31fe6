// One way in for every program file: a table of the formats lrt reads (SL text and bytecode, VP
// text, card images and text, Cg and T-Language sources) and the profiles each can serve, and one
// call, loadProgram(path, options), that every scene statement and every command uses. A source is
// compiled for the profile asked for; anything else is read by its own loader. Either way the
// result is verified: nothing reaches a VM unchecked. The compiler as a library, in the manner of
// OSL's OSLCompiler.
#pragma once

#include "compiler/driver/compile.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace compiler {

struct ProgramFormat {
    std::string_view extension;      // lower case, with the dot: ".cg"
    std::string_view name;           // for messages: "Cg source"
    std::vector<ProfileId> profiles; // what it can be loaded as
    bool isSource;                   // compiled, once per set of uniform values
    bool hasUniforms;                // takes uniform values (Cg)
    CompiledProgram (*load)(const std::filesystem::path& path, const CompileOptions& options);
};

// Every format, in the order a name without an extension is looked for: bytecode before text,
// text before sources (Surface "Marble" finds Marble.slc, then .sl, .cg, .t).
const std::vector<ProgramFormat>& programFormats();

// The format of `path` by its extension (in any case), or nullptr.
const ProgramFormat* programFormatOf(const std::filesystem::path& path);
// The format of an extension as the table spells it (".cg"), or nullptr.
const ProgramFormat* programFormat(std::string_view extension);

// The extensions of the formats that can serve `profile`, in programFormats' order.
std::vector<std::string_view> extensionsFor(ProfileId profile);

// The program in `path` for options.profile (sl, vp1.1, vp2 or card; a .vp file's own header says
// which VP version it is). A file whose extension no format owns is read as the profile's own text
// (SL assembly or bytecode, VP text, card text), as the assemblers always have. Throws
// slvm::ProgramError with every diagnostic, also for a format that cannot serve the profile (a .t
// file as a vertex program) and for uniform values given to a program that has none.
CompiledProgram loadProgram(const std::filesystem::path& path, const CompileOptions& options);

} // namespace compiler
