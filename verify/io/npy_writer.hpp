#pragma once
// .npy files as numpy.lib.format.write_array writes them (format 1.0; 2.0 when the header needs
// it): magic, version, little-endian header length, the dict repr
// "{'descr': ..., 'fortran_order': False, 'shape': (...), }", spaces and '\n', the prefix and
// header padded to a multiple of 64 bytes, then the data. Byte for byte what NumPy 1.24 writes
// (tests/unit/io/npy_writer_test.cpp against NumPy-written fixtures).
#include <cstddef>
#include <string>
#include <vector>

namespace attnlaw::io {

// "(3,)", "(2, 3)", "()".
std::string npy_shape_repr(const std::vector<std::size_t>& shape);

// The whole file: header for `descr_repr` (the Python repr of the dtype: "'<f8'", or
// "[('a', '<f8'), ('b', '<f8')]" for a record) and shape, then `payload` as given.
std::string npy_bytes(const std::string& descr_repr, bool fortran_order, const std::vector<std::size_t>& shape,
                      const std::string& payload, int major = 1);

// A one-dimensional record array of little-endian float64 fields, one per column (equal
// lengths): what np.load returns as a structured array, read by field name (a["w_top"]).
std::string npy_float64_records(const std::vector<std::string>& names, const std::vector<std::vector<double>>& columns);

}  // namespace attnlaw::io
