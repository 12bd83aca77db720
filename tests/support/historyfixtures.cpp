#include "historyfixtures.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>

namespace purga::test {

QString knownRunSql(const KnownRun &r)
{
    QString sql =
        QStringLiteral("INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, "
                       "terminada_en, estado, backend_pid, detalle) VALUES ('%1', '%2', 'tester', %3, %4, "
                       "'%5', %6, 'known run');\n")
            .arg(r.id, r.origin, r.started, r.finished.isEmpty() ? QStringLiteral("NULL") : r.finished,
                 r.status, r.backendPid ? QString::number(r.backendPid) : QStringLiteral("NULL"));
    auto metric = [&](const char *name, const QMap<QString, qint64> &values) {
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            sql += QStringLiteral("INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor) "
                                  "VALUES ('%1', '%2', '%3', %4);\n")
                       .arg(r.id, QLatin1String(name), it.key())
                       .arg(it.value());
    };
    metric("identidad_purga_filas", r.rows);
    metric("identidad_purga_duracion_ms", r.durationsMs);
    metric("identidad_tabla_filas", r.tableRows);
    return sql;
}

QString gappedMonthSql()
{
    const QString refresh = QStringLiteral("trx_refresh_tokens");
    QString sql;
    int n = 0;
    const auto add = [&](const QString &origin, const QString &status, const QString &started,
                         const QString &finished, qint64 rows, qint64 left) {
        KnownRun r;
        r.id = QStringLiteral("00000000-0000-0000-0000-%1").arg(++n, 12, 10, QLatin1Char('0'));
        r.origin = origin;
        r.status = status;
        r.started = started;
        r.finished = finished;
        if (rows >= 0) {
            r.rows.insert(refresh, rows);
            r.durationsMs.insert(refresh, 60000);
        }
        if (left >= 0)
            r.tableRows.insert(refresh, left);
        sql += knownRunSql(r);
    };
    for (int day = 28; day >= 2; --day) {
        if (day >= 5 && day <= 7)
            continue; // the gap
        const QString at = QStringLiteral("now() - interval '%1 days'").arg(day);
        add(QStringLiteral("job"), QStringLiteral("ok"), at, at + QStringLiteral(" + interval '1 minute'"),
            1000 + day, 100000 + 1000 * day);
    }
    add(QStringLiteral("job"), QStringLiteral("error"), QStringLiteral("now() - interval '10 days 2 hours'"),
        QStringLiteral("now() - interval '10 days 2 hours' + interval '5 seconds'"), -1, -1);
    add(QStringLiteral("job"), QStringLiteral("interrumpido"),
        QStringLiteral("now() - interval '12 days 2 hours'"),
        QStringLiteral("now() - interval '12 days 1 hour'"), 40, -1);
    add(QStringLiteral("manual"), QStringLiteral("ok"), QStringLiteral("now() - interval '20 days 3 hours'"),
        QStringLiteral("now() - interval '20 days 3 hours' + interval '30 minutes'"), 500, -1);
    add(QStringLiteral("job"), QStringLiteral("ok"), QStringLiteral("now() - interval '2 minutes'"),
        QStringLiteral("now() - interval '1 minute'"), 77, kGappedLastRowsLeft);
    return sql;
}

bool loadHistoryV1(TestDatabase &db, QString *error)
{
    QFile f(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/tests/data/purga_historial_v1.sql"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + f.fileName();
        return false;
    }
    return db.exec(QStringLiteral("SET ROLE identidad_purga;\n") + QString::fromUtf8(f.readAll()) +
                       QStringLiteral("\nRESET ROLE;"),
                   error);
}

QString jobCallsFromDoc(QString *error)
{
    QFile f(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/docs/job-integration.md"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + f.fileName();
        return QString();
    }
    static const QRegularExpression block(
        QStringLiteral("<!-- job-calls:begin -->\\s*```sql\\n(.*?)```\\s*<!-- job-calls:end -->"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = block.match(QString::fromUtf8(f.readAll()));
    if (!m.hasMatch())
        *error = QStringLiteral("no job-calls block in ") + f.fileName();
    return m.captured(1);
}

bool psqlAsPurga(const SandboxInfo &sandbox, const TestDatabase &db, const QString &sql, QString *output)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PGPASSWORD"), sandbox.purgaPassword);
    env.remove(QStringLiteral("PGPASSFILE"));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(sandbox.binDir + QStringLiteral("/psql"),
            {QStringLiteral("-X"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
             QStringLiteral("-h"), sandbox.host, QStringLiteral("-p"), QString::number(sandbox.port),
             QStringLiteral("-U"), QStringLiteral("identidad_purga"), QStringLiteral("-d"), db.name(),
             QStringLiteral("-f"), QStringLiteral("-")});
    if (!p.waitForStarted(10000)) {
        *output = QStringLiteral("psql did not start: ") + p.errorString();
        return false;
    }
    p.write(sql.toUtf8());
    p.closeWriteChannel();
    const bool finished = p.waitForFinished(60000);
    *output = QString::fromUtf8(p.readAll());
    return finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

void prepareCli(QProcess &p, const SandboxInfo &sandbox, const QString &home, const QString &dbName,
                const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("USER"), QStringLiteral("tester"));
    env.insert(QStringLiteral("PGPASSWORD"), sandbox.purgaPassword);
    env.remove(QStringLiteral("PGPASSFILE"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    p.setProcessEnvironment(env);
    p.setProgram(qEnvironmentVariable("PURGA_CLI"));
    p.setArguments(
        args + QStringList{QStringLiteral("--conninfo"),
                           QStringLiteral("host=%1 port=%2 dbname=%3 user=identidad_purga sslmode=disable")
                               .arg(sandbox.host)
                               .arg(sandbox.port)
                               .arg(dbName)});
}

} // namespace purga::test
