#include "verify/harness/table_json.hpp"

namespace attnlaw::harness {

Json to_json(const Table& table) {
  return Json{{"id", table.id},           {"paper", table.paper}, {"title", table.title},
              {"columns", table.columns}, {"rows", table.rows},   {"note", table.note}};
}

}  // namespace attnlaw::harness
