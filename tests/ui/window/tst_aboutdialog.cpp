// AboutDialog: the version lines come from the CMake project version, the Qt and libpq loaded at
// run time, and the real server's version once connected (preflight against the sandbox).
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/session/applog.h"
#include "core/session/dbsession.h"
#include "core/util/buildinfo.h"
#include "core/util/purga_version.h"
#include "support/pgsandbox.h"
#include "ui/state/appstate.h"
#include "ui/window/aboutdialog.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <libpq-fe.h>

using namespace purga;

class TestAboutDialog : public QObject
{
    Q_OBJECT

private slots:
    void versionTextFromNumbers()
    {
        QCOMPARE(buildinfo::pgVersionText(150010), QStringLiteral("15.10"));
        QCOMPARE(buildinfo::pgVersionText(170002), QStringLiteral("17.2"));
        QCOMPARE(buildinfo::pgVersionText(90624), QStringLiteral("9.6.24"));
        QCOMPARE(buildinfo::pgVersionText(0), QString());
    }

    void disconnectedShowsBuildAndLibraries()
    {
        DbSession session;
        AppState state(&session);
        AboutDialog dialog(&state);
        const QString text = dialog.findChild<QLabel *>(QStringLiteral("aboutVersions"))->text();
        QCOMPARE(text, dialog.versionsText());
        QVERIFY(text.contains(QStringLiteral(PURGA_VERSION)));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("libpq: %1.").arg(PQlibVersion() / 10000)));
        QVERIFY(text.contains(QStringLiteral("not connected")));
        const QString title = dialog.findChild<QLabel *>(QStringLiteral("aboutTitle"))->text();
        QVERIFY(title.contains(QStringLiteral(PURGA_VERSION)));
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("aboutLicense"))->text().isEmpty());
    }

    void showsWhereTheLogIs()
    {
        DbSession session;
        AppState state(&session);
        {
            AboutDialog dialog(&state);
            QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("aboutOpenLogFolder"))->isEnabled());
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        AppLogOptions options;
        options.directory = dir.path();
        QVERIFY(installAppLog(options));
        AboutDialog dialog(&state);
        const QString text = dialog.findChild<QLabel *>(QStringLiteral("aboutLogFile"))->text();
        QVERIFY2(text.contains(QDir::toNativeSeparators(appLogFilePath())), qPrintable(text));
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("aboutOpenLogFolder"))->isEnabled());
        uninstallAppLog();
    }

    void connectedShowsTheServersVersion()
    {
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("about"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection conn;
        DbFailure err;
        QVERIFY2(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err),
                 qPrintable(err.message));
        PreflightReport report;
        DbFailure failure;
        QVERIFY2(runPreflight(conn, &report, &failure), qPrintable(failure.message));

        DbSession session;
        AppState state(&session);
        state.setConnected(db.profile(), QString());
        state.setPreflight(report);
        AboutDialog dialog(&state);
        const QString server = db.scalar(QStringLiteral("SHOW server_version")).toString();
        QVERIFY(!server.isEmpty());
        QVERIFY2(dialog.versionsText().contains(QStringLiteral("PostgreSQL server: ") +
                                                server.section(u' ', 0, 0)),
                 qPrintable(dialog.versionsText() + QStringLiteral(" / ") + server));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
