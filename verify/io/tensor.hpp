#pragma once
// What every reader returns: a dense row-major array of doubles, and the error they throw.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace attnlaw::io {

struct Tensor {
  std::vector<std::size_t> shape;  // row-major; the last axis is the row (the keys)
  std::vector<double> values;      // product(shape) values
  std::string name;                // the tensor's name in a .safetensors or .npz file; empty otherwise
};

// A file that cannot be read as the format it claims: what() is "FILE: problem", one line.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file beyond the size the caller allows: what() is "FILE: problem"; the caller names the
// option that raises the limit.
class InputTooLarge : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace attnlaw::io
