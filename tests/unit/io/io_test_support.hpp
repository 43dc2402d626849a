#pragma once
// Shared by the reader tests: bytes of a string, and "this call throws InputError whose message
// contains every one of these pieces".
#include <gtest/gtest.h>

#include <initializer_list>
#include <span>
#include <string>

#include "verify/io/tensor.hpp"

namespace attnlaw::testing {

inline std::span<const unsigned char> as_bytes(const std::string& s) {
  return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

template <class F>
void expect_input_error(F&& call, std::initializer_list<const char*> pieces) {
  try {
    call();
    ADD_FAILURE() << "no InputError; expected a message with " << *pieces.begin();
  } catch (const io::InputError& e) {
    const std::string what = e.what();
    for (const char* piece : pieces)
      EXPECT_NE(what.find(piece), std::string::npos) << "'" << what << "' lacks '" << piece << "'";
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
  }
}

}  // namespace attnlaw::testing
