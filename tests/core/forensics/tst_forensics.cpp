// Forensics against the PostgreSQL sandbox: token look-ups (present, revoked, expired, already
// removable, unknown), rotation chains, removable instants ±1 s around each rule's cutoff, timelines
// across partitions and the DEFAULT one, and index advice.
#include "core/forensics/forensics.h"
#include "core/pg/pgconnection.h"
#include "support/pgsandbox.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTest>

using namespace purga;

namespace {

QString hashOf(const char *raw)
{
    return Forensics::hashRawToken(QByteArray(raw));
}

QList<RuleConfig> tokenRules()
{
    return {Rules::defaults(QStringLiteral("refresh_tokens")), Rules::defaults(QStringLiteral("pre_tokens"))};
}

} // namespace

class TestForensics : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void hashingAndMasking()
    {
        // SHA-256 of "abc" (FIPS 180-2 test vector).
        QCOMPARE(hashOf("abc"),
                 QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QVERIFY(Forensics::isTokenHash(hashOf("x")));
        QVERIFY(!Forensics::isTokenHash(QStringLiteral("xyz")));
        QVERIFY(!Forensics::isTokenHash(hashOf("x") + u'0'));
        QVERIFY(!Forensics::isTokenHash(hashOf("x").left(63) + u'g'));
        QCOMPARE(Forensics::maskHash(hashOf("abc")), QStringLiteral("ba7816bf…15ad"));
    }

    void removableInstantsAtTheBoundaries()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("forensic"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        // Refresh: expiry 30 d ± 1 s ago, revoked 30 d ± 1 s ago (still valid), legacy revoked with no time.
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, "
                           "token_hash, creado_en,"
                           " expiracion, revocado, revocado_en) VALUES"
                           " (1, 10, gen_random_uuid(), '%1', now() - interval '40 days', now() - interval "
                           "'30 days 1 second', false, NULL),"
                           " (1, 10, gen_random_uuid(), '%2', now() - interval '40 days', now() - interval "
                           "'30 days' + interval '1 second', false, NULL),"
                           " (1, 10, gen_random_uuid(), '%3', now() - interval '40 days', now() + interval "
                           "'1 day', true, now() - interval '30 days 1 second'),"
                           " (1, 10, gen_random_uuid(), '%4', now() - interval '40 days', now() + interval "
                           "'1 day', true, now() - interval '30 days' + interval '1 second'),"
                           " (1, 10, gen_random_uuid(), '%5', now() - interval '40 days', now() + interval "
                           "'1 day', true, NULL)")
                .arg(hashOf("r-expired"), hashOf("r-expiring"), hashOf("r-revoked-old"),
                     hashOf("r-revoked-new"), hashOf("r-legacy"))));
        QVERIFY(db.exec(QStringLiteral("INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, "
                                       "token_hash, creado_en, expiracion, usado_en) VALUES"
                                       " (1, 10, '%1', now() - interval '2 days', now() + interval '1 hour', "
                                       "now() - interval '24 hours 1 second'),"
                                       " (1, 10, '%2', now() - interval '2 days', now() + interval '1 hour', "
                                       "now() - interval '24 hours' + interval '1 second')")
                            .arg(hashOf("p-used-old"), hashOf("p-used-new"))));
        PgConnection conn;
        DbFailure err;
        QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        auto one = [&](const char *raw) {
            QList<TokenMatch> m;
            DbFailure error;
            if (!Forensics::lookup(conn, tokenRules(), hashOf(raw), &m, &error) || m.size() != 1)
                qWarning() << raw << error.message << m.size();
            return m.value(0);
        };
        QVERIFY(one("r-expired").removableNow);
        QVERIFY(!one("r-expiring").removableNow);
        QVERIFY(one("r-revoked-old").removableNow);
        QVERIFY(!one("r-revoked-new").removableNow);
        const TokenMatch legacy = one("r-legacy"); // kept until its expiry passes the cutoff
        QVERIFY(!legacy.removableNow);
        QCOMPARE(legacy.revokedUtc, QString());
        QCOMPARE(legacy.removableFromUtc,
                 db.scalar(QStringLiteral("SELECT to_char((expiracion + interval '30 days') AT TIME ZONE "
                                          "'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
                                          "  FROM identidad.trx_refresh_tokens WHERE token_hash = '%1'")
                               .arg(hashOf("r-legacy")))
                     .toString());
        const TokenMatch revoked = one("r-revoked-new");
        QCOMPARE(revoked.rule, QStringLiteral("refresh_tokens"));
        QCOMPARE(revoked.table, QStringLiteral("identidad.trx_refresh_tokens"));
        QCOMPARE(revoked.removableFromUtc,
                 db.scalar(QStringLiteral("SELECT to_char((revocado_en + interval '30 days') AT TIME ZONE "
                                          "'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
                                          "  FROM identidad.trx_refresh_tokens WHERE token_hash = '%1'")
                               .arg(hashOf("r-revoked-new")))
                     .toString());
        QVERIFY(one("p-used-old").removableNow);
        const TokenMatch pre = one("p-used-new");
        QVERIFY(!pre.removableNow);
        QCOMPARE(pre.rule, QStringLiteral("pre_tokens"));
        QVERIFY(!pre.usedUtc.isEmpty());
        QVERIFY(pre.family.isEmpty());

        QList<TokenMatch> none;
        DbFailure error;
        QVERIFY(Forensics::lookup(conn, tokenRules(), hashOf("never-issued"), &none, &error));
        QVERIFY(none.isEmpty());
        QVERIFY(!Forensics::lookup(conn, tokenRules(), QStringLiteral("' OR true --"), &none, &error));
    }

    void familyChainWithReplay()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("forensic"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        // A → B → C by rotation (inserted out of order), then A came back: a replay was logged and
        // the family revoked.
        QVERIFY(
            db.exec(QStringLiteral(
                        "INSERT INTO identidad.trx_refresh_tokens (id, empresa_id, usuario_id, familia_id, "
                        "token_hash, creado_en,"
                        " expiracion, revocado, revocado_en, reemplazado_por) OVERRIDING SYSTEM VALUE VALUES"
                        " (103, 2, 20, 'aaaaaaaa-0000-0000-0000-000000000001', '%3', now() - interval '1 "
                        "day', now() + interval '13 days', true, now() - interval '1 hour', NULL),"
                        " (101, 2, 20, 'aaaaaaaa-0000-0000-0000-000000000001', '%1', now() - interval '5 "
                        "days', now() + interval '9 days', true, now() - interval '3 days', 102),"
                        " (102, 2, 20, 'aaaaaaaa-0000-0000-0000-000000000001', '%2', now() - interval '3 "
                        "days', now() + interval '11 days', true, now() - interval '1 day', 103),"
                        " (201, 2, 20, 'bbbbbbbb-0000-0000-0000-000000000001', '%4', now() - interval '3 "
                        "days', now() + interval '11 days', false, NULL, NULL)")
                        .arg(hashOf("A"), hashOf("B"), hashOf("C"), hashOf("other-family"))));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en)"
            " VALUES (2, 20, 'replay_detectado', '10.0.0.9', now() - interval '1 hour')")));
        PgConnection conn;
        DbFailure err;
        QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QList<TokenMatch> m;
        DbFailure error;
        QVERIFY2(Forensics::lookup(conn, tokenRules(), hashOf("B").toUpper(), &m, &error), qPrintable(error.message));
        QCOMPARE(m.size(), 1);
        const QList<FamilyMember> &chain = m.first().family;
        QCOMPARE(chain.size(), 3); // the other family stays out
        QCOMPARE(chain.at(0).id, 101);
        QCOMPARE(chain.at(1).id, 102);
        QCOMPARE(chain.at(2).id, 103);
        QVERIFY(chain.at(1).lookedUp);
        QVERIFY(!chain.at(0).lookedUp);
        QVERIFY(chain.at(0).reusedAfterRevocation); // rotated 3 days ago, replay logged 1 h ago
        QVERIFY(chain.at(1).reusedAfterRevocation);
        QVERIFY(!chain.at(2).reusedAfterRevocation); // the last one was revoked by the replay, not rotated
        const QJsonObject json = m.first().toJson(false);
        QCOMPARE(json.value(QStringLiteral("token_hash")).toString(), Forensics::maskHash(hashOf("B")));
        QCOMPARE(json.value(QStringLiteral("family")).toArray().size(), 3);
        QCOMPARE(m.first().toJson(true).value(QStringLiteral("token_hash")).toString(), hashOf("B"));
    }

    void timelineAcrossPartitionsAndDefault()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("forensic"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(
            db.exec(QStringLiteral(
                        "SELECT identidad.crear_particion_log_sesiones((now() - interval '2 months')::date);"
                        "SELECT identidad.crear_particion_log_sesiones(now()::date);"
                        "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, user_agent, "
                        "ocurrido_en) VALUES"
                        " (3, 30, 'login', '10.1.1.1', 'curl, \"quoted\"', now() - interval '2 months'),"
                        " (3, 30, 'replay_detectado', '10.1.1.2', NULL, now() - interval '1 minute'),"
                        " (3, 30, 'login', NULL, NULL, now() + interval '3 years')," // only DEFAULT holds it
                        " (3, 31, 'login', NULL, NULL, now());"
                        "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, "
                        "token_hash, creado_en, expiracion,"
                        " revocado, revocado_en) VALUES (3, 30, gen_random_uuid(), '%1', now() - interval "
                        "'23 hours', now() + interval '13 days',"
                        " true, now() - interval '2 hours');"
                        "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, "
                        "creado_en, expiracion, usado_en) VALUES"
                        " (3, 30, '%2', now() - interval '3 hours', now() - interval '3 hours' + interval "
                        "'10 minutes', now() - interval '179 minutes')")
                        .arg(hashOf("t1"), hashOf("p1"))));
        PgConnection conn;
        DbFailure err;
        QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        TimelineQuery q;
        q.empresaId = 3;
        q.usuarioId = 30;
        QList<TimelineEvent> events;
        bool truncated = true;
        DbFailure error;
        QVERIFY2(Forensics::timeline(conn, q, &events, &truncated, &error), qPrintable(error.message));
        QVERIFY(!truncated);
        QStringList seen;
        for (const TimelineEvent &e : events)
            seen << e.kind + u':' + e.event;
        QCOMPARE(seen, (QStringList{QStringLiteral("log:login"), QStringLiteral("log:replay_detectado"),
                                    QStringLiteral("refresh_token:revoked"), QStringLiteral("pre_token:used"),
                                    QStringLiteral("pre_token:created"),
                                    QStringLiteral("refresh_token:created"), QStringLiteral("log:login")}));
        QVERIFY(events.at(1).alert);
        QVERIFY(!events.at(0).alert);
        for (int i = 1; i < events.size(); ++i)
            QVERIFY(events.at(i - 1).atUtc >= events.at(i).atUtc); // newest first

        // A range: the last day only, and a limit that truncates.
        q.sinceUtc = QDateTime::currentDateTimeUtc().addDays(-1).toString(Qt::ISODate);
        q.untilUtc = QDateTime::currentDateTimeUtc().addDays(1).toString(Qt::ISODate);
        QVERIFY(Forensics::timeline(conn, q, &events, &truncated, &error));
        QCOMPARE(events.size(), 5);
        q.limit = 2;
        QVERIFY(Forensics::timeline(conn, q, &events, &truncated, &error));
        QCOMPARE(events.size(), 2);
        QVERIFY(truncated);
        q.sinceUtc = QStringLiteral("yesterday'; DROP TABLE x; --");
        QVERIFY(!Forensics::timeline(conn, q, &events, &truncated, &error));

        const QString csv = Forensics::timelineCsv(
            {TimelineEvent{QStringLiteral("2026-01-01T00:00:00.000000Z"), QStringLiteral("log"),
                           QStringLiteral("login"), 7, QString(), QStringLiteral("10.1.1.1"),
                           QStringLiteral("curl, \"quoted\""), false}},
            false);
        QCOMPARE(csv,
                 QStringLiteral(
                     "at_utc,kind,event,id,token_hash,ip,user_agent,alert\n"
                     "2026-01-01T00:00:00.000000Z,log,login,7,,10.1.1.1,\"curl, \"\"quoted\"\"\",false\n"));
    }

    void indexAdviceNamesWhatIsMissing()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("forensic"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection conn;
        DbFailure err;
        QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QList<IndexAdvice> advice;
        DbFailure error;
        QVERIFY2(Forensics::indexAdvice(conn, &advice, &error), qPrintable(error.message));
        QCOMPARE(advice.size(), 2);
        QCOMPARE(advice.at(0).table, QStringLiteral("identidad.trx_pre_tokens"));
        QVERIFY(advice.at(0).statements.first().startsWith(QLatin1String("CREATE INDEX CONCURRENTLY")));
        QCOMPARE(advice.at(1).table, QStringLiteral("identidad.log_sesiones"));
        QVERIFY(advice.at(1).statements.first().contains(QLatin1String("ON ONLY identidad.log_sesiones")));
        // The statements work as written, in order, one at a time (CONCURRENTLY refuses a transaction).
        for (const IndexAdvice &a : advice)
            for (const QString &sql : a.statements)
                QVERIFY2(db.exec(sql), qPrintable(sql));
        QVERIFY(Forensics::indexAdvice(conn, &advice, &error));
        QVERIFY2(advice.isEmpty(), qPrintable(advice.value(0).table));
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestForensics)
#include "tst_forensics.moc"
