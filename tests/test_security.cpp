// The attacks of docs/security.md, one test each: the PR's author writes every file
// kompat reads (specs, names, links, config, baseline, git objects). Each refused run
// must exit 2 with one stderr line holding no raw control character, print nothing on
// stdout, and let no byte of a file outside the snapshot reach any output.
#include <boost/json/parse.hpp>

#include <chrono>
#include <tuple>
#include <sys/stat.h>

#include "support/sanitizers.hpp"
#include "support/text_safety.hpp"
#include "test_support.hpp"

using kompat::test::peak_memory_ceiling;
using kompat::test::read_file;
using kompat::test::run;
using kompat::test::run_kompat_measured;
using kompat::test::RunResult;
using kompat::test::TempDir;
namespace fs = std::filesystem;

namespace {

// What a file of the CI runner holds; it must never appear in kompat's output.
const std::string secret = R"({"swagger": "2.0", "info": {"title": "RUNNER-SECRET-7f3a9", "version": "1"}, "paths": {},
  "definitions": {"RunnerToken": {"type": "object", "description": "RUNNER-SECRET-7f3a9"}}})";
const std::string secret_marker = "RUNNER-SECRET-7f3a9";

std::string kompat_command(const std::string& args) { return "'" + kompat::test::kompat_binary() + "' " + args; }
std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }
std::string in_dir(const fs::path& dir, const std::string& args) { return "cd " + quoted(dir) + " && " + kompat_command(args); }

std::string swagger(const std::string& definitions) {
    return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {)" + definitions + "}}";
}
const std::string old_spec =
    swagger(R"("Widget": {"type": "object", "properties": {"size": {"type": "integer"}, "name": {"type": "string"}}})");
const std::string new_spec = swagger(R"("Widget": {"type": "object", "properties": {"size": {"type": "integer"}}})");  // name removed

// One line on stderr, valid UTF-8, no control character but its end, no workflow command.
bool one_clean_line(const std::string& err) {
    if (err.empty() || err.back() != '\n' || std::count(err.begin(), err.end(), '\n') != 1) return false;
    const auto body = err.substr(0, err.size() - 1);
    const bool controls = std::any_of(body.begin(), body.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7F;
    });
    return !controls && kompat::is_plain_text(body) && !body.starts_with("::");
}

// A refused run: exit 2, one clean line, nothing on stdout, no secret anywhere.
void check_refused(const RunResult& result, const std::string& says) {
    INFO("stderr: " << result.err);
    CHECK(result.exit_code == 2);
    CHECK(one_clean_line(result.err));
    CHECK(result.out.empty());
    CHECK(result.err.find(says) != std::string::npos);
    CHECK(result.err.find(secret_marker) == std::string::npos);
}

// Every report format of `check OLD NEW`: refused, and the secret in none of them.
void check_every_format_refused(const fs::path& cwd, const std::string& old_arg, const std::string& new_arg, const std::string& says) {
    for (const auto* format : {"text", "json", "github", "junit", "sarif", "markdown", "html"}) {
        INFO(format);
        check_refused(run(in_dir(cwd, "check " + old_arg + " " + new_arg + " --format " + format)), says);
    }
    check_refused(run(in_dir(cwd, "changelog " + old_arg + " " + new_arg)), says);
}

void git(const fs::path& repo, const std::string& args) {
    REQUIRE(std::system(("git -C " + quoted(repo) + " -c user.name=t -c user.email=t@t " + args + " > /dev/null 2>&1").c_str()) == 0);
}

fs::path new_repository(const TempDir& dir) {
    const auto repo = dir.path() / "repo";
    fs::create_directories(repo);
    git(repo, "init -q -b main");
    return repo;
}

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// A repository whose `main` holds the old spec at api/spec.json, checked out on a branch
// `pr` that holds the new one, uncommitted.
fs::path repository_with_pr(const TempDir& dir) {
    const auto repo = new_repository(dir);
    write(repo / "api/spec.json", old_spec);
    git(repo, "add -A");
    git(repo, "commit -qm base");
    git(repo, "checkout -q -b pr");
    write(repo / "api/spec.json", new_spec);
    return repo;
}

}  // namespace

