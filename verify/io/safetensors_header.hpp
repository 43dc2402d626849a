#pragma once
// The JSON header of a safetensors file, read as a stream of events (nlohmann's SAX interface)
// straight into its entries: memory is that of the entries, never a DOM of the header (a
// 94 MB header held as a DOM costs 1.9 GB). __metadata__ is skipped whatever it holds; a
// tensor named twice is refused, where a DOM would silently keep the last one.
#include <cstddef>
#include <string>
#include <vector>

namespace attnlaw::io {

struct SafetensorsEntry {
  std::string name;
  std::string dtype;
  std::vector<std::size_t> shape;
  std::size_t begin = 0;  // data_offsets, relative to the data buffer; not yet checked against it
  std::size_t end = 0;
};

// The entries in header order; InputError "NAME: problem" for a header that is not valid JSON,
// not an object of entries, or whose entries lack or mistype dtype, shape or data_offsets.
std::vector<SafetensorsEntry> parse_safetensors_header(const unsigned char* first, std::size_t length,
                                                       const std::string& name);

// A name as a message shows it: printable ASCII, at most 64 characters.
std::string shown_name(const std::string& s);

}  // namespace attnlaw::io
