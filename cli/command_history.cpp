// history: an API across its releases, oldest first: when each kind version, operation and
// field was added, deprecated, removed or changed stage, and which objects use what the
// last release removed (docs/history.md).
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <set>

#include "cli/command.hpp"
#include "cli/comparison.hpp"
#include "cli/output.hpp"
#include "cli/report_formats.hpp"
#include "diff/snapshot_diff.hpp"
#include "history/object_history.hpp"
#include "history/timeline.hpp"
#include "load/manifest_loader.hpp"
#include "load/snapshot_loader.hpp"
#include "report/changelog_report.hpp"
#include "report/history_report.hpp"
#include "rules/evaluate.hpp"
#include "support/heap_room.hpp"
#include "support/text_safety.hpp"

namespace kompat::cli {
namespace {

struct HistoryOptions {
    std::vector<std::string> snapshots;  // oldest first, each SNAP or LABEL=SNAP
    std::string format = "text";
    std::string output;
    std::string kind;
    std::string field;
    std::vector<std::string> objects;
    std::string target;
};

struct Release {
    std::string label;  // "" until read: the snapshot's info.version, else the argument
    std::string snapshot;
};

// `LABEL=SNAP` names a release; a path or REV:PATH with `=` in it needs no label before it
// to be read as one: the label is what stands before the first `=`, when that holds no
// `/` or `:`.
Release release_of(const std::string& argument) {
    const auto equals = argument.find('=');
    if (equals == std::string::npos || equals == 0) return {"", argument};
    const auto label = argument.substr(0, equals);
    if (label.find_first_of("/:") != std::string::npos) return {"", argument};
    return {label, argument.substr(equals + 1)};
}

// Kubernetes writes `unversioned` in every group's v3 document: no release's name.
std::string label_of(const Release& release, const Snapshot& snapshot) {
    if (!release.label.empty()) return release.label;
    if (!snapshot.info_version.empty() && snapshot.info_version != "unversioned") return snapshot.info_version;
    return release.snapshot;
}

// The findings the notes of one release keep under --kind or --field.
std::vector<Finding> narrowed(std::vector<Finding> findings, const HistoryFilter& filter) {
    if (filter.empty()) return findings;
    std::erase_if(findings, [&](const Finding& finding) {
        // A CRD's field is named by its kind version (`example.com/v1 Widget.spec.mode`).
        if (!filter.field.empty())
            return !(finding.type + finding.path).starts_with(filter.field) && finding.type != filter.field &&
                   !(finding.kind && (*finding.kind + finding.path).starts_with(filter.field));
        if (finding.kind && filter.keeps_kind(*finding.kind)) return false;
        return std::none_of(finding.affects.begin(), finding.affects.end(),
                            [&](const std::string& kind) { return filter.keeps_kind(kind); });
    });
    return findings;
}

std::string release_notes(const Snapshot& before, const Snapshot& after, const std::vector<Finding>& findings, const HistoryFilter& filter,
                          const std::string& old_label, const std::string& new_label) {
    Comparison comparison;
    comparison.findings = narrowed(findings, filter);
    comparison.summary = summarize(comparison.findings);
    describe_sources(comparison, before, after);
    comparison.sources.old_side.source = old_label;
    comparison.sources.new_side.source = new_label;
    judge_upgrades(comparison);
    return changelog_markdown(changelog_of(comparison.findings, comparison.sources), comparison.sources);
}

std::vector<ObjectReview> review_objects(const Snapshot& snapshot, const ManifestSet& objects) {
    std::vector<ObjectReview> reviews;
    for (std::size_t i = 0; i < objects.manifests.size(); ++i) {
        const auto& manifest = objects.manifests[i];
        ObjectReview review{i, false, {}};
        if (const auto* kind = snapshot.find_kind(manifest.gvk); kind != nullptr && kind->is_served()) {
            review.kind_served = true;
            review.fields = fields_to_review(snapshot, *kind, field_type_of(*kind), manifest);
        }
        reviews.push_back(std::move(review));
    }
    return reviews;
}

// What reading the releases gives: the timeline, each release's notes (markdown), and the
// objects reviewed against the target release while it was held.
struct ReadReleases {
    Timeline timeline;
    std::vector<std::string> release_notes;
    std::vector<ObjectReview> reviews;
    std::optional<std::size_t> target;
};

// Reads the releases in order, each once, on this thread: a helper loading the next one
// would take its memory from a heap of its own, not from the release just freed (more
// page faults and a fifth more memory, measured). Two snapshots at most are held. Unset
// after a usage error, said.
std::optional<ReadReleases> read_releases(const HistoryOptions& options, const std::optional<ManifestSet>& objects,
                                          const HistoryFilter& filter, const Limits& limits) {
    ReadReleases out;
    auto& timeline = out.timeline;
    std::set<std::string> labels;
    std::unique_ptr<Snapshot> previous;
    for (const auto& argument : options.snapshots) {
        const auto release = release_of(argument);
        auto current = std::make_unique<Snapshot>(load_snapshot(release.snapshot, limits));
        // A label is written in every format: made one line of valid UTF-8 first.
        auto label = escape_control(label_of(release, *current));
        // A spec whose info.version stayed the same across releases: the argument names it.
        if (release.label.empty() && labels.contains(label)) label = escape_control(release.snapshot);
        if (!labels.insert(label).second) {
            print_error(fmt::format("kompat history: two snapshots are release {}; name each as LABEL=SNAP", label));
            return std::nullopt;
        }
        const auto index = timeline.releases.size();
        add_release(timeline, label, facts_of(*current));
        if (previous) {
            const auto findings = evaluate(diff_snapshots(*previous, *current, limits).changes);
            add_breaks(timeline, index, findings);
            if (options.format == "markdown")
                out.release_notes.push_back(release_notes(*previous, *current, findings, filter, timeline.releases[index - 1], label));
        }
        const bool is_target = options.target.empty() ? index + 1 == options.snapshots.size() : label == escape_control(options.target);
        if (is_target && objects) out.reviews = review_objects(*current, *objects);
        if (is_target) out.target = index;
        previous = std::move(current);
    }
    return out;
}

int run_history(const HistoryOptions& options, const Limits& limits) {
    if (options.snapshots.size() < 2) {
        print_error("kompat history: give two or more snapshots, oldest first");
        return exit_usage_or_input;
    }
    keep_freed_heap();
    std::optional<ManifestSet> objects;
    if (!options.objects.empty()) objects = load_manifests(options.objects, limits);
    HistoryReport report;
    report.filter = {options.kind, options.field};
    auto read = read_releases(options, objects, report.filter, limits);
    if (!read) return exit_usage_or_input;
    auto& [timeline, notes, reviews, target] = *read;
    report.timeline = &timeline;
    report.release_notes = std::move(notes);
    if (!target) {
        print_error(
            fmt::format("kompat history: --target {} is no release of the list ({})", options.target, fmt::join(timeline.releases, ", ")));
        return exit_usage_or_input;
    }
    report.target = *target;
    if (timeline.unplaced_breaks > 0)
        report.notes.push_back(fmt::format("{} breaking change(s) stand at no kind version, operation or field the history follows",
                                           timeline.unplaced_breaks));
    if (objects) report.objects = object_uses(timeline, *target, *objects, reviews);
    const auto text = options.format == "json"       ? history_json(report)
                      : options.format == "markdown" ? history_markdown(report)
                                                     : history_text(report);
    const int written = [&] {
        if (options.output.empty() || is_standard_output(options.output)) return write_stdout(text);
        OutputBatch batch;
        if (const int staged = batch.stage(options.output, text); staged != 0) return staged;
        return batch.commit();
    }();
    if (written != 0) return written;
    return report.objects && uses_removed(*report.objects) ? exit_findings : 0;
}

}  // namespace

Command add_history(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<HistoryOptions>();
    auto* history = app.add_subcommand("history", "An API across its releases: since when, until when, and what replaces it");
    history->add_option("SNAPSHOTS", options->snapshots, "Two or more snapshots, oldest first; LABEL=SNAP names a release")
        ->required()
        ->expected(2, -1);
    const auto* format = history
                             ->add_option("--format", options->format,
                                          "text, json for tools, markdown for release notes of every release (default: json for an "
                                          "--output ending .json, markdown for .md, else text)")
                             ->check(CLI::IsMember({"text", "json", "markdown"}))
                             ->default_str("text");
    history->add_option("--output,-o", options->output, "File to write the history to (default: stdout)");
    history->add_option("--kind", options->kind, "Only this kind (`batch/v1 CronJob`, or `CronJob` for each of its versions)");
    history->add_option("--field", options->field, "Only this field (`io.k8s.api.core.v1.PodSpec.hostUsers`) or type's fields");
    history
        ->add_option("--objects", options->objects,
                     "Kubernetes objects (YAML or JSON files or directories) to judge against the last release")
        ->allow_extra_args(false);
    history->add_option("--target", options->target, "Judge --objects against this release of the list instead of the last");
    add_limit_options(history, limits, true);
    add_objects_limit_option(history, limits);
    history->footer(with_snapshot_forms(R"(Each snapshot is read once and each consecutive pair compared once. A release is named by
LABEL=SNAP, else by the snapshot's info.version, else by the argument.

Exit codes: 0 written, 1 an --objects object uses what the target release does not have,
2 bad usage or unreadable input.

Examples:
  kompat history v1.24=k8s/v1.24/v3 v1.25=k8s/v1.25/v3 v1.26=k8s/v1.26/v3
  kompat history v1.24=k8s/v1.24/v3 v1.25=k8s/v1.25/v3 --kind CronJob
  kompat history git:v1.0.0:config/crd git:v1.1.0:config/crd git:HEAD:config/crd --format markdown
  kompat history v1.24=k8s/v1.24/v3 v1.25=k8s/v1.25/v3 --objects manifests/)"));
    const auto check = [options] {
        if (!options->field.empty() && !options->kind.empty()) {
            print_error("kompat history: --kind and --field narrow to different things; give one");
            return exit_usage_or_input;
        }
        if (!options->target.empty() && options->objects.empty()) {
            print_error("kompat history: --target judges --objects; give --objects too");
            return exit_usage_or_input;
        }
        auto inputs = options->objects;
        for (const auto& argument : options->snapshots) inputs.push_back(release_of(argument).snapshot);
        return options->output.empty() ? 0 : check_outputs({options->output}, inputs);
    };
    const auto run = [options, format, &limits] {
        // Without --format, the --output's name says which: NAME.json, NAME.md.
        if (format->count() == 0 && options->output.ends_with(".json")) options->format = "json";
        if (format->count() == 0 && options->output.ends_with(".md")) options->format = "markdown";
        return run_history(*options, limits);
    };
    return {history, check, run};
}

}  // namespace kompat::cli
