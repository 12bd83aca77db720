// The real purga-sesiones-cli ($PURGA_CLI) against the sandbox: lookup, timeline and freeze as
// scripts use them (exit codes, JSON keys), a raw token that never leaves the process (server log
// with log_statement = all), and a freeze that holds purges and ends with its process.
#include "core/forensics/forensics.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTest>

#include <csignal>

using namespace purga;
using namespace purga::test;

class TestCliForensics : public CliTestCase
{
    Q_OBJECT
private slots:
    void lookupContract()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString hash = Forensics::hashRawToken("present-token");
        QVERIFY(db.exec(
            QStringLiteral(
                "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id,"
                " token_hash, expiracion) VALUES (4, 40, gen_random_uuid(), '%1', now() + interval '1 day')")
                .arg(hash)));
        QCOMPARE(run(db, {QStringLiteral("lookup"), QStringLiteral("--token-hash"), QStringLiteral("xyz")})
                     .exitCode,
                 2);
        QCOMPARE(run(db, {QStringLiteral("lookup")}).exitCode, 2);
        QCOMPARE(run(db, {QStringLiteral("lookup"), QStringLiteral("--token-hash"), hash,
                          QStringLiteral("--token-stdin")})
                     .exitCode,
                 2);

        const CliResult unknown =
            run(db, {QStringLiteral("lookup"), QStringLiteral("--json"), QStringLiteral("--token-hash"),
                     Forensics::hashRawToken("unknown")});
        QVERIFY2(unknown.finished && unknown.exitCode == 0, qPrintable(unknown.describe()));
        QString why;
        QVERIFY(unknown.json(&why).value(QStringLiteral("matches")).toArray().isEmpty());
        QVERIFY(unknown.errText().contains(QLatin1String("No token")));

        const CliResult found =
            run(db, {QStringLiteral("lookup"), QStringLiteral("--json"), QStringLiteral("--token-stdin")},
                QByteArray("present-token\n"));
        QVERIFY2(found.finished && found.exitCode == 0, qPrintable(found.describe()));
        const QJsonArray matches = found.json(&why).value(QStringLiteral("matches")).toArray();
        QCOMPARE(matches.size(), 1);
        const QJsonObject m = matches.first().toObject();
        for (const char *key :
             {"table", "id", "empresa_id", "usuario_id", "token_hash", "created_utc", "expires_utc",
              "revoked", "revoked_utc", "used_utc", "rule", "removable_from_utc", "removable_now", "family"})
            QVERIFY2(m.contains(QLatin1String(key)), key);
        QCOMPARE(m.value(QStringLiteral("table")).toString(), QStringLiteral("identidad.trx_refresh_tokens"));
        QCOMPARE(m.value(QStringLiteral("token_hash")).toString(),
                 Forensics::maskHash(hash)); // masked by default
        QVERIFY(m.value(QStringLiteral("removable_from_utc")).toString().endsWith(u'Z'));
        QVERIFY(m.value(QStringLiteral("revoked_utc")).isNull());
        const CliResult revealed =
            run(db, {QStringLiteral("lookup"), QStringLiteral("--json"), QStringLiteral("--reveal"),
                     QStringLiteral("--token-hash"), hash});
        QCOMPARE(revealed.json(&why)
                     .value(QStringLiteral("matches"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("token_hash"))
                     .toString(),
                 hash);

        // Under RLS a "not found" would be a lie: the API role is refused.
        const CliResult api = run(db, {QStringLiteral("lookup"), QStringLiteral("--token-hash"), hash}, {},
                                  QStringLiteral("identidad_api"));
        QVERIFY2(api.exitCode == 4, qPrintable(api.describe()));
    }

