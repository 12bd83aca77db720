// The GUI's log file: database requests and purge lines reach a file that rotates at
// its bound, and no password, conninfo password or token hash ever does.
#include "core/session/applog.h"
#include "core/session/dbsession.h"
#include "core/session/purgecontroller.h"
#include "core/session/requestlog.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Waits for the request to end; its final state.
DbRequest::State wait(DbRequest *request)
{
    QSignalSpy finished(request, &DbRequest::finished);
    if (!finished.wait(60000))
        return DbRequest::State::Running;
    return finished.at(0).at(0).value<DbRequest::State>();
}

} // namespace

class TestAppLog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void cleanup() { uninstallAppLog(); }
    void requestsAndPurgeLinesAreLoggedWithoutPasswords();
    void rotatesAtTheBoundAndKeepsAFewFiles();
    void sanitizeRemovesConninfoPasswordsAndHashes();

private:
    SandboxInfo m_sandbox;
};

void TestAppLog::requestsAndPurgeLinesAreLoggedWithoutPasswords()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    AppLogOptions options;
    options.directory = dir.filePath(QStringLiteral("logs"));
    QString error;
    QVERIFY2(installAppLog(options, &error), qPrintable(error));
    const QString logFile = appLogFilePath();
    QCOMPARE(QFileInfo(logFile).absolutePath(), QFileInfo(options.directory).absoluteFilePath());
    QCOMPARE(QFileInfo(logFile).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup),
             QFileDevice::Permissions());

    TestDatabase db(m_sandbox, QStringLiteral("applog"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
    QVERIFY(password.size() >= 8);
    const QString wrong = QStringLiteral("Wrong-") + password;
    {
        DbSession session;
        QCOMPARE(wait(session.connectTo(db.profile(), wrong)), DbRequest::State::Failed);
        QCOMPARE(wait(session.connectTo(db.profile(), password)), DbRequest::State::Succeeded);
        QCOMPARE(wait(session.runPreflight()), DbRequest::State::Succeeded);
    }

    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    PurgeController controller;
    QSignalSpy finished(&controller, &PurgeController::finished);
    QSignalSpy lines(&controller, &PurgeController::logLine);
    controller.start(db.profile(), password, p, test::options({kRefresh}));
    QVERIFY(finished.wait(120000));
    QTest::qWait(50); // the receipt's lines are logged on this thread, queued
    QVERIFY(!lines.isEmpty());
    const auto receipt = finished.at(0).at(0).value<PurgeReceipt>();

    const QString text = readAll(logFile);
    QVERIFY2(text.contains(QStringLiteral("request #1 \"Connecting to")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("started")));
    QVERIFY(text.contains(QStringLiteral("WARNING purga.db: request #1")));
    QVERIFY(text.contains(QStringLiteral("#2 \"Connecting to")));
    QVERIFY(text.contains(QStringLiteral("succeeded in")));
    QVERIFY(text.contains(QStringLiteral("#3 ")));
    QVERIFY2(text.contains(lines.at(0).at(0).toString()), qPrintable(lines.at(0).at(0).toString()));
    QVERIFY(text.contains(QStringLiteral("run %1 ended: ok").arg(receipt.runId)));
    QVERIFY2(!text.contains(password), "the password reached the log");
    QVERIFY2(!text.contains(QStringLiteral("edge:")), "a token hash reached the log");
}

void TestAppLog::rotatesAtTheBoundAndKeepsAFewFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    AppLogOptions options;
    options.directory = dir.path();
    options.maxBytes = 4096;
    options.files = 3;
    QVERIFY(installAppLog(options));
    for (int i = 0; i < 400; ++i)
        qCInfo(lcDb) << "line" << i << "with some padding to fill the file up quickly";
    const QString base = appLogFilePath();
    for (int n = 0; n < 3; ++n) {
        const QString name = n == 0 ? base : base + u'.' + QString::number(n);
        QVERIFY2(QFileInfo::exists(name), qPrintable(name));
        QVERIFY2(QFileInfo(name).size() <= options.maxBytes, qPrintable(name));
        if (n > 0) // a rotated file was full
            QVERIFY(QFileInfo(name).size() > options.maxBytes / 2);
    }
    QVERIFY(!QFileInfo::exists(base + QStringLiteral(".3")));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 3);
    QVERIFY(readAll(base).contains(QStringLiteral("line 399 ")));
    QVERIFY(!readAll(base + QStringLiteral(".2")).contains(QStringLiteral("line 0 ")));
}

void TestAppLog::sanitizeRemovesConninfoPasswordsAndHashes()
{
    QTemporaryDir dir;
    QVERIFY(installAppLog({dir.path(), 1 << 20, 2, false}));
    addLogSecret(m_sandbox.purgaPassword);
    const QString hash = QStringLiteral("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
    qCWarning(lcDb).noquote() << "conninfo host=db password='Hunter2 Secret99' dbname=core";
    qCWarning(lcDb).noquote() << "uri postgresql://purga:S3cr%40t@db.example/core failed";
    qCWarning(lcDb).noquote() << "server said" << m_sandbox.purgaPassword << "and token" << hash;
    const QString text = readAll(appLogFilePath());
    for (const QString &secret : {QStringLiteral("Hunter2"), QStringLiteral("Secret99"),
                                  QStringLiteral("S3cr"), m_sandbox.purgaPassword, hash})
        QVERIFY2(!text.contains(secret), qPrintable(secret));
    QVERIFY2(text.contains(QStringLiteral("9f86d0…0a08")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("host=db")));
    QVERIFY(text.contains(QStringLiteral("db.example/core failed")));
}

QTEST_GUILESS_MAIN(TestAppLog)
#include "tst_applog.moc"
