#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>

namespace purga::test {

bool runningInCi(); // pgsandbox.cpp: true under CI=true

// Points this process at the private Secret Service started by scripts/keyring-sandbox (CTest
// fixture "keyring"): reads $PURGA_KEYRING_ENV and sets DBUS_SESSION_BUS_ADDRESS. Also clears the
// desktop variables that would make QtKeychain pick KWallet. Call it before any keychain job:
// libsecret and GDBus keep the first session bus they connect to for the life of the process.
// False with a reason when the sandbox is not running.
bool useKeyringSandbox(QString *why);

// The sandbox's gnome-keyring HOME (where its encrypted keyring file lives); empty if unknown.
QString keyringSandboxHome();

// Fresh, private settings for one test: QSettings (native and INI formats, user and system
// scope), QStandardPaths test mode, HOME and XDG_{CONFIG,DATA,CACHE}_HOME all point inside a new
// temporary directory, restored (environment) and deleted on destruction. Destroy every QSettings
// before this object.
class TempSettings
{
public:
    TempSettings();
    ~TempSettings();
    TempSettings(const TempSettings &) = delete;
    TempSettings &operator=(const TempSettings &) = delete;

    bool isValid() const { return m_dir.isValid(); }
    QString path() const { return m_dir.path(); } // root: scan it all
    QString homePath() const;                     // path() + "/home"

    QStringList files() const; // every file under path(), recursively, hidden ones included
    // Files under path() whose bytes contain needle as UTF-8, UTF-16 (LE/BE) or base64.
    QStringList filesContaining(const QString &needle) const;

private:
    QTemporaryDir m_dir;
    bool m_oldTestMode = false;
    QList<QPair<QByteArray, std::optional<QByteArray>>> m_savedEnv;
};

// Files under dir whose bytes contain needle as UTF-8, UTF-16 (LE/BE) or base64.
QStringList filesContaining(const QString &dir, const QString &needle);

} // namespace purga::test

// Fails under CI=true, skips elsewhere, when the keyring sandbox is not there.
#define PURGA_REQUIRE_KEYRING()                                                                              \
    do {                                                                                                     \
        QString purgaWhy_;                                                                                   \
        if (!purga::test::useKeyringSandbox(&purgaWhy_)) {                                                   \
            if (purga::test::runningInCi())                                                                  \
                QFAIL(qPrintable(QStringLiteral("CI=true and no keyring sandbox: ") + purgaWhy_));           \
            QSKIP(qPrintable(QStringLiteral("no keyring sandbox: ") + purgaWhy_));                           \
        }                                                                                                    \
    } while (false)
