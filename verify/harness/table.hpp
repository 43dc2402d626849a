#pragma once
// A table a claim contributes to its paper's section of the report (e.g. EB's predictability
// frontier: one row per setting, with the measured accuracy). Tables travel in results.json
// (table_json.hpp) like figures. Rows of tables with the same id, from any points or claims of one
// paper, form one table, in run order; the first contribution's title, columns and note stand.
// The report prints each paper's tables at the end of its section.
#include <string>
#include <vector>

namespace attnlaw::harness {

struct Table {
  std::string id;     // file-name safe, unique within its paper
  std::string paper;  // the paper tag whose section the table closes
  std::string title;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  // each as many cells as columns
  std::string note = {};                       // how the cells were measured
};

}  // namespace attnlaw::harness