TEST_CASE("security: a directory named like REV:PATH cannot stand in for the revision") {
    TempDir dir;
    const auto repo = repository_with_pr(dir);
    write(repo / "main:api/spec.json", new_spec);  // the shadow: the PR's spec under the revision's name
    git(repo, "add -A");
    git(repo, "commit -qm pr");

    check_refused(run(in_dir(repo, "check main:api api")), "ambiguous: both a path on disk and REV:PATH");
    // Each reading can be asked for by name.
    CHECK(run(in_dir(repo, "check git:main:api api")).exit_code == 1);
    CHECK(run(in_dir(repo, "check ./main:api api")).exit_code == 0);
    // Without the shadow, REV:PATH is read from git as before.
    fs::remove_all(repo / "main:api");
    CHECK(run(in_dir(repo, "check main:api api")).exit_code == 1);
    // git: never reads the disk: no revision of that name is an error, not a file.
    write(repo / "nope:api/spec.json", new_spec);
    check_refused(run(in_dir(repo, "check git:nope:api api")), "cannot read from git");
}

// Written REV:PATH is read from git or refused: when git cannot confirm the revision
// (missing, timed out, dubious ownership, a shallow clone without the ref), the disk is
// never read instead, whatever is committed there.
TEST_CASE("security: REV:PATH fails closed when git cannot confirm the revision") {
    TempDir dir;
    const auto repo = new_repository(dir);
    write(repo / "api/spec.json", old_spec);
    git(repo, "add -A");
    git(repo, "commit -qm base");
    write(repo / "api/spec.json", new_spec);
    write(repo / "origin/main:api/spec.json", new_spec);  // the shadow, for a ref this clone lacks
    // A ref not fetched: git knows no such revision, and the path on disk is refused.
    check_refused(run(in_dir(repo, "check origin/main:api api")), "a path on disk written like REV:PATH");
    check_refused(run(in_dir(repo, "check origin/main:api api")), "write ./origin/main:api to read it, or git:origin/main:api");
    // git that fails (dubious ownership), or is missing altogether.
    write(dir.path() / "bin/git", "#!/bin/sh\necho 'fatal: detected dubious ownership in repository' >&2\nexit 128\n");
    fs::permissions(dir.path() / "bin/git", fs::perms::owner_all);
    const auto path_with = [&](const fs::path& bin) { return "cd " + quoted(repo) + " && PATH=" + quoted(bin) + " "; };
    check_refused(run(path_with(dir.path() / "bin") + kompat_command("check origin/main:api api")),
                  "git cannot confirm revision \"origin/main\": fatal: detected dubious ownership");
    fs::remove_all(repo / "origin");
    check_refused(run(path_with(dir.path() / "bin") + kompat_command("check main:api api")), "detected dubious ownership");
    fs::create_directories(dir.path() / "empty");
    check_refused(run(path_with(dir.path() / "empty") + kompat_command("check main:api api")),
                  "git cannot confirm revision \"main\": cannot run git");
    // Outside any repository, a file whose name has a colon is read only when written ./.
    write(dir.path() / "plain/a:b.json", old_spec);
    check_refused(run(in_dir(dir.path() / "plain", "inspect a:b.json")), "git cannot confirm revision \"a\"");
    CHECK(run(in_dir(dir.path() / "plain", "inspect ./a:b.json")).exit_code == 0);
}

// docs/ci.md: the policy read from the base branch, never the PR's; no file there is exit 2.
TEST_CASE("security: a configuration from the base branch is the base's, and a missing one is refused") {
    TempDir dir;
    const auto repo = repository_with_pr(dir);
    write(repo / "kompat.yaml", "rules:\n  field-removed: off\n");  // the PR's own policy
    check_refused(run(in_dir(repo, "check git:main:api api --config git:main:kompat.yaml")),
                  "git:main:kompat.yaml:1:1: no such file or directory at that revision");
    git(repo, "add -A");
    git(repo, "commit -qm pr");
    const auto own = run(in_dir(repo, "check git:main:api api --config kompat.yaml"));
    CHECK(own.exit_code == 0);
    CHECK(own.out.find("note: rule field-removed turned off by kompat.yaml:2: 1 finding(s) not reported (1 of them error(s))") !=
          std::string::npos);
    CHECK(run(in_dir(repo, "check git:main:api api --config git:main:kompat.yaml")).exit_code == 2);
}

