#include "verify/harness/point_json.hpp"

namespace attnlaw::harness {

Json to_json(const Fields& fields) {
  Json j = Json::object();
  for (const Field& f : fields) {
    std::visit([&](const auto& v) { j[f.name] = v; }, f.value);
  }
  return j;
}

}  // namespace attnlaw::harness
