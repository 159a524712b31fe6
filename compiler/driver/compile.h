// The compiler driver: a Cg or T-Language file through preprocessor, parser, lowering, optimiser,
// target expansion and code generation, then through the target's own assembler and verifier, so
// nothing the compiler writes can reach a VM unchecked.
#pragma once

#include "compiler/target.h"
#include "slvm/card/verifier.h"
#include "slvm/sl/verifier.h"
#include "slvm/vp2/verifier.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace compiler {

// A compilation that fails reports at most this many errors, the first in source order, then a
// note of how many there were (as a scene reader stops after 20).
inline constexpr std::size_t kMaxReportedErrors = 20;

// The compiler's profiles (profiles() has a row for each, with its name): named only where a user
// types one (--profile) or reads one (a message).
enum class ProfileId { Sl, Vp11, Vp2, Card };

struct CompileOptions {
    ProfileId profile = ProfileId::Sl;
    std::string entry; // "" for the profile's own: main, or sdf for card
    std::map<std::string, std::vector<float>> uniformValues; // --set, Surface parameters
    std::vector<std::filesystem::path> searchPath;           // for #include <...> and "..."
    // loadProgram calls it with each file it reads: the program's own before reading it (so also
    // one that fails to load), then those the program includes. May be empty.
    std::function<void(const std::filesystem::path&)> onFileRead;
};

struct CompiledProgram {
    std::string assembly;                // the target's text (.sl, .vp)
    std::string ir;                      // the optimised IR, for --emit ir
    std::vector<ConstantSlot> constants; // vertex targets: what c[] must hold
    // The verified program, of the profile's machine: SL (profile sl), vertex (vp1.1, vp2) or
    // card.
    std::variant<std::shared_ptr<const slvm::sl::VerifiedProgram>,
                 std::shared_ptr<const slvm::vp2::VerifiedProgram>,
                 std::shared_ptr<const slvm::card::VerifiedProgram>>
        verified;
    // The files it was read from: the program's own, then those it includes (what a live preview
    // watches). Empty for a program compiled from text that no file holds.
    std::vector<std::filesystem::path> files;

    // The verified program where it is that machine's, else null.
    std::shared_ptr<const slvm::sl::VerifiedProgram> sl() const {
        return verifiedAs<slvm::sl::VerifiedProgram>();
    }
    std::shared_ptr<const slvm::vp2::VerifiedProgram> vertex() const {
        return verifiedAs<slvm::vp2::VerifiedProgram>();
    }
    std::shared_ptr<const slvm::card::VerifiedProgram> card() const {
        return verifiedAs<slvm::card::VerifiedProgram>();
    }

private:
    template <typename Program>
    std::shared_ptr<const Program> verifiedAs() const {
        const auto* held = std::get_if<std::shared_ptr<const Program>>(&verified);
        return held ? *held : nullptr;
    }
};

// The machine a profile's programs run on.
enum class Machine { Surface, Vertex, Card };

// A profile: a target of the compiler, and what its output is.
struct Profile {
    ProfileId id;
    std::string_view name;            // as --profile and Target::name() spell it: "vp2"
    Machine machine;                  // what runs it: the SL, vertex or card machine
    std::string_view macro;           // defined to 1 for Cg's preprocessor: "PROFILE_VP2"
    std::string_view outputExtension; // what `lrt cg compile` writes by default: ".vp"
    std::string_view textExtension;   // the machine's own text: ".sl", ".vp", ".pc"
    bool tLanguage;                   // T-Language compiles to it (Cg compiles to every profile)
    std::unique_ptr<Target> (*makeTarget)();
    // Loads the generated assembly into the program's verified form, through the target's own
    // assembler (or parser) and verifier; throws slvm::ProgramError.
    void (*assemble)(CompiledProgram& program, const std::string& name);
};

// The profiles this compiler has, in the order `--profile` lists them: the one table that maps a
// profile's name to its target.
const std::vector<Profile>& profiles();
const Profile& profileOf(ProfileId id);
// The profile of that name (as a user types it), or nullptr.
const Profile* findProfile(std::string_view name);
// The profile of that name; throws std::invalid_argument naming the profiles there are.
const Profile& requireProfile(std::string_view name);
// The names of the profiles `accepts` says yes to, in the table's order.
std::vector<std::string_view> profileNamesWhere(bool (*accepts)(const Profile&));
inline bool isTLanguageProfile(const Profile& profile) {
    return profile.tLanguage;
}
std::vector<std::string_view> profileNames();
// The ids of the profiles `accepts` says yes to, in the table's order.
std::vector<ProfileId> profilesWhere(bool (*accepts)(const Profile&));
// The names of `ids`, for a message.
std::vector<std::string_view> profileNames(const std::vector<ProfileId>& ids);

// Compiles Cg source text; throws slvm::ProgramError with every diagnostic when it fails.
CompiledProgram compileCg(std::shared_ptr<const slvm::SourceText> source,
                          const CompileOptions& options);
// The same for a file (whose name the diagnostics carry).
CompiledProgram compileCgFile(const std::filesystem::path& path, const CompileOptions& options);

// Compiles T-Language source text for profile sl or card (docs/t-language.md), through the same
// IR, optimiser and back ends as Cg; throws as compileCg does.
CompiledProgram compileTl(std::shared_ptr<const slvm::SourceText> source,
                          const CompileOptions& options);
CompiledProgram compileTlFile(const std::filesystem::path& path, const CompileOptions& options);

} // namespace compiler
