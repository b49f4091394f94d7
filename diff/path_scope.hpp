#pragma once
// A place being walked, as a path grown and cut back in one buffer. Internal to diff/.
#include <cstddef>
#include <string>
#include <string_view>

namespace kompat {

// Appends a child's part to the path being walked and takes it off again at the end of
// the scope: one buffer for a whole walk instead of a new string per field.
class PathScope {
public:
    PathScope(std::string& path, std::string_view part, std::string_view more = {}) : path_(path), size_(path.size()) {
        path_ += part;
        path_ += more;
    }
    ~PathScope() { path_.resize(size_); }
    PathScope(const PathScope&) = delete;
    PathScope& operator=(const PathScope&) = delete;

private:
    std::string& path_;
    std::size_t size_;
};

}  // namespace kompat
