#pragma once
// The one model every input format is loaded into: kinds, named types, operations.
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/parsed_file.hpp"
#include "model/schema.hpp"

namespace kompat {

enum class SnapshotFormat { openapi_v2, openapi_v3, crd };
std::string_view to_string(SnapshotFormat format);  // "openapi-v2", "openapi-v3", "crd"

enum class Stability { alpha, beta, ga };
std::string_view to_string(Stability stability);  // "alpha", "beta", "ga"

// Stability of a group-version from its version name, as Kubernetes orders versions:
// `v1alpha1` alpha, `v2beta3` beta, `v1` GA. A name that does not follow the
// convention is alpha or beta when it says so (`v1-alpha`), GA otherwise.
Stability stability_of_version(std::string_view version);
// The numbers of a Kubernetes version, to order versions of one stage: v2 → (2, 0),
// v1beta3 → (1, 3); (0, 0) for a version not written v<major>….
std::pair<int, int> version_numbers(std::string_view version);

// status.acceptedNames of a cluster's CRD: the names the API server accepted. A short name
// or category that conflicts with another resource's is left out (NamesAccepted False).
struct AcceptedNames {
    std::vector<std::string> short_names;
    std::vector<std::string> categories;
};

// What a CustomResourceDefinition says of one of its versions.
struct CrdVersion {
    std::string name;   // metadata.name of the CRD, e.g. widgets.example.com
    std::string scope;  // Namespaced or Cluster
    bool served = false;
    bool storage = false;
    bool deprecated = false;
    std::string_view deprecation_warning;
    std::string plural;
    std::string singular;
    std::string list_kind;
    std::vector<std::string> short_names;
    std::vector<std::string> categories;
    std::vector<std::string_view> subresources;  // status, scale
    // spec.preserveUnknownFields (v1beta1's default): the server prunes no unknown field.
    bool keeps_unknown_fields = false;
    // status.storedVersions, as `kubectl get crd -o yaml` shows a cluster's CRD (or as
    // check --cluster gives it): the versions objects may still be stored in. The API server
    // refuses an update of the CRD whose spec.versions lacks one of them. Empty: unknown.
    std::vector<std::string> stored_versions;
    // status.acceptedNames, likewise from a cluster's CRD. Unset: unknown.
    std::optional<AcceptedNames> accepted_names;
};

struct Kind {
    GroupVersionKind gvk;
    Stability stability = Stability::ga;
    // The named type for OpenAPI documents (`io.k8s.api.apps.v1.Deployment`), the
    // kind's name for CRDs.
    std::string type_name;
    // For OpenAPI documents a `$ref` to type_name; for CRDs the version's own schema.
    Schema schema;
    std::optional<CrdVersion> crd;
    Location location;

