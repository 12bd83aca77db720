// secrets.h: what may be a password in a conninfo, typed right or wrong, and its redaction.
#include "core/security/secrets.h"

#include <QTest>

using namespace purga;

class TestSecrets : public QObject
{
    Q_OBJECT
private slots:
    void secretsOfAConninfo_data()
    {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QStringList>("mustHide");
        QTest::newRow("keyword") << QStringLiteral("host=h password=Hunter2 user=u")
                                 << QString::fromUtf8("Hunter2").split(u'|');
        QTest::newRow("unquoted words after password=")
            << QStringLiteral("host=h password=Hunter2 Secret99 dbname=core")
            << QString::fromUtf8("Hunter2|Secret99").split(u'|');
        QTest::newRow("trailing words")
            << QStringLiteral("password=Hunter2 Secret99") << QString::fromUtf8("Secret99").split(u'|');
        QTest::newRow("quoted with escapes") << QStringLiteral("password='pa;ss \\'w\\\\ord' host=h")
                                             << QString::fromUtf8("pa;ss 'w\\ord|pa;ss").split(u'|');
        QTest::newRow("spaces around =")
            << QStringLiteral("password = Hunter2") << QString::fromUtf8("Hunter2").split(u'|');
        QTest::newRow("malformed URI") << QStringLiteral("postgresql://u:TopSecret77@[::1:P/core")
                                       << QString::fromUtf8("TopSecret77").split(u'|');
        QTest::newRow("percent-encoded URI") << QStringLiteral("postgresql://u:Top%40Secret@h/core")
                                             << QString::fromUtf8("Top%40Secret|Top@Secret").split(u'|');
        QTest::newRow("URI query") << QStringLiteral(
                                          "postgres://h/core?user=u&password=Qwerty12&sslmode=disable")
                                   << QString::fromUtf8("Qwerty12").split(u'|');
    }

    void secretsOfAConninfo()
    {
        QFETCH(QString, conninfo);
        QFETCH(QStringList, mustHide);
        const QStringList secrets = conninfoSecrets(conninfo);
        QVERIFY(conninfoHasPassword(conninfo));
        const QString message = QStringLiteral("libpq said: \"%1\" is wrong").arg(conninfo);
        const QString shown = redact(message, secrets);
        for (const QString &s : mustHide)
            QVERIFY2(!shown.contains(s), qPrintable(shown));
        QVERIFY2(shown.startsWith(QStringLiteral("libpq said:")), qPrintable(shown));
        QVERIFY2(!redactConninfo(conninfo).contains(mustHide.first()), qPrintable(redactConninfo(conninfo)));
    }

    void noPasswordNoSecrets()
    {
        const QString c =
            QStringLiteral("host=127.0.0.1 port=5432 dbname=core user=identidad_purga sslmode=disable");
        QVERIFY(!conninfoHasPassword(c));
        QCOMPARE(redactConninfo(c), c);
        QVERIFY(!conninfoHasPassword(QStringLiteral("postgresql://identidad_purga@h:5432/core")));
    }

    void osUserIsTheOsOneNotUser()
    {
        const QByteArray saved = qgetenv("USER");
        qputenv("USER", "somebody-else");
        const QString name = osUserName();
        qputenv("USER", saved);
        QVERIFY(!name.isEmpty());
        QVERIFY(name != QLatin1String("somebody-else"));
    }
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
