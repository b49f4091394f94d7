#include "load/kube_source.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "load/child_process.hpp"
#include "load/file_source.hpp"
#include "support/input_error.hpp"

namespace kompat {
namespace {

// A CRD's name is `PLURAL.GROUP`, a DNS subdomain: lower-case letters, digits, `-` and
// `.`, starting with a letter or digit (so never an option kubectl would read).
bool is_crd_name(std::string_view name) {
    if (name.empty() || name.size() > 253 || !std::isalnum(static_cast<unsigned char>(name.front()))) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'; });
}

// kubectl's reason: its `error:` line (kubectl writes `error: …` or `Error from server …`),
// else its first line.
std::string kubectl_reason(std::string_view err) {
    for (std::size_t start = 0; start < err.size();) {
        const auto end = std::min(err.find('\n', start), err.size());
        const auto line = err.substr(start, end - start);
        if (line.starts_with("Error from server") || line.starts_with("error:")) return std::string(line);
        start = end + 1;
    }
    return reason_of(err, "kubectl");
}

}  // namespace

SourceSet read_kube_source(std::string_view argument, const Limits& limits) {
    SourceSet set;
    set.argument = std::string(argument);
    set.origin = SourceOrigin::kubectl;
    const auto name = argument.substr(kube_prefix.size());
    if (!name.empty() && !is_crd_name(name))
        fail_file(set.argument, "kube: must be followed by a CRD name (PLURAL.GROUP, lower case), or nothing for every CRD");
    // No prompt: stdin is an empty file, so a credential plugin that would ask cannot (it
    // fails, and kubectl says why); the server is given the time kubectl has.
    ProcessRequest request{{"kubectl", "get", "customresourcedefinitions.apiextensions.k8s.io"},
                           environment_with({}),
                           {},
                           limits.kubectl_timeout_seconds,
                           limits.max_input_bytes};
    if (!name.empty()) request.argv.emplace_back(name);
    request.argv.insert(request.argv.end(), {"--output=json", "--request-timeout=" + std::to_string(limits.kubectl_timeout_seconds) + "s"});
    auto result = run_process(request, set.argument);
    if (result.end == ProcessEnd::timed_out)
        fail_file(set.argument, "kubectl did not finish within " + std::to_string(limits.kubectl_timeout_seconds) + " seconds (" +
                                    limit_hint("kubectl-timeout") + ")");
    if (result.end == ProcessEnd::too_large) fail_file(set.argument, too_large_message(limits));
    if (result.exit_code != 0) fail_file(set.argument, "kubectl failed: " + kubectl_reason(result.err));
    charge_budget(set.argument, result.out.size(), limits, set.used);
    set.files.push_back({set.argument, std::move(result.out)});
    return set;
}

}  // namespace kompat