TEST_CASE("security: a link in a snapshot's directory that leads out of it is refused, naming the link") {
    TempDir dir;
    write(dir.path() / "runner/config.json", secret);
    write(dir.path() / "work/old/spec.json", old_spec);
    write(dir.path() / "work/new/spec.json", new_spec);
    fs::create_symlink(dir.path() / "runner/config.json", dir.path() / "work/new/docker.json");
    check_every_format_refused(dir.path() / "work", "old", "new",
                               "new/docker.json:1:1: is a symbolic link that leads out of the snapshot's directory");
    check_refused(run(in_dir(dir.path() / "work", "inspect new")), "new/docker.json");
    // A link that stays inside is the file it names.
    fs::remove(dir.path() / "work/new/docker.json");
    fs::create_symlink("spec.json", dir.path() / "work/new/alias.json");
    fs::remove(dir.path() / "work/new/spec.json");
    write(dir.path() / "work/new/real/spec.json", new_spec);
    fs::remove(dir.path() / "work/new/alias.json");
    fs::create_symlink("real/spec.json", dir.path() / "work/new/alias.json");
    CHECK(run(in_dir(dir.path() / "work", "inspect new")).exit_code == 0);
}

TEST_CASE("security: a $ref through a link out of the snapshot is refused") {
    TempDir dir;
    write(dir.path() / "runner/config.json", secret);
    write(dir.path() / "work/old/spec.json", old_spec);
    write(dir.path() / "work/new/spec.json",
          swagger(R"("Widget": {"type": "object", "properties": {"creds": {"$ref": "docker.cfg#/definitions/RunnerToken"}}})"));
    fs::create_symlink(dir.path() / "runner/config.json", dir.path() / "work/new/docker.cfg");
    check_every_format_refused(dir.path() / "work", "old", "new", "leads out of the snapshot's directory through a symbolic link");
    check_refused(run(in_dir(dir.path() / "work", "explain new/spec.json Widget --output openapiv3")), "symbolic link");
}

TEST_CASE("security: a dangling link, a FIFO and a link given as the file itself are refused") {
    TempDir dir;
    write(dir.path() / "runner/config.json", secret);
    write(dir.path() / "work/old.json", old_spec);
    fs::create_directories(dir.path() / "work/dangling");
    fs::create_symlink("nowhere.json", dir.path() / "work/dangling/spec.json");
    check_refused(run(in_dir(dir.path() / "work", "inspect dangling")), "dangling/spec.json:1:1: is a symbolic link that leads nowhere");

    fs::create_directories(dir.path() / "work/fifo");
    REQUIRE(mkfifo((dir.path() / "work/fifo/spec.json").c_str(), 0600) == 0);
    check_refused(run(in_dir(dir.path() / "work", "inspect fifo")), "is not a regular file");
    check_refused(run(in_dir(dir.path() / "work", "inspect fifo/spec.json")), "is not a regular file");

    fs::create_symlink(dir.path() / "runner/config.json", dir.path() / "work/new.json");
    check_refused(run(in_dir(dir.path() / "work", "check old.json new.json --format json")), "leads out of the working directory");
    // Named by an absolute path, the link still leads out of its own directory.
    check_refused(run(kompat_command("inspect " + quoted(dir.path() / "work/new.json"))), "leads out of its directory");
}

TEST_CASE("security: a directory inside the working directory that is a link out of it is refused") {
    TempDir dir;
    write(dir.path() / "runner/config.json", secret);
    write(dir.path() / "work/old/spec.json", old_spec);
    fs::create_symlink(dir.path() / "runner", dir.path() / "work/api");
    check_every_format_refused(dir.path() / "work", "old", "api", "api:1:1: leads out of the working directory through a symbolic link");
    check_refused(run(in_dir(dir.path() / "work", "inspect api/config.json")), "leads out of the working directory");
}

TEST_CASE("security: a symbolic link in a git tree is refused, never followed on disk") {
    TempDir dir;
    write(dir.path() / "runner/config.json", secret);
    const auto repo = new_repository(dir);
    write(repo / "api/spec.json", old_spec);
    fs::create_symlink(dir.path() / "runner/config.json", repo / "api/docker.json");
    git(repo, "add -A");
    git(repo, "commit -qm links");
    check_refused(run(in_dir(repo, "inspect HEAD:api")), "HEAD:api/docker.json:1:1: is a symbolic link in the git tree");
    check_refused(run(in_dir(repo, "inspect HEAD:api/docker.json")), "is a symbolic link in the git tree");
}

TEST_CASE("security: names, keys and file names cannot write to the terminal or start a workflow command") {
    TempDir dir;
    // A property name with a line break and a workflow command, an ESC sequence and a NUL.
    const std::string hostile_name =
        R"(x\n::warning file=README.md,line=1::pwned\u001b[2J\u0000 ##[add-mask]y ##vso[task.complete]\n\u3000::error::z)";
    write(dir.path() / "old.json",
          swagger(R"("Widget": {"type": "object", "properties": {")" + hostile_name + R"(": {"type": "string"}}})"));
    write(dir.path() / "new.json",
          swagger(R"("Widget": {"type": "object", "properties": {")" + hostile_name + R"(": {"type": "integer"}}})"));
    for (const auto* format : {"text", "json", "github", "junit", "sarif", "markdown", "html"}) {
        INFO(format);
        const auto result = run(in_dir(dir.path(), std::string("check old.json new.json --format ") + format));
        CHECK(result.exit_code == 1);
        CHECK(result.out.find('\x1b') == std::string::npos);
        CHECK(result.out.find('\0') == std::string::npos);
        // No command sequence anywhere in a line (the runner obeys `##[` mid-line), but the
        // github format's own `::error ...::` prefix before its escaped message.
        CHECK(result.out.find("##[") == std::string::npos);
        CHECK(result.out.find("##vso[") == std::string::npos);
        std::istringstream lines(result.out);
        for (std::string line; std::getline(lines, line);) {
            auto message = line;
            if (line.starts_with("::")) {
                CHECK(std::string(format) == "github");
                CHECK((line.starts_with("::error ") || line.starts_with("::warning ")));  // a break, and version-not-bumped
                message = line.substr(line.find("::", 2) + 2);
            }
            CHECK(message.find("::") == std::string::npos);
        }
    }
    const auto text = run(in_dir(dir.path(), "check old.json new.json"));
    CHECK(text.out.find(
              R"(x\n\u003a:warning file=README.md,line=1\u003a:pwned\u001b[2J\u0000 \u0023#[add-mask]y \u0023#vso[task.complete])") !=
          std::string::npos);
    // The same name in an error message: one escaped line on stderr.
    write(dir.path() / "dup.json",
          R"({"swagger": "2.0", "paths": {}, "definitions": {"a\n::error::x\u001b": {}, "a\n::error::x\u001b": {}}})");
    check_refused(run(in_dir(dir.path(), "inspect dup.json")), R"(duplicate key "a\n\u003a:error\u003a:x\u001b")");
    // A file name with a control character is refused, and said escaped.
    write(dir.path() / "specs/ok.json", old_spec);
    write(dir.path() / "specs/\x1b[31mred\n::warning::x.json", old_spec);
    check_refused(run(in_dir(dir.path(), "inspect specs")), "file name holds a control character");
    // A file named like a workflow command, given on the command line.
    write(dir.path() / "::warning::x.json", "{");
    check_refused(run(in_dir(dir.path(), "inspect '::warning::x.json'")), R"(\u003a:warning\u003a:x.json)");
    // The same in inspect's and explain's output, and a name with ##[ in the markdown and HTML reports.
    const auto inspect = run(in_dir(dir.path(), "inspect old.json"));
    CHECK(inspect.exit_code == 0);
    CHECK(inspect.out.find("::") == std::string::npos);
    CHECK(inspect.out.find("##[") == std::string::npos);
}

TEST_CASE("security: reports are never written through a link, over an input, or twice to one file") {
    TempDir dir;
    write(dir.path() / "old.json", old_spec);
    write(dir.path() / "new.json", new_spec);
    write(dir.path() / "victim.txt", "keep me");
    fs::create_symlink("victim.txt", dir.path() / "kompat-junit.xml");
    fs::create_symlink("victim.txt", dir.path() / "kompat.baseline");
    fs::create_symlink("/dev/null", dir.path() / "null-link");
    REQUIRE(mkfifo((dir.path() / "fifo").c_str(), 0600) == 0);
    // An existing target that is not a regular file is refused, never replaced: as root,
    // renaming over /dev/null would replace the device node with a file.
    const auto not_regular = "it exists and is not a regular file (a link, device, FIFO or socket)";
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format junit --output kompat-junit.xml")), not_regular);
    check_refused(run(in_dir(dir.path(), "check old.json new.json --write-baseline kompat.baseline")), not_regular);
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output /dev/null")), not_regular);
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output null-link")), not_regular);
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output fifo")), not_regular);
    CHECK(read_file(dir.path() / "victim.txt") == "keep me");
    CHECK(fs::is_symlink(fs::symlink_status(dir.path() / "kompat-junit.xml")));
    CHECK(fs::is_character_file(fs::status("/dev/null")));
    CHECK(fs::is_fifo(fs::symlink_status(dir.path() / "fifo")));
    // `-` is standard output.
    const auto dash = run(in_dir(dir.path(), "check old.json new.json --format json --output - --format sarif --output s.sarif"));
    CHECK(dash.exit_code == 1);
    CHECK(dash.out.find("\"findings\"") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "-"));
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output - --format sarif")),
                  "several reports to standard output");

    // A directory of the PR that links out of the working directory.
    fs::create_directories(dir.path() / "elsewhere");
    const auto work = dir.path() / "work";
    fs::create_directories(work);
    fs::copy(dir.path() / "old.json", work / "old.json");
    fs::copy(dir.path() / "new.json", work / "new.json");
    fs::create_symlink(dir.path() / "elsewhere", work / "reports");
    check_refused(run(in_dir(work, "check old.json new.json --format sarif --output reports/kompat.sarif")),
                  "its directory leads out of the working directory");
    CHECK(fs::is_empty(dir.path() / "elsewhere"));

    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output new.json")), "would overwrite the input new.json");
    check_refused(run(in_dir(dir.path(), "check old.json new.json --format json --output r --format sarif --output ./r")),
                  "two reports to one --output");
    CHECK(read_file(dir.path() / "new.json") == new_spec);
}

