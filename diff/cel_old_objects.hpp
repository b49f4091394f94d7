#pragma once
// Whether a CEL rule added in NEW can refuse an object OLD admitted: the rule evaluated
// over what OLD says of its values (three-valued: true, false, error, and each of them
// possible or not), with the fields OLD lacks absent from every old object and each
// value limited to OLD's enum. Internal to diff/.
#include "model/schema.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace kompat {

struct CelOnOldObjects {
    enum class Outcome {
        every_object_passes,  // true for every object OLD admitted
        some_object_fails,    // false, or an error, for some object OLD admitted
        undecided,            // this evaluation cannot tell (or cannot read the rule)
    };
    Outcome outcome = Outcome::undecided;
    // What decided it, each once in the order met: "`envVarName` is new", "the value
    // `tls` is new", "`type` is required". Named in the finding.
    std::vector<std::string> new_in_new;  // fields and enum values only NEW has
    std::vector<std::string> old_schema;  // what OLD already held: required fields, enums
};

// The rule `rule` at a schema `n` of NEW, whose counterpart in OLD is `o`.
CelOnOldObjects cel_on_old_objects(const Schema& o, const Schema& n, std::string_view rule);

}  // namespace kompat
