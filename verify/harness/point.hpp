#pragma once
// A grid point of an experiment is a typed struct of the claim's own (d, gamma, n, reps, ...).
// What the harness needs of it is the list of its named fields: their canonical label keys the
// point's random streams, and the report prints them. No JSON here: a point becomes JSON only
// when a report is written (point_json.hpp).
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace attnlaw::harness {

using FieldValue = std::variant<std::int64_t, double, bool, std::string, std::vector<double>>;

// Integers of any width are stored as int64, floating values as double.
template <class T>
FieldValue to_field_value(const T& value) {
  if constexpr (std::same_as<T, bool>) {
    return value;
  } else if constexpr (std::integral<T>) {
    return static_cast<std::int64_t>(value);
  } else if constexpr (std::floating_point<T>) {
    return static_cast<double>(value);
  } else if constexpr (std::convertible_to<T, std::string>) {
    return std::string(value);
  } else {
    return std::vector<double>(value.begin(), value.end());
  }
}

struct Field {
  template <class T>
  Field(std::string field_name, const T& field_value)
      : name(std::move(field_name)), value(to_field_value(field_value)) {}

  std::string name;
  FieldValue value;
};

using Fields = std::vector<Field>;

// "name=value" for each field, joined by single spaces. Integers in decimal, doubles in their
// shortest round-trip form (std::to_chars), lists as [a,b,...], booleans as true/false: a pure
// function of the values, so a stream keyed by it does not depend on how anything prints numbers.
std::string canonical_label(const Fields& fields);

// The field of a point named `name`, or nullptr.
const FieldValue* find_field(const Fields& fields, std::string_view name) noexcept;

// What a typed grid point provides.
template <class P>
concept GridPointType = std::copy_constructible<P> && requires(const P& p) {
  { p.fields() } -> std::convertible_to<Fields>;
};

}  // namespace attnlaw::harness
