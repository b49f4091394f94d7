#include "report/changelog_fold.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/markdown_text.hpp"

namespace kompat {
namespace {

struct Folder {
    std::vector<ChangelogEntry>& entries;
    ChangelogFolds folds;

    // The same change (rule, old → new) at many places of one group/version, in Breaking
    // or among the warnings, is one bullet with the count and the first places
    // (fold_same_changes): one upstream edit, one line.
    void fold_sentences() {
        std::map<std::pair<ChangelogSection, std::string>, std::vector<const Finding*>> by_group_version;
        std::map<const Finding*, std::size_t> entry_of;
        for (const auto& [entry, finding] : folds.sentences) {
            by_group_version[{entries[entry].section, entries[entry].group_version}].push_back(finding);
            entry_of[finding] = entry;
        }
        std::vector<bool> folded(entries.size());
        for (const auto& [key, findings] : by_group_version) {
            const auto& [section, group_version] = key;
            for (const auto& same : fold_same_changes(findings)) {
                if (same.size() == 1) continue;
                std::set<std::string> kinds;
                std::vector<std::string> places;
                ChangelogEntry line{section, group_version, {}, {}, {}};
                for (const auto* finding : same) {
                    const auto entry = entry_of.at(finding);
                    kinds.insert(entries[entry].kind);
                    places.push_back(entries[entry].kind + " " + input_span(finding->path));
                    line.findings.push_back(finding->fingerprint);
                    folded[entry] = true;
                }
                std::sort(places.begin(), places.end());
                line.kind = first_few(std::vector<std::string>(kinds.begin(), kinds.end()), " kinds");
                line.text = finding_sentence(*same.front(), {input_span, input_span}, places_words(same)) + ": " + first_few(places, "");
                entries.push_back(std::move(line));
            }
        }
        drop(folded);
    }

    // Fields of one kind (or shared type) with the same change, outside Breaking (14 of
    // PersistentVolumeSpec's volume sources deprecated), are one bullet: the first paths
    // and the count of the rest, then what they share.
    void fold_fields() {
        std::map<std::tuple<ChangelogSection, std::string, std::string, std::string>, std::vector<const ChangelogFolds::Field*>> same;
        for (const auto& field : folds.fields) {
            const auto& entry = entries[field.entry];
            same[{entry.section, entry.group_version, entry.kind, entry.text.substr(field.path.size())}].push_back(&field);
        }
        std::vector<bool> folded(entries.size());
        for (const auto& [key, fields] : same) {
            if (fields.size() < fewest_folded) continue;
            const auto& [section, group_version, kind, rest] = key;
            std::vector<std::string> paths;
            ChangelogEntry line{section, group_version, kind, {}, {}};
            for (const auto* field : fields) {
                paths.push_back(field->path);
                line.findings.push_back(entries[field->entry].findings.front());
                folded[field->entry] = true;
            }
            line.text = first_few(paths, " fields") + rest;
            entries.push_back(std::move(line));
        }
        drop(folded);
        folds.fields.clear();
    }

    // Removes the entries folded into others (`folded`: by index, shorter than the entries
    // when the lines folded into were appended after it), keeping folds.fields pointing
    // at the entries they were.
    void drop(const std::vector<bool>& folded) {
        std::vector<ChangelogEntry> kept;
        std::vector<std::size_t> index_now(entries.size());
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (i < folded.size() && folded[i]) continue;
            index_now[i] = kept.size();
            kept.push_back(std::move(entries[i]));
        }
        entries = std::move(kept);
        std::vector<ChangelogFolds::Field> fields;
        for (auto& field : folds.fields)
            if (field.entry >= folded.size() || !folded[field.entry]) fields.push_back({index_now[field.entry], std::move(field.path)});
        folds.fields = std::move(fields);
    }

    // The same bullet for three kinds or more of one group/version, in any section (a
    // storage-version move in 300 CRDs, one deprecation in 32 kinds), is one bullet naming
    // the first kinds and the count of the rest.
    void fold_repeats() {
        std::map<std::tuple<ChangelogSection, std::string, std::string>, std::vector<std::size_t>> same;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const auto& entry = entries[i];
            if (entry.findings.size() == 1) same[{entry.section, entry.group_version, entry.text}].push_back(i);
        }
        std::vector<bool> folded(entries.size());
        std::vector<ChangelogEntry> lines;
        for (const auto& [key, indices] : same) {
            std::set<std::string> kinds;
            for (const auto i : indices) kinds.insert(entries[i].kind);
            if (kinds.size() < fewest_folded) continue;
            const auto& [section, group_version, text] = key;
            ChangelogEntry line{
                section, group_version, first_few(std::vector<std::string>(kinds.begin(), kinds.end()), " kinds"), text, {}};
            for (const auto i : indices) {
                line.findings.push_back(entries[i].findings.front());
                folded[i] = true;
            }
            lines.push_back(std::move(line));
        }
        for (auto& line : lines) entries.push_back(std::move(line));
        drop(folded);
    }
};

}  // namespace

void fold_changelog(std::vector<ChangelogEntry>& entries, ChangelogFolds folds) {
    Folder folder{entries, std::move(folds)};
    folder.fold_sentences();
    folder.fold_fields();
    folder.fold_repeats();
}

}  // namespace kompat
