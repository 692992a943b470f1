#include "io/internal/decompress.h"

#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace gqleval::io {
namespace {

constexpr size_t kChunk = size_t{1} << 20;

// The bytes of the input: `head` first, then reads of the descriptor.
class Reader {
 public:
  Reader(int fd, std::string_view head) : fd_(fd), head_(head), buffer_(kChunk) {}

  // The next chunk (empty at the end), or an error message.
  std::optional<Diagnostic> next(std::string_view& chunk) {
    if (!head_.empty()) {
      chunk = head_;
      head_ = {};
      return std::nullopt;
    }
    for (;;) {
      const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
      if (n >= 0) {
        chunk = std::string_view(buffer_.data(), static_cast<size_t>(n));
        return std::nullopt;
      }
      if (errno != EINTR)
        return make_error("IO", std::string("read failed: ") + std::strerror(errno));
    }
  }

 private:
  int fd_;
  std::string_view head_;
  std::vector<char> buffer_;
};

std::optional<Diagnostic> write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return make_error("IO",
                        std::string("cannot write the temporary copy: ") + std::strerror(errno));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return std::nullopt;
}

std::optional<Diagnostic> copy(Reader& in, int out_fd) {
  for (;;) {
    std::string_view chunk;
    if (auto e = in.next(chunk)) return e;
    if (chunk.empty()) return std::nullopt;
    if (auto e = write_all(out_fd, chunk.data(), chunk.size())) return e;
  }
}

class Inflater {
 public:
  Inflater() { ok_ = inflateInit2(&z_, 15 + 16) == Z_OK; }  // 16: gzip wrapper only
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;
  ~Inflater() {
    if (ok_) inflateEnd(&z_);
  }
  bool ok() const { return ok_; }
  z_stream& z() { return z_; }

 private:
  z_stream z_{};
  bool ok_ = false;
};

std::optional<Diagnostic> gunzip(Reader& in, int out_fd) {
  Inflater inflater;
  if (!inflater.ok()) return make_error("IO", "cannot start the gzip decoder");
  z_stream& z = inflater.z();
  std::vector<unsigned char> out(kChunk);
  bool in_member = false;    // a member has started and not ended
  bool more_output = false;  // the last call filled the output buffer
  for (;;) {
    if (z.avail_in == 0 && !more_output) {
      std::string_view chunk;
      if (auto e = in.next(chunk)) return e;
      if (chunk.empty()) break;
      z.next_in = reinterpret_cast<unsigned char*>(const_cast<char*>(chunk.data()));
      z.avail_in = static_cast<uInt>(chunk.size());
    }
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_NO_FLUSH);
    const size_t produced = out.size() - z.avail_out;
    if (auto e = write_all(out_fd, reinterpret_cast<const char*>(out.data()), produced)) return e;
    more_output = z.avail_out == 0;
    if (rc == Z_STREAM_END) {
      // Another member may follow (concatenated files are one stream).
      in_member = false;
      more_output = false;
      if (inflateReset(&z) != Z_OK) return make_error("IO", "cannot restart the gzip decoder");
      continue;
    }
    if (rc == Z_BUF_ERROR) {  // no progress possible without more input
      more_output = false;
      continue;
    }
    if (rc != Z_OK) {
      return make_error(
          "IO", std::string("corrupt gzip data: ") + (z.msg != nullptr ? z.msg : "unknown error"));
    }
    in_member = true;
  }
  if (in_member) return make_error("IO", "the gzip data is truncated (it ends inside a member)");
  return std::nullopt;
}

class ZstdContext {
 public:
  ZstdContext() : d_(ZSTD_createDCtx()) {}
  ZstdContext(const ZstdContext&) = delete;
  ZstdContext& operator=(const ZstdContext&) = delete;
  ~ZstdContext() { ZSTD_freeDCtx(d_); }
  ZSTD_DCtx* get() const { return d_; }

 private:
  ZSTD_DCtx* d_;
};

std::optional<Diagnostic> unzstd(Reader& in, int out_fd) {
  ZstdContext context;
  if (context.get() == nullptr) return make_error("IO", "cannot start the zstd decoder");
  std::vector<char> out(kChunk);
  ZSTD_inBuffer input{nullptr, 0, 0};
  size_t hint = 0;           // 0: the last frame is complete and flushed
  bool more_output = false;  // the last call filled the output buffer
  for (;;) {
    if (input.pos == input.size && !more_output) {
      std::string_view chunk;
      if (auto e = in.next(chunk)) return e;
      if (chunk.empty()) break;
      input = ZSTD_inBuffer{chunk.data(), chunk.size(), 0};
    }
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    hint = ZSTD_decompressStream(context.get(), &output, &input);
    if (ZSTD_isError(hint))
      return make_error("IO", std::string("corrupt zstd data: ") + ZSTD_getErrorName(hint));
    if (auto e = write_all(out_fd, out.data(), output.pos)) return e;
    more_output = output.pos == output.size;
  }
  if (hint != 0) return make_error("IO", "the zstd data is truncated (it ends inside a frame)");
  return std::nullopt;
}

}  // namespace

Compression detect_compression(std::string_view head) {
  if (head.size() >= 2 && head[0] == '\x1f' && head[1] == '\x8b') return Compression::kGzip;
  if (head.size() >= 4 && head.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)) {
    return Compression::kZstd;
  }
  return Compression::kNone;
}

std::optional<Diagnostic> spool(int in_fd, std::string_view head, Compression compression,
                                int out_fd) {
  Reader in(in_fd, head);
  switch (compression) {
    case Compression::kNone: return copy(in, out_fd);
    case Compression::kGzip: return gunzip(in, out_fd);
    case Compression::kZstd: return unzstd(in, out_fd);
  }
  return copy(in, out_fd);
}

}  // namespace gqleval::io
