#pragma once
// Security: what a client must present to call an operation (its security requirements)
// and the schemes it presents them by. Internal to diff/.
#include "diff/operation_tally.hpp"
#include "diff/surface_diff.hpp"

namespace kompat {

// An operation's requirements, old and new: one a client met before that no new one
// accepts is security-requirement-added (it must present more); otherwise any difference
// is security-requirement-removed (it may present less). `place` is the operation's
// reach; its path and roles are set here.
void tally_security(const DiffContext& context, const Operation& before, const Operation& after, Reach& place, OperationTally& tally);

// A scheme of one name whose type or settings (in, name, flows' URLs) changed.
void diff_security_schemes(const DiffContext& context, DiffPlan& plan);

}  // namespace kompat