TEST_CASE("security: a report that cannot be written whole leaves the previous one and exits 2") {
    TempDir dir;
    write(dir.path() / "old.json", old_spec);
    write(dir.path() / "new.json", new_spec);
    write(dir.path() / "report.json", "previous report");
    // A file size limit of 1 KiB (ulimit -f counts 512-byte blocks): the report is larger.
    const auto result = run("ulimit -f 2; " + in_dir(dir.path(), "check old.json new.json --format html --output report.json"));
    check_refused(result, "cannot write report.json");
    CHECK(read_file(dir.path() / "report.json") == "previous report");
    for (const auto& entry : fs::directory_iterator(dir.path()))
        CHECK(entry.path().filename().string().find(".kompat-") == std::string::npos);
    // A run that ends in exit 2 leaves no new or changed output: the small report and the
    // baseline written before the large report failed are not left behind.
    write(dir.path() / "small.json", "previous small");
    const auto several = run("ulimit -f 2; " + in_dir(dir.path(),
                                                      "check old.json new.json --write-baseline b.txt --format text --output small.json "
                                                      "--format html --output report.json"));
    check_refused(several, "cannot write report.json");
    CHECK(read_file(dir.path() / "small.json") == "previous small");
    CHECK(read_file(dir.path() / "report.json") == "previous report");
    CHECK_FALSE(fs::exists(dir.path() / "b.txt"));
    for (const auto& entry : fs::directory_iterator(dir.path()))
        CHECK(entry.path().filename().string().find(".kompat-") == std::string::npos);
}