    // Whether clients can use it: every kind of an OpenAPI document, a CRD version when served.
    [[nodiscard]] bool is_served() const { return !crd || crd->served; }
};

struct Parameter {
    std::string_view name;
    std::string_view in;  // path, query, header, cookie, body, formData
    bool required = false;
    bool deprecated = false;
    // How it is serialized (OpenAPI 3): as written, "" when the default for `in` applies.
    std::string_view style;
    std::optional<bool> explode;
    // The parameter's own words: where it states a default its schema adds later
    // ("The default is 50"), that default is not new behaviour.
    std::string_view description;
    Schema schema;  // the body's schema, or the parameter's own type keywords
    Location location;
};

// A media type a request body or a response is sent in: OpenAPI 3's `content`, or Swagger
// 2.0's consumes and produces. The body's schema is the one of application/json, else of
// the first media type; a media type whose schema differs from that one has its own.
struct MediaType {
    std::string_view name;
    Location location;
    std::unique_ptr<Schema> own_schema;  // null when its schema is the body's (or it has none)
};

// A response header (`headers` of an OpenAPI 3 or Swagger 2.0 response).
struct ResponseHeader {
    std::string_view name;
    bool required = false;
    Schema schema;  // its `schema`, or (Swagger 2.0) its own type keywords
    Location location;
};

// HTTP header names compared as HTTP does, without case: <0, 0 or >0.
inline int compare_header_names(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return lower(a[i]) < lower(b[i]) ? -1 : 1;
    return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

struct Response {
    std::string status;  // "200", "default"
    std::optional<Schema> schema;
    std::vector<ResponseHeader> headers;  // sorted by name
    std::vector<MediaType> media;         // sorted by name
    Location location;
};

// One way to authenticate: every scheme it names, each with the scopes it needs; both sorted.
using SecurityRequirement = std::vector<std::pair<std::string_view, std::vector<std::string_view>>>;

// A security scheme (components.securitySchemes, Swagger 2.0's securityDefinitions): its
// type and what identifies it (in, name, scheme, the flows' URLs), as sorted (key, value).
struct SecurityScheme {
    std::string_view type;
    std::vector<std::pair<std::string, std::string_view>> settings;
    Location location;
};

struct Operation {
    std::string method;  // upper case
    std::string path;
    std::string_view operation_id;
    std::vector<std::string_view> tags;
    bool deprecated = false;
    std::string_view sunset;           // x-sunset: the date it goes
    std::string_view stability_level;  // x-stability-level: draft, alpha, beta or stable
    // Its own `security`, else its document's; none when neither says. Any one requirement
    // suffices; an empty one means no authentication.
    std::optional<std::vector<SecurityRequirement>> security;
    // Path-level ones merged in, sorted by (in, name). Shared: Kubernetes refers to the
    // same parameter definitions from hundreds of operations.
    std::vector<std::shared_ptr<const Parameter>> parameters;
    std::optional<Schema> request_body;
    bool has_request_body = false;  // even one without a schema
    bool request_body_required = false;
    std::vector<MediaType> request_media;  // sorted by name
    std::vector<Response> responses;       // sorted by status
    // The kind a Kubernetes operation serves (x-kubernetes-group-version-kind), when it says.
    std::optional<GroupVersionKind> gvk;
    Location location;
    // An OpenAPI 3.1 webhook ("webhook NAME" is its path): the API sends the request and the
    // receiver answers, so who writes and who reads is the other way round.
    bool webhook = false;

    [[nodiscard]] std::string key() const { return method + " " + path; }
};

struct Snapshot {
    std::string source;    // the argument it was loaded from
    std::string revision;  // REV, for a snapshot read as REV:PATH: its files are named "REV:path"
    SnapshotFormat format = SnapshotFormat::openapi_v2;
    bool from_directory = false;
    std::vector<std::string> files;  // Location::file indexes this

    std::vector<Kind> kinds;                                              // sorted by group, version, kind
    std::map<std::string, Schema, std::less<>> types;                     // named schemas by name
    std::vector<Operation> operations;                                    // sorted by path, then method
    std::map<std::string, SecurityScheme, std::less<>> security_schemes;  // by name
    // The base URLs its documents serve at: OpenAPI 3's `servers`, Swagger 2.0's schemes,
    // host and basePath. Sorted, once each.
    std::vector<std::string> servers;
    // `info.version` of its first OpenAPI document that writes one ("" for CRDs or none).
    std::string info_version;
    // What kompat decided while loading that a user may want to know (for example,
    // which copy of a type it kept when two files disagree). Shown by `inspect`.
    std::vector<std::string> notes;
    // What the input files hold that their reader should hear of though it was read
    // (a key repeated with the same value), "file:line:col: text". Reports of `check`
    // show them as notes.
    std::vector<std::string> input_warnings;

    // The parsed files the schemas' strings point into.
    std::vector<std::shared_ptr<const ParsedFile>> documents;
    // The type names `$ref`s were given, which Schema::ref views: a deque keeps its
    // strings in place as it grows and when the snapshot is moved.
    std::deque<std::string> ref_names;

    [[nodiscard]] const Schema* find_type(std::string_view name) const;
    // Follows `$ref`s from `schema` to the first schema that is not only a reference.
    // The loader has refused unresolvable references, cycles of bare references and
    // chains past the limit, so this always ends.
    [[nodiscard]] const Schema& resolve(const Schema& schema) const;
    [[nodiscard]] const Kind* find_kind(const GroupVersionKind& gvk) const;
    [[nodiscard]] std::string_view file_of(const Location& location) const;
    // The file as reports name it: for REV:PATH, its path in the repository
    // ("config/crd/x.yaml", not "HEAD:config/crd/x.yaml"), as CI annotations and SARIF need.
    [[nodiscard]] std::string_view report_path_of(const Location& location) const;
};

}  // namespace kompat
