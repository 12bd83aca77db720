#pragma once

#include <QString>

namespace purga {

// What the About dialog and `--version` report about this build and the libraries it runs with.
namespace buildinfo {

QString appVersion(); // "0.1.0", from the CMake project version
QString licenseId();  // SPDX identifier, from the CMake option PURGA_LICENSE
QString appId();      // reverse-DNS desktop id, from the CMake option PURGA_APP_ID
QString qtVersion();  // the Qt library loaded at run time, e.g. "6.4.2"
// The libpq version is libpqVersion() of core/pg/libpqinfo.h (libpq's own header stays in pg/).

// libpq/server version number (150010, or 90624 for 9.6.24) as text: "15.10", "9.6.24".
QString pgVersionText(int versionNum);

} // namespace buildinfo
} // namespace purga