TEST_CASE("security: every file a snapshot reads, $refs too, counts against one budget") {
    TempDir dir;
    std::string properties;
    for (int i = 0; i < 10; ++i) {
        const auto n = std::to_string(i);
        if (!properties.empty()) properties += ",";
        properties += R"("p)" + n + R"(": {"$ref": "part)" + n + R"(.json#/definitions/Part"})";
        write(dir.path() / "api" / ("part" + n + ".json"),
              swagger(R"("Part": {"type": "string", "description": ")" + std::string(9000, 'x') + R"("})"));
    }
    write(dir.path() / "api/spec.json", swagger(R"("Widget": {"type": "object", "properties": {)" + properties + "}}"));
    // Each file is below 50,000 bytes, the ten together are not.
    check_refused(run(in_dir(dir.path(), "inspect api/spec.json --max-input-bytes 50000")), "limit max-input-bytes");
    check_refused(run(in_dir(dir.path(), "inspect api/spec.json --max-files 5")), "limit max-files");
    CHECK(run(in_dir(dir.path(), "inspect api/spec.json")).exit_code == 0);
}

TEST_CASE("security: git gets no option from a revision, no network, no prompt and no endless wait") {
    TempDir dir;
    const auto repo = new_repository(dir);
    write(repo / "spec.json", old_spec);
    write(repo / "api/spec.json", old_spec);
    git(repo, "add -A");
    git(repo, "commit -qm one");

    // A revision that reads as an option.
    check_refused(run(in_dir(repo, "inspect git:--output=owned:spec.json")), "may not be empty or start with '-'");
    CHECK_FALSE(fs::exists(repo / "owned"));
    // REV: and REV:. are the root tree.
    CHECK(run(in_dir(repo, "inspect HEAD:")).exit_code == 0);
    CHECK(run(in_dir(repo, "inspect HEAD:.")).out.find("files:      2") != std::string::npos);

    // A blob-less partial clone: the blob is not fetched, and the message says how to get it.
    git(repo, "config uploadpack.allowFilter true");
    const auto clone = dir.path() / "clone";
    REQUIRE(std::system(("git clone -q --no-checkout --filter=blob:none 'file://" + repo.string() + "' " + quoted(clone) + " 2>/dev/null")
                            .c_str()) == 0);
    check_refused(run(in_dir(clone, "inspect HEAD:api/spec.json")), "partial clone");
    CHECK(std::system(("git -C " + quoted(clone) + " -c protocol.allow=never cat-file -e HEAD:api/spec.json 2>/dev/null").c_str()) != 0);

    // A git that never answers (a lock, a prompt) is stopped at --git-timeout.
    write(dir.path() / "bin/git", "#!/bin/sh\nsleep 30\n");
    fs::permissions(dir.path() / "bin/git", fs::perms::owner_all);
    const auto slow = run("cd " + quoted(repo) + " && PATH=" + quoted(dir.path() / "bin") + ":\"$PATH\" " +
                          kompat_command("inspect git:HEAD:spec.json --git-timeout 1"));
    check_refused(slow, "git did not finish within 1 seconds (limit git-timeout");
}

