# Linux desktop integration and the Debian package (included by packaging/CMakeLists.txt).
include(GNUInstallDirs)
include(${CMAKE_CURRENT_SOURCE_DIR}/releases.cmake)

# The .desktop and metainfo files are named after the reverse-DNS PURGA_APP_ID (top
# CMakeLists.txt); the icon keeps the executable's name.
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/purga-sesiones.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications RENAME ${PURGA_APP_ID}.desktop)
install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/purga-sesiones.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(size 16 24 32 48 64 128 256)
    install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/${size}x${size}/apps/purga-sesiones.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()

# The metainfo's <releases> and their dates come from packaging/debian/changelog.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/debian/changelog)
purga_read_releases(${CMAKE_CURRENT_SOURCE_DIR}/debian/changelog)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/purga-sesiones.metainfo.xml.in
    ${CMAKE_CURRENT_BINARY_DIR}/${PURGA_APP_ID}.metainfo.xml @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${PURGA_APP_ID}.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# /usr/share/doc/purga-sesiones: the copyright file, the changelog (gzip -9n, as Debian ships
# it) and the reference of the CLI's --json output that its --help points to.
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
    COMMAND gzip -9n -c ${CMAKE_CURRENT_SOURCE_DIR}/debian/changelog > ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/debian/changelog VERBATIM)
add_custom_target(purga_changelog ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/debian/copyright ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
    ${CMAKE_SOURCE_DIR}/docs/cli-json.md
    DESTINATION ${CMAKE_INSTALL_DOCDIR})

# A man page per executable, written at build time by help2man from the built executable's own
# --help and --version (packaging/manpage): what the page says is what the program says.
find_program(PURGA_HELP2MAN help2man)
if(PURGA_HELP2MAN)
    set(purga_man_pages "")
    foreach(exe purga-sesiones-cli purga-sesiones)
        set(page ${CMAKE_CURRENT_BINARY_DIR}/man/${exe}.1.gz)
        if(exe STREQUAL "purga-sesiones-cli")
            set(what "preview and purge expired identity sessions in PostgreSQL from the command line")
            set(commands --commands)
        else()
            set(what "preview and purge expired identity sessions in PostgreSQL")
            set(commands "")
        endif()
        add_custom_command(OUTPUT ${page}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
            COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/manpage $<TARGET_FILE:${exe}> ${page}
                ${PURGA_RELEASE_DATE} ${what} ${CMAKE_CURRENT_SOURCE_DIR}/man/${exe}.h2m ${commands}
            DEPENDS ${exe} ${CMAKE_CURRENT_SOURCE_DIR}/manpage ${CMAKE_CURRENT_SOURCE_DIR}/man/${exe}.h2m
            COMMENT "man page of ${exe} (help2man)" VERBATIM)
        list(APPEND purga_man_pages ${page})
    endforeach()
    add_custom_target(purga_man_pages ALL DEPENDS ${purga_man_pages})
    install(FILES ${purga_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
    message(WARNING "help2man not found: no man pages, and the .deb fails scripts/package-check "
        "(scripts/install-deps installs help2man)")
endif()

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
# Directories the install creates (share/doc/…, share/man/man1) get Debian's 0755, whatever the
# builder's umask.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
