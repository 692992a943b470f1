// ValidationWorkspace: the buffers of validation (the recorded walk, the
// operation and fragment lists, the helpers' caches), kept from one document
// to the next so that a warm workspace validates a valid document without heap
// allocation. A ValidationContext (context.h) made on a workspace clears the
// buffers and keeps their capacity. One document at a time: a context made on
// a workspace that another live context uses gets buffers of its own. Not
// thread-safe; a Validator (validator.h) owns one.
#pragma once

#include <memory>

namespace gqleval::validate {

class ValidationWorkspace {
 public:
  ValidationWorkspace();
  ~ValidationWorkspace();
  ValidationWorkspace(const ValidationWorkspace&) = delete;
  ValidationWorkspace& operator=(const ValidationWorkspace&) = delete;

  struct Buffers;  // defined in workspace_buffers.h

 private:
  friend struct ValidationContext;
  std::unique_ptr<Buffers> buffers_;
  bool in_use_ = false;
};

}  // namespace gqleval::validate