TEST_CASE("security: input that cannot be read faithfully is refused with its position") {
    TempDir dir;
    write(dir.path() / "bad-utf8.yaml", "swagger: \"2.0\"\ninfo: {title: \"\xff\xfe\", version: \"1\"}\n");
    check_refused(run(in_dir(dir.path(), "inspect bad-utf8.yaml")), "bad-utf8.yaml:2:16: not UTF-8");
    write(dir.path() / "nul.yaml", std::string("swagger: \"2.0\"\ninfo: {title: a\0b}\n", 35));
    check_refused(run(in_dir(dir.path(), "inspect nul.yaml")), "nul.yaml:2:16: a NUL byte");
    write(dir.path() / "inf.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
  "definitions": {"W": {"type": "number", "maximum": 1e400}}})");
    check_refused(run(in_dir(dir.path(), "inspect inf.json")), "inf.json:2:54: number out of range");
    check_refused(run(in_dir(dir.path(), "explain inf.json W --output openapiv3")), "number out of range");

    write(dir.path() / "old.json", old_spec);
    write(dir.path() / "new.json", new_spec);
    write(dir.path() / "confdir/big.json", std::string(1 << 20, ' '));
    check_refused(run(in_dir(dir.path(), "check old.json new.json --config confdir")),
                  "confdir:1:1: is a directory, not a configuration file");
    check_refused(run(in_dir(dir.path(), "check old.json new.json --baseline confdir")),
                  "confdir:1:1: is a directory, not a baseline file");
}

