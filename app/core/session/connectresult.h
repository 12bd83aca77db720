#pragma once

// What a successful connect request of the session returns.
#include "core/pg/connectionprofile.h"

#include <QMetaType>

namespace purga {

struct ConnectResult
{
    ConnectionProfile profile;
    int backendPid = 0;
};

} // namespace purga

Q_DECLARE_METATYPE(purga::ConnectResult)
