// EvidenceExport: a timeline CSV opens with who exported it (OS user, database role), when and from
// which database; its hashes are masked unless the export says they were revealed.
#include "core/forensics/evidenceexport.h"
#include "core/locks/evidencefreeze.h"
#include "core/pg/connectionprofile.h"

#include <QTest>

using namespace purga;

namespace {

const QString kHash = QStringLiteral("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");

QList<TimelineEvent> events()
{
    return {TimelineEvent{QStringLiteral("2026-01-01T00:00:00.000000Z"), QStringLiteral("refresh_token"),
                          QStringLiteral("created"), 7, kHash, QString(), QString(), false}};
}

EvidenceSource source(bool reveal)
{
    EvidenceSource s;
    s.exportedAtUtc = QStringLiteral("2026-11-29T21:25:39Z");
    s.osUser = QStringLiteral("maria.dba");
    s.dbRole = QStringLiteral("identidad_purga");
    s.database = QStringLiteral("identidad_purga@db.example:5433/core");
    s.subject = EvidenceExport::timelineSubject(8, 80);
    s.revealHashes = reveal;
    return s;
}

} // namespace

class TestEvidenceExport : public QObject
{
    Q_OBJECT
private slots:
    void headerSaysWhoWhenAndWhere()
    {
        const QStringList lines = EvidenceExport::timelineCsv(events(), source(false)).split(u'\n');
        QCOMPARE(lines.at(0), QStringLiteral("# purga-sesiones evidence export"));
        QCOMPARE(lines.at(1), QStringLiteral("# exported_at_utc: 2026-11-29T21:25:39Z"));
        QCOMPARE(lines.at(2), QStringLiteral("# exported_by_os_user: maria.dba"));
        QCOMPARE(lines.at(3), QStringLiteral("# exported_by_db_role: identidad_purga"));
        QCOMPARE(lines.at(4), QStringLiteral("# database: identidad_purga@db.example:5433/core"));
        QCOMPARE(lines.at(5), QStringLiteral("# subject: user timeline, tenant 8, user 80"));
        QCOMPARE(lines.at(6), QStringLiteral("# token_hashes: masked (first 8 … last 4)"));
        QCOMPARE(lines.at(7), QStringLiteral("at_utc,kind,event,id,token_hash,ip,user_agent,alert"));
    }

    void hashesMaskedUnlessRevealed()
    {
        const QString masked = EvidenceExport::timelineCsv(events(), source(false));
        QVERIFY(!masked.contains(kHash));
        QVERIFY(masked.contains(QStringLiteral(",%1,").arg(Forensics::maskHash(kHash))));
        const QString full = EvidenceExport::timelineCsv(events(), source(true));
        QVERIFY(full.contains(QStringLiteral(",%1,").arg(kHash)));
        QVERIFY(full.contains(QLatin1String("# token_hashes: full\n")));
    }

    void aValueCannotStartARow()
    {
        EvidenceSource s = source(false);
        s.osUser = QStringLiteral("eve\nat_utc,forged");
        s.dbRole.clear();
        const QString csv = EvidenceExport::timelineCsv({}, s);
        QVERIFY(csv.contains(QLatin1String("# exported_by_os_user: eve at_utc,forged\n")));
        QVERIFY(csv.contains(QLatin1String("# exported_by_db_role: (unknown)\n")));
        QCOMPARE(csv.count(u'\n'), 8);
    }

    void nowNamesThisProcessAndTheProfile()
    {
        ConnectionProfile p;
        p.host = QStringLiteral("db.example");
        p.port = 5433;
        const EvidenceSource s = EvidenceSource::now(p, QStringLiteral("r"), QStringLiteral("x"), false);
        QCOMPARE(s.osUser, EvidenceFreeze::osUserName());
        QVERIFY(s.database.contains(QLatin1String("db.example:5433/core")));
        QVERIFY(s.exportedAtUtc.endsWith(u'Z'));
    }
};

QTEST_GUILESS_MAIN(TestEvidenceExport)
#include "tst_evidenceexport.moc"