TEST_CASE("security: the first ignore in the config's order applies, exact and wildcard alike") {
    TempDir dir;
    write(dir.path() / "old.json", old_spec);
    write(dir.path() / "new.json", new_spec);
    const auto config_with = [&](const std::string& ignores) {
        write(dir.path() / "kompat.yaml", "ruleset: 2\nignores:\n" + ignores);
        return run(in_dir(dir.path(), "check old.json new.json --config kompat.yaml --format json"));
    };
    const auto exact = config_with(
        "  - {rule: field-removed, location: \"Widget .name\", reason: one}\n"
        "  - {rule: field-removed, location: \"Widget*\", reason: two}\n");
    CHECK(exact.exit_code == 0);
    CHECK(exact.out.find("(field-removed Widget .name) ignored 1 finding(s): one") != std::string::npos);
    CHECK(exact.out.find("(field-removed Widget*) matches no finding: two") != std::string::npos);
    const auto wildcard_first = config_with(
        "  - {rule: field-removed, location: \"W*\", reason: one}\n"
        "  - {rule: field-removed, location: \"Widget .name\", reason: two}\n");
    CHECK(wildcard_first.out.find("(field-removed W*) ignored 1 finding(s): one") != std::string::npos);
    const auto other_rule = config_with("  - {rule: field-added, location: \"*\", reason: one}\n");
    CHECK(other_rule.exit_code == 1);
}

TEST_CASE("security: a long $ref chain is answered, its reach paths abbreviated, in a report linear in the chain") {
    // 20,000 named types, each referring to the next and each changed: spelled out, the
    // paths that reach the changes would grow with the square of the chain (about 1 GB).
    TempDir dir;
    constexpr int length = 20000;
    const auto chain = [](int max_length) {
        std::string definitions = R"("io.example.v1.Root": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.com",
            "version": "v1", "kind": "Root"}], "properties": {"spec": {"$ref": "#/definitions/d0"}}})";
        for (int i = 0; i < length; ++i) {
            definitions += ",\"d" + std::to_string(i) + R"(": {"type": "object", "properties": {"v": {"type": "string", "maxLength": )" +
                           std::to_string(max_length) + "}";
            if (i + 1 < length) definitions += R"(, "next": {"$ref": "#/definitions/d)" + std::to_string(i + 1) + "\"}";
            definitions += "}}";
        }
        return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {)" + definitions + "}}";
    };
    write(dir.path() / "old.json", chain(10));
    write(dir.path() / "new.json", chain(5));
    const auto result = run(in_dir(dir.path(), "check old.json new.json --format json"));
    REQUIRE(result.exit_code == 1);
    const auto report = boost::json::parse(result.out);
    const auto& findings = report.at("findings").as_array();
    CHECK(findings.size() == length);
    // The deepest change: its path from the kind names the first and last links and how
    // many lie between, never all 20,000.
    std::size_t abbreviated = 0;
    for (const auto& finding : findings) {
        const auto& path = finding.at("affectedPlaces").as_array().at(0).at("path").as_string();
        CHECK(path.size() < 300);
        if (path.starts_with(".spec.next.next") && path.find(" links … ") != boost::json::string::npos) ++abbreviated;
    }
    CHECK(abbreviated > length - 20);  // all but the first links (spelled whole up to 16 edges)
    // Linear: a few hundred bytes a finding.
    CHECK(result.out.size() < std::size_t{length} * 1000);
    // A report over the limit is refused whole, naming its format; nothing is written.
    write(dir.path() / "small-old.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "definitions": {"a.W": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "W"}],
        "properties": {"x": {"type": "string"}}}}})");
    write(dir.path() / "small-new.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "definitions": {"a.W": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "W"}],
        "properties": {}}}})");
    const auto small = run(
        in_dir(dir.path(), "check small-old.json small-new.json --format text --output report.txt --format json --max-report-bytes 300"));
    check_refused(small, "kompat: the json report would be ");
    CHECK(!fs::exists(dir.path() / "report.txt"));
}

