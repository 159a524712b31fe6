// The transform statements RenderMan's RIB and pbrt-v4 share, with one meaning and one set of
// checks for both readers: Identity, Translate, Scale, Rotate, LookAt, Transform and
// ConcatTransform. Each reader reads a statement's numbers its own way (the .lrt reader against
// its argument domains, the pbrt importer as pbrt-v4 counts them); what they make of the current
// transform is decided here once.
#pragma once

#include "renderer/core/transform.h"
#include "renderer/parser/statement_reader.h"

#include <vector>

namespace lrt {

// Whether `name` is one of the shared transform statements.
bool isTransformStatement(std::string_view name);

// How many numbers the transform statement `name` takes (0 for Identity, 16 for the matrices).
std::size_t transformStatementNumbers(std::string_view name);

// The current transform after transform statement `s`, given its numbers `n`, applied to
// `current`. Both matrix statements list the matrix as RenderMan does, for row vectors (the
// translation is numbers 12-14). Throws SceneError at the statement when the result is singular
// (Scale by 0, Rotate about a zero axis, a singular matrix) or overflows float in an entry of
// the matrix or of its inverse.
Transform afterTransformStatement(const Statement& s, const std::vector<double>& n,
                                  const Transform& current);

} // namespace lrt
