#include "io/csv_writer.h"

#include "io/internal/byte_scan.h"

namespace gqleval::io {

void append_csv_field(std::string& out, std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.append(field);
    return;
  }
  out.push_back('"');
  const char* p = field.data();
  const char* const end = p + field.size();
  for (;;) {
    const char* q = find_byte(p, end, '"');
    out.append(p, static_cast<size_t>(q - p));
    if (q == end) break;
    out.append("\"\"");
    p = q + 1;
  }
  out.push_back('"');
}

void append_csv_record(std::string& out, std::span<const std::string_view> fields) {
  if (fields.size() == 1 && fields[0].empty()) {
    out.append("\"\"\n");  // an empty line would be read back as no record at all
    return;
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) out.push_back(',');
    append_csv_field(out, fields[i]);
  }
  out.push_back('\n');
}

}  // namespace gqleval::io
