#pragma once
// The objects part of a history report (`kompat history --objects`): each object's use of
// what the target release removed, deprecates, lacks or holds as alpha, as text, markdown
// and JSON members. history_report.cpp writes the rest of each report around it.
#include <string>

#include "report/history_report.hpp"
#include "report/json_writer.hpp"

namespace kompat {

// The lines after the report's title: one an object's use, then the summary.
std::string history_objects_text(const HistoryReport& report);
std::string history_objects_markdown(const HistoryReport& report);
// `target`, `objects` and `skippedKinds`, members of the report's object.
void write_history_objects(JsonWriter& out, const HistoryReport& report);

}  // namespace kompat
