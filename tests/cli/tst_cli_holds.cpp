// The real purga-sesiones-cli against the sandbox: `hold add | list | release` as scripts use them
// (JSON keys, exit codes: 2 usage, 3 connect, 4 no holds table / not the maintenance role, 1 an
// unknown id), and a purge preview that says what each hold keeps.
#include "core/security/secrets.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

const QString kFamily = QStringLiteral("6f1c2a4e-0000-4000-8000-00000000000a");
const QString kHash = QStringLiteral("ab").repeated(32);

} // namespace

class TestCliHolds : public CliTestCase
{
    Q_OBJECT
private slots:
    void usageErrorsExitTwo();
    void withoutHistoryRefusedAndConnectFailureExitsThree();
    void addListReleaseContract();
    void previewSaysWhatEachHoldKeeps();
    void apiRoleIsRefused();

private:
    CliResult hold(const TestDatabase &db, const QStringList &args,
                   const QString &role = QStringLiteral("identidad_purga")) const
    {
        return run(QStringList{QStringLiteral("hold")} + args +
                       QStringList{QStringLiteral("--conninfo"), conninfo(db, role)},
                   db.passwordFor(role));
    }
};

void TestCliHolds::usageErrorsExitTwo()
{
    TestDatabase db(m_sandbox, QStringLiteral("clihold"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QList<QStringList> bad = {
        {},
        {QStringLiteral("frobnicate")},
        {QStringLiteral("add"), QStringLiteral("--reason"), QStringLiteral("INC-1")},
        {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1"), QStringLiteral("--user"),
         QStringLiteral("1:2"), QStringLiteral("--reason"), QStringLiteral("INC-1")},
        {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1")},
        {QStringLiteral("add"), QStringLiteral("--user"), QStringLiteral("12"), QStringLiteral("--reason"),
         QStringLiteral("x")},
        {QStringLiteral("add"), QStringLiteral("--family"), QStringLiteral("nope"),
         QStringLiteral("--reason"), QStringLiteral("x")},
        {QStringLiteral("add"), QStringLiteral("--token-hash"), QStringLiteral("abc"),
         QStringLiteral("--reason"), QStringLiteral("x")},
        {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1"), QStringLiteral("--reason"),
         QStringLiteral("x"), QStringLiteral("--until"), QStringLiteral("tomorrow")},
        {QStringLiteral("release")},
        {QStringLiteral("release"), QStringLiteral("abc")},
        {QStringLiteral("list"), QStringLiteral("--reason"), QStringLiteral("x")},
    };
    for (const QStringList &args : bad) {
        const CliResult r = hold(db, args);
        QVERIFY2(r.finished && r.exitCode == 2, qPrintable(args.join(u' ') + u'\n' + r.describe()));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.describe()));
    }
    // Nothing reached the database.
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regclass('identidad.purga_retenciones') IS NULL")).toBool());
}

void TestCliHolds::withoutHistoryRefusedAndConnectFailureExitsThree()
{
    TestDatabase db(m_sandbox, QStringLiteral("clihold"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const CliResult list = hold(db, {QStringLiteral("list"), QStringLiteral("--json")});
    QVERIFY2(list.finished && list.exitCode == 4, qPrintable(list.describe()));
    QVERIFY2(list.errText().contains(QLatin1String("setup-history")), qPrintable(list.describe()));
    const CliResult add = hold(db, {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1"),
                                    QStringLiteral("--reason"), QStringLiteral("INC-1")});
    QVERIFY2(add.finished && add.exitCode == 4, qPrintable(add.describe()));
    const CliResult nowhere =
        run({QStringLiteral("hold"), QStringLiteral("list"), QStringLiteral("--conninfo"),
             QStringLiteral("host=127.0.0.1 port=1 dbname=x user=y connect_timeout=2")});
    QVERIFY2(nowhere.finished && nowhere.exitCode == 3, qPrintable(nowhere.describe()));
}

void TestCliHolds::addListReleaseContract()
{
    TestDatabase db(m_sandbox, QStringLiteral("clihold"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(setupHistory(db));
    QString why;
    const QList<QPair<QStringList, QString>> scopes = {
        {{QStringLiteral("--user"), QStringLiteral("5:7")}, QStringLiteral("user")},
        {{QStringLiteral("--family"), kFamily}, QStringLiteral("family")},
        {{QStringLiteral("--tenant"), QStringLiteral("5")}, QStringLiteral("tenant")},
        {{QStringLiteral("--token-hash"), kHash.toUpper()}, QStringLiteral("token")},
    };
    QList<qint64> ids;
    for (const auto &s : scopes) {
        const CliResult r =
            hold(db, QStringList{QStringLiteral("add")} + s.first +
                         QStringList{QStringLiteral("--reason"), QStringLiteral("INC-123"),
                                     QStringLiteral("--until"), QStringLiteral("2099-01-01T00:00:00Z"),
                                     QStringLiteral("--json")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        const QJsonObject h = r.json(&why).value(QStringLiteral("hold")).toObject();
        QVERIFY2(!h.isEmpty(), qPrintable(why + r.describe()));
        QCOMPARE(h.value(QStringLiteral("scope")).toObject().value(QStringLiteral("kind")).toString(),
                 s.second);
        QCOMPARE(h.value(QStringLiteral("until_utc")).toString(), QStringLiteral("2099-01-01T00:00:00Z"));
        QVERIFY(h.value(QStringLiteral("active")).toBool());
        ids << qint64(h.value(QStringLiteral("id")).toDouble());
    }
    const CliResult list = hold(db, {QStringLiteral("list"), QStringLiteral("--json")});
    QVERIFY2(list.finished && list.exitCode == 0, qPrintable(list.describe()));
    const QJsonArray holds = list.json(&why).value(QStringLiteral("holds")).toArray();
    QCOMPARE(holds.size(), 4);
    const QJsonObject newest = holds.first().toObject();
    for (const char *key : {"id", "scope", "reason", "created_by", "os_user", "created_at_utc", "until_utc",
                            "released_by", "released_at_utc", "active"})
        QVERIFY2(newest.contains(QLatin1String(key)), key);
    QCOMPARE(newest.value(QStringLiteral("created_by")).toString(), QStringLiteral("identidad_purga"));
    QCOMPARE(newest.value(QStringLiteral("os_user")).toString(), osUserName()); // as the OS says, not $USER
    QVERIFY(newest.value(QStringLiteral("released_by")).isNull());
    // The token hash is masked unless revealed.
    const QString masked =
        newest.value(QStringLiteral("scope")).toObject().value(QStringLiteral("token_hash")).toString();
    QVERIFY2(masked != kHash && !masked.isEmpty(), qPrintable(masked));
    const CliResult revealed =
        hold(db, {QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--reveal")});
    QCOMPARE(revealed.json(&why)
                 .value(QStringLiteral("holds"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("scope"))
                 .toObject()
                 .value(QStringLiteral("token_hash"))
                 .toString(),
             kHash);
    const QJsonObject user = holds.last().toObject().value(QStringLiteral("scope")).toObject();
    QCOMPARE(user.value(QStringLiteral("empresa_id")).toInt(), 5);
    QCOMPARE(user.value(QStringLiteral("usuario_id")).toInt(), 7);

    const CliResult rel =
        hold(db, {QStringLiteral("release"), QString::number(ids.first()), QStringLiteral("--json")});
    QVERIFY2(rel.finished && rel.exitCode == 0, qPrintable(rel.describe()));
    const QJsonObject released = rel.json(&why).value(QStringLiteral("hold")).toObject();
    QCOMPARE(released.value(QStringLiteral("released_by")).toString(), QStringLiteral("identidad_purga"));
    QVERIFY(released.value(QStringLiteral("released_at_utc")).toString().endsWith(u'Z'));
    QVERIFY(!released.value(QStringLiteral("active")).toBool());
    const CliResult again = hold(db, {QStringLiteral("release"), QString::number(ids.first())});
    QVERIFY2(again.finished && again.exitCode == 4, qPrintable(again.describe()));
    const CliResult unknown = hold(db, {QStringLiteral("release"), QStringLiteral("999")});
    QVERIFY2(unknown.finished && unknown.exitCode == 1, qPrintable(unknown.describe()));
    // Still four holds, one released.
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_retenciones")).toInt(), 4);
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM identidad.purga_retenciones WHERE liberada_en IS NOT NULL"))
                 .toInt(),
             1);
    const CliResult text = hold(db, {QStringLiteral("list")});
    QVERIFY2(text.finished && text.exitCode == 0, qPrintable(text.describe()));
    QVERIFY2(QString::fromUtf8(text.out).contains(QLatin1String("released by identidad_purga")),
             qPrintable(text.describe()));
}

void TestCliHolds::previewSaysWhatEachHoldKeeps()
{
    TestDatabase db(m_sandbox, QStringLiteral("clihold"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(setupHistory(db));
    QVERIFY(db.exec(refreshExpiredAndLiveSql(30, 5))); // 30 removable rows of tenant 1
    const CliResult add = hold(db, {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1"),
                                    QStringLiteral("--reason"), QStringLiteral("INC-123")});
    QVERIFY2(add.finished && add.exitCode == 0, qPrintable(add.describe()));
    const CliResult preview =
        run({QStringLiteral("preview"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
             QStringLiteral("--json"), QStringLiteral("--conninfo"), conninfo(db)},
            db.passwordFor(QStringLiteral("identidad_purga")));
    QVERIFY2(preview.finished && preview.exitCode == 0, qPrintable(preview.describe()));
    QString why;
    const QJsonObject rule = preview.json(&why).value(QStringLiteral("rules")).toArray().first().toObject();
    QCOMPARE(rule.value(QStringLiteral("eligible")).toInt(), 0);
    const QJsonObject h = rule.value(QStringLiteral("held")).toArray().first().toObject();
    QCOMPARE(h.value(QStringLiteral("reason")).toString(), QStringLiteral("INC-123"));
    QCOMPARE(h.value(QStringLiteral("rows")).toInt(), 30);
    QCOMPARE(h.value(QStringLiteral("job_rows")).toInt(), 30);
    QCOMPARE(h.value(QStringLiteral("scope")).toString(), QStringLiteral("tenant"));
    const CliResult human =
        run({QStringLiteral("preview"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
             QStringLiteral("--conninfo"), conninfo(db)},
            db.passwordFor(QStringLiteral("identidad_purga")));
    QVERIFY2(QString::fromUtf8(human.out).contains(QLatin1String("kept by hold INC-123 (#1): 30 rows")),
             qPrintable(human.describe()));
}

void TestCliHolds::apiRoleIsRefused()
{
    TestDatabase db(m_sandbox, QStringLiteral("clihold"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(setupHistory(db));
    const CliResult r = hold(db,
                             {QStringLiteral("add"), QStringLiteral("--tenant"), QStringLiteral("1"),
                              QStringLiteral("--reason"), QStringLiteral("INC-1")},
                             QStringLiteral("identidad_api"));
    QVERIFY2(r.finished && r.exitCode == 4, qPrintable(r.describe()));
}

QTEST_GUILESS_MAIN(TestCliHolds)
#include "tst_cli_holds.moc"
