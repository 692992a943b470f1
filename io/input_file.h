// map_input: the bytes of a batch input as one read-only mapping, whatever
// the input is: a plain file (mapped in place, as MappedFile::open does), a
// gzip or zstd file (recognised by its magic bytes, not its name), or "-",
// standard input (which may itself be compressed; so may a named pipe such
// as bash's <(...)). All but plain files are spooled,
// decompressed, into an unlinked temporary file in $TMPDIR (else /tmp) that is
// then mapped: the batch engine reads its input twice (JSON Lines column
// discovery) and hands read pages back to the kernel, which a file-backed
// mapping allows and a heap copy would not, and memory stays flat however
// large the input. The temporary file disappears with the mapping.
//
// Errors (rule "IO", naming the file, or "standard input"): the file cannot
// be opened or read, the compressed data is corrupt or truncated, the
// temporary file cannot be made or written (a full disk).
#pragma once

#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "io/file.h"

namespace gqleval::io {

Result<MappedFile, Diagnostic> map_input(const std::string& path);

}  // namespace gqleval::io