TEST_CASE("security: a spec of a million properties is refused by the schema limit at its key, in memory linear in its size") {
    // Each property costs a Schema (224 bytes) beside its text: the default limit allows
    // 250,000 plus one per 64 bytes of input, and refuses the mapping before building it.
    TempDir dir;
    constexpr int properties = 1'000'000;
    std::string json =
        R"({"openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {}, "components": {"schemas": {"Wide": {"properties": {)";
    std::string yaml = "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {}\ncomponents:\n  schemas:\n    Wide:\n      properties:\n";
    for (int i = 0; i < properties; ++i) {
        json += (i == 0 ? "\"p" : ",\"p") + std::to_string(i) + R"(":{"type":"string"})";
        yaml += "        p" + std::to_string(i) + ": {type: string}\n";
    }
    json += "}}}}}";
    write(dir.path() / "wide.json", json);
    write(dir.path() / "wide.yaml", yaml);
    for (const auto& [command, input_bytes, says] : {
             std::tuple{std::string("inspect wide.json"), json.size(), std::string("wide.json:1:")},
             std::tuple{std::string("inspect wide.yaml"), yaml.size(), std::string("wide.yaml:7:7: ")},
             std::tuple{std::string("check wide.json wide.json"), 2 * json.size(), std::string("wide.json:1:")},
             std::tuple{std::string("check wide.yaml wide.yaml"), 2 * yaml.size(), std::string("wide.yaml:7:7: ")},
         }) {
        INFO(command);
        const auto start = std::chrono::steady_clock::now();
        const auto [result, peak_bytes] = run_kompat_measured(dir.path(), command);
        const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        check_refused(result, says);
        CHECK(result.err.find("schemas in one snapshot (limit max-schemas; raise it with --max-schemas N)") != std::string::npos);
        CHECK(seconds < 30);  // about 1.5 s here (22 s before); loosely bounded (sanitizer builds are slower)
#ifndef KOMPAT_ADDRESS_SANITIZER
        // Within 6x the input plus 64 MB (2.5 GB before).
        CHECK(peak_bytes > 0);
        CHECK(peak_bytes <= peak_memory_ceiling(static_cast<double>(input_bytes)));
#endif
    }
    // Raised, the same spec is read whole.
    const auto raised = run(in_dir(dir.path(), "inspect wide.yaml --max-schemas 2000000 --format json"));
    CHECK(raised.exit_code == 0);
    CHECK(raised.out.find("Wide") != std::string::npos);
}

// Escapes in a double-quoted scalar cost libfyaml about 9 bytes of memory an input byte
// when it builds their text (17 in the CI image); kompat decodes them itself.
TEST_CASE("security: escapes in a double-quoted YAML scalar stay within the memory multiple of the input") {
    TempDir dir;
    std::string yaml =
        "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    W:\n      type: object\n"
        "      description: \"";
    for (int i = 0; i < 7'500'000; ++i) yaml += "\\x41";
    yaml += "\"\n";
    write(dir.path() / "escapes.yaml", yaml);
    const auto [result, peak_bytes] = run_kompat_measured(dir.path(), "inspect escapes.yaml --format json");
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("\"W\"") != std::string::npos);
#ifndef KOMPAT_ADDRESS_SANITIZER
    CHECK(peak_bytes > 0);
    CHECK(peak_bytes <= peak_memory_ceiling(static_cast<double>(yaml.size())));
#endif
}

TEST_CASE("security: with no room for its large-stack thread, deep input is refused, never a crash") {
#ifdef KOMPAT_ADDRESS_SANITIZER
    WARN("AddressSanitizer needs more address space than this test leaves: skipped under the sanitizers");
#else
    TempDir dir;
    // 490 schemas deep: 980 levels of JSON nesting, within the default limit of 1000.
    std::string schema = R"({"type": "string"})";
    for (int i = 0; i < 490; ++i) schema = R"({"type": "object", "properties": {"a": )" + schema + "}}";
    const auto spec = R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {"a.W": {"type": "object",
        "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "W"}], "properties": {"spec": )" +
                      schema + "}}}}";
    write(dir.path() / "deep.json", spec);
    // A virtual memory limit refuses the 1 GiB stack; a 1 MiB stack is what is left.
    const auto result = run("ulimit -v 700000 && ulimit -s 1024 && " + in_dir(dir.path(), "check deep.json deep.json"));
    check_refused(result, "nesting deeper than 192 levels (limit max-nesting-depth");
#endif
}
