#include "clirunner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <chrono>
#include <thread>

namespace purga::test {

QString CliResult::errText() const
{
    return QString::fromLocal8Bit(err);
}

QStringList CliResult::errLines() const
{
    return errText().split(u'\n', Qt::SkipEmptyParts);
}

QJsonObject CliResult::json(QString *why) const
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *why = pe.errorString() + QStringLiteral(": ") + QString::fromUtf8(out.left(400));
        return {};
    }
    return doc.object();
}

qint64 CliResult::deletedOf(const QJsonObject &receipt, int index)
{
    const QJsonValue rule = receipt.value(QStringLiteral("rules")).toArray().at(index);
    return qint64(rule.toObject().value(QStringLiteral("deleted")).toDouble());
}

QString CliResult::summary() const
{
    return QStringLiteral("exit %1\n--- stdout\n%2\n--- stderr\n%3")
        .arg(exitCode)
        .arg(QString::fromUtf8(out.left(2000)), errText());
}

QString CliResult::describe() const
{
    return QStringLiteral("exit %1 (%2)\nstdout: %3\nstderr: %4")
        .arg(exitCode)
        .arg(exitStatus == QProcess::NormalExit ? QStringLiteral("normal") : QStringLiteral("crash"))
        .arg(QString::fromUtf8(out.left(3000)), QString::fromUtf8(err.left(3000)));
}

QProcessEnvironment cliEnvironment(const SandboxInfo &sandbox, const QString &home, const QString &userName)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("USER"));
    env.remove(QStringLiteral("USERNAME"));
    if (!userName.isEmpty())
        env.insert(QStringLiteral("USER"), userName);
    env.insert(QStringLiteral("PGPASSWORD"), sandbox.purgaPassword);
    env.remove(QStringLiteral("PGPASSFILE"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    return env;
}

CliResult runProcess(QProcess &p, int timeoutMs)
{
    p.start();
    CliResult r;
    if (!p.waitForStarted(10000)) {
        r.err = "did not start: " + p.errorString().toUtf8();
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.exitCode = p.exitCode();
        r.out = p.readAllStandardOutput();
        r.err = "did not finish: " + p.readAllStandardError();
        return r;
    }
    return finishedResult(p);
}

CliResult finishedResult(QProcess &p)
{
    CliResult r;
    r.exitCode = p.exitCode();
    r.exitStatus = p.exitStatus();
    r.finished = p.exitStatus() == QProcess::NormalExit;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

bool waitFor(TestDatabase &db, const QString &sql, int timeoutMs, const QProcess *alive)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (db.scalar(sql).toBool())
            return true;
        if (alive && alive->state() == QProcess::NotRunning)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
    return false;
}

QProcessEnvironment cliEnvironment(const QString &home, const QString &password)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.remove(QStringLiteral("PGPASSWORD"));
    e.remove(QStringLiteral("PGSERVICE"));
    e.insert(QStringLiteral("PGPASSFILE"), QStringLiteral("/nonexistent/pgpass"));
    e.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    e.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    e.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    if (!password.isEmpty())
        e.insert(QStringLiteral("PGPASSWORD"), password);
    return e;
}

CliResult runWithStdin(const QString &program, const QStringList &args, const QProcessEnvironment &env,
                       const QByteArray &stdinData, const QString &dir, int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.setProgram(program);
    p.setArguments(args);
    const QString in = dir + QStringLiteral("/stdin");
    QFile f(in);
    if (!f.open(QIODevice::WriteOnly) || f.write(stdinData) != stdinData.size())
        return CliResult();
    f.close();
    p.setStandardInputFile(in);
    return runProcess(p, timeoutMs);
}

} // namespace purga::test