    void rawTokenNeverLeavesTheProcess()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 SET log_statement = 'all'").arg(db.name())));
        const QByteArray raw = "RAW-SECRET-" + QByteArray::number(QDateTime::currentMSecsSinceEpoch());
        const QString hash = Forensics::hashRawToken(raw);
        const CliResult r =
            run(db, {QStringLiteral("lookup"), QStringLiteral("--json"), QStringLiteral("--token-stdin")},
                raw + '\n');
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(!r.out.contains(raw) && !r.err.contains(raw));
        QFile log(serverLog(db));
        QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(log.fileName()));
        const QByteArray text = log.readAll();
        QVERIFY2(text.contains(hash.toLatin1()),
                 "the lookup is not in the server log: log_statement did not apply");
        QVERIFY(!text.contains(raw));
        QDirIterator files(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile f(files.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(raw), qPrintable(f.fileName()));
        }
    }

    void timelineContract()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en)"
            " VALUES (5, 50, 'replay_detectado', '10.0.0.5', now() + interval '5 years')")));
        QCOMPARE(run(db, {QStringLiteral("timeline"), QStringLiteral("--usuario"), QStringLiteral("50"),
                          QStringLiteral("--json")})
                     .exitCode,
                 2);
        QCOMPARE(run(db, {QStringLiteral("timeline"), QStringLiteral("--empresa"), QStringLiteral("5"),
                          QStringLiteral("--usuario"), QStringLiteral("50"), QStringLiteral("--since"),
                          QStringLiteral("last tuesday"), QStringLiteral("--json")})
                     .exitCode,
                 2);
        const CliResult csv =
            run(db, {QStringLiteral("timeline"), QStringLiteral("--empresa"), QStringLiteral("5"),
                     QStringLiteral("--usuario"), QStringLiteral("50"), QStringLiteral("--csv")});
        QVERIFY2(csv.finished && csv.exitCode == 0, qPrintable(csv.describe()));
        // The evidence header first: who exported it, with which role, from which database.
        QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QByteArrayList header;
        while (!lines.isEmpty() && lines.first().startsWith("# "))
            header << lines.takeFirst();
        QVERIFY2(header.contains("# exported_by_db_role: identidad_purga"), header.join('\n').constData());
        QVERIFY(header.contains("# subject: user timeline, tenant 5, user 50"));
        QVERIFY(header.contains("# token_hashes: masked (first 8 \xe2\x80\xa6 last 4)"));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0), QByteArray("at_utc,kind,event,id,token_hash,ip,user_agent,alert"));
        QVERIFY(lines.at(1).contains(",log,replay_detectado,") && lines.at(1).endsWith(",true"));
        QVERIFY2(csv.errText().contains(QLatin1String("CREATE INDEX")), "the missing index is not named");
        const CliResult json =
            run(db, {QStringLiteral("timeline"), QStringLiteral("--empresa"), QStringLiteral("5"),
                     QStringLiteral("--usuario"), QStringLiteral("50"), QStringLiteral("--json")});
        QString why;
        const QJsonArray events = json.json(&why).value(QStringLiteral("events")).toArray();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().toObject().value(QStringLiteral("event")).toString(),
                 QStringLiteral("replay_detectado"));
        QVERIFY(events.first().toObject().value(QStringLiteral("alert")).toBool());
    }

    void freezeHoldsPurgesUntilReleased()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        QVERIFY(db.exec(refreshSeedSql(200)));
        QProcess freeze;
        prepare(freeze, db, {QStringLiteral("freeze")});
        freeze.start();
        QVERIFY(freeze.waitForStarted());
        QVERIFY(waitForLine(freeze, "Purges frozen"));
        const CliResult purge =
            run(db, {QStringLiteral("purge"), QStringLiteral("--all"), QStringLiteral("--yes")});
        QVERIFY2(purge.exitCode == 5, qPrintable(purge.describe()));
        const CliResult second =
            run(db, {QStringLiteral("freeze"), QStringLiteral("--minutes"), QStringLiteral("1")});
        QVERIFY2(second.exitCode == 5, qPrintable(second.describe()));
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'congelado'"
                               " AND terminada_en IS NULL"))
                     .toInt(),
                 1);
        ::kill(pid_t(freeze.processId()), SIGTERM);
        QVERIFY(freeze.waitForFinished(10000));
        QCOMPARE(freeze.exitCode(), 0);
        QVERIFY(freeze.readAllStandardOutput().contains("Purges released"));
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'congelado'"
                               " AND terminada_en IS NOT NULL"))
                     .toInt(),
                 1);
        const CliResult after =
            run(db, {QStringLiteral("purge"), QStringLiteral("--all"), QStringLiteral("--yes")});
        QVERIFY2(after.exitCode == 0, qPrintable(after.describe()));
    }

    // The signal watcher thread (clisignals) and the hold loop both wait for SIGTERM: whichever
    // gets it, the freeze is released and recorded, never ended as if cancelled (exit 6).
    void freezeIsReleasedByEverySignal()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        for (int i = 0; i < 6; ++i) {
            QProcess freeze;
            prepare(freeze, db, {QStringLiteral("freeze")});
            freeze.start();
            QVERIFY(waitForLine(freeze, "Purges frozen"));
            ::kill(pid_t(freeze.processId()), i % 2 ? SIGINT : SIGTERM);
            QVERIFY(freeze.waitForFinished(10000));
            QVERIFY2(freeze.exitCode() == 0, freeze.readAllStandardError().constData());
            QVERIFY(freeze.readAllStandardOutput().contains("Purges released"));
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas"
                                          " WHERE estado = 'congelado' AND terminada_en IS NOT NULL"))
                     .toInt(),
                 6);
    }

    void freezeEndsWithItsProcessAndConnection()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        const QString held = QStringLiteral(
            "SELECT count(*) > 0 FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
        QProcess killed;
        prepare(killed, db, {QStringLiteral("freeze")});
        killed.start();
        QVERIFY(waitForLine(killed, "Purges frozen"));
        QVERIFY(db.scalar(held).toBool());
        killed.kill(); // SIGKILL: no chance to release; the server ends the lock with the connection
        QVERIFY(killed.waitForFinished(5000));
        QVERIFY(waitFor(db, QStringLiteral("SELECT NOT (") + held + u')', 10000));

        QProcess cut;
        prepare(cut, db, {QStringLiteral("freeze")});
        cut.start();
        QVERIFY(waitForLine(cut, "Purges frozen"));
        // The stale row of the killed freeze got its end when the new one started.
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'congelado'"
                               " AND terminada_en IS NULL"))
                     .toInt(),
                 1);
        QVERIFY(db.exec(
            QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                           " WHERE application_name = 'purga-sesiones' AND datname = current_database()")));
        QVERIFY(cut.waitForFinished(15000));
        QCOMPARE(cut.exitCode(), 1);
        QVERIFY(cut.readAllStandardError().contains("no longer held"));
        QVERIFY(!db.scalar(held).toBool());
    }

