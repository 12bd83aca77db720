#pragma once

// How long-running work reports how far it got: the stage it is in, and done of total steps.
#include <QString>

#include <functional>

namespace purga {

using ProgressFn = std::function<void(const QString &stage, int done, int total)>;

} // namespace purga
