# Linux desktop integration and the Debian package (included by packaging/CMakeLists.txt).
include(GNUInstallDirs)

set(PURGA_APP_ID "purga-sesiones") # .desktop name, icon name and AppStream id (see README.md here)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/${PURGA_APP_ID}.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/purga-sesiones.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(size 16 24 32 48 64 128 256)
    install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/${size}x${size}/apps/purga-sesiones.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()

string(TIMESTAMP PURGA_RELEASE_DATE "%Y-%m-%d" UTC)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${PURGA_APP_ID}.metainfo.xml.in
    ${CMAKE_CURRENT_BINARY_DIR}/${PURGA_APP_ID}.metainfo.xml @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${PURGA_APP_ID}.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# The .deb. dpkg-shlibdeps finds the libraries the executables link to (Qt, QtKeychain, libpq);
# what they only load at run time is named by hand: the QPSQL driver (QtSql), libsecret
# (QtKeychain's Secret Service backend) and the SVG icon engine and image plugin (the app icon).
set(CPACK_GENERATOR "DEB" CACHE STRING "CPack generators")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "database")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-psql, libsecret-1-0, libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnome-keyring | libkf5wallet-bin")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "postgresql-client")
