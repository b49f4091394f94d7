#pragma once
// kompat's exit codes: 0 clean, 1 findings at or above --fail-on (diff: any change), 2 bad
// usage or unreadable input, never a verdict.
namespace kompat::cli {

constexpr int exit_findings = 1;
constexpr int exit_usage_or_input = 2;

}  // namespace kompat::cli
