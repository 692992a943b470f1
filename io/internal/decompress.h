// Decompression of batch inputs: gzip (RFC 1952, every member of a file that
// `cat a.gz b.gz` made) and zstd (every frame), recognised by their magic
// bytes, never by the file name. spool() streams a descriptor's bytes,
// decompressed or as they are, into another descriptor (the temporary file
// that input_file.h maps), through two 1 MiB buffers, so memory stays flat
// however large the input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"

namespace gqleval::io {

enum class Compression : uint8_t { kNone, kGzip, kZstd };

// By the first bytes of the data: 1f 8b is gzip, 28 b5 2f fd is zstd.
Compression detect_compression(std::string_view head);

// Writes everything read from `in_fd`, after `head` (bytes already read from
// it), to `out_fd`: decompressed, or copied for kNone. nullopt on success,
// else what went wrong (rule "IO"): corrupt or truncated data ("the gzip data
// is truncated"), a read or write that failed.
std::optional<Diagnostic> spool(int in_fd, std::string_view head, Compression compression,
                                int out_fd);

}  // namespace gqleval::io