private:
    void prepare(QProcess &p, const TestDatabase &db, const QStringList &args,
                 const QString &role = QStringLiteral("identidad_purga")) const
    {
        p.setProcessEnvironment(cliEnvironment(m_home.path(), db.passwordFor(role)));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db, role)});
    }

    CliResult run(const TestDatabase &db, const QStringList &args, const QByteArray &stdinData = {},
                  const QString &role = QStringLiteral("identidad_purga")) const
    {
        QProcess p;
        prepare(p, db, args, role);
        if (stdinData.isNull())
            return runProcess(p, 60000);
        p.start();
        p.write(stdinData);
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            p.kill();
        p.waitForFinished(5000);
        return finishedResult(p);
    }

    static bool waitForLine(QProcess &p, const char *text)
    {
        QByteArray seen;
        for (int i = 0; i < 100 && !seen.contains(text); ++i) {
            if (!p.waitForReadyRead(200) && p.state() == QProcess::NotRunning)
                break;
            seen += p.readAllStandardOutput();
        }
        if (!seen.contains(text))
            qWarning() << "stdout:" << seen << "stderr:" << p.readAllStandardError();
        return seen.contains(text);
    }

    QString serverLog(TestDatabase &db) const
    {
        const QString data = db.scalar(QStringLiteral("SELECT current_setting('data_directory')")).toString();
        const QFileInfo d(data);
        return d.absolutePath() + u'/' + d.fileName() + QStringLiteral(".log");
    }
};

QTEST_GUILESS_MAIN(TestCliForensics)
#include "tst_cli_forensics.moc"
